import type { ActorRefFrom } from "xstate";
import { useSelector } from "@xstate/react";
import { useCallback, useId, useMemo } from "react";
import { weekColumns, weeksPerPageOptions, type DiminishingTableRow } from "../../domain/diminishingReturns/diminishingReturns";
import { diminishingQuery } from "../../domain/diminishingReturns/diminishingQuery";
import { diminishingReturnsTexts as t } from "../../domain/diminishingReturns/diminishingReturnsTexts";
import { chartColours } from "../../domain/performance/performanceChart";
import { formatDate } from "../../domain/report/dateFormat";
import { defaultLocale, formatMoney, formatNumber } from "../../domain/report/numberFormat";
import {
  diminishingReturnsMachine,
  diminishingReturnsSelectors as sel,
  type DiminishingReturnsActorRef,
} from "../../machines/diminishingReturns/diminishingReturns.machine";
import { ChartCanvas } from "../chart/ChartCanvas";
import { xyChart, type ChartTable, type XYDataset } from "../chart/chartKinds";
import { dateColumn, numberColumn, SeriesReportFrame, SeriesTable } from "../reports/SeriesReportFrame";
import type { TaxonomyRoute } from "../../domain/report/taxonomyRoute";
import { TaxonomyReportScreen } from "../reports/TaxonomyReportScreen";
import type { TableColumn } from "../table/MetricTable";
import "./diminishingReturns.css";

/** The report's base route. */
export const diminishingReturnsBase = "/diminishing-returns";

/** The curve's colour (darker than the chart green, to read as a line on white) and the weeks' colour. */
const curveColour = "#1f9e70";
/** Part weeks (a range's first and last), shown but not fitted. */
const partWeekColour = "#9aa5b1";

/**
 * /diminishing-returns and its taxonomy pages: the sidebar of the level's taxonomies, the
 * segment checkboxes, the weekly spend against revenue scatter with its fitted log curve,
 * band and extrapolation (or the warning with fewer than 10 weeks), the curve's figures,
 * the what-if spend, and the weeks table. Everything shown is read from the page's report
 * actor; controls only send it events.
 */
export const DiminishingReturnsPage = ({ path, selected }: TaxonomyRoute) => (
  // The app root's screen child for this route (given the session and toasts by the root).
  <TaxonomyReportScreen name="diminishingReturns" logic={diminishingReturnsMachine} path={path} selected={selected} queryShape={diminishingQuery} choices={sel.choices}>
    {(report) => <DiminishingReturnsPageScreen report={report} path={path} />}
  </TaxonomyReportScreen>
);

const DiminishingReturnsPageScreen = ({ report, path }: Pick<TaxonomyRoute, "path"> & { readonly report: ActorRefFrom<typeof diminishingReturnsMachine> }) => {
  const chosen = useSelector(report, sel.chosenName);
  return (
    <SeriesReportFrame
      report={report}
      sel={sel}
      title={t.title}
      base={diminishingReturnsBase}
      path={path}
      texts={t}
      controls={<DiminishingControls report={report} />}
    >
      <DiminishingChart report={report} name={chosen ?? ""} />
      <WeeksTable report={report} />
    </SeriesReportFrame>
  );
};

/** The segment checkboxes (one per seasonality type, then Untagged); the frame adds Export. */
const DiminishingControls = ({ report }: { readonly report: DiminishingReturnsActorRef }) => {
  const segments = useSelector(report, sel.segments);
  const hidden = useSelector(report, sel.hidden);
  if (segments.length === 0) return null;
  return (
    <fieldset className="report-segments">
      <legend>{t.segments}</legend>
      {segments.map((segment) => (
        <label key={segment.key}>
          <input type="checkbox" checked={!hidden.includes(segment.key)} onChange={() => report.send({ type: "segments.toggled", key: segment.key })} />
          {segment.label}
        </label>
      ))}
    </fieldset>
  );
};

/** Money in the program's currency and locale. */
const useMoney = (report: DiminishingReturnsActorRef) => {
  const currency = useSelector(report, sel.currency);
  const locale = useSelector(report, sel.locale);
  return useCallback((value: number | null, decimals = 2) => formatMoney(value, decimals, { currency, locale }), [currency, locale]);
};

