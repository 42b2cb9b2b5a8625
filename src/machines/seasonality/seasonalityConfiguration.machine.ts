import { and, assign, setup, stateIn, type ActorRefFrom, type SnapshotFrom } from "xstate";
import type { Ok } from "../../domain/access/auth";
import type { Created } from "../../domain/report/configuration";
import type { DateRange } from "../../domain/report/dateRange";
import { programTimeZone } from "../../domain/shell/timeZone";
import type { ReportStatus } from "../../domain/report/analysisReportTexts";
import type { SeasonalityList, SeasonalityType } from "../../domain/seasonality/seasonality";
import {
  calendarWeeks,
  checkTypeName,
  createRefusal,
  deleteRefusal,
  typeOfWeek,
  weekStartAt,
  weeksInRange,
  withWeekTag,
  type CalendarWeek,
} from "../../domain/seasonality/seasonalityCalendar";
import type { ApiContext } from "../../services/http/http";
import type { HttpError } from "../../services/http/httpErrors";
import {
  createSeasonalityType,
  deleteSeasonalityType,
  listSeasonality,
  writeWeekTag,
} from "../../services/seasonality/seasonality";
import { contextMemo, followScope } from "../reports/reportData";
import {
  keepScopeAssignment,
  sessionScopeActors,
  openingScope,
  reportCallOf,
  reportScopeGuards,
  followSessionScope,
  type ReportCall,
  type ScopedReport,
  type SessionScopeChanged,
  type SessionSource,
} from "../reports/reportScope";
import { loadStates } from "../screenLoad/loadStates";
import { fromApiCall } from "../runtime/fromEffect";

/**
 * The seasonality configuration screen: the program's seasonality types with their tagged
 * weeks, and the calendar of the session's dates by weeks (Monday-based). It follows the
 * session's scope like the analysis reports (program, dates, API context).
 *
 * Parallel regions:
 * - `data`: `waiting` (no program or dates), `loading` (the last answer forgotten),
 *   `ready`, `failed` ('Try again');
 * - `writes`: the week tags under way, one at a time in the order given (`idle`,
 *   `writing`). A tag shows at once: what is shown is the server's answer with the queued
 *   writes of the program laid over it, so a failed write falls back to what the server
 *   holds and says so, and a load that lands meanwhile hides no write still under way;
 * - `picker`: the type picker of one week (`closed`, `open`);
 * - `create`: a new type's name (`idle`, `saving`); a refused name keeps the draft;
 * - `removal`: deleting a type (`idle`, `confirming`, `removing`).
 */

/** A week's tag to write: the week (its Monday) and its type, or null to untag it, for the program it was given in. */
export interface WeekWrite {
  readonly call: ReportCall;
  readonly week: string;
  readonly typeId: number | null;
}

export interface SeasonalityConfigurationInput {
  readonly session: SessionSource;
  /** The clock's now (epoch ms) when the screen opens: the current week is marked. */
  readonly now?: number;
}

export interface SeasonalityConfigurationContext extends ScopedReport {
  /** The types as the server last said (plus the creates, deletes and writes it confirmed since). */
  readonly types: ReadonlyArray<SeasonalityType>;
  /** The week tags not yet confirmed, oldest first; the first is under way. */
  readonly writes: ReadonlyArray<WeekWrite>;
  readonly draft: string;
  readonly createProblem: string | null;
  /** The create under way: the program it goes to and the name sent. */
  readonly creating: CreateTypeInput | null;
  /** The type being confirmed for deletion, or deleted. */
  readonly removal: number | null;
  readonly removalProblem: string | null;
  /** The week whose picker is open. */
  readonly picked: string | null;
  /** The week whose last tag failed and was rolled back (the screen says so until dismissed). */
  readonly failedWeek: string | null;
  readonly now: number;
}

