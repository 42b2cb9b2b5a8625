import { Effect } from "effect";
import { and, assign, not, raise, sendTo, setup, spawnChild, stateIn, type ActorRefFrom, type SnapshotFrom } from "xstate";
import { filterWithinTaxonomies, sameJourneySearch } from "../../domain/journeys/journeyFilterCleaning";
import { cleanJourneySearch, journeyRequestPageSize, type JourneyLevel, type JourneySearch, type JourneySortBy } from "../../domain/journeys/journeys";
import { journeyExportTable } from "../../domain/journeys/journeyExport";
import { blocksOfPage, journeysQueryShape, rowsOfPage, type JourneyChoices } from "../../domain/journeys/journeysQuery";
import type { JourneyPath, JourneySummaryResponse } from "../../domain/journeys/journeySummary";
import { journeyTableRow, type JourneyTableRow } from "../../domain/journeys/journeyTable";
import { journeysTexts } from "../../domain/journeys/journeysTexts";
import { programTimeZone } from "../../domain/shell/timeZone";
import type { TaxonomyPath } from "../../domain/performance/performance";
import { readReportQuery } from "../../domain/report/reportQuery";
import type { ReportStatus } from "../../domain/report/analysisReportTexts";
import { clampPage, pageCount } from "../../domain/table/pagination";
import { nextSort, type SortSpec } from "../../domain/table/tableSort";
import type { ApiContext } from "../../services/http/http";
import type { HttpError } from "../../services/http/httpErrors";
import { journeyBlocks, journeySummary, journeyTaxonomies, type JourneysScope } from "../../services/journeys/journeys";
import type { ReportRange } from "../../services/performance/performance";
import { keepScope, keepScopeAssignment, openingScope, reportCallOf, scopeGuard, followSessionScope, waitForScope, type ScopedReport, type SessionScopeChanged, type SessionSource } from "../reports/reportScope";
import { exportDialogId, exportDialogOf, reportFrameActors, reportFrameGuards, tableExportOf } from "../reports/reportFrame";
import { fromApiCall } from "../runtime/fromEffect";
import { journeyFilterMachine, type JourneyFilterActorRef, type JourneyFilterInput } from "./journeyFilter.machine";

/**
 * The journey paths page (/journeys): the orders converting in the session's range, each
 * with its journey, sorted by the server (conversion date, newest first, at first; or
 * journey length), 15, 30 or 50 a page out of blocks of 160 asked of the server (the next
 * block is asked for when a page needs it), shown at taxonomy level Two, Three or Four.
 *
 * `data`: `waiting` while the session has no program or dates; `taxonomies` loads the
 * program's taxonomies first and cleans the filter (from the link) of touchpoints no
 * taxonomy has any more; `journeys` loads the blocks the page needs; `ready` or `empty`.
 * A failed load (`taxonomiesFailed`, `failed`) only stops loading. Every change of scope,
 * sort, rows per page, level, filter or path loads afresh (the shown rows stay under
 * 'Loading...' until the answer); a page whose rows are loaded already shows at once.
 *
 * 'Export' (`journeys.exportRequested`, while ready) opens the page's Export Data dialog with
 * every order the filter keeps, not only the page's: the blocks not loaded yet are asked for
 * first (`exporting`, the table still shown; a change of choice cancels it, a failure only
 * stops it).
 *
 * `filterDialog`: 'Filter Journey' (`journeys.filterOpened`) opens the Journey Path Filter
 * once the taxonomies are in (its tag inputs offer their values), not before.
 *
 * `summary` (above the table): loads whenever the taxonomies, the level, the filter or the
 * path change (`journeys.summaryRequested`, raised here), and keeps the last one while
 * loading; a failure shows none.
 *
 * Every choice is in the link (`journeysQueryShape`), read once when the page opens; the
 * view writes them back (`journeysReportSelectors.choices`).
 */

export interface JourneysReportInput {
  readonly session: SessionSource;
  /** The query of the page's URL when it opens. */
  readonly search?: string;
}

