import { assign, sendTo, setup, spawnChild, type ActorRefFrom, type SnapshotFrom } from "xstate";
import type { DiminishingSeries } from "../../domain/analysis/analysis";
import {
  chosenSeries,
  exportLabels,
  exportRowsOf,
  knownHidden,
  readWhatIfSpend,
  segmentsOf,
  shownWeeks,
  tableRowsOf,
  untaggedSegment,
  weekColumns,
  type DiminishingTableRow,
  type DiminishingWeek,
  type Segment,
  type SegmentKey,
} from "../../domain/diminishingReturns/diminishingReturns";
import { diminishingQuery, type DiminishingChoices } from "../../domain/diminishingReturns/diminishingQuery";
import {
  analyseWeeks,
  averageReturn,
  bandAt,
  breakEvenSpend,
  currentSpend,
  drawnCurve,
  isExtrapolation,
  marginalReturn,
  predictRevenue,
  type Band,
  type CurveAnalysis,
  type DrawnCurve,
} from "../../domain/diminishingReturns/responseCurve";
import type { SessionScope } from "../../domain/report/reportScope";
import type { ReportStatus } from "../../domain/report/analysisReportTexts";
import { readReportQuery } from "../../domain/report/reportQuery";
import type { SeasonalityType } from "../../domain/seasonality/seasonality";
import { clampPage, pageCount, pageSlice } from "../../domain/table/pagination";
import { loadDiminishing, type DiminishingAnswer, type DiminishingScope } from "../../services/diminishingReturns/diminishingReturns";
import type { ApiContext } from "../../services/http/http";
import { keepScopeAssignment, reportCallOf, type SessionScopeChanged } from "../reports/reportScope";
import { type ExportOpened } from "../exports/exportDialog.machine";
import { exportDialogId, openingReport, reportFrameActors, reportFrameGuards, reportFrameSelectors, tableExportOf } from "../reports/reportFrame";
import { exportTaxonomyColumns } from "../../domain/report/taxonomyLevels";
import { fromApiCall } from "../runtime/fromEffect";
import { followSessionScope } from "../reports/reportScope";
import { contextMemo, followScopeInPlace, pagedChoicesAssignments, seriesDataStates, seriesTableEvents, type ReportRouteInput, type RouteReport } from "../reports/reportData";
import { diminishingReturnsTexts } from "../../domain/diminishingReturns/diminishingReturnsTexts";

/**
 * The diminishing-returns page of one taxonomy route: it follows the session's scope
 * (program, dates, API context), loads the level's series and the seasonality types
 * together, and keeps the person's choices (segments shown, the weeks table's page and
 * rows per page, the what-if spend), read from the URL's query when it opens.
 *
 * States: `waiting` (no program or dates), `loading`, `ready` (the route's series is
 * there: the sidebar, chart and table show), `empty` (the level has no series, or not the
 * one the route names), `failed` (said on the page, with 'Try again').
 *
 * The curve is worked out whenever the weeks shown change (a load, a segment toggled):
 * the log curve from 10 whole weeks with spend (a range's part weeks are shown but not
 * fitted), its bootstrap resamples (seeded, so the same weeks draw the same band).
 */

export interface DiminishingReturnsInput extends ReportRouteInput {
  readonly selected: string | null;
}

export interface DiminishingReturnsContext extends RouteReport {
  readonly selected: string | null;
  readonly series: ReadonlyArray<DiminishingSeries>;
  readonly segments: ReadonlyArray<Segment>;
  readonly choices: DiminishingChoices;
  /** The route's series (null before a load or when the level lacks it). */
  readonly chosen: DiminishingSeries | null;
  /** The chosen series' weeks in the segments shown, in date order. */
  readonly weeks: ReadonlyArray<DiminishingWeek>;
  readonly analysis: CurveAnalysis;
}

export type DiminishingReturnsEvent =
  | SessionScopeChanged
  | { readonly type: "segments.toggled"; readonly key: SegmentKey }
  | { readonly type: "table.pageChanged"; readonly page: number }
  | { readonly type: "table.perPageChanged"; readonly perPage: number }
  | { readonly type: "whatIf.changed"; readonly text: string }
  | { readonly type: "report.retried" }
  | { readonly type: "report.exportRequested" };

type Context = DiminishingReturnsContext;

/** The load's input: where calls go, and which level. */
export interface DiminishingLoadInput extends DiminishingScope {
  readonly api: ApiContext;
}