export type SeasonalityConfigurationEvent =
  | SessionScopeChanged
  | { readonly type: "data.retried" }
  | { readonly type: "type.draftChanged"; readonly name: string }
  | { readonly type: "type.created" }
  | { readonly type: "type.deleteRequested"; readonly id: number }
  | { readonly type: "deletion.confirmed" }
  | { readonly type: "deletion.cancelled" }
  | { readonly type: "week.opened"; readonly week: string }
  | { readonly type: "picker.closed" }
  | { readonly type: "week.tagged"; readonly week: string; readonly typeId: number }
  | { readonly type: "week.untagged"; readonly week: string }
  | { readonly type: "tagProblem.dismissed" };

type Context = SeasonalityConfigurationContext;

export interface SeasonalityLoadInput {
  readonly call: ReportCall;
}
export interface CreateTypeInput {
  readonly call: ReportCall;
  readonly name: string;
}
export interface DeleteTypeInput {
  readonly call: ReportCall;
  readonly id: number;
}

const apiOf = (input: { readonly call: ReportCall }): ApiContext => input.call.api;

/** Whether two calls go to the same program through the same API (the dates aside). */
const sameProgram = (a: ReportCall, b: ReportCall): boolean => a.api.baseUrl === b.api.baseUrl && a.api.token === b.api.token && a.program === b.program;

const callOf = (context: Context): ReportCall => reportCallOf(context.scope);

/** The types as shown: the server's, with the queued writes of the screen's program laid over them in order. */
export const shownTypes = (context: Context): ReadonlyArray<SeasonalityType> => {
  const call = callOf(context);
  return context.writes.reduce((types, write) => (sameProgram(write.call, call) ? withWeekTag(types, write.week, write.typeId) : types), context.types);
};

const shownTypeOf = (context: Context, week: string): SeasonalityType | undefined => typeOfWeek(shownTypes(context)).get(week);

const isCalendarWeek = (range: DateRange | null, week: string): boolean => range !== null && calendarWeeks(range).some((w) => w.start === week);

const outputOf = <T>({ event }: { readonly event: { readonly output: T } }): T => event.output;
const errorOf = ({ event }: { readonly event: { readonly error: unknown } }): unknown => event.error;

const weekParams = ({ event }: { readonly event: { readonly week: string } }) => event.week;
const tagParams = ({ event }: { readonly event: { readonly week: string; readonly typeId: number } }): { readonly week: string; readonly typeId: number | null } => ({
  week: event.week,
  typeId: event.typeId,
});
const untagParams = ({ event }: { readonly event: { readonly week: string } }): { readonly week: string; readonly typeId: number | null } => ({ week: event.week, typeId: null });
const idParams = ({ event }: { readonly event: { readonly id: number } }) => event.id;

const removalInput = ({ context }: { readonly context: Context }): DeleteTypeInput => ({ call: callOf(context), id: context.removal ?? 0 });

const scopeFollowing = followScope("forgetTypes");

/**
 * `waiting`, `loading` and `failed` of the types: the last answer is forgotten on loading
 * (another program's types are never tagged with), so only the tags under way show until
 * the answer.
 */
const typesLoad = loadStates({
  src: "loadSeasonality",
  input: ({ context }: { readonly context: Context }): SeasonalityLoadInput => ({ call: callOf(context) }),
  keep: "keepTypes",
  retried: "data.retried",
  forget: "forgetTypes",
  forgetOnEntry: true,
});

