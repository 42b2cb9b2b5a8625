import { assign, enqueueActions, setup, type ActorRefFrom, type AnyActorRef, type SnapshotFrom } from "xstate";
import { totalsOf, type Metrics } from "../../domain/report/metrics";
import { clampPage, defaultPerPage, pageBounds, pageCount, pageSlice } from "../../domain/table/pagination";
import type { ColumnHeaders, PerformanceRow, TableResponse, TaxonomiesResponse } from "../../domain/performance/performance";
import type { TablePaging } from "../../domain/performance/reportLink";
import { nextSort, sortPathRows, type SortSpec } from "../../domain/table/tableSort";
import {
  branchBadge,
  buildTaxonomyTree,
  filterRows,
  selectAll,
  selectedBranchCount,
  selectionOnLoad,
  selectionWithout,
  toggleNode,
  uncheckedBranches,
  type Selection,
  type TaxonomyTree,
} from "../../domain/report/treeSelection";
import * as performanceApi from "../../services/performance/performance";
import type { ApiContext } from "../../services/http/http";
import type { HttpError } from "../../services/http/httpErrors";
import { fromApiCall } from "../runtime/fromEffect";
import { memoLast } from "../runtime/memoLast";
import { eventData } from "../runtime/eventData";

/**
 * The search results of /performance/search/{term}: the search call and the taxonomies call (the Filter's tree) load side
 * by side for the term, program and dates. The Filter's checkbox tree follows the tree
 * selection rules (every leaf all or none, parents all/none/some; on load
 * every leaf is selected unless the previous selection is kept); rows are filtered by the
 * selection, sorted locally and paged 15 at a time (a page past the last moves to the
 * last). A failed search empties the headers (silently); a failed taxonomy load only
 * stops its loading indicator.
 *
 * A shared link's choices: it opens on the page it is given (a page past the last moves to
 * the last once the rows are there) and with the nodes it is given unticked; when the first
 * tree loads, the leaves under them stay unticked, a node the tree no longer has is dropped
 * and every other leaf is ticked (the rule for a kept selection). After each change of the
 * Filter or the page, by a person or by a load, it tells its `listener` the unticked nodes
 * (the fewest that cover the unticked leaves) and the paging (`search.choicesChanged`; the report keeps them for the URL).
 */

/** What is searched: where the calls go, the program, the dates and the text. */
export interface SearchScope {
  readonly api: ApiContext;
  readonly program: string;
  readonly range: performanceApi.ReportRange;
  readonly term: string;
}

export interface SearchResultsInput extends SearchScope {
  /** The table's first sort: the session's stored sort metric and direction. */
  readonly sort: SortSpec;
  /** The page to open on (a shared link's); page 1 when absent. */
  readonly paging?: TablePaging | null;
  /** The Filter's nodes to leave unticked when the first tree loads (a shared link's node keys). */
  readonly unchecked?: ReadonlyArray<string>;
  /** Receives `search.choicesChanged` after each change of the Filter or the page (the report). */
  readonly listener?: AnyActorRef | null;
}

/** What the search results tell their listener after each change of the Filter or the page. */
export interface SearchChoicesChanged {
  readonly type: "search.choicesChanged";
  /** The unticked nodes: the fewest that cover the unticked leaves (node keys). */
  readonly unchecked: ReadonlyArray<string>;
  readonly paging: TablePaging;
}

export interface SearchResultsContext {
  readonly scope: SearchScope;
  readonly rows: ReadonlyArray<PerformanceRow>;
  readonly headers: ColumnHeaders;
  readonly tree: TaxonomyTree;
  /** The number of taxonomy rows the tree was built from; null before the first tree. */
  readonly treeSize: number | null;
  /** The selected leaves of the tree. */
  readonly selected: Selection;
  readonly sort: SortSpec;
  readonly page: number;
  readonly perPage: number;
  /** The nodes a link leaves unticked, until the first tree is there. */
  readonly linkedUnchecked: ReadonlyArray<string>;
  readonly listener: AnyActorRef | null;
}

export type SearchResultsEvent =
  | { type: "search.scopeChanged"; scope: SearchScope }
  | { type: "search.nodeToggled"; key: string }
  | { type: "search.filterReset" }
  | { type: "search.sortChanged"; column: string }
  | { type: "search.pageChanged"; page: number };

const emptyTree: TaxonomyTree = buildTaxonomyTree([]);

