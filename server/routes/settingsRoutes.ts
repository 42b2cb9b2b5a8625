import { Hono } from "hono";
import { ProgramSettingsAnswer, ProgramSettingsPatch, defaultProgramSettings } from "../../src/domain/settings/programSettings";
import { requireAdmin } from "../http/access";
import { auditByOf } from "../http/auditBy";
import { answer } from "../http/answers";
import { readBody } from "../http/requestReading";
import type { ProgramEnv } from "../http/env";
import type { ServerContext } from "../serverContext";

/**
 * Program settings: GET /settings (members and admins), PATCH /settings (admins) with
 * any of attribution_model, lookback_days, model_level and markov_order (the last two for
 * a data-driven model); a PATCH re-attributes the program and answers the saved settings.
 */
export const settingsRoutes = (context: ServerContext) => {
  const routes = new Hono<ProgramEnv>();
  const { stores } = context;

  routes.get("/settings", async (c) =>
    answer(c, ProgramSettingsAnswer, {
      data: (await stores.programSettings.find(c.get("program").id)) ?? defaultProgramSettings,
    }),
  );

  routes.patch("/settings", requireAdmin, async (c) => {
    const patch = await readBody(c, ProgramSettingsPatch);
    if (!patch.ok) return patch.response;
    const programId = c.get("program").id;
    const current = (await stores.programSettings.find(programId)) ?? defaultProgramSettings;
    const saved = {
      attribution_model: patch.value.attribution_model ?? current.attribution_model,
      lookback_days: patch.value.lookback_days ?? current.lookback_days,
      model_level: patch.value.model_level ?? current.model_level,
      markov_order: patch.value.markov_order ?? current.markov_order,
    };
    await stores.programSettings.save(programId, saved, auditByOf(c.get("user"), context.clock()));
    return answer(c, ProgramSettingsAnswer, { data: saved });
  });

  return routes;
};
