import { assign, enqueueActions, fromCallback, sendTo, setup, spawnChild, type ActorRefFrom, type AnyActorRef, type EventObject, type SnapshotFrom } from "xstate";
import { exportDialogMachine, type ExportDialogActorRef } from "../exports/exportDialog.machine";
import { matchingSet } from "../../domain/performance/columnSelection";
import { notesDefaults, readReportLink, type ReportChoices, type TablePaging } from "../../domain/performance/reportLink";
import { parseRange } from "../../domain/report/dateRange";
import { applyLink, type ReportPreferences, type SessionState } from "../../domain/shell/session";
import { readLink } from "../../domain/shell/sessionLink";
import { levelTableConfig, performancePageKind, type LevelTableConfig, type PerformancePageKind, type PerformanceRoute } from "../../domain/performance/performancePage";
import { todayAt, type DateRange } from "../../domain/report/dateRange";
import { programTimeZone } from "../../domain/shell/timeZone";
import { sameSessionScope, sessionScopeOf, type SessionScope } from "../../domain/report/reportScope";
import { defaultPerPage, perPageOptions, type PagedTable } from "../../domain/table/pagination";
import type { SortSpec } from "../../domain/table/tableSort";
import { csvDownloadMachine, type CsvDownloadActorRef, type CsvRequest } from "../exports/csvDownload.machine";
import type { SessionEvent } from "../shell/session.machine";
import { followSessionScope, sessionScopeActors, type SessionScopeChanged, type SessionSource } from "../shell/sessionScope";
import { spendBatchMachine, type SpendBatchActorRef, type SpendBatchFinished, type SpendBatchInput } from "../spend/spendBatch.machine";
import { spendFormTellingToasts, type SpendCreated, type SpendFormActorRef, type SpendFormInput } from "../spend/spendForm.machine";
import { campaignNotesMachine, type CampaignNotesActorRef, type CampaignNotesInput, type NotesScope, type NotesToggleChanged } from "./campaignNotes.machine";
import { columnSetsMachine, type ColumnSetsActorRef, type ColumnSetsInput } from "./columnSets.machine";
import { comparisonMachine, type ComparisonActorRef, type ComparisonChanged, type ComparisonInput, type ComparisonScope } from "./comparison.machine";
import { performanceChartMachine, type ChartParams, type PerformanceChartActorRef, type PerformanceChartInput } from "./performanceChart.machine";
import {
  performanceTableMachine,
  type PerformanceTableActorRef,
  type PerformanceTableInput,
  type TablePagingChanged,
  type TableSorted,
} from "./performanceTable.machine";
import type { ReportParams, TableParams } from "./reportParams";
import { rowExpansionMachine, type RowExpansionActorRef, type RowExpansionInput } from "./rowExpansion.machine";
import {
  searchResultsMachine,
  type SearchChoicesChanged,
  type SearchResultsActorRef,
  type SearchResultsInput,
  type SearchScope,
} from "./searchResults.machine";