const filtered = memoLast((rows: ReadonlyArray<PerformanceRow>, tree: TaxonomyTree, selected: Selection) => filterRows(rows, tree, selected));
const sorted = memoLast((rows: ReadonlyArray<PerformanceRow>, sort: SortSpec) => sortPathRows(rows, sort));
const totals = memoLast((rows: ReadonlyArray<PerformanceRow>): Metrics => totalsOf(rows));
const branches = memoLast((tree: TaxonomyTree, selected: Selection) => selectedBranchCount(tree, selected));

/** The rows the Filter lets through, in the table's sort (PURE). */
export const visibleRows = (c: SearchResultsContext): ReadonlyArray<PerformanceRow> => sorted(filtered(c.rows, c.tree, c.selected), c.sort);

/** The unticked nodes (the fewest that cover the unticked leaves); before the first tree, the link's. */
const uncheckedNodes = (c: SearchResultsContext): ReadonlyArray<string> => (c.treeSize === null ? c.linkedUnchecked : uncheckedBranches(c.tree, c.selected));

/** The page to open on: the given whole page from 1, else 1. */
const openingPage = (paging: TablePaging | null | undefined): number => (paging && Number.isInteger(paging.page) && paging.page >= 1 ? paging.page : 1);

/** The page after the record count changed: past the last moves to the last. */
const clampedPage = (c: SearchResultsContext): number => clampPage(c.page, filtered(c.rows, c.tree, c.selected).length, c.perPage);

/**
 * The page after the Filter changed: as `clampedPage` once there are rows. With none (not
 * answered yet, or none found, when the page is already 1) it stays, so a shared link's page
 * survives the Filter's tree answering before the rows.
 */
const pageAfterFilter = (c: SearchResultsContext): number => (c.rows.length === 0 ? c.page : clampedPage(c));

export const searchResultsMachine = setup({
  types: {
    context: {} as SearchResultsContext,
    events: {} as SearchResultsEvent,
    input: {} as SearchResultsInput,
  },
  actors: {
    searchRows: fromApiCall<TableResponse, SearchScope, HttpError>((s) => performanceApi.search(s.program, s.range, s.term)),
    loadTaxonomies: fromApiCall<TaxonomiesResponse, SearchScope, HttpError>((s) => performanceApi.taxonomies(s.program, s.range)),
  },
  actions: {
    changeScope: assign((_, params: { scope: SearchScope }) => ({ scope: params.scope })),
    storeResults: assign(({ context }, response: TableResponse) => {
      const next = { ...context, rows: response.data, headers: response.column_headers };
      return { rows: next.rows, headers: next.headers, page: clampedPage(next) };
    }),
    /** A search failure, silently, empties the headers; its rows go with them (no stale rows under no columns). */
    clearResults: assign(({ context }) => ({ rows: [], headers: {}, page: clampPage(context.page, 0, context.perPage) })),
    storeTree: assign(({ context }, response: TaxonomiesResponse) => {
      const tree = buildTaxonomyTree(response.data);
      const size = response.data.length;
      const previous = context.treeSize === null ? null : { size: context.treeSize, leaves: context.tree.leaves, selected: context.selected };
      const selected = previous ? selectionOnLoad(previous, tree, size) : selectionWithout(tree, context.linkedUnchecked);
      const next = { ...context, tree, treeSize: size, selected };
      return { tree, treeSize: size, selected: next.selected, page: pageAfterFilter(next) };
    }),
    toggleNode: assign(({ context }, params: { key: string }) => {
      const next = { ...context, selected: toggleNode(context.tree, params.key, context.selected) };
      return { selected: next.selected, page: pageAfterFilter(next) };
    }),
    resetFilter: assign(({ context }) => {
      const next = { ...context, selected: selectAll(context.tree) };
      return { selected: next.selected, page: pageAfterFilter(next) };
    }),
    reportChoices: enqueueActions(({ context, enqueue }) => {
      if (context.listener) {
        const paging: TablePaging = { page: context.page, perPage: context.perPage };
        enqueue.sendTo(context.listener, { type: "search.choicesChanged", unchecked: uncheckedNodes(context), paging } satisfies SearchChoicesChanged);
      }
    }),
    changeSort: assign(({ context }, params: { column: string }) => ({ sort: nextSort(context.sort, params.column) })),
    changePage: assign(({ context }, params: { page: number }) =>
      ({ page: clampPage(params.page, filtered(context.rows, context.tree, context.selected).length, context.perPage) }),
    ),
  },
  guards: {
    isKnownNode: ({ context }, params: { key: string }) => context.tree.byKey.has(params.key),
  },
}).createMachine({
  id: "searchResults",
  context: ({ input }) => ({
    scope: { api: input.api, program: input.program, range: input.range, term: input.term },
    rows: [],
    headers: {},
    tree: emptyTree,
    treeSize: null,
    selected: new Set<string>(),
    sort: input.sort,
    page: openingPage(input.paging),
    perPage: defaultPerPage.search,
    linkedUnchecked: input.unchecked ?? [],
    listener: input.listener ?? null,
  }),
  type: "parallel",
  on: {
    "search.scopeChanged": { target: [".results.loading", ".tree.loading"], actions: { type: "changeScope", params: eventData } },
    "search.nodeToggled": { guard: { type: "isKnownNode", params: eventData }, actions: [{ type: "toggleNode", params: eventData }, "reportChoices"] },
    "search.filterReset": { actions: ["resetFilter", "reportChoices"] },
    "search.sortChanged": { actions: { type: "changeSort", params: eventData } },
    "search.pageChanged": { actions: [{ type: "changePage", params: eventData }, "reportChoices"] },
  },
  states: {
    /** The search call: the rows and their headers. */
    results: {
      initial: "loading",
      states: {
        loading: {
          invoke: {
            src: "searchRows",
            input: ({ context }) => context.scope,
            onDone: { target: "loaded", actions: [{ type: "storeResults", params: ({ event }) => event.output }, "reportChoices"] },
            onError: { target: "failed", actions: ["clearResults", "reportChoices"] },
          },
        },
        loaded: {},
        /** Silent: no message, the headers are empty. */
        failed: {},
      },
    },
    /** The taxonomies call: the Filter's tree. A failure keeps the tree there was. */
    tree: {
      initial: "loading",
      states: {
        loading: {
          invoke: {
            src: "loadTaxonomies",
            input: ({ context }) => context.scope,
            onDone: { target: "idle", actions: [{ type: "storeTree", params: ({ event }) => event.output }, "reportChoices"] },
            onError: "idle",
          },
        },
        idle: {},
      },
    },
  },
});

