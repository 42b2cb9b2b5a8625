import { assign, sendTo, setup, spawnChild, type ActorRefFrom, type SnapshotFrom } from "xstate";
import type { FunnelTrendPoint } from "../../domain/analysis/analysis";
import {
  chosenTrend,
  fillMissingDays,
  refusalMessages,
  toggleTrendColumn,
  trendExportLabels,
  trendExportRows,
  trendFields,
  type FunnelField,
  type RefusedSeries,
  type TrendMode,
  type TrendSeries,
} from "../../domain/funnelTrends/funnelTrends";
import { funnelTrendsQuery, type FunnelTrendsChoices } from "../../domain/funnelTrends/funnelTrendsQuery";
import type { SessionScope } from "../../domain/report/reportScope";
import { readReportQuery } from "../../domain/report/reportQuery";
import type { ReportStatus } from "../../domain/report/analysisReportTexts";
import { clampPage, pageCount, pageSlice } from "../../domain/table/pagination";
import { loadFunnelTrends, type FunnelTrendsAnswer, type FunnelTrendsScope } from "../../services/funnelTrends/funnelTrends";
import type { ApiContext } from "../../services/http/http";
import { keepScopeAssignment, reportCallOf, type SessionScopeChanged } from "../reports/reportScope";
import { funnelFieldNames } from "../../domain/analysis/analysis";
import { funnelTrendsTexts } from "../../domain/funnelTrends/funnelTrendsTexts";
import { type ExportOpened } from "../exports/exportDialog.machine";
import { exportDialogId, openingReport, reportFrameActors, reportFrameGuards, reportFrameSelectors, tableExportOf } from "../reports/reportFrame";
import { exportTaxonomyColumns } from "../../domain/report/taxonomyLevels";
import { fromApiCall } from "../runtime/fromEffect";
import { followSessionScope } from "../reports/reportScope";
import { contextMemo, followScopeInPlace, pagedChoicesAssignments, seriesDataStates, seriesTableEvents, type ReportRouteInput, type RouteReport } from "../reports/reportData";

/**
 * The funnel trends page of one taxonomy route: it follows the session's scope, loads the
 * level's series day by day (interval day), keeps the series that pass the checks and
 * the ones refused (named on the page, never drawn), fills the missing days of the range
 * with zero rows, and keeps the person's choices (Revenue or Revenue Percent, the Table
 * Settings columns, the table's page and rows per page), read from the URL when it opens.
 *
 * Regions: `data` (`waiting`, `loading`, `ready`, `empty`: no series the route names,
 * `failed`: said on the page with 'Try again') and `settings` (the Table Settings chooser
 * `closed` or `open`).
 */

export interface FunnelTrendsInput extends ReportRouteInput {
  readonly selected: string | null;
}

export interface FunnelTrendsContext extends RouteReport {
  readonly selected: string | null;
  readonly series: ReadonlyArray<TrendSeries>;
  readonly refused: ReadonlyArray<RefusedSeries>;
  readonly headers: Readonly<Record<string, string>>;
  /** The route's series, every day of the range (missing days as zero rows); null when none. */
  readonly chosen: TrendSeries | null;
  readonly choices: FunnelTrendsChoices;
}

export type FunnelTrendsEvent =
  | SessionScopeChanged
  | { readonly type: "trends.modeChanged"; readonly mode: TrendMode }
  | { readonly type: "settings.opened" }
  | { readonly type: "settings.closed" }
  | { readonly type: "settings.columnToggled"; readonly column: FunnelField }
  | { readonly type: "table.pageChanged"; readonly page: number }
  | { readonly type: "table.perPageChanged"; readonly perPage: number }
  | { readonly type: "report.retried" }
  | { readonly type: "report.exportRequested" };

export interface FunnelTrendsLoadInput extends FunnelTrendsScope {
  readonly api: ApiContext;
}

type Context = FunnelTrendsContext;

/** What the Export Data dialog opens with: every day of the chosen series, the Table Settings columns visible. */
export const exportOpenedOf = (context: Context): ExportOpened =>
  tableExportOf(context.scope, funnelTrendsTexts.exportKind, {
    columns: [...funnelFieldNames],
    visibleColumns: context.choices.columns,
    taxonomyColumns: [...exportTaxonomyColumns(context.path), "conversion_date"],
    labels: trendExportLabels(context.headers),
    rows: trendExportRows(context.path, context.chosen?.name ?? "", context.chosen?.data ?? []),
  });

/** The chosen series with the range's every day. */
const filledChoice = (series: ReadonlyArray<TrendSeries>, selected: string | null, scope: SessionScope): TrendSeries | null => {
  const chosen = chosenTrend(series, selected);
  if (chosen === null || scope.range === null) return chosen;
  return { ...chosen, data: fillMissingDays(chosen.data, scope.range.from, scope.range.to) };
};

/** The table pages through the chosen series' days. */
const daysPaging = pagedChoicesAssignments<FunnelTrendsChoices, Context>((context) => context.chosen?.data.length ?? 0);

/** The settings region stays as it is while the data loads afresh. */
const scopeFollowing = followScopeInPlace("forgetAnswer");