const DiminishingChart = ({ report, name }: { readonly report: DiminishingReturnsActorRef; readonly name: string }) => {
  const weeks = useSelector(report, sel.weeks);
  const drawn = useSelector(report, sel.drawnCurve);
  const fit = useSelector(report, sel.fit);
  const notEnough = useSelector(report, sel.notEnoughData);
  const locale = useSelector(report, sel.locale) ?? defaultLocale;
  const money = useMoney(report);
  const datasets = useMemo((): ReadonlyArray<XYDataset> => {
    const sets: XYDataset[] = [];
    if (drawn) {
      const band = [...drawn.observed, ...drawn.extrapolated].sort((p, q) => p.spend - q.spend);
      sets.push({ kind: "band", label: t.band, colour: chartColours.metricOne, low: band.map((p) => ({ x: p.spend, y: p.low })), high: band.map((p) => ({ x: p.spend, y: p.high })) });
      sets.push({ kind: "line", label: t.trendline, colour: curveColour, points: drawn.observed.map((p) => ({ x: p.spend, y: p.revenue })) });
      if (drawn.extrapolated.length > 0) {
        sets.push({ kind: "line", label: t.extrapolation, colour: curveColour, dashed: true, points: drawn.extrapolated.map((p) => ({ x: p.spend, y: p.revenue })) });
      }
    }
    const pointsOf = (whole: boolean): XYDataset => {
      const some = weeks.filter((w) => w.whole === whole);
      return {
        kind: "points",
        label: whole ? t.weeksSeries : t.partWeeks,
        colour: whole ? chartColours.metricTwo : partWeekColour,
        points: some.map((w) => ({ x: w.spend, y: w.revenue })),
        describe: (i) => {
          const w = some[i];
          return w ? t.weekPoint(formatDate(w.date, locale), money(w.spend), money(w.revenue)) : "";
        },
      };
    };
    sets.push(pointsOf(true));
    if (weeks.some((w) => !w.whole)) sets.push(pointsOf(false));
    return sets;
  }, [weeks, drawn, money, locale]);
  const x = useMemo(() => ({ title: t.weeksAxis, format: (v: number) => money(v, 0) }), [money]);
  const y = useMemo(() => ({ title: t.revenueAxis, format: (v: number) => money(v, 0) }), [money]);
  const drawing = useMemo(() => xyChart({ datasets, x, y }), [datasets, x, y]);
  const table = useMemo((): ChartTable => {
    const fitted = (spend: number) => (fit && spend > 0 ? fit.a + fit.b * Math.log(spend) : null);
    return {
      caption: t.chartDataTable,
      rowHeader: t.columns.conversion_date ?? "",
      rowNames: weeks.map((w) => w.date),
      columns: [
        { header: t.columns.total_cost ?? "", cell: (i) => money(weeks[i]?.spend ?? null) },
        { header: t.columns.attributed_revenue ?? "", cell: (i) => money(weeks[i]?.revenue ?? null) },
        ...(fit ? [{ header: t.fitted, cell: (i: number) => money(fitted(weeks[i]?.spend ?? 0)) }] : []),
      ],
    };
  }, [weeks, fit, money]);
  return (
    <section className="chart-panel" aria-label={t.chart(name)}>
      {notEnough ? (
        <p className="report-warning" role="status">
          {t.notEnoughData}
        </p>
      ) : null}
      <div className="chart-body">
        <ChartCanvas chart={drawing} name={t.chart(name)} table={table} />
      </div>
      {drawn && drawn.extrapolated.length > 0 ? <p className="report-note">{t.extrapolationNote}</p> : null}
      {weeks.some((w) => !w.whole) ? <p className="report-note">{t.partWeeksNote}</p> : null}
      <p className="report-note">{t.correlationNote}</p>
      <CurveFigures report={report} />
      <WhatIf report={report} />
    </section>
  );
};