type Snap = SnapshotFrom<typeof searchResultsMachine>;

export const searchResultsSelectors = {
  isSearching: (s: Snap) => s.matches({ results: "loading" }),
  hasFailed: (s: Snap) => s.matches({ results: "failed" }),
  isLoadingTree: (s: Snap) => s.matches({ tree: "loading" }),
  term: (s: Snap) => s.context.scope.term,
  /** The dates searched (the export's file name carries them). */
  range: (s: Snap) => s.context.scope.range,
  headers: (s: Snap) => s.context.headers,
  sort: (s: Snap) => s.context.sort,
  tree: (s: Snap) => s.context.tree,
  selection: (s: Snap) => s.context.selected,
  /** Every row the Filter lets through, in the table's sort (what the export holds). */
  sortedRows: (s: Snap) => visibleRows(s.context),
  rowCount: (s: Snap) => filtered(s.context.rows, s.context.tree, s.context.selected).length,
  /** The rows of the current page. */
  pageRows: (s: Snap) => pageSlice(visibleRows(s.context), s.context.page, s.context.perPage),
  /** The footer 'Total' of the rows the Filter lets through: sums, with rates recomputed from them. */
  totals: (s: Snap) => totals(filtered(s.context.rows, s.context.tree, s.context.selected)),
  page: (s: Snap) => s.context.page,
  perPage: (s: Snap) => s.context.perPage,
  pageCount: (s: Snap) => pageCount(filtered(s.context.rows, s.context.tree, s.context.selected).length, s.context.perPage),
  pageBounds: (s: Snap) => pageBounds(s.context.page, filtered(s.context.rows, s.context.tree, s.context.selected).length, s.context.perPage),
  /** The number of selected branches on the Filter button. */
  branchCount: (s: Snap) => branches(s.context.tree, s.context.selected),
  /** The badge text: the count, '9+' above 9. */
  branchBadge: (s: Snap) => branchBadge(branches(s.context.tree, s.context.selected)),
} satisfies Record<string, (s: Snap) => unknown>;

export type SearchResultsActorRef = ActorRefFrom<typeof searchResultsMachine>;
