import { and, assign, enqueueActions, setup, stateIn, type ActorRefFrom, type AnyActorRef, type SnapshotFrom } from "xstate";
import {
  adjustComparisonDraft,
  closeComparisonDraft,
  comparisonDraftProblem,
  comparisonShortcutRange,
  defaultComparisonRange,
  type ComparisonDraft,
  type ComparisonShortcut,
} from "../../domain/report/comparison";
import type { DateRange } from "../../domain/report/dateRange";
import type { PerformanceRow, TableResponse } from "../../domain/performance/performance";
import { loadTable, type ReportScope } from "../../services/performance/performance";
import type { ApiContext } from "../../services/http/http";
import type { HttpError } from "../../services/http/httpErrors";
import { fromApiCall } from "../runtime/fromEffect";
import { eventData } from "../runtime/eventData";

/**
 * Comparison mode of the performance tables: off by default; on, the same table call is made for the comparison dates and
 * each cell shows the current and the previous value.
 *
 * - Turning it on loads the comparison table; turning it off clears the comparison data
 *   and resets the comparison dates to the previous period.
 * - A change of the main dates, the program, the taxonomy path or the named filter
 *   (`comparison.scopeChanged`) and a new choice of comparison dates reload it.
 * - `comparison.reloaded` (the same scope, its figures changed) loads it again while on;
 *   off, there is nothing to load.
 * - A failed comparison load clears the comparison data, silently.
 * - Its listener (the page's report) hears `comparison.changed` with the comparison
 *   dates at every load (turned on, new dates, a scope change) and with null when it is
 *   off, so the open rows' peek tables compare the same way.
 * - The comparison dates follow what was chosen: 'Previous Period' and 'Year on Year'
 *   are recomputed from the main range when it changes; custom dates are kept, with the
 *   end moved to the day before the new main start when it lies later (the picker's
 *   rules, `closeComparisonDraft`).
 * - 'Apply' with dates that do not form a range (a start after the end) is refused with
 *   the message of both date pickers (`draftProblem`): the picker stays open, nothing loads.
 *
 * While on, three regions run side by side: `dates` (which comparison dates), `picker`
 * (the comparison-dates picker, closed or open with a draft) and `data` (the load).
 * Regions are declared in that order on purpose: the dates' entry actions set the
 * comparison range before `data.loading` is entered and starts its call with it.
 */

/** Where the table is: the program, the taxonomy values chosen so far and the named filter. */
export interface ComparisonScope {
  readonly api: ApiContext;
  readonly program: string;
  /** taxonomy_1 .. taxonomy_k values of the table (0 to 3). */
  readonly path: ReadonlyArray<string>;
  readonly filter: string;
  /** The main date range. */
  readonly range: DateRange;
  /** Today (YYYY-MM-DD) in the program's time zone (`todayAt`), for the picker's rules. */
  readonly today: string;
}

export interface ComparisonInput extends ComparisonScope {
  /** Told `comparison.changed` at every comparison load and when it is off. */
  readonly listener?: AnyActorRef | null;
  /** Comparison dates to open with, on (a shared link's); null or none: it opens off. */
  readonly opening?: DateRange | null;
}

/** What the listener hears: the comparison dates being loaded, or null when comparison mode is off. */
export interface ComparisonChanged {
  readonly type: "comparison.changed";
  readonly range: DateRange | null;
}

export interface ComparisonContext extends ComparisonScope {
  readonly listener: AnyActorRef | null;
  /** The dates the comparison table is loaded for. */
  readonly comparisonRange: DateRange;
  /** The picker's dates while it is open. */
  readonly draft: { readonly from: string; readonly to: string | null };
  /** The comparison table's rows; empty while loading, after a failure and when off. */
  readonly previousRows: ReadonlyArray<PerformanceRow>;
  /** It was opened on, with dates (a shared link's). */
  readonly opensOn: boolean;
}

export type ComparisonEvent =
  | { type: "comparison.toggled" }
  | ({ type: "comparison.scopeChanged" } & ComparisonScope)
  | { type: "comparison.pickerOpened" }
  | { type: "comparison.pickerCancelled" }
  | { type: "comparison.shortcutChosen"; shortcut: ComparisonShortcut }
  | { type: "comparison.draftFromChanged"; value: string }
  | { type: "comparison.draftToChanged"; value: string }
  | { type: "comparison.pickerApplied" }
  /** The same scope again (its figures changed, e.g. a spend was created): loads afresh while on. */
  | { type: "comparison.reloaded" };

