import { assign, enqueueActions, setup, type ActorRefFrom, type AnyActorRef, type SnapshotFrom } from "xstate";
import { totalsOf, type Metrics } from "../../domain/report/metrics";
import { clampPage, defaultPerPage, pageCount, pageSlice, perPageOptions, type PagedTable } from "../../domain/table/pagination";
import type { ColumnHeaders, PerformanceRow, TableResponse } from "../../domain/performance/performance";
import type { TablePaging } from "../../domain/performance/reportLink";
import { nextSort, sortReportRows, type SortSpec } from "../../domain/table/tableSort";
import * as performanceApi from "../../services/performance/performance";
import type { ReportScope } from "../../services/performance/performance";
import type { ApiContext } from "../../services/http/http";
import type { HttpError } from "../../services/http/httpErrors";
import { eventData } from "../runtime/eventData";
import { fromApiCall } from "../runtime/fromEffect";
import { levelColumnOf, sameTableParams, scopeOf, type TableParams } from "./reportParams";

/**
 * One performance table: loads the
 * rows of the level below a taxonomy path, sorts them locally (from the stored sort
 * metric and direction; rows named 'None' last in every sort), pages them, and
 * keeps the footer 'Total' recomputed from the rows' sums.
 *
 * - A new URL (program, dates, named filter or path) reloads.
 * - A load failure empties the data (total 0, page 1) and stays in `failed`, which the
 *   page shows as a failed load with 'Try again'; `table.retried` loads again.
 * - After a successful load the level-four table goes back to page 1; any other table
 *   keeps its page unless it now lies past the last page (then the last page).
 * - A header click sorts by that column (the same column toggles its direction) and is
 *   told to the `sortListener` as `table.sorted` (the report keeps it in the session for the next table).
 * - It opens on the page and rows per page it is given (a shared link's; rows per page not
 *   offered by this table: its default), the page moved to the last page after the first load
 *   if it lies past it. Each change of page or rows per page, by a person or by a load, is
 *   told to the same listener as `table.pagingChanged` (the report keeps it for the URL).
 */

export type { TableParams };

/** What the table tells its sort listener after each sort change. */
export interface TableSorted {
  readonly type: "table.sorted";
  readonly sort: SortSpec;
}

/** What the table tells its listener after each change of page or rows per page. */
export interface TablePagingChanged {
  readonly type: "table.pagingChanged";
  readonly paging: TablePaging;
}

export interface PerformanceTableInput {
  /** null: the route has no table (search results, the actual chart page) or nothing to load yet. */
  readonly params: TableParams | null;
  /** The stored sort metric and direction. */
  readonly sort: SortSpec;
  /** `level`: 15 a page; `taxonomyTwo`: 10 a page with options 10, 15, 30. */
  readonly kind: Exclude<PagedTable, "search">;
  /** The level-four report (taxonomy 4 values): back to page 1 after each successful load. */
  readonly levelFour: boolean;
  /** Receives `table.sorted` on every sort change (the page's report, which keeps it in the session and tells the open rows) and `table.pagingChanged` on every paging change. */
  readonly sortListener?: AnyActorRef | null;
  /** The page and rows per page to open on (a shared link's); page 1 and the table's default when absent. */
  readonly paging?: TablePaging | null;
}

export interface PerformanceTableContext {
  readonly params: TableParams | null;
  readonly kind: Exclude<PagedTable, "search">;
  readonly levelFour: boolean;
  readonly sortListener: AnyActorRef | null;
  readonly sort: SortSpec;
  readonly page: number;
  readonly perPage: number;
  /** The rows as loaded. */
  readonly rows: ReadonlyArray<PerformanceRow>;
  /** Every row in the current sort (not only the page). */
  readonly sorted: ReadonlyArray<PerformanceRow>;
  readonly headers: ColumnHeaders;
  readonly total: number;
  /** The footer 'Total': sums, with every rate recomputed from the sums. */
  readonly footer: Metrics;
}