/**
 * One performance page: the scope it was opened with and the actors of its pieces.
 *
 * The report keeps the session's scope (API context, program, dates, named filter), the
 * route (taxonomy path or search term) and the program's today (for the comparison
 * dates and the spend rows written "today"). It follows the session through
 * `sessionScopeListener` and spawns the page's pieces, each by its own action:
 *
 * - level one: table, row expansion, comparison, column sets, CSV download, chart,
 *   campaign notes, spend form and spend batch;
 * - taxonomy two, taxonomy three and the level-four report: the same without the spend entry;
 * - the level-four chart (four values): chart and campaign notes;
 * - search: the search results and column sets.
 *
 * Modes are states: `waiting` while the session has no program or dates (nothing is
 * spawned), `open` with one state per kind of page. A scope change tells each piece that
 * depends on it, once, by its own event (`table.paramsChanged`, `expansion.paramsChanged`,
 * `comparison.scopeChanged`, `chart.scopeChanged`, `notes.scopeChanged`,
 * `search.scopeChanged`); the search hears only of its program, dates or API context; the
 * spend entry starts afresh when the program or the API context changes. A created spend
 * (`spend.created` from the spend form) and a finished batch that saved rows
 * (`spendBatch.finished`) change the costs shown: the table, the chart and the comparison
 * load again for the same scope, once each (`table.reloaded`, `chart.reloaded`,
 * `comparison.reloaded`; the comparison ignores it while off). A scope without
 * program or dates (a sign-out) stops every piece until there is one again. Another route
 * is another report: views key it by the route.
 *
 * The URL: the report opens with the query of its URL (`search`). Its program and dates
 * and every choice on the report (`readReportLink`: interval, chart type and metrics,
 * named filter, Compare with its dates, columns, sort, the table's page and rows per page,
 * the notes toggles; on a search results page its page and the Filter's unticked nodes)
 * are read over the session's, so
 * the first loads already use the link's; on start the report tells the session the
 * link's scope and choices (`sessionLinkTeller`). A program the person may not see is
 * replaced by the session's, and a toast says so. From then on the report keeps the
 * choices as they are made (`choices`: the session's preferences, heard through
 * `sessionPreferencesListener`, the comparison dates from `comparison.changed`, the
 * table's paging from `table.pagingChanged`, the notes toggles from `notes.toggleChanged`,
 * the search results' Filter and paging from `search.choicesChanged`);
 * the view writes them to the URL.
 */

/** The session as the report uses it: its scope and preferences, and the events the pieces tell it. */
export type ReportSession = SessionSource & AnyActorRef;

export interface PerformanceReportInput {
  readonly session: ReportSession;
  /** The query of the page's URL when it opens (a shared link's program, dates and choices). */
  readonly search?: string;
  readonly path: ReadonlyArray<string>;
  readonly searchTerm?: string;
  /** The app's toasts actor: the spend form's invalid toast goes there. */
  readonly toasts?: AnyActorRef | null;
  /** The clock "today" is read from (tests give a fixed time). */
  readonly now?: () => number;
}

export interface PerformanceReportContext {
  readonly session: ReportSession;
  readonly toasts: AnyActorRef | null;
  readonly route: PerformanceRoute;
  /** The page's table; null on the level-four chart and the search results. */
  readonly table: LevelTableConfig | null;
  readonly scope: SessionScope;
  /** Today (YYYY-MM-DD) in the program's UTC offset, read when the page opens and when the scope changes. */
  readonly today: string;
  readonly now: () => number;
  /** Every choice on the report, as the URL carries it. */
  readonly choices: ReportChoices;
}

/** Told to the report when the session's report preferences change (a choice made in a piece). */
export interface SessionPreferencesChanged {
  readonly type: "session.preferencesChanged";
  readonly preferences: ReportPreferences;
}

export type PerformanceReportEvent =
  | SessionScopeChanged
  | SessionPreferencesChanged
  | { type: "report.csvRequested" }
  | TableSorted
  | TablePagingChanged
  | NotesToggleChanged
  | SearchChoicesChanged
  | ComparisonChanged
  | SpendCreated
  | SpendBatchFinished;

/** The page's Export Data dialog, a child for the report's whole life. */
const exportDialogId = "exportDialog";

/** The ids of the pieces, as the report spawns them. */
export const reportChildIds = {
  table: "table",
  expansion: "expansion",
  comparison: "comparison",
  columnSets: "columnSets",
  csvDownload: "csvDownload",
  chart: "chart",
  notes: "notes",
  search: "search",
  spendForm: "spendForm",
  spendBatch: "spendBatch",
} as const;

export type ReportChild = keyof typeof reportChildIds;

type Context = PerformanceReportContext;
type Args = { readonly context: Context };

const timeZoneOf = (scope: SessionScope): string => programTimeZone(scope.program);
const programCode = (scope: SessionScope): string => scope.program?.code ?? "";
const rangeOf = (scope: SessionScope) => ({ from: scope.range?.from ?? "", to: scope.range?.to ?? "" });
const preferencesOf = (context: Context) => context.session.getSnapshot().context.preferences;
const storedSort = (context: Context): SortSpec => context.choices.sort;