export interface JourneysReportContext extends ScopedReport {
  readonly choices: JourneyChoices;
  /** The program's taxonomies (the filter's options), once loaded. */
  readonly taxonomies: ReadonlyArray<TaxonomyPath>;
  /** The loaded blocks of 160 rows, by number from 0, in the current sort and filter. */
  readonly blocks: ReadonlyMap<number, ReadonlyArray<JourneyTableRow>>;
  /** How many orders the filter keeps; null before the first answer. */
  readonly total: number | null;
  /** The rows shown: the page's, kept while the next load runs. */
  readonly pageRows: ReadonlyArray<JourneyTableRow>;
  readonly summary: JourneySummaryResponse | null;
}

export type JourneysReportEvent =
  | SessionScopeChanged
  /** A sortable header clicked (Conversion or Journey Length). */
  | { readonly type: "journeys.sorted"; readonly column: string }
  | { readonly type: "journeys.paged"; readonly page: number }
  | { readonly type: "journeys.perPageChanged"; readonly perPage: number }
  | { readonly type: "journeys.levelChosen"; readonly level: JourneyLevel }
  /** 'Filter Journey' clicked: the Journey Path Filter opens on the filter in force. */
  | { readonly type: "journeys.filterOpened" }
  /** The Journey Path Filter's answer (on Close). */
  | { readonly type: "journeys.filter.applied"; readonly filter: JourneySearch }
  | { readonly type: "journeys.filterCleared" }
  /** A summary path chosen: the table shows its orders only. */
  | { readonly type: "journeys.pathChosen"; readonly path: JourneyPath }
  | { readonly type: "journeys.pathCleared" }
  /** 'Export' clicked: the Export Data dialog opens with every filtered order. */
  | { readonly type: "journeys.exportRequested" }
  /** Raised by the report itself when the summary's question changed. */
  | { readonly type: "journeys.summaryRequested" };

type Context = JourneysReportContext;

export interface CallInput {
  readonly api: ApiContext;
  readonly program: string;
  readonly range: ReportRange;
}

export interface BlocksInput extends CallInput {
  readonly scope: JourneysScope;
  readonly sortBy: JourneySortBy;
  readonly direction: "asc" | "desc";
  /** The blocks (from 0) to ask for. */
  readonly blocks: ReadonlyArray<number>;
}

/** The loaded blocks and the total, as the table keeps them. */
export interface BlocksOutput {
  readonly total: number;
  readonly blocks: ReadonlyArray<{ readonly block: number; readonly rows: ReadonlyArray<JourneyTableRow> }>;
}

export interface SummaryInput extends CallInput {
  readonly scope: JourneysScope;
  readonly level: JourneyLevel;
}

const callOf = ({ context }: { readonly context: Context }): CallInput => reportCallOf(context.scope);

const journeysScopeOf = (context: Context): JourneysScope => {
  const call = reportCallOf(context.scope);
  return { program: call.program, range: call.range, filter: context.choices.filter, path: context.choices.path };
};

/** The blocks the page needs that are not loaded yet. */
const missingBlocks = (context: Context): ReadonlyArray<number> =>
  blocksOfPage(context.choices.page, context.choices.perPage, context.total).filter((b) => !context.blocks.has(b));

const blocksInputOf = ({ context }: { readonly context: Context }): BlocksInput => ({
  ...reportCallOf(context.scope),
  scope: journeysScopeOf(context),
  sortBy: context.choices.sort,
  direction: context.choices.direction,
  blocks: missingBlocks(context),
});

/** Every block of the filtered orders that is not loaded yet (what an export needs first). */
const blocksForExport = (context: Context): ReadonlyArray<number> =>
  Array.from({ length: Math.ceil((context.total ?? 0) / journeyRequestPageSize) }, (_, b) => b).filter((b) => !context.blocks.has(b));

const exportBlocksInputOf = ({ context }: { readonly context: Context }): BlocksInput => ({ ...blocksInputOf({ context }), blocks: blocksForExport(context) });

/** Every loaded row in the table's sort (all of them once `blocksForExport` is empty). */
const loadedRows = (context: Context): ReadonlyArray<JourneyTableRow> =>
  [...context.blocks.entries()].sort(([a], [b]) => a - b).flatMap(([, rows]) => rows);

const summaryInputOf = ({ context }: { readonly context: Context }): SummaryInput => ({
  ...reportCallOf(context.scope),
  scope: journeysScopeOf(context),
  level: context.choices.level,
});

/**
 * The data states without the program's taxonomies (not asked for yet, loading, failed): the Journey Path Filter has
 * nothing to offer its tag inputs then, so it does not open ('Filter Journey' is disabled).
 */