export type PerformanceTableEvent =
  | { type: "table.paramsChanged"; params: TableParams | null }
  | { type: "table.sortChanged"; column: string }
  | { type: "table.pageChanged"; page: number }
  | { type: "table.perPageChanged"; perPage: number }
  | { type: "table.reloaded" }
  /** 'Try again' after a failed load. */
  | { type: "table.retried" };

interface LoadInput {
  readonly api: ApiContext;
  readonly scope: ReportScope;
}

/** The field naming the rows of this table (taxonomy_1 .. taxonomy_4). */
const levelColumn = (c: Pick<PerformanceTableContext, "params">): string => levelColumnOf(c.params?.path ?? []);

/** The rows in a sort: rows named 'None' last, as in every report table. */
const sortedRows = (rows: ReadonlyArray<PerformanceRow>, sort: SortSpec): PerformanceRow[] => sortReportRows(rows, sort);

const noRows: Metrics = totalsOf([]);

/** The page to open on: the given whole page from 1, else 1 (a page past the last moves after the first load). */
const openingPage = (paging: TablePaging | null | undefined): number => (paging && Number.isInteger(paging.page) && paging.page >= 1 ? paging.page : 1);
/** Rows per page to open with: the given number when this table offers it, else its default. */
const openingPerPage = (kind: Exclude<PagedTable, "search">, paging: TablePaging | null | undefined): number =>
  paging && perPageOptions[kind].includes(paging.perPage) ? paging.perPage : defaultPerPage[kind];

export const performanceTableMachine = setup({
  types: {
    context: {} as PerformanceTableContext,
    events: {} as PerformanceTableEvent,
    input: {} as PerformanceTableInput,
  },
  actors: {
    loadTable: fromApiCall<TableResponse, LoadInput, HttpError>(({ scope }) => performanceApi.loadTable(scope)),
  },
  actions: {
    changeParams: assign((_, change: { params: TableParams | null }) => ({ params: change.params })),
    storeTable: assign(({ context }, table: TableResponse) => {
      const total = table.data.length;
      return {
        rows: table.data,
        sorted: sortedRows(table.data, context.sort),
        headers: table.column_headers,
        total,
        footer: totalsOf(table.data),
        page: context.levelFour ? 1 : clampPage(context.page, total, context.perPage),
      };
    }),
    /** A table load failure empties the data: the total is 0 and the page 1 (the failed state says the load failed). */
    emptyTable: assign({
      rows: [] as ReadonlyArray<PerformanceRow>,
      sorted: [] as ReadonlyArray<PerformanceRow>,
      total: 0,
      footer: noRows,
      page: 1,
    }),
    changeSort: assign(({ context }, params: { column: string }) => {
      const sort = nextSort(context.sort, params.column);
      return { sort, sorted: sortedRows(context.rows, sort) };
    }),
    reportSort: enqueueActions(({ context, enqueue }) => {
      if (context.sortListener) {
        enqueue.sendTo(context.sortListener, { type: "table.sorted", sort: context.sort } satisfies TableSorted);
      }
    }),
    reportPaging: enqueueActions(({ context, enqueue }) => {
      if (context.sortListener) {
        const paging: TablePaging = { page: context.page, perPage: context.perPage };
        enqueue.sendTo(context.sortListener, { type: "table.pagingChanged", paging } satisfies TablePagingChanged);
      }
    }),
    changePage: assign(({ context }, params: { page: number }) =>
      ({ page: clampPage(params.page, context.total, context.perPage) }),
    ),
    /** A page past the last page after a per-page change moves to the last page. */
    changePerPage: assign(({ context }, params: { perPage: number }) =>
      ({ perPage: params.perPage, page: clampPage(context.page, context.total, params.perPage) }),
    ),
  },
  guards: {
    hasParams: ({ context }) => context.params !== null,
    hasNewParams: ({ context }, change: { params: TableParams | null }) =>
      change.params !== null && !sameTableParams(context.params, change.params),
    clearsParams: ({ context }, change: { params: TableParams | null }) => change.params === null && context.params !== null,
    isOfferedPerPage: ({ context }, params: { perPage: number }) =>
      perPageOptions[context.kind].includes(params.perPage) && params.perPage !== context.perPage,
    isOtherPage: ({ context }, params: { page: number }) =>
      clampPage(params.page, context.total, context.perPage) !== context.page,
  },
}).createMachine({
  id: "performanceTable",
  context: ({ input }) => ({
    params: input.params,
    kind: input.kind,
    levelFour: input.levelFour,
    sortListener: input.sortListener ?? null,
    sort: input.sort,
    page: openingPage(input.paging),
    perPage: openingPerPage(input.kind, input.paging),
    rows: [],
    sorted: [],
    headers: {},
    total: 0,
    footer: noRows,
  }),
  initial: "idle",
  on: {
    "table.paramsChanged": [
      { guard: { type: "hasNewParams", params: eventData }, target: ".loading", actions: { type: "changeParams", params: eventData } },
      { guard: { type: "clearsParams", params: eventData }, target: ".idle", actions: [{ type: "changeParams", params: eventData }, "emptyTable", "reportPaging"] },
    ],
    "table.sortChanged": { actions: [{ type: "changeSort", params: eventData }, "reportSort"] },
    "table.pageChanged": { guard: { type: "isOtherPage", params: eventData }, actions: [{ type: "changePage", params: eventData }, "reportPaging"] },
    "table.perPageChanged": { guard: { type: "isOfferedPerPage", params: eventData }, actions: [{ type: "changePerPage", params: eventData }, "reportPaging"] },
  },
  states: {
    /** No table to load (yet): a table with parameters starts loading at once. */
    idle: {
      always: { guard: "hasParams", target: "loading" },
    },
    loading: {
      invoke: {
        src: "loadTable",
        input: ({ context }) => ({
          api: (context.params as TableParams).api,
          scope: scopeOf(context.params as TableParams, (context.params as TableParams).path),
        }),
        onDone: { target: "loaded", actions: [{ type: "storeTable", params: ({ event }) => event.output }, "reportPaging"] },
        onError: { target: "failed", actions: ["emptyTable", "reportPaging"] },
      },
    },
    loaded: {
      on: { "table.reloaded": "loading" },
    },
    /** The last load failed: no rows, and the page says so with 'Try again'. */
    failed: {
      on: { "table.reloaded": "loading", "table.retried": "loading" },
    },
  },
});