/** The choices the report keeps beside the session's preferences. */
type ReportOwnChoices = Pick<ReportChoices, "comparison" | "paging" | "notesShown" | "notesTableOpen" | "searchFilter">;

/** The choices the session's preferences hold, with the report's own (Compare, paging, notes toggles, the search Filter). */
const choicesOf = (p: ReportPreferences, own: ReportOwnChoices): ReportChoices => ({
  interval: p.interval,
  chartType: p.chartType,
  metricOne: p.metricOne,
  metricTwo: p.metricTwo,
  filter: p.namedFilter,
  comparison: own.comparison,
  columns: p.columns,
  sort: { column: p.sortMetric, direction: p.sortDirection },
  paging: own.paging,
  notesShown: own.notesShown,
  notesTableOpen: own.notesTableOpen,
  searchFilter: own.searchFilter,
});

const sameColumns = (a: ReadonlyArray<string>, b: ReadonlyArray<string>): boolean => a.length === b.length && a.every((c, i) => c === b[i]);

/**
 * The report's scope and choices when it opens: the URL's over the session's (Compare off, page 1 with the table's
 * rows per page, the notes toggles' defaults; on a search results page, page 1 of its results and no leaf unticked).
 */
const openingOf = (session: SessionState, search: string, table: LevelTableConfig | null, searching: boolean) => {
  const link = readLink(search);
  const paged: PagedTable | null = table ? table.kind : searching ? "search" : null;
  const paging: TablePaging | null = paged && { page: 1, perPage: defaultPerPage[paged] };
  const own = { comparison: null, paging, ...notesDefaults, searchFilter: searching ? [] : null };
  const choices = readReportLink(search, choicesOf(session.preferences, own), paged ? perPageOptions[paged] : []);
  const linked = applyLink(session, link, parseRange);
  const scope = sessionScopeOf({ ...linked, preferences: { ...linked.preferences, namedFilter: choices.filter } });
  return { scope, choices };
};

/** What the session is told when a report opens: the link's program and dates, and each choice that differs from its own. */
const linkEventsOf = (context: Context): ReadonlyArray<SessionEvent> => {
  const p = preferencesOf(context);
  const c = context.choices;
  const { program, range } = context.scope;
  const events: SessionEvent[] = [];
  if (program && range) events.push({ type: "session.linkOpened", link: { program: program.code, from: range.from, to: range.to } });
  if (c.filter !== p.namedFilter) events.push({ type: "session.namedFilterChanged", filter: c.filter });
  if (c.interval !== p.interval) events.push({ type: "session.intervalChanged", interval: c.interval });
  if (c.chartType !== p.chartType) events.push({ type: "session.chartTypeToggled" });
  if (c.metricOne !== p.metricOne || c.metricTwo !== p.metricTwo) events.push({ type: "session.metricsChanged", metricOne: c.metricOne, metricTwo: c.metricTwo });
  if (!sameColumns(c.columns, p.columns)) events.push({ type: "session.columnsChanged", columns: c.columns, setId: matchingSet(c.columns, []) });
  if (c.sort.column !== p.sortMetric || c.sort.direction !== p.sortDirection) events.push({ type: "session.sortChanged", metric: c.sort.column, direction: c.sort.direction });
  return events;
};

/**
 * Tells the session, as it starts, what the report opened with (`linkEventsOf`). It is
 * the report's first actor: it starts before the listeners, so they start from the
 * session's scope with the link in it and no piece loads twice.
 */
export const sessionLinkTeller = fromCallback<EventObject, { readonly session: AnyActorRef; readonly events: ReadonlyArray<EventObject> }>(({ input }) => {
  for (const event of input.events) input.session.send(event);
});

/**
 * Tells its parent `session.preferencesChanged` each time the session's report
 * preferences change (a choice made in the chart, the column sets or a table).
 */
