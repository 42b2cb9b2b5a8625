import { Hono, type Context } from "hono";
import {
  AdminProgramAnswer,
  AdminProgramList,
  ProgramChange,
  ProgramDraft,
  utcOffsetAt,
  type AdminProgram,
} from "../../src/domain/programs/programAdmin";
import { defaultProgramSettings, type ProgramSettings } from "../../src/domain/settings/programSettings";
import { requireAdmin, requireSession } from "../http/access";
import { auditByOf } from "../http/auditBy";
import { answer, refuse, refusals } from "../http/answers";
import type { SignedInEnv } from "../http/env";
import { readBody } from "../http/requestReading";
import type { ServerContext } from "../serverContext";
import type { ProgramRecord } from "../engine/stores";

/** Programs made here are shown with this locale until programs have a locale of their own to choose. */
const newProgramLocale = "en-GB";

/** The longest code a path may name (longer ones are no program's: 404 without a lookup). */
const longestPathCode = 200;

/**
 * Programs as admins manage them (src/domain/programs/programAdmin.ts), under /api/admin/programs:
 * GET / every program, archived ones too, with its settings; POST / a new one (409 when its code is
 * taken); PATCH /{code} any of name, currency, time zone, model (its level and order), lookback (the same change again
 * answers the same); POST /{code}/archive and /{code}/unarchive (nothing is deleted; a repeat keeps
 * the state). Members are refused every call (403 'You don't have access to admin resources.').
 */
export const programAdminRoutes = (context: ServerContext) => {
  const routes = new Hono<SignedInEnv>();
  const { stores, clock } = context;
  routes.use("*", requireSession(context), requireAdmin);

  const settingsOf = async (programId: number): Promise<ProgramSettings> =>
    (await stores.programSettings.find(programId)) ?? defaultProgramSettings;

  const wireOf = async (record: ProgramRecord): Promise<AdminProgram> => {
    const settings = await settingsOf(record.id);
    return {
      id: record.id,
      code: record.code,
      name: record.name,
      currency: record.currency,
      time_zone: record.time_zone,
      attribution_model: settings.attribution_model,
      lookback_days: settings.lookback_days,
      model_level: settings.model_level,
      markov_order: settings.markov_order,
      archived: record.archived,
    };
  };

  const answerProgram = async (c: Context, record: ProgramRecord | null): Promise<Response> =>
    record ? answer(c, AdminProgramAnswer, { data: await wireOf(record) }) : refuse(c, refusals.programNotFound);

  /** The path's code, or null for one too long to be any program's. */
  const codeOf = (c: Context): string | null => {
    const code = c.req.param("code") ?? "";
    return code.length > 0 && code.length <= longestPathCode ? code : null;
  };

  routes.get("/", async (c) => {
    const records = await stores.programs.everyProgram();
    const data: Array<AdminProgram> = [];
    for (const record of records) data.push(await wireOf(record));
    return answer(c, AdminProgramList, { data });
  });

  routes.post("/", async (c) => {
    const body = await readBody(c, ProgramDraft);
    if (!body.ok) return body.response;
    const draft = body.value;
    const model: ProgramSettings = {
      ...defaultProgramSettings,
      attribution_model: draft.attribution_model,
      lookback_days: draft.lookback_days,
      model_level: draft.model_level ?? defaultProgramSettings.model_level,
      markov_order: draft.markov_order ?? defaultProgramSettings.markov_order,
    };
    const created = await stores.programs.create(
      {
        code: draft.code,
        name: draft.name,
        currency: draft.currency,
        time_zone: draft.time_zone,
        utc_offset: utcOffsetAt(draft.time_zone, clock()),
        locale: newProgramLocale,
      },
      auditByOf(c.get("user"), clock()),
      model,
    );
    if (!created) return refuse(c, refusals.programCodeTaken);
    // The program's line (written with it) carries its model: the settings' save writes none of its own.
    await stores.programSettings.save(created.id, model);
    return answerProgram(c, created);
  });

  routes.patch("/:code", async (c) => {
    const code = codeOf(c);
    if (code === null) return refuse(c, refusals.programNotFound);
    const body = await readBody(c, ProgramChange);
    if (!body.ok) return body.response;
    const change = body.value;
    const found = await stores.programs.findByCode(code);
    if (!found) return refuse(c, refusals.programNotFound);
    const current = await settingsOf(found.id);
    const settings: ProgramSettings = {
      ...current,
      attribution_model: change.attribution_model ?? current.attribution_model,
      lookback_days: change.lookback_days ?? current.lookback_days,
      model_level: change.model_level ?? current.model_level,
      markov_order: change.markov_order ?? current.markov_order,
    };
    const changed = await stores.programs.change(
      code,
      {
        ...(change.name === undefined ? {} : { name: change.name }),
        ...(change.currency === undefined ? {} : { currency: change.currency }),
        ...(change.time_zone === undefined ? {} : { time_zone: change.time_zone, utc_offset: utcOffsetAt(change.time_zone, clock()) }),
      },
      auditByOf(c.get("user"), clock()),
      { before: current, after: settings },
    );
    if (!changed) return refuse(c, refusals.programNotFound);
    // Only a change of the settings re-attributes: the same edit sent again changes nothing. The
    // program's line (written before) carries the settings' before and after: their save writes none.
    if ((Object.keys(settings) as Array<keyof ProgramSettings>).some((key) => settings[key] !== current[key]))
      await stores.programSettings.save(changed.id, settings);
    return answerProgram(c, changed);
  });

  const archiving = (archive: boolean) => async (c: Context) => {
    const code = codeOf(c);
    if (code === null) return refuse(c, refusals.programNotFound);
    return answerProgram(c, await stores.programs.setArchived(code, archive ? clock() : null, auditByOf(c.get("user"), clock())));
  };
  routes.post("/:code/archive", archiving(true));
  routes.post("/:code/unarchive", archiving(false));

  return routes;
};
