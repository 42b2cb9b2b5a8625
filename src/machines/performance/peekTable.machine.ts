import { assign, enqueueActions, sendTo, setup, spawnChild, type ActorRefFrom, type AnyActorRef, type SnapshotFrom } from "xstate";
import { peekRows } from "../../domain/table/pagination";
import type { PerformanceRow, TableResponse } from "../../domain/performance/performance";
import type { DateRange } from "../../domain/report/dateRange";
import { sortReportRows, type SortSpec } from "../../domain/table/tableSort";
import * as performanceApi from "../../services/performance/performance";
import type { ReportScope } from "../../services/performance/performance";
import type { ApiContext } from "../../services/http/http";
import type { HttpError } from "../../services/http/httpErrors";
import { fromApiCall } from "../runtime/fromEffect";
import { peekComparisonMachine, type PeekComparisonActorRef, type PeekComparisonInput } from "./peekComparison.machine";
import { levelColumnOf, sameReportParams, scopeOf, type ReportParams } from "./reportParams";
import { eventData } from "../runtime/eventData";

/**
 * The peek table under an open row: the
 * children of one taxonomy path, in the table's sort, of which the first 10 show, with
 * 'Show me more' when there are more than 10. A failed load is silent: its data is
 * cleared and its owner (the row expansion) is told, which clears the tree below it.
 *
 * Its comparison (`peekComparison`, spawned with it) loads the same children for the
 * comparison dates while the page's comparison mode is on; the peek tells it of a new
 * scope and of the page's comparison range (`peek.comparisonChanged`).
 */

export interface PeekTableInput {
  readonly params: ReportParams;
  /** The open row's taxonomy path: the peek lists the level below it. */
  readonly path: ReadonlyArray<string>;
  readonly sort: SortSpec;
  /** Told `expansion.peekFailed` when a load fails. */
  readonly owner?: AnyActorRef | null;
  /** The page's comparison dates while comparison mode is on (none: off). */
  readonly comparisonRange?: DateRange | null;
}

export interface PeekTableContext {
  readonly params: ReportParams;
  readonly path: ReadonlyArray<string>;
  readonly sort: SortSpec;
  readonly owner: AnyActorRef | null;
  /** The page's comparison dates while comparison mode is on, else null (what the comparison child starts with). */
  readonly comparisonRange: DateRange | null;
  /** Every child row, in the current sort. */
  readonly rows: ReadonlyArray<PerformanceRow>;
}

export type PeekTableEvent =
  | { type: "peek.paramsChanged"; params: ReportParams }
  | { type: "peek.sortChanged"; sort: SortSpec }
  | { type: "peek.reloaded" }
  | { type: "peek.comparisonChanged"; range: DateRange | null };

/** What the owner hears when a peek load fails. */
export interface PeekFailed {
  readonly type: "expansion.peekFailed";
  readonly path: ReadonlyArray<string>;
}

interface LoadInput {
  readonly api: ApiContext;
  readonly scope: ReportScope;
}

/** The id of a peek table's comparison child. */
export const peekComparisonId = "comparison";

const comparisonInput = ({ context }: { context: PeekTableContext }): PeekComparisonInput => ({
  params: context.params,
  path: context.path,
  range: context.comparisonRange,
});

/** The rows in a sort: rows named 'None' last, as in every report table. */
const sorted = (rows: ReadonlyArray<PerformanceRow>, sort: SortSpec): PerformanceRow[] => sortReportRows(rows, sort);