/** What the comparison load asks for: the same table as the page, for the comparison dates. */
export interface ComparisonLoad {
  readonly api: ApiContext;
  readonly scope: ReportScope;
}

/**
 * The guard of one shortcut's transition: the `comparison.shortcutChosen` names that shortcut.
 * (Inside `and`, a guard's params cannot come from the event, so the event is read here.)
 */
const choosesShortcut =
  (shortcut: ComparisonShortcut) =>
  ({ event }: { readonly event: { readonly shortcut: ComparisonShortcut } }): boolean =>
    event.shortcut === shortcut;

const scopeOf = (e: ComparisonScope): ComparisonScope => ({
  api: e.api,
  program: e.program,
  path: e.path,
  filter: e.filter,
  range: e.range,
  today: e.today,
});

const draftOf = (context: ComparisonContext, change: Partial<ComparisonDraft>) =>
  adjustComparisonDraft({ ...context.draft, ...change }, context.range, context.today);

export const comparisonMachine = setup({
  types: {
    context: {} as ComparisonContext,
    events: {} as ComparisonEvent,
    input: {} as ComparisonInput,
  },
  actors: {
    loadComparison: fromApiCall<TableResponse, ComparisonLoad, HttpError>(({ scope }) => loadTable(scope)),
  },
  actions: {
    changeScope: assign((_, scope: ComparisonScope) => scopeOf(scope)),
    /** Off, and whenever it is turned off: the comparison dates are the previous period. */
    resetComparisonDates: assign(({ context }) => ({ comparisonRange: defaultComparisonRange(context.range) })),
    usePreviousPeriod: assign(({ context }) => ({ comparisonRange: comparisonShortcutRange("previousPeriod", context.range) })),
    useYearOnYear: assign(({ context }) => ({ comparisonRange: comparisonShortcutRange("yearOnYear", context.range) })),
    /** Custom dates stay, with the picker's rules (`closeComparisonDraft`) against the (new) main range. */
    keepCustomDates: assign(({ context }) => ({ comparisonRange: closeComparisonDraft(context.comparisonRange, context.range, context.today) })),
    startDraft: assign(({ context }) => ({ draft: { from: context.comparisonRange.from, to: context.comparisonRange.to } })),
    changeDraftFrom: assign(({ context }, params: { value: string }) => ({ draft: draftOf(context, { from: params.value }) })),
    changeDraftTo: assign(({ context }, params: { value: string }) => ({ draft: draftOf(context, { to: params.value }) })),
    applyDraft: assign(({ context }) => ({ comparisonRange: closeComparisonDraft(context.draft, context.range, context.today) })),
    storeComparison: assign((_, response: TableResponse) => ({ previousRows: response.data })),
    clearComparison: assign({ previousRows: [] as ReadonlyArray<PerformanceRow> }),
    /** The listener hears the comparison dates of a load (on) or null (off). */
    tellListener: enqueueActions(({ context, enqueue }, params: { on: boolean }) => {
      if (context.listener) enqueue.sendTo(context.listener, { type: "comparison.changed", range: params.on ? context.comparisonRange : null } satisfies ComparisonChanged);
    }),
  },
  guards: {
    opensOn: ({ context }) => context.opensOn,
    isPickerOpen: stateIn("#comparison.on.picker.open"),
    /** The picker's dates pass the date-range rule of both pickers (`comparisonDraftProblem`). */
    isDraftARange: ({ context }) => comparisonDraftProblem(context.draft, context.range, context.today) === null,
    isDraftApplicable: and([stateIn("#comparison.on.picker.open"), "isDraftARange"]),
  },
}).createMachine({
  id: "comparison",
  context: ({ input }) => {
    // Opening dates follow the picker's rules against the main range, like dates typed in it.
    const comparisonRange = input.opening ? closeComparisonDraft(input.opening, input.range, input.today) : defaultComparisonRange(input.range);
    return {
      ...scopeOf(input),
      listener: input.listener ?? null,
      comparisonRange,
      draft: { ...comparisonRange },
      previousRows: [],
      opensOn: Boolean(input.opening),
    };
  },
  initial: "opening",
  states: {
    /** Passed through at start: on with the opening dates (custom), or off. */
    opening: {
      always: [{ guard: "opensOn", target: "#comparison.on.dates.custom" }, { target: "off" }],
    },
    off: {
      entry: ["clearComparison", "resetComparisonDates", { type: "tellListener", params: { on: false } }],
      on: {
        "comparison.toggled": "on",
        "comparison.scopeChanged": { actions: [{ type: "changeScope", params: eventData }, "resetComparisonDates"] },
      },
    },
    on: {
      type: "parallel",
      on: { "comparison.toggled": "off" },
      states: {
        /** Which comparison dates: entering a mode sets the comparison range from the main range. */
        dates: {
          initial: "previousPeriod",
          on: {
            "comparison.shortcutChosen": [
              {
                guard: and(["isPickerOpen", choosesShortcut("previousPeriod")]),
                target: ".previousPeriod",
              },
              {
                guard: and(["isPickerOpen", choosesShortcut("yearOnYear")]),
                target: ".yearOnYear",
              },
            ],
            "comparison.pickerApplied": { guard: "isDraftApplicable", target: ".custom" },
          },
          states: {
            previousPeriod: {
              entry: "usePreviousPeriod",
              on: { "comparison.scopeChanged": { target: "previousPeriod", reenter: true, actions: { type: "changeScope", params: eventData } } },
            },
            yearOnYear: {
              entry: "useYearOnYear",
              on: { "comparison.scopeChanged": { target: "yearOnYear", reenter: true, actions: { type: "changeScope", params: eventData } } },
            },
            /** Dates typed in the picker (set by its `applyDraft`). */
            custom: {
              on: { "comparison.scopeChanged": { actions: [{ type: "changeScope", params: eventData }, "keepCustomDates"] } },
            },
          },
        },
        /** The comparison-dates picker. */
        picker: {
          initial: "closed",
          states: {
            closed: {
              on: { "comparison.pickerOpened": { target: "open", actions: "startDraft" } },
            },
            open: {
              on: {
                "comparison.draftFromChanged": { actions: { type: "changeDraftFrom", params: eventData } },
                "comparison.draftToChanged": { actions: { type: "changeDraftTo", params: eventData } },
                "comparison.shortcutChosen": "closed",
                // Dates that do not form a range are refused: the picker stays open with the message (`draftProblem`).
                "comparison.pickerApplied": { guard: "isDraftARange", target: "closed", actions: "applyDraft" },
                "comparison.pickerCancelled": "closed",
              },
            },
          },
        },
        /** The comparison table, loaded for the comparison range. */
        data: {
          initial: "loading",
          on: {
            "comparison.scopeChanged": ".loading",
            "comparison.reloaded": ".loading",
            "comparison.shortcutChosen": { guard: "isPickerOpen", target: ".loading" },
            "comparison.pickerApplied": { guard: "isDraftApplicable", target: ".loading" },
          },
          states: {
            loading: {
              // Rows of other dates are never shown beside the new current values.
              entry: ["clearComparison", { type: "tellListener", params: { on: true } }],
              invoke: {
                src: "loadComparison",
                input: ({ context }) => ({
                  api: context.api,
                  scope: { program: context.program, range: context.comparisonRange, path: context.path, filter: context.filter },
                }),
                onDone: { target: "loaded", actions: { type: "storeComparison", params: ({ event }) => event.output } },
                onError: { target: "failed", actions: "clearComparison" },
              },
            },
            loaded: {},
            /** The load failed: no comparison data, no message. */
            failed: {},
          },
        },
      },
    },
  },
});