export const sessionPreferencesListener = fromCallback<{ type: "noop" }, { readonly session: SessionSource }>(({ input, sendBack }) => {
  let last = input.session.getSnapshot().context.preferences;
  const subscription = input.session.subscribe((snapshot) => {
    const next = snapshot.context.preferences;
    if (next === last) return;
    last = next;
    sendBack({ type: "session.preferencesChanged", preferences: next } satisfies SessionPreferencesChanged);
  });
  return () => subscription.unsubscribe();
});

/** What the page's tables load besides their path. */
export const reportParamsOf = (context: Context): ReportParams => ({
  api: context.scope.api,
  program: programCode(context.scope),
  range: rangeOf(context.scope),
  filter: context.scope.filter,
});
const tableParamsOf = (context: Context): TableParams => ({ ...reportParamsOf(context), path: context.route.path });
const chartParamsOf = (context: Context): ChartParams => ({ ...reportParamsOf(context), path: context.route.path });
const comparisonScopeOf = (context: Context): ComparisonScope => ({
  api: context.scope.api,
  program: programCode(context.scope),
  path: context.route.path,
  filter: context.scope.filter,
  range: rangeOf(context.scope),
  today: context.today,
});
const notesScopeOf = (context: Context): NotesScope => ({ api: context.scope.api, program: programCode(context.scope), range: rangeOf(context.scope) });
const searchScopeOf = (context: Context): SearchScope => ({
  api: context.scope.api,
  program: programCode(context.scope),
  range: rangeOf(context.scope),
  term: context.route.searchTerm ?? "",
});
const csvRequestOf = (context: Context): CsvRequest => ({
  api: context.scope.api,
  program: programCode(context.scope),
  path: context.route.path,
  range: rangeOf(context.scope),
});

// The pieces' inputs, from the report's context.
const tableInput = ({ context, self }: Args & { readonly self: AnyActorRef }): PerformanceTableInput => ({
  params: tableParamsOf(context),
  sort: storedSort(context),
  kind: context.table?.kind ?? "level",
  levelFour: context.table?.levelFour ?? false,
  sortListener: self,
  paging: context.choices.paging,
});
const expansionInput = ({ context }: Args): RowExpansionInput => ({
  params: reportParamsOf(context),
  base: context.route.path,
  deepestLevel: context.table?.deepestLevel ?? 0,
  sort: storedSort(context),
});
const comparisonInput = ({ context, self }: Args & { readonly self: AnyActorRef }): ComparisonInput => ({
  ...comparisonScopeOf(context),
  listener: self,
  opening: context.choices.comparison,
});
const columnSetsInput = ({ context }: Args): ColumnSetsInput => {
  const { columns, columnSet } = preferencesOf(context);
  // Columns from a link are a choice (the favourite does not replace them); a session stored before the choice was recorded has no columnSet: no choice.
  const chosenSetId = sameColumns(columns, context.choices.columns) ? (columnSet ?? null) : matchingSet(context.choices.columns, []);
  return { api: context.scope.api, session: context.session, columns: context.choices.columns, chosenSetId };
};
const chartInput = ({ context }: Args): PerformanceChartInput => ({
  session: context.session,
  params: chartParamsOf(context),
  metricOne: context.choices.metricOne,
  metricTwo: context.choices.metricTwo,
  interval: context.choices.interval,
  chartType: context.choices.chartType,
});
const notesInput = ({ context, self }: Args & { readonly self: AnyActorRef }): CampaignNotesInput => ({
  scope: notesScopeOf(context),
  markersShown: context.choices.notesShown,
  tableOpen: context.choices.notesTableOpen,
  listener: self,
});
const searchInput = ({ context, self }: Args & { readonly self: AnyActorRef }): SearchResultsInput => ({
  ...searchScopeOf(context),
  sort: storedSort(context),
  paging: context.choices.paging,
  unchecked: context.choices.searchFilter ?? [],
  listener: self,
});
const spendFormInput = ({ context, self }: Args & { readonly self: AnyActorRef }): SpendFormInput => ({
  api: context.scope.api,
  program: programCode(context.scope),
  toasts: context.toasts,
  listener: self,
});
const spendBatchInput = ({ context, self }: Args & { readonly self: AnyActorRef }): SpendBatchInput => ({
  api: context.scope.api,
  program: programCode(context.scope),
  today: context.today,
  listener: self,
});
const listenerInput = ({ context }: Args) => ({ session: context.session });