export const peekTableMachine = setup({
  types: {
    context: {} as PeekTableContext,
    events: {} as PeekTableEvent,
    input: {} as PeekTableInput,
  },
  actors: {
    loadPeek: fromApiCall<TableResponse, LoadInput, HttpError>(({ scope }) => performanceApi.loadTable(scope)),
    peekComparison: peekComparisonMachine,
  },
  actions: {
    storeRows: assign(({ context }, table: TableResponse) => ({ rows: sorted(table.data, context.sort) })),
    clearRows: assign({ rows: [] as ReadonlyArray<PerformanceRow> }),
    reportFailure: enqueueActions(({ context, enqueue }) => {
      if (context.owner) enqueue.sendTo(context.owner, { type: "expansion.peekFailed", path: context.path } satisfies PeekFailed);
    }),
    changeParams: assign((_, change: { params: ReportParams }) => ({ params: change.params })),
    spawnComparison: spawnChild("peekComparison", { id: peekComparisonId, input: comparisonInput }),
    tellComparisonParams: sendTo(peekComparisonId, ({ context }) => ({ type: "peekComparison.paramsChanged" as const, params: context.params })),
    changeComparisonRange: assign((_, params: { range: DateRange | null }) => ({ comparisonRange: params.range })),
    tellComparisonRange: sendTo(peekComparisonId, ({ context }) => ({ type: "peekComparison.rangeChanged" as const, range: context.comparisonRange })),
    changeSort: assign(({ context }, params: { sort: SortSpec }) =>
      ({ sort: params.sort, rows: sorted(context.rows, params.sort) }),
    ),
  },
  guards: {
    hasNewParams: ({ context }, change: { params: ReportParams }) => !sameReportParams(context.params, change.params),
    isOtherSort: ({ context }, params: { sort: SortSpec }) =>
      (params.sort.column !== context.sort.column || params.sort.direction !== context.sort.direction),
  },
}).createMachine({
  id: "peekTable",
  context: ({ input }) => ({
    params: input.params,
    path: input.path,
    sort: input.sort,
    owner: input.owner ?? null,
    comparisonRange: input.comparisonRange ?? null,
    rows: [],
  }),
  entry: "spawnComparison",
  initial: "loading",
  on: {
    "peek.paramsChanged": { guard: { type: "hasNewParams", params: eventData }, target: ".loading", actions: [{ type: "changeParams", params: eventData }, "tellComparisonParams"] },
    "peek.sortChanged": { guard: { type: "isOtherSort", params: eventData }, actions: { type: "changeSort", params: eventData } },
    "peek.comparisonChanged": { actions: [{ type: "changeComparisonRange", params: eventData }, "tellComparisonRange"] },
  },
  states: {
    loading: {
      invoke: {
        src: "loadPeek",
        input: ({ context }) => ({ api: context.params.api, scope: scopeOf(context.params, context.path) }),
        onDone: { target: "loaded", actions: { type: "storeRows", params: ({ event }) => event.output } },
        onError: { target: "failed", actions: ["clearRows", "reportFailure"] },
      },
    },
    loaded: {
      on: { "peek.reloaded": "loading" },
    },
    /** The last load failed (silently): no rows, and the tree below was cleared. */
    failed: {
      on: { "peek.reloaded": "loading" },
    },
  },
});

type Snap = SnapshotFrom<typeof peekTableMachine>;

export const peekTableSelectors = {
  isLoading: (s: Snap) => s.matches("loading"),
  hasFailed: (s: Snap) => s.matches("failed"),
  path: (s: Snap) => s.context.path,
  /** The row field naming the children (taxonomy_2 under a level-one row...). */
  levelColumn: (s: Snap) => levelColumnOf(s.context.path),
  /** Every child, in the current sort. */
  rows: (s: Snap) => s.context.rows,
  /** The first 10 children. */
  shownRows: (s: Snap) => peekRows(s.context.rows).shown,
  /** 'Show me more' shows when there are more than 10 children. */
  showMore: (s: Snap) => peekRows(s.context.rows).showMore,
  sort: (s: Snap) => s.context.sort,
  /** The peek's comparison (the previous period's children while comparison mode is on). */
  comparison: (s: Snap) => s.children[peekComparisonId] as PeekComparisonActorRef | undefined,
} satisfies Record<string, (s: Snap) => unknown>;

export type PeekTableActorRef = ActorRefFrom<typeof peekTableMachine>;
