import type { ActorRefFrom } from "xstate";
import { useSelector } from "@xstate/react";
import { useCallback, useMemo } from "react";
import { createPortal } from "react-dom";
import { Link } from "wouter";
import {
  attributionComparisonTexts as texts,
  attributionHeaders,
  attributionQuery,
  cardsPerPage,
  type AttributionRow,
  type AttributionSort,
  type ComparisonMode,
} from "../../domain/attributionComparison/attributionComparison";
import { chartColours } from "../../domain/performance/performanceChart";
import { formatMetric, formatPercent } from "../../domain/report/numberFormat";
import { drillHref, reportCrumbs, reportTitle } from "../../domain/report/reportCrumbs";
import { analysisReportTexts } from "../../domain/report/analysisReportTexts";
import {
  attributionComparisonMachine,
  attributionComparisonSelectors as sel,
  type AttributionComparisonActorRef,
} from "../../machines/attributionComparison/attributionComparison.machine";
import { ChartCanvas } from "../chart/ChartCanvas";
import { useSelected } from "../components/useSelected";
import { timeSeriesChart, timeSeriesTable } from "../chart/chartKinds";
import { ExportDialog } from "../exports/ExportDialog";
import { ReportFrame } from "../reports/ReportFrame";
import type { TaxonomyRoute } from "../../domain/report/taxonomyRoute";
import { ReportSelect } from "../reports/ReportSelect";
import { TaxonomyReportScreen } from "../reports/TaxonomyReportScreen";
import { MetricTable, type TableColumn } from "../table/MetricTable";

/** The report's base route. */
export const attributionComparisonBase = "/attribution-comparison";
/** Its routes nest three taxonomy values deep; the level-four table has no links. */
const deepest = 3;

/**
 * /attribution-comparison and its taxonomy pages: the sort, direction and comparison
 * controls, a bar chart of the page's values (attributed revenue beside the mode's second
 * metric, on one axis) with its data table for screen readers, and the table of the same
 * page with the credit shift, paged 8, 16 or 32 at a time. Everything shown is read from
 * the page's report actor; controls only send it events.
 */
export const AttributionComparisonPage = ({ path }: TaxonomyRoute) => (
  // The app root's screen child for this route (given the session and toasts by the root).
  <TaxonomyReportScreen name="attributionComparison" logic={attributionComparisonMachine} path={path} queryShape={attributionQuery} choices={sel.choices}>
    {(report) => <AttributionComparisonPageScreen report={report} path={path} />}
  </TaxonomyReportScreen>
);

const AttributionComparisonPageScreen = ({ report, path }: Pick<TaxonomyRoute, "path"> & { readonly report: ActorRefFrom<typeof attributionComparisonMachine> }) => {
  const status = useSelector(report, sel.status);
  const dialog = useSelector(report, sel.exportDialog);
  const retry = useCallback(() => report.send({ type: "attribution.retried" }), [report]);
  return (
    <ReportFrame
      title={reportTitle(texts.title, path)}
      crumbs={reportCrumbs(attributionComparisonBase, path)}
      status={status}
      emptyText={analysisReportTexts.noResults}
      failure="message"
      onRetry={retry}
      controls={<AttributionControls report={report} />}
      aside={
        <>
          {dialog ? createPortal(<ExportDialog dialog={dialog} />, document.body) : null}
        </>
      }
    >
      <AttributionChart report={report} />
      <AttributionTable report={report} path={path} />
    </ReportFrame>
  );
};

const AttributionControls = ({ report }: { readonly report: AttributionComparisonActorRef }) => {
  const choices = useSelector(report, sel.choices);
  const offered = useSelector(report, sel.sortsOffered);
  const status = useSelector(report, sel.status);
  return (
    <>
      <ReportSelect<AttributionSort>
        label={texts.sortBy}
        value={choices.sort}
        options={offered.map((s) => ({ value: s, label: attributionHeaders[s] }))}
        onChange={(sort) => report.send({ type: "attribution.sortChanged", sort })}
      />
      <button
        type="button"
        className="button"
        aria-label={`${texts.directionLabel}: ${texts.direction[choices.direction]}`}
        onClick={() => report.send({ type: "attribution.directionToggled" })}
      >
        {choices.direction === "desc" ? "↓" : "↑"} {texts.direction[choices.direction]}
      </button>
      <ReportSelect<ComparisonMode>
        label={texts.comparison}
        value={choices.mode}
        options={(["lcr", "spend"] as const).map((m) => ({ value: m, label: texts.modes[m] }))}
        onChange={(mode) => report.send({ type: "attribution.modeChanged", mode })}
      />
      <button type="button" className="button" disabled={status !== "ready"} onClick={() => report.send({ type: "attribution.exportRequested" })}>
        {texts.exportData}
      </button>
    </>
  );
};

