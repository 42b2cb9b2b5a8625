import type { ActorRefFrom } from "xstate";
import { useSelector } from "@xstate/react";
import { useCallback, useMemo } from "react";
import { funnelFieldNames, type FunnelTrendPoint } from "../../domain/analysis/analysis";
import { roleColours, trendHeader, trendModes, trendsPerPageOptions, type FunnelField, type TrendMode } from "../../domain/funnelTrends/funnelTrends";
import { funnelTrendsQuery } from "../../domain/funnelTrends/funnelTrendsQuery";
import { funnelTrendsTexts as t } from "../../domain/funnelTrends/funnelTrendsTexts";
import { funnelRoles } from "../../domain/report/metrics";
import { formatPeriod } from "../../domain/report/dateFormat";
import { defaultLocale, formatMoney, formatNumber, formatPercent } from "../../domain/report/numberFormat";
import { funnelTrendsMachine, funnelTrendsSelectors as sel, type FunnelTrendsActorRef } from "../../machines/funnelTrends/funnelTrends.machine";
import { ChartCanvas } from "../chart/ChartCanvas";
import { xyChart, type ChartTable, type XYDataset } from "../chart/chartKinds";
import { InfoDialog } from "../components/Modal";
import type { TaxonomyRoute } from "../../domain/report/taxonomyRoute";
import { ReportSelect } from "../reports/ReportSelect";
import { dateColumn, numberColumn, SeriesReportFrame, SeriesTable } from "../reports/SeriesReportFrame";
import { TaxonomyReportScreen } from "../reports/TaxonomyReportScreen";
import type { TableColumn } from "../table/MetricTable";

/** The report's base route. */
export const funnelTrendsBase = "/funnel-trends";

/**
 * /funnel-trends and its taxonomy pages: the sidebar of the level's taxonomies, the
 * Revenue / Revenue Percent chart of the funnel roles day by day (stacked bars for
 * revenue, lines for percent), the refused series named, and the days table with its
 * Table Settings column chooser. Everything shown is read from the page's report actor;
 * controls only send it events.
 */
export const FunnelTrendsPage = ({ path, selected }: TaxonomyRoute) => (
  // The app root's screen child for this route (given the session and toasts by the root).
  <TaxonomyReportScreen name="funnelTrends" logic={funnelTrendsMachine} path={path} selected={selected} queryShape={funnelTrendsQuery} choices={sel.choices}>
    {(report) => <FunnelTrendsPageScreen report={report} path={path} />}
  </TaxonomyReportScreen>
);

const FunnelTrendsPageScreen = ({ report, path }: Pick<TaxonomyRoute, "path"> & { readonly report: ActorRefFrom<typeof funnelTrendsMachine> }) => {
  const settingsOpen = useSelector(report, sel.settingsOpen);
  return (
    <SeriesReportFrame
      report={report}
      sel={sel}
      title={t.title}
      base={funnelTrendsBase}
      path={path}
      texts={t}
      controls={<TrendControls report={report} />}
      aside={
        <>
          <Refusals report={report} />
          {settingsOpen ? <TableSettings report={report} /> : null}
        </>
      }
    >
      <TrendChart report={report} />
      <DaysTable report={report} />
    </SeriesReportFrame>
  );
};