/** The fitted curve's equation, R², weeks, the returns at the current weekly spend and the break-even spend. */
const CurveFigures = ({ report }: { readonly report: DiminishingReturnsActorRef }) => {
  const fit = useSelector(report, sel.fit);
  const current = useSelector(report, sel.current);
  const breakEven = useSelector(report, sel.breakEven);
  const locale = useSelector(report, sel.locale);
  const money = useMoney(report);
  if (fit === null) return null;
  const ratio = (v: number) => t.returnPerUnit(formatNumber(v, 2, locale));
  return (
    <>
      <h2 className="visually-hidden">{t.figures}</h2>
      <dl className="curve-figures" aria-label={t.figures}>
        <div>
          <dt>{t.equation}</dt>
          <dd data-figure="equation">{t.equationOf(formatNumber(fit.a, 2, locale), formatNumber(Math.abs(fit.b), 2, locale), fit.b < 0)}</dd>
        </div>
        <div>
          <dt>{t.rSquared}</dt>
          <dd data-figure="r-squared">{formatNumber(fit.rSquared, 3, locale)}</dd>
        </div>
        <div>
          <dt>{t.weeks}</dt>
          <dd data-figure="weeks">{fit.weeks}</dd>
        </div>
        {current ? (
          <>
            <div>
              <dt>{t.currentSpend}</dt>
              <dd data-figure="current-spend">{money(current.spend)}</dd>
            </div>
            <div>
              <dt>{t.marginalReturn}</dt>
              <dd data-figure="marginal-return">{ratio(current.marginal)}</dd>
            </div>
            <div>
              <dt>{t.averageReturn}</dt>
              <dd data-figure="average-return">{ratio(current.average)}</dd>
            </div>
          </>
        ) : null}
        <div>
          <dt>{t.breakEven}</dt>
          <dd data-figure="break-even">{breakEven === null ? t.neverPays : `${money(breakEven)} ${t.perWeek}`}</dd>
        </div>
      </dl>
      {breakEven !== null && current ? <p className="report-note">{current.spend > breakEven ? t.aboveBreakEven : t.belowBreakEven}</p> : null}
    </>
  );
};

/** The what-if weekly spend: the predicted revenue and its band, and whether it is an extrapolation. */
const WhatIf = ({ report }: { readonly report: DiminishingReturnsActorRef }) => {
  const id = useId();
  const text = useSelector(report, sel.whatIfText);
  const invalid = useSelector(report, sel.whatIfInvalid);
  const reading = useSelector(report, sel.whatIf);
  const fit = useSelector(report, sel.fit);
  const money = useMoney(report);
  if (fit === null) return null;
  return (
    <div className="what-if">
      <label htmlFor={id}>{t.whatIf}</label>
      <input
        id={id}
        type="text"
        inputMode="decimal"
        value={text}
        aria-invalid={invalid || undefined}
        aria-describedby={`${id}-result`}
        onChange={(e) => report.send({ type: "whatIf.changed", text: e.target.value })}
      />
      <output id={`${id}-result`} aria-live="polite">
        {invalid ? (
          <span className="what-if-error">{t.whatIfInvalid}</span>
        ) : reading ? (
          <>
            {t.whatIfRevenue}: <strong data-figure="what-if-revenue">{money(reading.revenue)}</strong>
            {reading.band ? ` (${t.whatIfBand} ${money(reading.band.low)} – ${money(reading.band.high)})` : ""}
            {reading.extrapolated ? <span className="report-note"> {t.whatIfExtrapolated}</span> : null}
          </>
        ) : null}
      </output>
    </div>
  );
};

/** The shown weeks, 20, 50 or 100 a page. */
const WeeksTable = ({ report }: { readonly report: DiminishingReturnsActorRef }) => {
  const locale = useSelector(report, sel.locale) ?? defaultLocale;
  const money = useMoney(report);
  const columns = useMemo(
    (): ReadonlyArray<TableColumn<DiminishingTableRow>> =>
      weekColumns.map((key): TableColumn<DiminishingTableRow> => {
        const header = t.columns[key] ?? key;
        if (key === "conversion_date") return dateColumn(header, locale);
        if (key === "seasonality") return { key, header, sortable: false };
        return numberColumn(key, header, (v) => money(v));
      }),
    [locale, money],
  );
  return <SeriesTable report={report} sel={sel} label={t.table} pagination={t.pagination} columns={columns} perPageOptions={weeksPerPageOptions} />;
};