export const seasonalityConfigurationMachine = setup({
  types: {
    context: {} as Context,
    events: {} as SeasonalityConfigurationEvent,
    input: {} as SeasonalityConfigurationInput,
  },
  actors: {
    ...sessionScopeActors,
    loadSeasonality: fromApiCall<SeasonalityList, SeasonalityLoadInput, HttpError>(({ call }) => listSeasonality(call.program), apiOf),
    createType: fromApiCall<Created, CreateTypeInput, HttpError>(({ call, name }) => createSeasonalityType(call.program, name), apiOf),
    deleteType: fromApiCall<Ok, DeleteTypeInput, HttpError>(({ call, id }) => deleteSeasonalityType(call.program, id), apiOf),
    writeWeek: fromApiCall<Ok, WeekWrite, HttpError>(({ call, week, typeId }) => writeWeekTag(call.program, week, typeId), apiOf),
  },
  guards: {
    ...reportScopeGuards,
    isShowingTypes: stateIn("#seasonalityConfiguration.data.ready"),
    isNameAcceptable: ({ context }) => checkTypeName(context.draft, context.types).ok,
    isKnownType: ({ context }, id: number) => context.types.some((t) => t.id === id),
    /** A week of the calendar, once there are types to tag it with. */
    isPickableWeek: ({ context }, week: string) => context.types.length > 0 && isCalendarWeek(context.scope.range, week),
    /** A known type for a week of the calendar that it does not tag already. */
    isNewTag: ({ context }, tag: { readonly week: string; readonly typeId: number | null }) =>
      isCalendarWeek(context.scope.range, tag.week) && context.types.some((t) => t.id === tag.typeId) && shownTypeOf(context, tag.week)?.id !== tag.typeId,
    /** A week shown tagged (in the calendar or a type's list). */
    isTaggedWeek: ({ context }, week: string) => shownTypeOf(context, week) !== undefined,
    hasQueuedWrite: ({ context }) => context.writes.length > 0,
  },
  actions: {
    keepScope: assign(keepScopeAssignment),
    keepTypes: assign((_, answer: SeasonalityList) => ({ types: answer.data })),
    forgetTypes: assign({ types: [] }),
    keepDraft: assign((_, name: string) => ({ draft: name, createProblem: null })),
    rememberNameProblem: assign(({ context }) => {
      const checked = checkTypeName(context.draft, context.types);
      return { createProblem: checked.ok ? null : checked.problem };
    }),
    /** The create goes out with the trimmed name, to the screen's program now. */
    markCreating: assign(({ context }) => ({ createProblem: null, creating: { call: callOf(context), name: context.draft.trim() } })),
    /** The created type joins the list (when the screen still shows its program) and the form is empty again. */
    keepCreatedType: assign(({ context }, created: Created) => {
      const sent = context.creating;
      const shown = sent !== null && sameProgram(sent.call, callOf(context));
      return { types: shown ? [...context.types, { id: created.data.id, name: sent.name, weeks: [] }] : context.types, draft: "", creating: null };
    }),
    rememberCreateRefusal: assign(({ context }, error: unknown) => ({ createProblem: createRefusal(error, context.draft), creating: null })),
    markRemoval: assign((_, id: number) => ({ removal: id, removalProblem: null })),
    forgetRemoval: assign({ removal: null }),
    /** The deleted type leaves the list with its tags; queued tags with it are not sent. */
    dropRemovedType: assign(({ context }) => ({
      types: context.types.filter((t) => t.id !== context.removal),
      writes: context.writes.filter((w, i) => i === 0 || w.typeId !== context.removal),
      removal: null,
    })),
    rememberRemovalRefusal: assign((_, error: unknown) => ({ removal: null, removalProblem: deleteRefusal(error) })),
    pickWeek: assign((_, week: string) => ({ picked: week })),
    forgetPickedWeek: assign({ picked: null }),
    /** A tag joins the queue; a queued tag of the same week not yet sent is replaced (only the last one counts). */
    queueWrite: assign(({ context }, tag: { readonly week: string; readonly typeId: number | null }) => {
      const [first, ...rest] = context.writes;
      const write: WeekWrite = { call: callOf(context), week: tag.week, typeId: tag.typeId };
      return { writes: first === undefined ? [write] : [first, ...rest.filter((w) => w.week !== tag.week || !sameProgram(w.call, write.call)), write] };
    }),
    /** The server holds the first write: it becomes part of the program's types. */
    confirmWrite: assign(({ context }) => {
      const [done, ...rest] = context.writes;
      if (done === undefined) return {};
      return { writes: rest, types: sameProgram(done.call, callOf(context)) ? withWeekTag(context.types, done.week, done.typeId) : context.types };
    }),
    /** The first write failed: it leaves the queue, so the week shows what the server holds (or a later tag of it), and the screen says so. */
    rollBackWrite: assign(({ context }) => {
      const [failed, ...rest] = context.writes;
      return { writes: rest, failedWeek: failed?.week ?? null };
    }),
    forgetFailedWeek: assign({ failedWeek: null }),
  },
}).createMachine({
  id: "seasonalityConfiguration",
  context: ({ input }) => ({
    session: input.session,
    scope: openingScope(input.session),
    types: [],
    writes: [],
    draft: "",
    createProblem: null,
    creating: null,
    removal: null,
    removalProblem: null,
    picked: null,
    failedWeek: null,
    now: input.now ?? Date.now(),
  }),
  invoke: followSessionScope,
  type: "parallel",
  on: { "tagProblem.dismissed": { actions: "forgetFailedWeek" } },
  states: {
    data: {
      initial: "waiting",
      on: { "session.scopeChanged": scopeFollowing },
      states: {
        ...typesLoad,
        ready: {},
      },
    },
    writes: {
      initial: "idle",
      on: {
        "week.tagged": { guard: { type: "isNewTag", params: tagParams }, actions: { type: "queueWrite", params: tagParams } },
        "week.untagged": { guard: { type: "isTaggedWeek", params: weekParams }, actions: { type: "queueWrite", params: untagParams } },
      },
      states: {
        idle: { always: { guard: "hasQueuedWrite", target: "writing" } },
        writing: {
          invoke: {
            src: "writeWeek",
            input: ({ context }) => context.writes[0] as WeekWrite,
            onDone: { target: "idle", actions: "confirmWrite" },
            onError: { target: "idle", actions: "rollBackWrite" },
          },
        },
      },
    },
    picker: {
      initial: "closed",
      states: {
        closed: {
          on: { "week.opened": { guard: { type: "isPickableWeek", params: weekParams }, target: "open", actions: { type: "pickWeek", params: weekParams } } },
        },
        open: {
          exit: "forgetPickedWeek",
          on: {
            "week.tagged": { target: "closed" },
            "week.untagged": { target: "closed" },
            "picker.closed": { target: "closed" },
            "session.scopeChanged": { target: "closed" },
          },
        },
      },
    },
    create: {
      initial: "idle",
      states: {
        idle: {
          on: {
            "type.draftChanged": { actions: { type: "keepDraft", params: ({ event }) => event.name } },
            "type.created": [
              { guard: and(["isShowingTypes", "isNameAcceptable"]), target: "saving", actions: "markCreating" },
              { actions: "rememberNameProblem" },
            ],
          },
        },
        saving: {
          invoke: {
            src: "createType",
            input: ({ context }) => context.creating as CreateTypeInput,
            onDone: { target: "idle", actions: { type: "keepCreatedType", params: outputOf<Created> } },
            onError: { target: "idle", actions: { type: "rememberCreateRefusal", params: errorOf } },
          },
        },
      },
    },
    removal: {
      initial: "idle",
      states: {
        idle: {
          on: {
            "type.deleteRequested": { guard: { type: "isKnownType", params: idParams }, target: "confirming", actions: { type: "markRemoval", params: idParams } },
          },
        },
        confirming: {
          on: {
            "deletion.confirmed": { target: "removing" },
            "deletion.cancelled": { target: "idle", actions: "forgetRemoval" },
            "session.scopeChanged": { target: "idle", actions: "forgetRemoval" },
          },
        },
        removing: {
          invoke: {
            src: "deleteType",
            input: removalInput,
            onDone: { target: "idle", actions: "dropRemovedType" },
            onError: { target: "idle", actions: { type: "rememberRemovalRefusal", params: errorOf } },
          },
        },
      },
    },
  },
});

