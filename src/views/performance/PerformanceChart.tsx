import { useSelector } from "@xstate/react";
import { useCallback, useId, useMemo } from "react";
import { campaignNoteTexts } from "../../domain/performance/campaignNotes";
import { formatPeriod } from "../../domain/report/dateFormat";
import { formatMetric } from "../../domain/report/numberFormat";
import { chartColours, chartMetricLabel, isChartMetric, noteMarkers } from "../../domain/performance/performanceChart";
import { isWholeMetric } from "../../domain/report/metrics";
import { intervals, namedFilters, type Interval, type NamedFilter } from "../../domain/shell/session";
import { reportTexts } from "../../domain/report/reportTexts";
import { performanceTexts } from "../../domain/performance/performanceTexts";
import { campaignNotesSelectors as notesSel, type CampaignNotesActorRef } from "../../machines/performance/campaignNotes.machine";
import type { ExportDialogActorRef } from "../../machines/exports/exportDialog.machine";
import { performanceChartSelectors as sel, type PerformanceChartActorRef } from "../../machines/performance/performanceChart.machine";
import { sessionSelectors } from "../../machines/shell/session.machine";
import { useAppActors } from "../shell/AppActorsContext";
import { CampaignNotesTable } from "./CampaignNotesTable";
import { ChartCanvas } from "../chart/ChartCanvas";
import { timeSeriesChart, timeSeriesTable } from "../chart/chartKinds";
import "../chart/chart.css";
import { useSelected } from "../components/useSelected";

const t = performanceTexts.chart;

interface Props {
  /** The report's chart and campaign notes. */
  readonly chart: PerformanceChartActorRef;
  readonly notes: CampaignNotesActorRef;
  /** The report's Export Data dialog. */
  readonly exportDialog: ExportDialogActorRef;
}

/**
 * The performance chart of a performance page:
 * two metrics, Daily/Weekly/Monthly, areas or bars, 'Campaign Notes', the notes table,
 * the filter (default, new, returning) and the export. The report spawns its actors once
 * the session knows the program and the dates, and tells them of a new scope.
 */
export const PerformanceChart = ({ chart, notes, exportDialog }: Props) => {
  const { session } = useAppActors();
  const program = useSelector(session, sessionSelectors.program);
  const filter = useSelector(session, sessionSelectors.namedFilter);
  const { program: code, range } = useSelector(chart, sel.params);
  const { from, to } = range;

  const { metricOne, metricTwo, rows, hasData, isLoading: loading } = useSelected(chart, sel, ["metricOne", "metricTwo", "rows", "hasData", "isLoading"]);

  const openExport = () =>
    exportDialog.send({
      type: "export.opened",
      kind: "chart",
      columns: [metricOne, metricTwo],
      visibleColumns: [metricOne, metricTwo],
      taxonomyColumns: [],
      labels: { [metricOne]: chartMetricLabel(metricOne), [metricTwo]: chartMetricLabel(metricTwo) },
      naming: { programName: program?.name ?? code, reportKind: t.exportKind, from, to },
      rows,
    });

  return (
    <section className="chart-panel" aria-label={t.region} aria-busy={loading}>
      <ChartToolbar chart={chart} notes={notes} filter={filter} onFilter={(f) => session.send({ type: "session.namedFilterChanged", filter: f })} />
      <ChartBody chart={chart} notes={notes} currency={program?.currency ?? null} locale={program?.locale ?? null} from={from} to={to} />
      <div className="chart-footer">
        <button type="button" className="button" disabled={!hasData || loading} onClick={openExport}>
          {t.export}
        </button>
      </div>
      <NotesTablePanel notes={notes} />
    </section>
  );
};

const intervalLabels: Record<Interval, string> = t.intervals;

interface ToolbarProps {
  readonly chart: PerformanceChartActorRef;
  readonly notes: CampaignNotesActorRef;
  readonly filter: NamedFilter;
  readonly onFilter: (filter: NamedFilter) => void;
}