const hiddenOf = (choices: DiminishingChoices): ReadonlyArray<SegmentKey> => [...choices.hiddenSeasons, ...(choices.untagged ? [] : [untaggedSegment])];

const choicesFromHidden = (choices: DiminishingChoices, hidden: ReadonlyArray<SegmentKey>): DiminishingChoices => ({
  ...choices,
  hiddenSeasons: hidden.filter((k) => k !== untaggedSegment),
  untagged: !hidden.includes(untaggedSegment),
});

/** The weeks shown and the curve over the whole ones among them, for the chosen series and the segments shown. */
const worked = (chosen: DiminishingSeries | null, choices: DiminishingChoices, scope: SessionScope) => {
  const weeks = shownWeeks(chosen, hiddenOf(choices), scope.range);
  return { weeks, analysis: analyseWeeks(weeks.filter((w) => w.whole)) };
};

/** What the Export Data dialog opens with: every shown week of the chosen series, in date order, with its taxonomy path. */
export const exportOpenedOf = (context: Context): ExportOpened => {
  const taxonomyColumns = [...exportTaxonomyColumns(context.path), "conversion_date"];
  const figures = weekColumns.filter((c) => c !== "conversion_date");
  return tableExportOf(context.scope, diminishingReturnsTexts.exportKind, {
    columns: figures,
    visibleColumns: figures,
    taxonomyColumns,
    labels: exportLabels,
    rows: exportRowsOf(context.path, context.chosen?.name ?? "", tableRowsOf(context.weeks)),
  });
};

const noAnalysis: CurveAnalysis = { fit: null, curves: [] };

const scopeFollowing = followScopeInPlace("forgetAnswer");

/** The weeks table pages through the weeks shown. */
const weeksPaging = pagedChoicesAssignments<DiminishingChoices, Context>((context) => context.weeks.length);

const diminishingStates = seriesDataStates({
  src: "loadDiminishing",
  input: ({ context }: { readonly context: Context }): DiminishingLoadInput => ({ ...reportCallOf(context.scope), path: context.path }),
  ready: {
    "segments.toggled": { actions: { type: "toggleSegment", params: ({ event }: { readonly event: { readonly key: SegmentKey } }) => event.key } },
    "whatIf.changed": { actions: { type: "keepWhatIf", params: ({ event }: { readonly event: { readonly text: string } }) => event.text } },
    ...seriesTableEvents,
  } as const,
});

export const diminishingReturnsMachine = setup({
  types: {
    context: {} as Context,
    events: {} as DiminishingReturnsEvent,
    input: {} as DiminishingReturnsInput,
  },
  actors: {
    ...reportFrameActors,
    loadDiminishing: fromApiCall((input: DiminishingLoadInput) => loadDiminishing(input)),
  },
  guards: {
    ...reportFrameGuards,
    hasChosenSeries: ({ context }) => context.chosen !== null,
  },
  actions: {
    keepScope: assign(keepScopeAssignment),
    keepAnswer: assign(({ context }, answer: DiminishingAnswer) => {
      const segments = segmentsOf(answer.types as ReadonlyArray<SeasonalityType>);
      const choices = choicesFromHidden(context.choices, knownHidden(hiddenOf(context.choices), segments));
      const chosen = chosenSeries(answer.series, context.selected);
      const next = worked(chosen, choices, context.scope);
      const total = next.weeks.length;
      return { series: answer.series, segments, chosen, choices: { ...choices, page: clampPage(choices.page, total, choices.perPage) }, ...next };
    }),
    forgetAnswer: assign({ series: [], segments: [], chosen: null, weeks: [], analysis: noAnalysis }),
    toggleSegment: assign(({ context }, key: SegmentKey) => {
      const hidden = hiddenOf(context.choices);
      const toggled = hidden.includes(key) ? hidden.filter((k) => k !== key) : [...hidden, key];
      const choices = { ...choicesFromHidden(context.choices, toggled), page: 1 };
      return { choices, ...worked(context.chosen, choices, context.scope) };
    }),
    showPage: assign(weeksPaging.showPage),
    showPerPage: assign(weeksPaging.showPerPage),
    keepWhatIf: assign(({ context }, text: string) => ({ choices: { ...context.choices, whatIf: text } })),
    spawnExportDialog: spawnChild("exportDialog", { id: exportDialogId }),
    openExport: sendTo(exportDialogId, ({ context }) => exportOpenedOf(context)),
  },
}).createMachine({
  id: "diminishingReturns",
  context: ({ input }) => {
    const choices = readReportQuery(input.search ?? "", diminishingQuery);
    return {
      ...openingReport(input),
      selected: input.selected,
      series: [],
      segments: [],
      choices,
      chosen: null,
      weeks: [],
      analysis: noAnalysis,
    };
  },
  invoke: followSessionScope,
  entry: "spawnExportDialog",
  initial: "waiting",
  on: { "session.scopeChanged": scopeFollowing.outer },
  states: {
    ...diminishingStates,
    loading: { ...diminishingStates.loading, on: { "session.scopeChanged": scopeFollowing.loading } },
  },
});