type Snap = SnapshotFrom<typeof comparisonMachine>;

export const comparisonSelectors = {
  isOn: (s: Snap) => s.matches("on"),
  /** The comparison rows for the table: null when comparison is off, empty while loading or after a failure. */
  previousRows: (s: Snap): ReadonlyArray<PerformanceRow> | null => (s.matches("on") ? s.context.previousRows : null),
  comparisonRange: (s: Snap) => s.context.comparisonRange,
  isLoading: (s: Snap) => s.matches({ on: { data: "loading" } }),
  hasFailed: (s: Snap) => s.matches({ on: { data: "failed" } }),
  isPickerOpen: (s: Snap) => s.matches({ on: { picker: "open" } }),
  draft: (s: Snap) => s.context.draft,
  /** What is wrong with the open picker's dates (the message both pickers give), or null. */
  draftProblem: (s: Snap): string | null =>
    s.matches({ on: { picker: "open" } }) ? comparisonDraftProblem(s.context.draft, s.context.range, s.context.today) : null,
  /** The shortcut the comparison dates follow, or null for custom dates. */
  activeShortcut: (s: Snap): ComparisonShortcut | null =>
    s.matches({ on: { dates: "previousPeriod" } }) ? "previousPeriod" : s.matches({ on: { dates: "yearOnYear" } }) ? "yearOnYear" : null,
} satisfies Record<string, (s: Snap) => unknown>;

export type ComparisonActorRef = ActorRefFrom<typeof comparisonMachine>;