const ChartToolbar = ({ chart, notes, filter, onFilter }: ToolbarProps) => {
  const { metricOne, metricTwo, metricOneChoices: oneChoices, metricTwoChoices: twoChoices, interval, chartType } = useSelected(chart, sel, ["metricOne", "metricTwo", "metricOneChoices", "metricTwoChoices", "interval", "chartType"]);
  const markersShown = useSelector(notes, notesSel.areMarkersShown);
  const tableOpen = useSelector(notes, notesSel.isTableOpen);
  const oneId = useId();
  const twoId = useId();
  const filterId = useId();

  return (
    <div className="chart-toolbar" role="toolbar" aria-label="Chart controls">
      <div className="chart-control">
        <label htmlFor={oneId}>
          <span className="chart-key" style={{ background: chartColours.metricOne }} aria-hidden="true" />
          {t.metricOne}
        </label>
        <select id={oneId} value={metricOne} onChange={(e) => chart.send({ type: "chart.metricOneChosen", metric: e.target.value })}>
          {oneChoices.map((c) => (
            <option key={c.name} value={c.name} disabled={c.disabled}>
              {c.label}
            </option>
          ))}
        </select>
      </div>
      <div className="chart-control">
        <label htmlFor={twoId}>
          <span className="chart-key" style={{ background: chartColours.metricTwo }} aria-hidden="true" />
          {t.metricTwo}
        </label>
        <select id={twoId} value={metricTwo} onChange={(e) => chart.send({ type: "chart.metricTwoChosen", metric: e.target.value })}>
          {twoChoices.map((c) => (
            <option key={c.name} value={c.name} disabled={c.disabled}>
              {c.label}
            </option>
          ))}
        </select>
      </div>
      <div className="chart-segments" role="group" aria-label={t.interval}>
        {intervals.map((i) => (
          <button key={i} type="button" className="chart-segment" aria-pressed={interval === i} onClick={() => chart.send({ type: "chart.intervalChosen", interval: i })}>
            {intervalLabels[i]}
          </button>
        ))}
      </div>
      <div className="chart-segments" role="group" aria-label={t.chartType}>
        {(["area", "bar"] as const).map((type) => (
          <button
            key={type}
            type="button"
            className="chart-segment"
            aria-pressed={chartType === type}
            onClick={() => {
              if (chartType !== type) chart.send({ type: "chart.typeToggled" });
            }}
          >
            {t.types[type]}
          </button>
        ))}
      </div>
      <button type="button" role="switch" aria-checked={markersShown} className={`export-switch chart-switch${markersShown ? " is-on" : ""}`} onClick={() => notes.send({ type: "notes.markersToggled" })}>
        <span className="export-switch-track" aria-hidden="true">
          <span className="export-switch-thumb" />
        </span>
        {t.campaignNotes}
      </button>
      <button type="button" className="button" aria-expanded={tableOpen} aria-controls={notesTableId(notes)} onClick={() => notes.send({ type: "notes.tableToggled" })}>
        {campaignNoteTexts.tableToggle}
      </button>
      <div className="chart-control">
        <label htmlFor={filterId}>{t.filter}</label>
        <select id={filterId} value={filter} onChange={(e) => onFilter(e.target.value as NamedFilter)}>
          {namedFilters.map((f) => (
            <option key={f} value={f}>
              {t.filters[f]}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
};

/** The id of the notes table of a chart (one chart per page; the actor's id keeps it unique). */
const notesTableId = (notes: CampaignNotesActorRef): string => `campaign-notes-${notes.id}`;

interface BodyProps {
  readonly chart: PerformanceChartActorRef;
  readonly notes: CampaignNotesActorRef;
  readonly currency: string | null;
  readonly locale: string | null;
  readonly from: string;
  readonly to: string;
}

const ChartBody = ({ chart, notes, currency, locale, from, to }: BodyProps) => {
  const { series, metricOne, metricTwo, interval, chartType, isLoading: loading, isEmpty: empty } = useSelected(chart, sel, ["series", "metricOne", "metricTwo", "interval", "chartType", "isLoading", "isEmpty"]);
  const drawn = useSelector(notes, notesSel.drawnNotes);

  const labels = useMemo(() => ({ one: chartMetricLabel(metricOne), two: chartMetricLabel(metricTwo) }), [metricOne, metricTwo]);
  const markers = useMemo(() => noteMarkers(drawn, series.dates, interval), [drawn, series.dates, interval]);
  const format = useCallback(
    (value: number, which: "one" | "two") => formatMetric(value, which === "one" ? metricOne : metricTwo, { currency, locale }),
    [metricOne, metricTwo, currency, locale],
  );
  // The axis, the tooltips and the data table read '24 Oct' (days, weeks) or 'Oct 2026' (months); exports keep ISO dates.
  const dateLabel = useCallback((date: string) => formatPeriod(date, interval, locale), [interval, locale]);
  const name = `${t.region}: ${labels.one} and ${labels.two}, ${t.intervals[interval].toLowerCase()}, ${from} to ${to}`;
  const wholeNumbers = useMemo(
    () => ({ one: isChartMetric(metricOne) && isWholeMetric(metricOne), two: isChartMetric(metricTwo) && isWholeMetric(metricTwo) }),
    [metricOne, metricTwo],
  );
  const drawing = useMemo(
    () => timeSeriesChart({ series, labels, chartType, format, dateLabel, wholeNumbers }),
    [series, labels, chartType, format, dateLabel, wholeNumbers],
  );
  // What the chart shows, for screen readers (and tests): one row per period, dated as the axis reads.
  const table = useMemo(() => timeSeriesTable({ caption: t.dataTable, rowHeader: t.date, series, labels, format, dateLabel }), [series, labels, format, dateLabel]);

  return (
    <div className="chart-body" style={{ minHeight: 350 }}>
      {loading ? (
        <p className="chart-loading" role="status">
          {t.loading}
        </p>
      ) : null}
      {empty && !loading ? (
        <p className="chart-empty">{reportTexts.empty.chart}</p>
      ) : series.dates.length > 0 ? (
        <ChartCanvas chart={drawing} name={name} table={table} notes={markers} />
      ) : null}
    </div>
  );
};

const NotesTablePanel = ({ notes }: { readonly notes: CampaignNotesActorRef }) => {
  const open = useSelector(notes, notesSel.isTableOpen);
  return open ? <CampaignNotesTable notes={notes} id={notesTableId(notes)} /> : null;
};