/** The series the checks refused, each named with what is wrong: never drawn, never silent. */
const Refusals = ({ report }: { readonly report: FunnelTrendsActorRef }) => {
  const refusals = useSelector(report, sel.refusals);
  if (refusals.length === 0) return null;
  return (
    <div className="analysis-report-failed" role="alert">
      <p>{t.refusedHeading}</p>
      <ul>
        {refusals.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  );
};

const TrendControls = ({ report }: { readonly report: FunnelTrendsActorRef }) => {
  const mode = useSelector(report, sel.mode);
  return (
    <>
      <ReportSelect<TrendMode>
        label={t.mode}
        value={mode}
        options={trendModes.map((m) => ({ value: m, label: t.modes[m] ?? m }))}
        onChange={(next) => report.send({ type: "trends.modeChanged", mode: next })}
      />
      <button type="button" className="button" onClick={() => report.send({ type: "settings.opened" })}>
        {t.tableSettings}
      </button>
    </>
  );
};

/** A funnel field's value as the report shows it: money for revenue, percent, a number for credit. */
const useFieldFormat = (report: FunnelTrendsActorRef) => {
  const currency = useSelector(report, sel.currency);
  const locale = useSelector(report, sel.locale);
  return useCallback(
    (field: string, value: number | null): string =>
      field.endsWith("_percent") ? formatPercent(value, 2, locale) : field.endsWith("_credit") ? formatNumber(value, 2, locale) : formatMoney(value, 2, { currency, locale }),
    [currency, locale],
  );
};

/** The chart: the four roles' revenue as stacked bars, or their revenue percent as lines (0 to 100). */
const TrendChart = ({ report }: { readonly report: FunnelTrendsActorRef }) => {
  const days = useSelector(report, sel.days);
  const mode = useSelector(report, sel.mode);
  const fields = useSelector(report, sel.chartFields);
  const headers = useSelector(report, sel.headers);
  const name = useSelector(report, sel.chosenName) ?? "";
  const locale = useSelector(report, sel.locale) ?? defaultLocale;
  const format = useFieldFormat(report);
  const datasets = useMemo(
    (): ReadonlyArray<XYDataset> =>
      funnelRoles.map((role, r) => {
        const field = fields[r] as FunnelField;
        const label = trendHeader(headers, field);
        const points = days.map((d, i) => ({ x: i, y: d[field] }));
        const describe = (i: number) => `${label}: ${format(field, days[i]?.[field] ?? null)}`;
        return mode === "revenue"
          ? { kind: "bar" as const, label, colour: roleColours[role], points, stack: "roles", describe }
          : { kind: "line" as const, label, colour: roleColours[role], points, describe };
      }),
    [days, fields, headers, mode, format],
  );
  const x = useMemo(() => ({ title: t.date, format: (i: number) => (days[i] ? formatPeriod(days[i].conversion_date, "day", locale) : "") }), [days, locale]);
  const currency = useSelector(report, sel.currency);
  const y = useMemo(
    () =>
      mode === "revenue_percent"
        ? { title: t.modes[mode] ?? mode, format: (v: number) => formatPercent(v, 0, locale), max: 100 }
        : { title: t.modes[mode] ?? mode, format: (v: number) => formatMoney(v, 0, { currency, locale }) },
    [mode, currency, locale],
  );
  const chartName = t.chart(name, t.modes[mode] ?? mode);
  const drawing = useMemo(() => xyChart({ datasets, x, y, periods: true }), [datasets, x, y]);
  const table = useMemo(
    (): ChartTable => ({
      caption: t.chartDataTable,
      rowHeader: t.date,
      rowNames: days.map((d) => d.conversion_date),
      columns: fields.map((field) => ({ header: trendHeader(headers, field), cell: (i: number) => format(field, days[i]?.[field] ?? null) })),
    }),
    [days, fields, headers, format],
  );
  return (
    <section className="chart-panel" aria-label={chartName}>
      <div className="chart-body">
        <ChartCanvas chart={drawing} name={chartName} table={table} />
      </div>
    </section>
  );
};

/** Table Settings: a checkbox per funnel field (the last shown one stays). */
const TableSettings = ({ report }: { readonly report: FunnelTrendsActorRef }) => {
  const columns = useSelector(report, sel.columns);
  const headers = useSelector(report, sel.headers);
  const close = () => report.send({ type: "settings.closed" });
  return (
    <InfoDialog
      title={t.tableSettings}
      close={{ label: t.tableSettingsDone, look: "primary", onClick: close }}
    >
      <fieldset className="report-segments">
        <legend className="visually-hidden">{t.settingsHint}</legend>
        {funnelFieldNames.map((field) => (
          <label key={field}>
            <input
              type="checkbox"
              checked={columns.includes(field)}
              disabled={columns.length === 1 && columns.includes(field)}
              onChange={() => report.send({ type: "settings.columnToggled", column: field })}
            />
            {trendHeader(headers, field)}
          </label>
        ))}
      </fieldset>
    </InfoDialog>
  );
};

/** Every day of the range (missing days as zero rows), the Table Settings columns. */
const DaysTable = ({ report }: { readonly report: FunnelTrendsActorRef }) => {
  const chosen = useSelector(report, sel.columns);
  const headers = useSelector(report, sel.headers);
  const locale = useSelector(report, sel.locale) ?? defaultLocale;
  const format = useFieldFormat(report);
  const columns = useMemo(
    (): ReadonlyArray<TableColumn<FunnelTrendPoint>> => [
      dateColumn(t.date, locale),
      ...funnelFieldNames.map((field) => numberColumn<FunnelTrendPoint>(field, trendHeader(headers, field), (v) => format(field, v))),
    ],
    [headers, locale, format],
  );
  return <SeriesTable report={report} sel={sel} label={t.table} pagination={t.pagination} columns={columns} visibleColumns={chosen} perPageOptions={trendsPerPageOptions} />;
};
