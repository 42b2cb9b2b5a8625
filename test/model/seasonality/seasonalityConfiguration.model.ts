import type { SnapshotFrom } from "xstate";
import type { SessionScope } from "../../../src/domain/report/reportScope";
import { checkTypeName, typeOfWeek } from "../../../src/domain/seasonality/seasonalityCalendar";
import {
  seasonalityConfigurationMachine,
  seasonalityConfigurationSelectors as sel,
  shownTypes,
  type CreateTypeInput,
  type DeleteTypeInput,
  type WeekWrite,
} from "../../../src/machines/seasonality/seasonalityConfiguration.machine";
import { ClientError } from "../../../src/services/http/httpErrors";
import { defineMachineModel, invariant } from "../harness";
import { beta, httpErrors, scopeOf, sessionOf } from "../fixtures";
import { quietScope } from "../reports/reportModels";
import { created, january, noTypes, ok, openedAt, twoTypes } from "./seasonalityFixtures";

type Snapshot = SnapshotFrom<typeof seasonalityConfigurationMachine>;

const duplicate = new ClientError({ status: 400, code: "duplicate_name", message: "That name is already used.", path: "/programs/acme/seasonality/types" });
const none: Readonly<Record<string, never>> = {};
const ready = (s: Snapshot) => s.matches({ data: "ready" });
/** Loaded, and nothing under way or open. */
const settled = (s: Snapshot) =>
  ready(s) && s.matches({ writes: "idle" }) && s.matches({ picker: "closed" }) && s.matches({ create: "idle" }) && s.matches({ removal: "idle" });

/**
 * The seasonality configuration screen: loads (ready, failed and 'Try again'), the
 * session's scope (another program, no dates), a week tagged and untagged from the
 * picker (written one at a time, rolled back on failure), a type created (checked,
 * refused, listed) and deleted after asking.
 */
export const seasonalityConfigurationModel = defineMachineModel({
  name: "seasonalityConfiguration",
  machine: seasonalityConfigurationMachine,
  input: {
    january: () => ({ session: sessionOf({ range: january }), now: openedAt }),
  },
  // Kept small enough to walk: the regions' work is started one at a time (a week may be
  // opened and tagged again while a tag is written); the scenario tests mix the rest.
  events: {
    "session.scopeChanged": (s): Readonly<Record<string, { readonly scope: SessionScope }>> => (settled(s) ? { otherProgram: { scope: scopeOf({ programCode: beta.code, range: january }) }, noDates: { scope: scopeOf({ range: null }) } } : s.matches({ data: "waiting" }) ? { dates: { scope: scopeOf({ range: january }) } } : none),
    "data.retried": [{}],
    "type.draftChanged": (s) => (settled(s) ? { fresh: { name: " Black Friday " }, taken: { name: "sale" } } : none),
    "type.created": (s) => (settled(s) ? [{}] : []),
    "type.deleteRequested": (s) => (settled(s) && s.context.types[0] ? { first: { id: s.context.types[0].id } } : none),
    "deletion.confirmed": [{}],
    "deletion.cancelled": [{}],
    "week.opened": (s) => (ready(s) && s.matches({ create: "idle" }) && s.matches({ removal: "idle" }) && s.context.types.length > 0 ? { midJanuary: { week: "2026-01-12" } } : none),
    "picker.closed": [{}],
    "week.tagged": (s) => (s.matches({ picker: "open" }) ? { sale: { week: "2026-01-12", typeId: 1 } } : none),
    "week.untagged": (s) => (s.matches({ picker: "open" }) ? { midJanuary: { week: "2026-01-12" } } : none),
    "tagProblem.dismissed": (s) => (s.context.failedWeek !== null ? [{}] : []),
  },
  actorOutcomes: {
    loadSeasonality: { resolves: { twoTypes, none: noTypes }, rejects: { server: httpErrors.server } },
    createType: { resolves: { created }, rejects: { duplicate } },
    deleteType: { resolves: { ok }, rejects: { network: httpErrors.network } },
    writeWeek: { resolves: { ok }, rejects: { network: httpErrors.network } },
  },
  provide: quietScope,
  observe: (c) => ({
    program: c.scope.program?.code ?? null,
    dates: c.scope.range !== null,
    types: c.types.map((t) => `${t.id}:${t.weeks.includes("2026-01-12") ? "tagged" : ""}`).join(","),
    writes: c.writes.map((w) => w.typeId).join(","),
    draft: checkTypeName(c.draft, c.types).ok,
    problem: c.createProblem !== null || c.removalProblem !== null || c.failedWeek !== null,
  }),
  strategies: { shortest: { maxPaths: 400 }, simple: { observe: (c) => checkTypeName(c.draft, c.types).ok, maxPaths: 40 } },
  limit: 200_000,
  check: ({ action, before, after, newCalls }) => {
    const c = after.context;
    const calls = (name: string) => newCalls.filter((x) => x.kind === "actor" && x.name === name);
    // One type per week, as shown; the writes region writes exactly while tags are queued.
    const shown = shownTypes(c);
    const weeks = shown.flatMap((t) => t.weeks);
    invariant(new Set(weeks).size === weeks.length, "each week shows at most one type");
    invariant(typeOfWeek(shown).size === weeks.length, "the calendar reads the same tags as the lists");
    invariant(after.matches({ writes: "writing" }) === c.writes.length > 0, "a tag is under way exactly while some are queued");
    invariant(sel.pendingWrites(after) <= c.writes.length, "saving marks only queued weeks");
    // Only an acceptable name is sent, trimmed, when the types are shown.
    for (const call of calls("createType")) {
      const input = call.payload as CreateTypeInput;
      invariant(before !== undefined && ready(before), "a type is created only once the types are shown");
      invariant(before !== undefined && checkTypeName(before.context.draft, before.context.types).ok && input.name === before.context.draft.trim(), "the checked name is sent, trimmed");
    }
    // Only a listed type is deleted, after asking.
    for (const call of calls("deleteType")) {
      const id = (call.payload as DeleteTypeInput).id;
      invariant(before?.matches({ removal: "confirming" }) === true && before.context.types.some((t) => t.id === id), `type #${id} was listed and confirmed`);
    }
    // A write is of a calendar week, with a known type or none.
    for (const call of calls("writeWeek")) {
      const write = call.payload as WeekWrite;
      invariant(sel.calendar(after).some((w) => w.start === write.week) || c.scope.program?.code !== write.call.program, "a week of the calendar is written");
    }
    if (action.kind === "actor" && action.src === "writeWeek" && action.outcome === "rejects") invariant(c.failedWeek !== null, "a failed tag is said");
    if (action.kind === "actor" && action.src === "createType" && action.outcome === "rejects") invariant(c.createProblem !== null && c.draft === before?.context.draft, "a refused create keeps the draft and says why");
    if (action.kind === "actor" && action.src === "createType" && action.outcome === "resolves") invariant(c.draft === "" && c.createProblem === null, "a created type empties the form");
    if (action.kind === "actor" && action.src === "deleteType" && action.outcome === "rejects") invariant(c.removalProblem !== null && c.types.length === before?.context.types.length, "a failed delete keeps the type and says so");
    const status = sel.status(after);
    if (status === "failed") invariant(c.types.length === 0, "a failed load shows no types");
    if (after.matches({ data: "waiting" })) invariant(c.scope.range === null || c.scope.program === null, "waiting only without dates or program");
  },
});
