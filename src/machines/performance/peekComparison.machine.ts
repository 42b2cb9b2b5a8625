import { assign, setup, type ActorRefFrom, type SnapshotFrom } from "xstate";
import type { PerformanceRow, TableResponse } from "../../domain/performance/performance";
import type { DateRange } from "../../domain/report/dateRange";
import * as performanceApi from "../../services/performance/performance";
import type { ReportScope } from "../../services/performance/performance";
import type { ApiContext } from "../../services/http/http";
import type { HttpError } from "../../services/http/httpErrors";
import { fromApiCall } from "../runtime/fromEffect";
import { scopeOf, type ReportParams } from "./reportParams";

/**
 * The comparison of one peek table (an open row's children, at any nested level): while
 * the page's comparison mode is on, the same table call as the peek's, for the comparison
 * dates, so each cell shows the current value, the previous value and the change like the
 * page's table.
 *
 * - It follows the page's comparison loads (`peekComparison.rangeChanged`): a range
 *   (comparison turned on, new comparison dates, or the page's comparison reloading
 *   after a scope change) loads it again; null (comparison off) clears it.
 * - A new scope (`peekComparison.paramsChanged`) is kept for the next load: the page's
 *   comparison reloads on every scope change and tells its range again.
 * - A failed load clears the previous rows, silently (the peek's own rows stay).
 */

export interface PeekComparisonInput {
  readonly params: ReportParams;
  /** The open row's taxonomy path: the peek lists the level below it. */
  readonly path: ReadonlyArray<string>;
  /** The comparison dates while comparison mode is on, else null. */
  readonly range: DateRange | null;
}

export interface PeekComparisonContext extends PeekComparisonInput {
  /** The peek's rows for the comparison dates; empty while off, loading or after a failure. */
  readonly previousRows: ReadonlyArray<PerformanceRow>;
}

export type PeekComparisonEvent =
  | { type: "peekComparison.rangeChanged"; range: DateRange | null }
  | { type: "peekComparison.paramsChanged"; params: ReportParams };

interface LoadInput {
  readonly api: ApiContext;
  readonly scope: ReportScope;
}

export const peekComparisonMachine = setup({
  types: {
    context: {} as PeekComparisonContext,
    events: {} as PeekComparisonEvent,
    input: {} as PeekComparisonInput,
  },
  actors: {
    loadPeekComparison: fromApiCall<TableResponse, LoadInput, HttpError>(({ scope }) => performanceApi.loadTable(scope)),
  },
  actions: {
    changeRange: assign((_, range: DateRange | null) => ({ range })),
    changeParams: assign((_, params: ReportParams) => ({ params })),
    storePreviousRows: assign((_, table: TableResponse) => ({ previousRows: table.data })),
    clearPreviousRows: assign({ previousRows: [] as ReadonlyArray<PerformanceRow> }),
  },
  guards: {
    hasRange: ({ context }) => context.range !== null,
    isTurnedOff: (_, range: DateRange | null) => range === null,
  },
}).createMachine({
  id: "peekComparison",
  context: ({ input }) => ({ params: input.params, path: input.path, range: input.range, previousRows: [] }),
  initial: "starting",
  on: {
    "peekComparison.rangeChanged": [
      { guard: { type: "isTurnedOff", params: ({ event }) => event.range }, target: ".off", actions: { type: "changeRange", params: ({ event }) => event.range } },
      { target: ".loading", reenter: true, actions: { type: "changeRange", params: ({ event }) => event.range } },
    ],
    "peekComparison.paramsChanged": { actions: { type: "changeParams", params: ({ event }) => event.params } },
  },
  states: {
    /** Passed through: a row opened while comparison mode is on loads its comparison at once. */
    starting: {
      always: [{ guard: "hasRange", target: "loading" }, { target: "off" }],
    },
    /** Comparison mode is off: no previous rows. */
    off: {
      entry: "clearPreviousRows",
    },
    loading: {
      // Rows of other dates are never shown beside the current values.
      entry: "clearPreviousRows",
      // Entered only with comparison dates (`starting` and `rangeChanged` check), so `range` is set here.
      invoke: {
        src: "loadPeekComparison",
        input: ({ context }) => ({ api: context.params.api, scope: { ...scopeOf(context.params, context.path), range: context.range ?? context.params.range } }),
        onDone: { target: "loaded", actions: { type: "storePreviousRows", params: ({ event }) => event.output } },
        onError: { target: "failed", actions: "clearPreviousRows" },
      },
    },
    loaded: {},
    /** The load failed: no previous rows, no message. */
    failed: {},
  },
});

type Snap = SnapshotFrom<typeof peekComparisonMachine>;

export const peekComparisonSelectors = {
  isOn: (s: Snap) => !s.matches("off"),
  /** The previous period's rows: null while comparison mode is off, empty while loading or after a failure. */
  previousRows: (s: Snap): ReadonlyArray<PerformanceRow> | null => (s.matches("off") ? null : s.context.previousRows),
  isLoading: (s: Snap) => s.matches("loading"),
  hasFailed: (s: Snap) => s.matches("failed"),
} satisfies Record<string, (s: Snap) => unknown>;

export type PeekComparisonActorRef = ActorRefFrom<typeof peekComparisonMachine>;