export type SeasonalityConfigurationActorRef = ActorRefFrom<typeof seasonalityConfigurationMachine>;
type Snapshot = SnapshotFrom<typeof seasonalityConfigurationMachine>;

/** A week of the calendar as the screen shows it. */
export interface ShownWeek extends CalendarWeek {
  /** The type tagging it (as shown: with the tags under way). */
  readonly type: { readonly id: number; readonly name: string } | null;
  /** The week of the program's now. */
  readonly current: boolean;
  /** A tag of it is under way. */
  readonly saving: boolean;
}

/** A type as its list shows it. */
export interface ShownType {
  readonly id: number;
  readonly name: string;
  /** Its weeks overlapping the session's dates, in order. */
  readonly inDates: ReadonlyArray<string>;
  /** How many weeks it tags in all. */
  readonly total: number;
}

/** What the delete confirmation says. */
export interface RemovalQuestion {
  readonly name: string;
  readonly weeks: number;
}

const memoByContext = contextMemo<Snapshot>();

const savingWeeks = (context: Context): ReadonlySet<string> => {
  const call = callOf(context);
  return new Set(context.writes.filter((w) => sameProgram(w.call, call)).map((w) => w.week));
};

const calendarOf = memoByContext((s): ReadonlyArray<ShownWeek> => {
  const { range, program } = s.context.scope;
  if (range === null) return [];
  const byWeek = typeOfWeek(shownTypes(s.context));
  const saving = savingWeeks(s.context);
  const current = weekStartAt(s.context.now, programTimeZone(program));
  return calendarWeeks(range).map((week) => {
    const type = byWeek.get(week.start);
    return { ...week, type: type ? { id: type.id, name: type.name } : null, current: week.start === current, saving: saving.has(week.start) };
  });
});