const withoutTaxonomies = ["waiting", "taxonomies", "taxonomiesFailed"] as const;

const filterInputOf = ({ context }: { readonly context: Context }): JourneyFilterInput => ({ filter: context.choices.filter, taxonomies: context.taxonomies });

/** Choices that ask the server for other rows: back to page 1, the loaded blocks forgotten (the shown rows stay until the answer). */
const afresh = (context: Context, choices: Partial<JourneyChoices>) => ({
  choices: { ...context.choices, ...choices, page: 1 },
  blocks: new Map<number, ReadonlyArray<JourneyTableRow>>(),
  total: null,
});

const pageRowsOf = (context: Context, page: number, perPage: number): ReadonlyArray<JourneyTableRow> =>
  rowsOfPage(context.blocks, page, perPage, context.total ?? 0);

const loadBlocks = ({ scope, sortBy, direction, blocks }: BlocksInput) =>
  journeyBlocks(scope, { sortBy, direction }, blocks).pipe(
    Effect.map(
      (answers): BlocksOutput => ({
        total: answers.at(-1)?.answer.total ?? 0,
        blocks: answers.map(({ block, answer }) => ({ block, rows: answer.data.map(journeyTableRow) })),
      }),
    ),
  );

type PageParams = { readonly page: number; readonly perPage: number };

const pagedParams = ({ context, event }: { readonly context: Context; readonly event: { readonly page: number } }): PageParams => ({
  page: event.page,
  perPage: context.choices.perPage,
});

/** Another number of rows a page: the first row of the page shown stays on the new page. */
const perPageParams = ({ context, event }: { readonly context: Context; readonly event: { readonly perPage: number } }): PageParams => {
  const firstRow = (context.choices.page - 1) * context.choices.perPage;
  return { page: Math.floor(firstRow / event.perPage) + 1, perPage: event.perPage };
};

/** The changes every data state answers the same way (waiting and loading the taxonomies: only kept for the journeys load). */
const choiceEvents = {
  "journeys.sorted": { actions: { type: "sortBy", params: ({ event }: { readonly event: { readonly column: string } }) => event.column } },
  "journeys.levelChosen": { actions: [{ type: "chooseLevel", params: ({ event }: { readonly event: { readonly level: JourneyLevel } }) => event.level }] },
  "journeys.filter.applied": { actions: { type: "applyFilter", params: ({ event }: { readonly event: { readonly filter: JourneySearch } }) => event.filter } },
  "journeys.filterCleared": { actions: { type: "applyFilter", params: () => ({}) as JourneySearch } },
  "journeys.pathChosen": { actions: { type: "choosePath", params: ({ event }: { readonly event: { readonly path: JourneyPath } }) => event.path } },
  "journeys.pathCleared": { actions: { type: "choosePath", params: () => null } },
  "journeys.paged": { actions: { type: "turnPage", params: pagedParams } },
  "journeys.perPageChanged": { actions: { type: "turnPage", params: perPageParams } },
} as const;

/** Once the journeys load: each change loads again (a load under way is for the old choices), the summary too where its question changed; a page already loaded shows at once. */
const reloadingEvents = {
  "journeys.sorted": { target: "journeys", reenter: true, actions: choiceEvents["journeys.sorted"].actions },
  "journeys.levelChosen": { target: "journeys", reenter: true, actions: [...choiceEvents["journeys.levelChosen"].actions, "requestSummary"] },
  "journeys.filter.applied": [
    {
      guard: { type: "isOtherFilter", params: ({ event }: { readonly event: { readonly filter: JourneySearch } }) => event.filter },
      target: "journeys",
      reenter: true,
      actions: [choiceEvents["journeys.filter.applied"].actions, "requestSummary"],
    },
    // The same filter: nothing changes (the page, the path and the loaded rows stay).
    { actions: [] },
  ],
  "journeys.filterCleared": { target: "journeys", reenter: true, actions: [choiceEvents["journeys.filterCleared"].actions, "requestSummary"] },
  "journeys.pathChosen": { target: "journeys", reenter: true, actions: [choiceEvents["journeys.pathChosen"].actions, "requestSummary"] },
  "journeys.pathCleared": { target: "journeys", reenter: true, actions: [choiceEvents["journeys.pathCleared"].actions, "requestSummary"] },
  "journeys.paged": [
    { guard: { type: "holdsPage", params: pagedParams }, actions: { type: "showPage", params: pagedParams } },
    { target: "journeys", reenter: true, actions: { type: "turnPage", params: pagedParams } },
  ],
  "journeys.perPageChanged": [
    { guard: { type: "holdsPage", params: perPageParams }, actions: { type: "showPage", params: perPageParams } },
    { target: "journeys", reenter: true, actions: { type: "turnPage", params: perPageParams } },
  ],
} as const;