type Snap = SnapshotFrom<typeof performanceTableMachine>;

/** Named selectors: views and helpers read a table only through these. */
export const performanceTableSelectors = {
  isIdle: (s: Snap) => s.matches("idle"),
  isLoading: (s: Snap) => s.matches("loading"),
  isLoaded: (s: Snap) => s.matches("loaded"),
  hasFailed: (s: Snap) => s.matches("failed"),
  params: (s: Snap) => s.context.params,
  path: (s: Snap): ReadonlyArray<string> => s.context.params?.path ?? [],
  /** The row field naming this table's rows (taxonomy_1 .. taxonomy_4). */
  levelColumn: (s: Snap) => levelColumn(s.context),
  kind: (s: Snap) => s.context.kind,
  /** Every row in the current sort (not only the page). */
  sortedRows: (s: Snap) => s.context.sorted,
  /** The rows of the current page, in the current sort. */
  pageRows: (s: Snap) => pageSlice(s.context.sorted, s.context.page, s.context.perPage),
  sort: (s: Snap) => s.context.sort,
  page: (s: Snap) => s.context.page,
  perPage: (s: Snap) => s.context.perPage,
  perPageOptions: (s: Snap) => perPageOptions[s.context.kind],
  pageCount: (s: Snap) => pageCount(s.context.total, s.context.perPage),
  total: (s: Snap) => s.context.total,
  headers: (s: Snap) => s.context.headers,
  footer: (s: Snap) => s.context.footer,
} satisfies Record<string, (s: Snap) => unknown>;

export type PerformanceTableSnapshot = Snap;
export type PerformanceTableActorRef = ActorRefFrom<typeof performanceTableMachine>;