// What the report tells its pieces when the scope changes.
const tableParamsChanged = ({ context }: Args) => ({ type: "table.paramsChanged" as const, params: tableParamsOf(context) });
const expansionParamsChanged = ({ context }: Args) => ({ type: "expansion.paramsChanged" as const, params: reportParamsOf(context), base: context.route.path });
const comparisonScopeChanged = ({ context }: Args) => ({ type: "comparison.scopeChanged" as const, ...comparisonScopeOf(context) });
const chartScopeChanged = ({ context }: Args) => ({ type: "chart.scopeChanged" as const, params: chartParamsOf(context) });
const notesScopeChanged = ({ context }: Args) => ({ type: "notes.scopeChanged" as const, scope: notesScopeOf(context) });
const searchScopeChanged = ({ context }: Args) => ({ type: "search.scopeChanged" as const, scope: searchScopeOf(context) });
const csvRequested = ({ context }: Args) => ({ type: "csv.requested" as const, request: csvRequestOf(context) });

const isComplete = (scope: SessionScope): boolean => scope.program !== null && scope.range !== null;
const sameApi = (a: SessionScope, b: SessionScope): boolean => a.api.baseUrl === b.api.baseUrl && a.api.token === b.api.token;
const sameProgram = (a: SessionScope, b: SessionScope): boolean => programCode(a) === programCode(b) && timeZoneOf(a) === timeZoneOf(b);
const sameDates = (a: SessionScope, b: SessionScope): boolean => {
  const [x, y] = [rangeOf(a), rangeOf(b)];
  return x.from === y.from && x.to === y.to;
};

/** A sort of the page's table (pages with a table): the session keeps it, the open rows follow it. */
/** The comparison's dates (null when off) go to the open rows: only pages with a table have both. */
const tellsOpenRowsComparison = {
  actions: [
    { type: "tellExpansionComparison", params: ({ event }: { event: ComparisonChanged }) => event.range },
    { type: "keepComparison", params: ({ event }: { event: ComparisonChanged }) => event.range },
  ],
} as const;

/** New costs (a created spend, a finished batch that saved rows): what shows costs loads again, once each. */
const reloadsCosts = { actions: ["reloadTable", "reloadChart", "reloadComparison"] } as const;

const keepsTableSort = {
  actions: [
    { type: "keepSortInSession", params: ({ event }: { event: TableSorted }) => event.sort },
    { type: "tellExpansionSort", params: ({ event }: { event: TableSorted }) => event.sort },
  ],
} as const;

/** A scope change while open: a scope without program or dates closes the page until there is one again. */
/** The scope a `session.scopeChanged` carries, as guard and action params. */
const newScope = ({ event }: { event: SessionScopeChanged }) => event.scope;
const changeScope = { type: "changeScope", params: newScope } as const;
const scopeGuard = (type: "isIncompleteScope" | "changesSpendScope" | "changesSearchScope" | "isOtherScope") => ({ type, params: newScope }) as const;

const closesPage = { guard: scopeGuard("isIncompleteScope"), target: "#performanceReport.waiting", actions: changeScope } as const;