export type DiminishingReturnsActorRef = ActorRefFrom<typeof diminishingReturnsMachine>;
type Snapshot = SnapshotFrom<typeof diminishingReturnsMachine>;

/** The what-if spend's reading: the spend, the predicted revenue and band, whether it extrapolates. */
export interface WhatIfReading {
  readonly spend: number;
  readonly revenue: number;
  readonly band: Band | null;
  readonly extrapolated: boolean;
}

/** The curve's figures at the current weekly spend. */
export interface CurrentReading {
  readonly spend: number;
  readonly marginal: number;
  readonly average: number;
}

const whatIfSpendOf = (s: Snapshot): number | null => readWhatIfSpend(s.context.choices.whatIf);

const memoByContext = contextMemo<Snapshot>();

export const diminishingReturnsSelectors = {
  status: (s: Snapshot): ReportStatus =>
    s.matches("waiting") ? "waiting" : s.matches("loading") || s.matches("settled") ? "loading" : s.matches("failed") ? "failed" : s.matches("empty") ? "empty" : "ready",
  series: (s: Snapshot): ReadonlyArray<DiminishingSeries> => s.context.series,
  chosenName: (s: Snapshot): string | null => s.context.chosen?.name ?? null,
  segments: (s: Snapshot): ReadonlyArray<Segment> => s.context.segments,
  path: (s: Snapshot): ReadonlyArray<string> => s.context.path,
  ...reportFrameSelectors,
  hidden: (s: Snapshot): ReadonlyArray<SegmentKey> => hiddenOf(s.context.choices),
  choices: (s: Snapshot): DiminishingChoices => s.context.choices,
  weeks: (s: Snapshot): ReadonlyArray<DiminishingWeek> => s.context.weeks,
  fit: (s: Snapshot) => s.context.analysis.fit,
  /** Whether the trendline's warning shows: too few weeks (or no slope) for a curve. */
  notEnoughData: (s: Snapshot): boolean => s.context.analysis.fit === null,
  tableRows: memoByContext((s): ReadonlyArray<DiminishingTableRow> => tableRowsOf(s.context.weeks)),
  pageRows: memoByContext((s): ReadonlyArray<DiminishingTableRow> => pageSlice(tableRowsOf(s.context.weeks), s.context.choices.page, s.context.choices.perPage)),
  pageCount: (s: Snapshot): number => pageCount(s.context.weeks.length, s.context.choices.perPage),
  total: (s: Snapshot): number => s.context.weeks.length,
  page: (s: Snapshot): number => s.context.choices.page,
  perPage: (s: Snapshot): number => s.context.choices.perPage,
  whatIfText: (s: Snapshot): string => s.context.choices.whatIf,
  whatIfInvalid: (s: Snapshot): boolean => s.context.choices.whatIf.trim() !== "" && whatIfSpendOf(s) === null,
  drawnCurve: memoByContext((s): DrawnCurve | null => {
    const { fit, curves } = s.context.analysis;
    return fit === null ? null : drawnCurve(fit, curves, whatIfSpendOf(s));
  }),
  current: memoByContext((s): CurrentReading | null => {
    const { fit } = s.context.analysis;
    const spend = currentSpend(s.context.weeks, s.context.scope.range);
    if (fit === null || spend === null) return null;
    return { spend, marginal: marginalReturn(fit, spend) ?? 0, average: averageReturn(fit, spend) ?? 0 };
  }),
  breakEven: (s: Snapshot): number | null => (s.context.analysis.fit === null ? null : breakEvenSpend(s.context.analysis.fit)),
  whatIf: memoByContext((s): WhatIfReading | null => {
    const { fit, curves } = s.context.analysis;
    const spend = whatIfSpendOf(s);
    if (fit === null || spend === null) return null;
    return { spend, revenue: predictRevenue(fit, spend) ?? 0, band: bandAt(curves, spend), extrapolated: isExtrapolation(fit, spend) };
  }),
};