export const journeysReportMachine = setup({
  types: {
    context: {} as Context,
    events: {} as JourneysReportEvent,
    input: {} as JourneysReportInput,
  },
  actors: {
    ...reportFrameActors,
    loadTaxonomies: fromApiCall<ReadonlyArray<TaxonomyPath>, CallInput, HttpError>(({ program, range }) =>
      journeyTaxonomies(program, range).pipe(Effect.map((answer) => answer.data)),
    ),
    loadJourneys: fromApiCall<BlocksOutput, BlocksInput, HttpError>(loadBlocks),
    /** The blocks an export needs (every one not loaded), the same call as the table's. */
    loadExportJourneys: fromApiCall<BlocksOutput, BlocksInput, HttpError>(loadBlocks),
    loadSummary: fromApiCall<JourneySummaryResponse, SummaryInput, HttpError>(({ scope, level }) => journeySummary(scope, level)),
    journeyFilter: journeyFilterMachine,
  },
  actions: {
    keepScope: assign(keepScopeAssignment),
    /** The taxonomies kept, and the filter cleaned of touchpoints none of them has. */
    keepTaxonomies: assign(({ context }, taxonomies: ReadonlyArray<TaxonomyPath>) => ({
      taxonomies,
      choices: { ...context.choices, filter: filterWithinTaxonomies(context.choices.filter, taxonomies) },
    })),
    forgetTable: assign({ blocks: () => new Map<number, ReadonlyArray<JourneyTableRow>>(), total: () => null, pageRows: () => [] }),
    /** A new scope: page 1, nothing loaded. */
    startAfresh: assign(({ context }) => ({ ...afresh(context, {}), pageRows: [] })),
    keepBlocks: assign(({ context }, output: BlocksOutput) => {
      const blocks = new Map(context.blocks);
      for (const { block, rows } of output.blocks) blocks.set(block, rows);
      const page = clampPage(context.choices.page, output.total, context.choices.perPage);
      const next = { ...context, blocks, total: output.total };
      return { blocks, total: output.total, choices: { ...context.choices, page }, pageRows: pageRowsOf(next, page, context.choices.perPage) };
    }),
    sortBy: assign(({ context }, column: string) => {
      const sort = nextSort({ column: context.choices.sort, direction: context.choices.direction }, column, "desc");
      return afresh(context, { sort: sort.column === "journey_length" ? "journey_length" : "conversion_date", direction: sort.direction });
    }),
    chooseLevel: assign(({ context }, level: JourneyLevel) => afresh(context, { level, path: null })),
    applyFilter: assign(({ context }, filter: JourneySearch) => afresh(context, { filter: cleanJourneySearch(filter), path: null })),
    choosePath: assign(({ context }, path: JourneyPath | null) => afresh(context, { path })),
    /** The page (and rows per page) chosen; loaded rows are shown when the page's blocks are there. */
    turnPage: assign(({ context }, { page, perPage }: PageParams) => ({ choices: { ...context.choices, page: Math.max(1, Math.floor(page)), perPage } })),
    showPage: assign(({ context }, { page, perPage }: PageParams) => {
      const shown = clampPage(page, context.total ?? 0, perPage);
      return { choices: { ...context.choices, page: shown, perPage }, pageRows: pageRowsOf(context, shown, perPage) };
    }),
    requestSummary: raise({ type: "journeys.summaryRequested" }),
    keepSummary: assign((_, summary: JourneySummaryResponse) => ({ summary })),
    forgetSummary: assign({ summary: () => null }),
    spawnExportDialog: spawnChild("exportDialog", { id: exportDialogId }),
    /** The Export Data dialog opened with every loaded row (every filtered order once the export's blocks are in). */
    openExport: sendTo(exportDialogId, ({ context }) =>
      tableExportOf(
        context.scope,
        journeysTexts.exportKind,
        journeyExportTable(loadedRows(context), context.choices.level, programTimeZone(context.scope.program)),
      ),
    ),
  },
  guards: {
    ...reportFrameGuards,
    /** The program's taxonomies are in (the filter's tag inputs can offer their values). */
    hasTaxonomies: and(withoutTaxonomies.map((state) => not(stateIn({ data: state })))),
    hasRows: ({ context }) => (context.total ?? 0) > 0,
    /** Every filtered order is loaded (an export needs no call). */
    holdsEveryRow: ({ context }) => blocksForExport(context).length === 0,
    /** A filter other than the one in force (Close without a change loads nothing). */
    isOtherFilter: ({ context }, filter: JourneySearch) => !sameJourneySearch(context.choices.filter, filter),
    /** The page asked for lies past the last one and its rows are not loaded (a link's page, fewer orders now). */
    needsClampedPage: ({ context }) => missingBlocks(context).length > 0 && (context.total ?? 0) > 0,
    /** Every row of the page is loaded already. */
    holdsPage: ({ context }, { page, perPage }: PageParams) =>
      context.total !== null && blocksOfPage(clampPage(page, context.total, perPage), perPage, context.total).every((b) => context.blocks.has(b)),
  },
}).createMachine({
  id: "journeysReport",
  context: ({ input }) => ({
    session: input.session,
    scope: openingScope(input.session),
    choices: readReportQuery(input.search ?? "", journeysQueryShape),
    taxonomies: [],
    blocks: new Map(),
    total: null,
    pageRows: [],
    summary: null,
  }),
  // The page's Export Data dialog lives as long as the report.
  entry: "spawnExportDialog",
  invoke: followSessionScope,
  type: "parallel",
  states: {
    data: {
      initial: "waiting",
      on: {
        "session.scopeChanged": [
          { guard: scopeGuard("isIncompleteScope"), target: ".waiting", actions: [keepScope, "startAfresh"] },
          { guard: scopeGuard("isOtherScope"), target: ".taxonomies", actions: [keepScope, "startAfresh"] },
        ],
        ...choiceEvents,
      },
      states: {
        waiting: waitForScope("taxonomies"),
        /** The program's taxonomies load first; the filter is cleaned against them. */
        taxonomies: {
          // Loading again for another scope (the load under way is for the old one); on the state itself, so the summary region is not entered again.
          on: {
            "session.scopeChanged": [
              { guard: scopeGuard("isIncompleteScope"), target: "waiting", actions: [keepScope, "startAfresh"] },
              { guard: scopeGuard("isOtherScope"), target: "taxonomies", reenter: true, actions: [keepScope, "startAfresh"] },
            ],
          },
          invoke: {
            src: "loadTaxonomies",
            input: callOf,
            onDone: { target: "journeys", actions: [{ type: "keepTaxonomies", params: ({ event }) => event.output }, "requestSummary"] },
            onError: { target: "taxonomiesFailed" },
          },
        },
        journeys: {
          on: reloadingEvents,
          invoke: {
            src: "loadJourneys",
            input: blocksInputOf,
            onDone: { target: "settled", actions: { type: "keepBlocks", params: ({ event }) => event.output } },
            onError: { target: "failed", actions: "forgetTable" },
          },
        },
        settled: {
          always: [{ guard: "needsClampedPage", target: "journeys" }, { guard: "hasRows", target: "ready" }, { target: "empty" }],
        },
        ready: {
          on: {
            ...reloadingEvents,
            "journeys.exportRequested": [{ guard: "holdsEveryRow", actions: "openExport" }, { target: "exporting" }],
          },
        },
        /** 'Export' asked for rows not loaded: they load (the table stays shown), then the dialog opens with every one. */
        exporting: {
          on: reloadingEvents,
          invoke: {
            src: "loadExportJourneys",
            input: exportBlocksInputOf,
            onDone: { target: "ready", actions: [{ type: "keepBlocks", params: ({ event }) => event.output }, "openExport"] },
            onError: { target: "ready" },
          },
        },
        empty: { on: reloadingEvents },
        /** The journeys failed: loading stops, nothing is shown; any change loads again. */
        failed: { on: reloadingEvents },
        /** The taxonomies failed: loading stops, nothing is shown; a new scope loads again. */
        taxonomiesFailed: {},
      },
    },
    /** The Journey Path Filter: open while its machine runs; Close (or Escape) applies its filter and ends it. */
    filterDialog: {
      initial: "closed",
      states: {
        // Opened before the taxonomies are in, it would show touchpoints without text boxes, for good.
        closed: { on: { "journeys.filterOpened": { guard: "hasTaxonomies", target: "open" } } },
        open: {
          invoke: { id: "journeyFilter", src: "journeyFilter", input: filterInputOf, onDone: "closed" },
          on: { "journeys.filter.applied": "closed" },
        },
      },
    },
    summary: {
      initial: "idle",
      on: {
        "journeys.summaryRequested": { target: ".loading" },
        "session.scopeChanged": { guard: scopeGuard("isIncompleteScope"), target: ".idle", actions: "forgetSummary" },
      },
      states: {
        idle: {},
        loading: {
          // Asked again while loading: the load under way answers the old question (on the state itself, so the data region is not entered again).
          on: { "journeys.summaryRequested": { target: "loading", reenter: true } },
          invoke: {
            src: "loadSummary",
            input: summaryInputOf,
            onDone: { target: "shown", actions: { type: "keepSummary", params: ({ event }) => event.output } },
            onError: { target: "failed", actions: "forgetSummary" },
          },
        },
        shown: {},
        /** The summary failed: none is shown. */
        failed: {},
      },
    },
  },
});