const trendsStates = seriesDataStates({
  src: "loadFunnelTrends",
  input: ({ context }: { readonly context: Context }): FunnelTrendsLoadInput => ({ ...reportCallOf(context.scope), path: context.path }),
  ready: seriesTableEvents,
});

export const funnelTrendsMachine = setup({
  types: {
    context: {} as Context,
    events: {} as FunnelTrendsEvent,
    input: {} as FunnelTrendsInput,
  },
  actors: {
    ...reportFrameActors,
    loadFunnelTrends: fromApiCall((input: FunnelTrendsLoadInput) => loadFunnelTrends(input)),
  },
  guards: {
    ...reportFrameGuards,
    hasChosenSeries: ({ context }) => context.chosen !== null,
  },
  actions: {
    keepScope: assign(keepScopeAssignment),
    keepAnswer: assign(({ context }, answer: FunnelTrendsAnswer) => {
      const chosen = filledChoice(answer.series, context.selected, context.scope);
      const days = chosen?.data.length ?? 0;
      return {
        series: answer.series,
        refused: answer.refused,
        headers: answer.headers,
        chosen,
        choices: { ...context.choices, page: clampPage(context.choices.page, days, context.choices.perPage) },
      };
    }),
    forgetAnswer: assign({ series: [], refused: [], chosen: null }),
    keepMode: assign(({ context }, mode: TrendMode) => ({ choices: { ...context.choices, mode } })),
    toggleColumn: assign(({ context }, column: FunnelField) => ({ choices: { ...context.choices, columns: toggleTrendColumn(context.choices.columns, column) } })),
    showPage: assign(daysPaging.showPage),
    showPerPage: assign(daysPaging.showPerPage),
    spawnExportDialog: spawnChild("exportDialog", { id: exportDialogId }),
    openExport: sendTo(exportDialogId, ({ context }) => exportOpenedOf(context)),
  },
}).createMachine({
  id: "funnelTrends",
  context: ({ input }) => ({
    ...openingReport(input),
    selected: input.selected,
    series: [],
    refused: [],
    headers: {},
    chosen: null,
    choices: readReportQuery(input.search ?? "", funnelTrendsQuery),
  }),
  invoke: followSessionScope,
  entry: "spawnExportDialog",
  type: "parallel",
  on: {
    "trends.modeChanged": { actions: { type: "keepMode", params: ({ event }) => event.mode } },
  },
  states: {
    data: {
      initial: "waiting",
      on: { "session.scopeChanged": scopeFollowing.outer },
      states: {
        ...trendsStates,
        loading: { ...trendsStates.loading, on: { "session.scopeChanged": scopeFollowing.loading } },
      },
    },
    settings: {
      initial: "closed",
      states: {
        closed: { on: { "settings.opened": { target: "open" } } },
        open: {
          on: {
            "settings.columnToggled": { actions: { type: "toggleColumn", params: ({ event }) => event.column } },
            "settings.closed": { target: "closed" },
          },
        },
      },
    },
  },
});

export type FunnelTrendsActorRef = ActorRefFrom<typeof funnelTrendsMachine>;
type Snapshot = SnapshotFrom<typeof funnelTrendsMachine>;

const memoByContext = contextMemo<Snapshot>();

export const funnelTrendsSelectors = {
  status: (s: Snapshot): ReportStatus =>
    s.matches({ data: "waiting" })
      ? "waiting"
      : s.matches({ data: "loading" }) || s.matches({ data: "settled" })
        ? "loading"
        : s.matches({ data: "failed" })
          ? "failed"
          : s.matches({ data: "empty" })
            ? "empty"
            : "ready",
  series: (s: Snapshot): ReadonlyArray<TrendSeries> => s.context.series,
  chosenName: (s: Snapshot): string | null => s.context.chosen?.name ?? null,
  refusals: memoByContext((s): ReadonlyArray<string> => refusalMessages(s.context.refused)),
  headers: (s: Snapshot): Readonly<Record<string, string>> => s.context.headers,
  path: (s: Snapshot): ReadonlyArray<string> => s.context.path,
  ...reportFrameSelectors,
  choices: (s: Snapshot): FunnelTrendsChoices => s.context.choices,
  mode: (s: Snapshot): TrendMode => s.context.choices.mode,
  columns: (s: Snapshot): ReadonlyArray<FunnelField> => s.context.choices.columns,
  chartFields: (s: Snapshot): ReadonlyArray<FunnelField> => trendFields(s.context.choices.mode),
  /** Every day of the range, in date order (the chart, and the export). */
  days: (s: Snapshot): ReadonlyArray<FunnelTrendPoint> => s.context.chosen?.data ?? [],
  pageRows: memoByContext((s): ReadonlyArray<FunnelTrendPoint> => pageSlice(s.context.chosen?.data ?? [], s.context.choices.page, s.context.choices.perPage)),
  total: (s: Snapshot): number => s.context.chosen?.data.length ?? 0,
  page: (s: Snapshot): number => s.context.choices.page,
  perPage: (s: Snapshot): number => s.context.choices.perPage,
  pageCount: (s: Snapshot): number => pageCount(s.context.chosen?.data.length ?? 0, s.context.choices.perPage),
  settingsOpen: (s: Snapshot): boolean => s.matches({ settings: "open" }),
};