const typesOf = memoByContext((s): ReadonlyArray<ShownType> =>
  shownTypes(s.context).map((type) => ({ id: type.id, name: type.name, inDates: weeksInRange(type, s.context.scope.range), total: type.weeks.length })),
);

export const seasonalityConfigurationSelectors = {
  status: (s: Snapshot): ReportStatus =>
    s.matches({ data: "waiting" }) || s.matches({ data: "loading" }) ? "loading" : s.matches({ data: "failed" }) ? "failed" : "ready",
  /** Loaded, and the program has no type yet. */
  hasNoTypes: (s: Snapshot): boolean => s.matches({ data: "ready" }) && s.context.types.length === 0,
  types: typesOf,
  calendar: calendarOf,
  locale: (s: Snapshot): string | null => s.context.scope.program?.locale ?? null,
  range: (s: Snapshot): DateRange | null => s.context.scope.range,
  draft: (s: Snapshot): string => s.context.draft,
  createProblem: (s: Snapshot): string | null => s.context.createProblem,
  isCreating: (s: Snapshot): boolean => s.matches({ create: "saving" }),
  removalQuestion: memoByContext((s): RemovalQuestion | null => {
    if (!s.matches({ removal: "confirming" }) && !s.matches({ removal: "removing" })) return null;
    const type = shownTypes(s.context).find((t) => t.id === s.context.removal);
    return type ? { name: type.name, weeks: type.weeks.length } : null;
  }),
  isRemoving: (s: Snapshot): boolean => s.matches({ removal: "removing" }),
  removalProblem: (s: Snapshot): string | null => s.context.removalProblem,
  /** The week whose picker is open, as the calendar shows it. */
  picked: (s: Snapshot): ShownWeek | null => (s.context.picked === null ? null : (calendarOf(s).find((w) => w.start === s.context.picked) ?? null)),
  /** The week whose tag failed and shows as it was. */
  failedWeek: (s: Snapshot): string | null => s.context.failedWeek,
  /** How many tags are under way (the screen says it is saving). */
  pendingWrites: (s: Snapshot): number => savingWeeks(s.context).size,
};