/** A value of the program's currency, as the report shows money. */
const useMoney = (report: AttributionComparisonActorRef) => {
  const currency = useSelector(report, sel.currency);
  const locale = useSelector(report, sel.locale);
  return useCallback((value: number) => formatMetric(value, "attributed_revenue", { currency, locale }), [currency, locale]);
};

/** The page's values as bars: attributed revenue (#36E7A6) beside last-click revenue or spend (#2799FF), on one axis. */
const AttributionChart = ({ report }: { readonly report: AttributionComparisonActorRef }) => {
  const rows = useSelector(report, sel.pageRows);
  const second = useSelector(report, sel.secondMetric);
  const money = useMoney(report);
  const series = useMemo(
    () => ({
      dates: rows.map((r) => r.name),
      one: rows.map((r, x) => ({ x, y: r.attributed_revenue })),
      two: rows.map((r, x) => ({ x, y: r[second] })),
    }),
    [rows, second],
  );
  const labels = useMemo(() => ({ one: attributionHeaders.attributed_revenue, two: attributionHeaders[second] }), [second]);
  const format = useCallback((value: number) => money(value), [money]);
  const nameOf = useCallback((name: string) => name, []);
  const drawing = useMemo(() => timeSeriesChart({ series, labels, chartType: "bar", format, dateLabel: nameOf, sharedAxis: true }), [series, labels, format, nameOf]);
  const table = useMemo(
    () => timeSeriesTable({ caption: texts.chartName, rowHeader: attributionHeaders.name, series, labels, format, dateLabel: nameOf, dated: false }),
    [series, labels, format, nameOf],
  );
  return (
    <section className="report-chart" aria-label={texts.chartName}>
      <ChartCanvas chart={drawing} name={texts.chartName} table={table} />
      <p className="chart-legend-keys" aria-hidden="true">
        <span className="chart-key" style={{ background: chartColours.metricOne }} /> {labels.one} <span className="chart-key" style={{ background: chartColours.metricTwo }} /> {labels.two}
      </p>
    </section>
  );
};

const AttributionTable = ({ report, path }: { readonly report: AttributionComparisonActorRef; readonly path: ReadonlyArray<string> }) => {
  const { pageRows: rows, choices, sortsOffered: offered, total, pageCount: pages, locale } = useSelected(report, sel, ["pageRows", "choices", "sortsOffered", "total", "pageCount", "locale"]);
  const money = useMoney(report);
  const columns = useMemo((): ReadonlyArray<TableColumn<AttributionRow>> => {
    const figure = (key: AttributionSort, format: (v: number | null) => string): TableColumn<AttributionRow> => ({
      key,
      header: attributionHeaders[key],
      align: "end",
      sortable: true,
      value: (row) => (typeof row[key] === "number" ? (row[key] as number) : null),
      format,
    });
    return offered.map((key) =>
      key === "name"
        ? {
            key: "name",
            header: attributionHeaders.name,
            sortable: true,
            cell: (row: AttributionRow) => {
              const href = drillHref(attributionComparisonBase, path, row.name, deepest);
              return href ? <Link href={href}>{row.name}</Link> : row.name;
            },
          }
        : figure(key, key === "credit_shift_percent" ? (v) => formatPercent(v, 2, locale) : (v) => money(v ?? 0)),
    );
  }, [offered, path, money, locale]);
  return (
    <MetricTable<AttributionRow>
      label={texts.tableName}
      columns={columns}
      rows={rows}
      rowName={(row) => row.name}
      sort={{ column: choices.sort, direction: choices.direction }}
      onSort={(column) => report.send({ type: "attribution.headerClicked", sort: column as AttributionSort })}
      emptyText={analysisReportTexts.noResults}
      paging={{
        label: texts.pagination,
        page: choices.page,
        pageCount: pages,
        total,
        perPage: choices.perPage,
        perPageOptions: cardsPerPage,
        onPage: (page) => report.send({ type: "attribution.pageChanged", page }),
        onPerPage: (perPage) => report.send({ type: "attribution.perPageChanged", perPage }),
      }}
    />
  );
};