export const performanceReportMachine = setup({
  types: {
    context: {} as PerformanceReportContext,
    events: {} as PerformanceReportEvent,
    input: {} as PerformanceReportInput,
  },
  actors: {
    sessionLinkTeller,
    ...sessionScopeActors,
    sessionPreferencesListener,
    performanceTable: performanceTableMachine,
    rowExpansion: rowExpansionMachine,
    comparison: comparisonMachine,
    columnSets: columnSetsMachine,
    csvDownload: csvDownloadMachine,
    performanceChart: performanceChartMachine,
    campaignNotes: campaignNotesMachine,
    searchResults: searchResultsMachine,
    spendForm: spendFormTellingToasts,
    spendBatch: spendBatchMachine,
    exportDialog: exportDialogMachine,
  },
  actions: {
    changeScope: assign((_, scope: SessionScope) => ({ scope })),
    keepPreferences: assign(({ context }, preferences: ReportPreferences) => ({ choices: choicesOf(preferences, context.choices) })),
    keepSearchChoices: assign(({ context }, change: Omit<SearchChoicesChanged, "type">) => ({
      choices: { ...context.choices, paging: change.paging, searchFilter: change.unchecked },
    })),
    keepPaging: assign(({ context }, paging: TablePaging) => ({ choices: { ...context.choices, paging } })),
    keepNotesToggle: assign(({ context }, change: Omit<NotesToggleChanged, "type">) => ({
      choices: change.toggle === "markers" ? { ...context.choices, notesShown: change.on } : { ...context.choices, notesTableOpen: change.on },
    })),
    keepComparison: assign(({ context }, comparison: ReportChoices["comparison"]) => ({ choices: { ...context.choices, comparison } })),
    /** Today in the program's time zone, from the report's clock. */
    readToday: assign(({ context }) => ({ today: todayAt(context.now(), timeZoneOf(context.scope)) })),
    spawnTable: spawnChild("performanceTable", { id: reportChildIds.table, input: tableInput }),
    spawnExpansion: spawnChild("rowExpansion", { id: reportChildIds.expansion, input: expansionInput }),
    spawnComparison: spawnChild("comparison", { id: reportChildIds.comparison, input: comparisonInput }),
    spawnColumnSets: spawnChild("columnSets", { id: reportChildIds.columnSets, input: columnSetsInput }),
    spawnCsvDownload: spawnChild("csvDownload", { id: reportChildIds.csvDownload }),
    spawnChart: spawnChild("performanceChart", { id: reportChildIds.chart, input: chartInput }),
    spawnNotes: spawnChild("campaignNotes", { id: reportChildIds.notes, input: notesInput }),
    spawnSearch: spawnChild("searchResults", { id: reportChildIds.search, input: searchInput }),
    spawnSpendForm: spawnChild("spendForm", { id: reportChildIds.spendForm, input: spendFormInput }),
    spawnExportDialog: spawnChild("exportDialog", { id: exportDialogId }),
    spawnSpendBatch: spawnChild("spendBatch", { id: reportChildIds.spendBatch, input: spendBatchInput }),
    /** The spend entry starts afresh (its form and its batch). */
    stopSpendEntry: enqueueActions(({ enqueue }) => {
      enqueue.stopChild(reportChildIds.spendForm);
      enqueue.stopChild(reportChildIds.spendBatch);
    }),
    /** Leaving the open page: every piece stops (a piece the page does not have is skipped). */
    stopPieces: enqueueActions(({ enqueue }) => {
      for (const id of Object.values(reportChildIds)) enqueue.stopChild(id);
    }),
    tellTable: sendTo(reportChildIds.table, tableParamsChanged),
    tellExpansion: sendTo(reportChildIds.expansion, expansionParamsChanged),
    tellComparison: sendTo(reportChildIds.comparison, comparisonScopeChanged),
    tellChart: sendTo(reportChildIds.chart, chartScopeChanged),
    tellNotes: sendTo(reportChildIds.notes, notesScopeChanged),
    tellSearch: sendTo(reportChildIds.search, searchScopeChanged),
    requestCsv: sendTo(reportChildIds.csvDownload, csvRequested),
    /** The same scope, loaded again (its costs changed). */
    reloadTable: sendTo(reportChildIds.table, { type: "table.reloaded" }),
    reloadChart: sendTo(reportChildIds.chart, { type: "chart.reloaded" }),
    reloadComparison: sendTo(reportChildIds.comparison, { type: "comparison.reloaded" }),
    /** The session keeps the table's sort for the next table. */
    keepSortInSession: sendTo(({ context }) => context.session, (_, sort: SortSpec) => ({ type: "session.sortChanged", metric: sort.column, direction: sort.direction })),
    /** Open rows and their peek tables sort like the table. */
    tellExpansionSort: sendTo(reportChildIds.expansion, (_, sort: SortSpec) => ({ type: "expansion.sortChanged" as const, sort })),
    /** Open rows' peek tables compare like the table: the comparison's dates, or null when it is off. */
    tellExpansionComparison: sendTo(reportChildIds.expansion, (_, range: DateRange | null) => ({ type: "expansion.comparisonChanged" as const, range })),
  },
  guards: {
    hasCompleteScope: ({ context }) => isComplete(context.scope),
    isIncompleteScope: (_, scope: SessionScope) => !isComplete(scope),
    isPage: ({ context }, params: { kind: PerformancePageKind }) => performancePageKind(context.route) === params.kind,
    hasTable: ({ context }) => context.table !== null,
    /** Another program or API context: the spend entry starts afresh. */
    changesSpendScope: ({ context }, scope: SessionScope) => !sameProgram(context.scope, scope) || !sameApi(context.scope, scope),
    /** The search depends on the API context, the program and the dates (not the named filter). */
    changesSearchScope: ({ context }, scope: SessionScope) =>
      !sameApi(context.scope, scope) || programCode(context.scope) !== programCode(scope) || !sameDates(context.scope, scope),
    isOtherScope: ({ context }, scope: SessionScope) => !sameSessionScope(context.scope, scope),
  },
}).createMachine({
  id: "performanceReport",
  context: ({ input }) => {
    const route: PerformanceRoute = input.searchTerm === undefined ? { path: input.path } : { path: input.path, searchTerm: input.searchTerm };
    const table = levelTableConfig(route);
    const { scope, choices } = openingOf(input.session.getSnapshot().context, input.search ?? "", table, route.searchTerm !== undefined);
    const now = input.now ?? Date.now;
    return {
      session: input.session,
      toasts: input.toasts ?? null,
      route,
      table,
      scope,
      today: todayAt(now(), timeZoneOf(scope)),
      now,
      choices,
    };
  },
  // The page's one Export Data dialog (the chart's, the table's, the search results') lives as long as the report.
  entry: "spawnExportDialog",
  // In this order: the session hears the link before the listeners start (see sessionLinkTeller).
  invoke: [
    { src: "sessionLinkTeller", input: ({ context }) => ({ session: context.session, events: linkEventsOf(context) }) },
    followSessionScope,
    { src: "sessionPreferencesListener", input: listenerInput },
  ],
  on: {
    "session.preferencesChanged": { actions: { type: "keepPreferences", params: ({ event }) => event.preferences } },
    "table.pagingChanged": { actions: { type: "keepPaging", params: ({ event }) => event.paging } },
    "search.choicesChanged": { actions: { type: "keepSearchChoices", params: ({ event }) => ({ paging: event.paging, unchecked: event.unchecked }) } },
    "notes.toggleChanged": { actions: { type: "keepNotesToggle", params: ({ event }) => ({ toggle: event.toggle, on: event.on }) } },
  },
  initial: "waiting",
  states: {
    /** The session has no program or dates yet: nothing to load, nothing spawned. */
    waiting: {
      always: { guard: "hasCompleteScope", target: "open" },
      on: { "session.scopeChanged": { actions: changeScope } },
    },
    open: {
      entry: "readToday",
      exit: "stopPieces",
      initial: "choosing",
      states: {
        /** Passed through: the page's pieces depend on the route. */
        choosing: {
          always: [
            { guard: { type: "isPage", params: { kind: "search" } }, target: "search" },
            { guard: { type: "isPage", params: { kind: "levelOne" } }, target: "levelOne" },
            { guard: "hasTable", target: "taxonomy" },
            { target: "levelFourChart" },
          ],
        },
        /** /performance: the level-one table with the chart and the spend entry. */
        levelOne: {
          entry: [
            "spawnTable",
            "spawnExpansion",
            "spawnComparison",
            "spawnColumnSets",
            "spawnCsvDownload",
            "spawnChart",
            "spawnNotes",
            "spawnSpendForm",
            "spawnSpendBatch",
          ],
          on: {
            "session.scopeChanged": [
              closesPage,
              {
                guard: scopeGuard("changesSpendScope"),
                actions: [
                  changeScope,
                  "readToday",
                  "tellTable",
                  "tellExpansion",
                  "tellComparison",
                  "tellChart",
                  "tellNotes",
                  "stopSpendEntry",
                  "spawnSpendForm",
                  "spawnSpendBatch",
                ],
              },
              { guard: scopeGuard("isOtherScope"), actions: [changeScope, "readToday", "tellTable", "tellExpansion", "tellComparison", "tellChart", "tellNotes"] },
            ],
            "report.csvRequested": { actions: "requestCsv" },
            "table.sorted": keepsTableSort,
            "comparison.changed": tellsOpenRowsComparison,
            "spend.created": reloadsCosts,
            "spendBatch.finished": reloadsCosts,
          },
        },
        /** A taxonomy page with a table: taxonomy two, taxonomy three or the level-four report. */
        taxonomy: {
          entry: ["spawnTable", "spawnExpansion", "spawnComparison", "spawnColumnSets", "spawnCsvDownload", "spawnChart", "spawnNotes"],
          on: {
            "session.scopeChanged": [
              closesPage,
              { guard: scopeGuard("isOtherScope"), actions: [changeScope, "readToday", "tellTable", "tellExpansion", "tellComparison", "tellChart", "tellNotes"] },
            ],
            "report.csvRequested": { actions: "requestCsv" },
            "table.sorted": keepsTableSort,
            "comparison.changed": tellsOpenRowsComparison,
          },
        },
        /** Four taxonomy values: the level-four chart, no table. */
        levelFourChart: {
          entry: ["spawnChart", "spawnNotes"],
          on: {
            "session.scopeChanged": [closesPage, { guard: scopeGuard("isOtherScope"), actions: [changeScope, "readToday", "tellChart", "tellNotes"] }],
          },
        },
        /** /performance/search/{term}: the search results and their columns. */
        search: {
          entry: ["spawnSearch", "spawnColumnSets"],
          on: {
            "session.scopeChanged": [
              closesPage,
              { guard: scopeGuard("changesSearchScope"), actions: [changeScope, "readToday", "tellSearch"] },
              { guard: scopeGuard("isOtherScope"), actions: [changeScope, "readToday"] },
            ],
          },
        },
      },
    },
  },
});