type Snap = SnapshotFrom<typeof journeysReportMachine>;

const sortOf = (s: Snap): SortSpec => ({ column: s.context.choices.sort, direction: s.context.choices.direction });

/** Named selectors: the view reads the report only through these. */
export const journeysReportSelectors = {
  status: (s: Snap): ReportStatus =>
    s.matches({ data: "waiting" })
      ? "waiting"
      : s.matches({ data: "taxonomies" }) || s.matches({ data: "journeys" }) || s.matches({ data: "settled" })
        ? "loading"
        : s.matches({ data: "failed" }) || s.matches({ data: "taxonomiesFailed" })
          ? "failed"
          : s.matches({ data: "empty" })
            ? "empty"
            : "ready",
  /** Whether 'Export' is loading the rows not loaded yet. */
  isExporting: (s: Snap) => s.matches({ data: "exporting" }),
  /** Whether rows were shown before this load (they stay under 'Loading...'). */
  hasShownRows: (s: Snap) => s.context.pageRows.length > 0,
  rows: (s: Snap) => s.context.pageRows,
  level: (s: Snap) => s.context.choices.level,
  sort: sortOf,
  page: (s: Snap) => s.context.choices.page,
  perPage: (s: Snap) => s.context.choices.perPage,
  total: (s: Snap) => s.context.total ?? 0,
  pageCount: (s: Snap) => pageCount(s.context.total ?? 0, s.context.choices.perPage),
  filter: (s: Snap) => s.context.choices.filter,
  isFiltered: (s: Snap) => Object.keys(s.context.choices.filter).length > 0,
  path: (s: Snap) => s.context.choices.path,
  taxonomies: (s: Snap) => s.context.taxonomies,
  /** The program's UTC offset, the Conversion column's. */
  timeZone: (s: Snap) => programTimeZone(s.context.scope.program),
  programName: (s: Snap) => s.context.scope.program?.name ?? "",
  range: (s: Snap) => s.context.scope.range,
  summary: (s: Snap) => s.context.summary,
  /** Whether 'Filter Journey' opens the Journey Path Filter (the taxonomies are in). */
  canOpenFilter: (s: Snap) => !withoutTaxonomies.some((state) => s.matches({ data: state })),
  /** The open Journey Path Filter's actor (undefined while closed). */
  filterDialog: (s: Snap) => s.children["journeyFilter"] as JourneyFilterActorRef | undefined,
  isSummaryLoading: (s: Snap) => s.matches({ summary: "loading" }),
  /** Every choice as the link carries it. */
  choices: (s: Snap): JourneyChoices => s.context.choices,
  exportDialog: exportDialogOf,
} satisfies Record<string, (s: Snap) => unknown>;

export type JourneysReportActorRef = ActorRefFrom<typeof journeysReportMachine>;
export type JourneysReportSnapshot = Snap;