type Snap = SnapshotFrom<typeof performanceReportMachine>;

const child =
  <T,>(id: string) =>
  (s: Snap): T | undefined =>
    s.children[id] as T | undefined;

/** Named selectors: views read the report and its pieces only through these. */
export const performanceReportSelectors = {
  isWaiting: (s: Snap) => s.matches("waiting"),
  isOpen: (s: Snap) => s.matches("open"),
  pageKind: (s: Snap): PerformancePageKind => performancePageKind(s.context.route),
  /** The page's table settings (null where the page has no table). */
  tableConfig: (s: Snap) => s.context.table,
  scope: (s: Snap) => s.context.scope,
  today: (s: Snap) => s.context.today,
  /** Every choice on the report, for the URL. */
  choices: (s: Snap) => s.context.choices,
  table: child<PerformanceTableActorRef>(reportChildIds.table),
  expansion: child<RowExpansionActorRef>(reportChildIds.expansion),
  comparison: child<ComparisonActorRef>(reportChildIds.comparison),
  columnSets: child<ColumnSetsActorRef>(reportChildIds.columnSets),
  csvDownload: child<CsvDownloadActorRef>(reportChildIds.csvDownload),
  chart: child<PerformanceChartActorRef>(reportChildIds.chart),
  notes: child<CampaignNotesActorRef>(reportChildIds.notes),
  search: child<SearchResultsActorRef>(reportChildIds.search),
  spendForm: child<SpendFormActorRef>(reportChildIds.spendForm),
  spendBatch: child<SpendBatchActorRef>(reportChildIds.spendBatch),
  exportDialog: child<ExportDialogActorRef>(exportDialogId),
} satisfies Record<string, (s: Snap) => unknown>;

export type PerformanceReportActorRef = ActorRefFrom<typeof performanceReportMachine>;
