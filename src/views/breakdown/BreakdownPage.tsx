import type { ActorRefFrom } from "xstate";
import { useSelector } from "@xstate/react";
import { memo, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { createPortal } from "react-dom";
import {
  breakdownMetricLabel,
  breakdownMetrics,
  breakdownQuery,
  breakdownTexts as texts,
  cardsPerPage,
  chartTypes,
  breakdownIntervals,
  type BreakdownCard,
  type BreakdownChartType,
  type BreakdownChoices,
  type BreakdownInterval,
  type BreakdownMetric,
} from "../../domain/breakdown/breakdown";
import type { TaxonomyRoute } from "../../domain/report/taxonomyRoute";
import { chartColours } from "../../domain/performance/performanceChart";
import { formatPeriod } from "../../domain/report/dateFormat";
import { isWholeMetric } from "../../domain/report/metrics";
import { formatMetric } from "../../domain/report/numberFormat";
import { drillHref, reportCrumbs, reportTitle } from "../../domain/report/reportCrumbs";
import { analysisReportTexts } from "../../domain/report/analysisReportTexts";
import { breakdownMachine, breakdownSelectors as sel, type BreakdownActorRef } from "../../machines/breakdown/breakdown.machine";
import { ChartCanvas } from "../chart/ChartCanvas";
import { timeSeriesChart, timeSeriesTable } from "../chart/chartKinds";
import { ExportDialog } from "../exports/ExportDialog";
import { CardExploreLink } from "../reports/CardExploreLink";
import { ReportFrame } from "../reports/ReportFrame";
import { ReportSelect } from "../reports/ReportSelect";
import { TaxonomyReportScreen } from "../reports/TaxonomyReportScreen";
import { Pagination } from "../table/Pagination";

/** The report's base route. */
export const breakdownBase = "/breakdown";
/** Routes nest three values deep: the level-four cards have no Explore link. */
const deepest = 3;
/** A card's chart height, in pixels. */
const cardChartHeight = 180;
/** Period labels already worked out (each card labels the same dates: Intl's date formatting is slow). */
const periodLabels = new Map<string, string>();
const periodLabel = (date: string, interval: BreakdownInterval, locale: string | null): string => {
  const key = `${interval}|${locale ?? ""}|${date}`;
  let label = periodLabels.get(key);
  if (label === undefined) {
    label = formatPeriod(date, interval, locale);
    if (periodLabels.size > 5_000) periodLabels.clear();
    periodLabels.set(key, label);
  }
  return label;
};

/** Cards draw no campaign notes. */

/**
 * /breakdown and its taxonomy pages: the controls (first and second metric, chart type,
 * interval, sort direction, export), then a card per value of the level with its chart,
 * the two metrics' values over the range, and an Explore link one level down. Everything
 * shown is read from the page's report actor; controls only send it events.
 */
export const BreakdownPage = ({ path }: TaxonomyRoute) => (
  // The app root's screen child for this route (given the session and toasts by the root).
  <TaxonomyReportScreen name="breakdown" logic={breakdownMachine} path={path} queryShape={breakdownQuery} choices={sel.choices}>
    {(report) => <BreakdownPageScreen report={report} path={path} />}
  </TaxonomyReportScreen>
);

const BreakdownPageScreen = ({ report, path }: Pick<TaxonomyRoute, "path"> & { readonly report: ActorRefFrom<typeof breakdownMachine> }) => {
  const status = useSelector(report, sel.status);
  const dialog = useSelector(report, sel.exportDialog);
  const hasCards = useSelector(report, sel.hasCards);
  return (
    <ReportFrame
      title={reportTitle(texts.title, path)}
      crumbs={reportCrumbs(breakdownBase, path)}
      status={status}
      keepBodyWhileLoading={hasCards}
      emptyText={analysisReportTexts.noResults}
      failure="silent"
      controls={<BreakdownControls report={report} />}
      aside={
        <>
          {dialog ? createPortal(<ExportDialog dialog={dialog} />, document.body) : null}
        </>
      }
    >
      <BreakdownCards report={report} path={path} />
    </ReportFrame>
  );
};

const metricOptions = (other: BreakdownMetric) => breakdownMetrics.map((m) => ({ value: m, label: breakdownMetricLabel(m), disabled: m === other }));

const BreakdownControls = ({ report }: { readonly report: BreakdownActorRef }) => {
  const choices = useSelector(report, sel.choices);
  const status = useSelector(report, sel.status);
  return (
    <>
      <ReportSelect<BreakdownMetric>
        label={texts.metricOne}
        value={choices.metricOne}
        options={metricOptions(choices.metricTwo)}
        onChange={(metric) => report.send({ type: "breakdown.metricOneChanged", metric })}
      />
      <ReportSelect<BreakdownMetric>
        label={texts.metricTwo}
        value={choices.metricTwo}
        options={metricOptions(choices.metricOne)}
        onChange={(metric) => report.send({ type: "breakdown.metricTwoChanged", metric })}
      />
      <ReportSelect<BreakdownChartType>
        label={texts.chartType}
        value={choices.chartType}
        options={chartTypes.map((t) => ({ value: t, label: texts.chartTypes[t] }))}
        onChange={(chartType) => report.send({ type: "breakdown.chartTypeChanged", chartType })}
      />
      <ReportSelect<BreakdownInterval>
        label={texts.interval}
        value={choices.interval}
        options={breakdownIntervals.map((i) => ({ value: i, label: texts.intervals[i] }))}
        onChange={(interval) => report.send({ type: "breakdown.intervalChanged", interval })}
      />
      <button type="button" className="button" aria-label={`${texts.direction}: ${texts.directions[choices.direction]}`} onClick={() => report.send({ type: "breakdown.directionToggled" })}>
        {choices.direction === "desc" ? "↓" : "↑"} {texts.directions[choices.direction]}
      </button>
      <button type="button" className="button" disabled={status !== "ready"} onClick={() => report.send({ type: "breakdown.exportRequested" })}>
        {texts.exportData}
      </button>
    </>
  );
};

/** What the cards' drawing depends on: another page, sort or metric draws the charts again, one at a time. */
const drawingKey = (cards: ReadonlyArray<BreakdownCard>, c: BreakdownChoices): string =>
  JSON.stringify([cards.map((card) => card.name), c.metricOne, c.metricTwo, c.chartType, c.interval]);

/**
 * How many of the page's charts are up to date: one more per task, so that drawing or
 * redrawing 24 charts never holds the main thread in one long task (each chart is a
 * chart.js instance; a card keeps its canvas from page to page, so nothing is torn down).
 */
const useChartsDrawn = (key: string, count: number): number => {
  const [drawn, setDrawn] = useState({ key, count: 0 });
  const current = drawn.key === key ? drawn.count : 0;
  useEffect(() => {
    if (current >= count) return;
    const timer = setTimeout(() => setDrawn({ key, count: current + 1 }), 0);
    return () => clearTimeout(timer);
  }, [key, current, count]);
  return current;
};

const BreakdownCards = ({ report, path }: { readonly report: BreakdownActorRef; readonly path: ReadonlyArray<string> }) => {
  const cards = useSelector(report, sel.pageCards);
  const choices = useSelector(report, sel.choices);
  const total = useSelector(report, sel.total);
  const pages = useSelector(report, sel.pageCount);
  const currency = useSelector(report, sel.currency);
  const locale = useSelector(report, sel.locale);
  const drawn = useChartsDrawn(drawingKey(cards, choices), cards.length);
  const format = useCallback((value: number, metric: BreakdownMetric) => formatMetric(value, metric, { currency, locale }), [currency, locale]);
  return (
    <>
      <ul className="report-cards" aria-label={texts.cards}>
        {cards.map((card, i) => (
          <BreakdownCardView
            // Keyed by place: a card's canvas and chart are kept for the card that takes its place on another page.
            key={i}
            card={card}
            choices={choices}
            format={format}
            locale={locale}
            drawn={i < drawn}
            explore={drillHref(breakdownBase, path, card.name, deepest)}
          />
        ))}
      </ul>
      <Pagination
        label={texts.pagination}
        page={choices.page}
        pageCount={pages}
        total={total}
        perPage={choices.perPage}
        perPageOptions={cardsPerPage}
        onPage={(page) => report.send({ type: "breakdown.pageChanged", page })}
        onPerPage={(perPage) => report.send({ type: "breakdown.perPageChanged", perPage })}
      />
    </>
  );
};

interface CardProps {
  readonly card: BreakdownCard;
  readonly choices: BreakdownChoices;
  readonly format: (value: number, metric: BreakdownMetric) => string;
  readonly locale: string | null;
  /** Whether its chart shows this card and these choices yet (the page brings one chart up to date per task). */
  readonly drawn: boolean;
  /** The Explore link, or null at the deepest level and on 'None'. */
  readonly explore: string | null;
}

const BreakdownCardView = memo(function BreakdownCardView({ card, choices, format, locale, drawn, explore }: CardProps) {
  const { metricOne, metricTwo, chartType, interval } = choices;
  const series = useMemo(
    () => ({
      dates: card.points.map((p) => p.conversion_date ?? ""),
      one: card.points.map((p, x) => ({ x, y: p[metricOne] })),
      two: card.points.map((p, x) => ({ x, y: p[metricTwo] })),
    }),
    [card, metricOne, metricTwo],
  );
  const labels = useMemo(() => ({ one: breakdownMetricLabel(metricOne), two: breakdownMetricLabel(metricTwo) }), [metricOne, metricTwo]);
  const formatPoint = useCallback((value: number, which: "one" | "two") => format(value, which === "one" ? metricOne : metricTwo), [format, metricOne, metricTwo]);
  const dateLabel = useCallback((date: string) => periodLabel(date, interval, locale), [interval, locale]);
  const name = texts.chartName(card.name);
  // Built on the card's turn only: the page brings one chart up to date per task.
  const chart = useMemo(
    () =>
      drawn
        ? {
            drawing: timeSeriesChart({ series, labels, chartType, format: formatPoint, dateLabel, wholeNumbers: { one: isWholeMetric(metricOne), two: isWholeMetric(metricTwo) } }),
            table: timeSeriesTable({ caption: name, rowHeader: texts.date, series, labels, format: formatPoint, dateLabel }),
            name,
          }
        : null,
    [drawn, series, labels, chartType, formatPoint, dateLabel, name, metricOne, metricTwo],
  );
  // Until its turn, a card keeps drawing what it last drew (dimmed), rather than tearing its chart down.
  const lastDrawn = useRef<typeof chart>(null);
  if (chart) lastDrawn.current = chart;
  const shown = chart ?? lastDrawn.current;
  return (
    <li className="report-card" data-card={card.name}>
      <h2>{card.name}</h2>
      {shown ? (
        <div className={drawn ? undefined : "report-card-stale"} aria-hidden={drawn ? undefined : true}>
          {/* The data table for screen readers shows what the chart shows: hidden from them too while it is a previous card's. */}
          <ChartCanvas chart={shown.drawing} name={shown.name} table={shown.table} height={cardChartHeight} />
        </div>
      ) : (
        <div className="chart-canvas" style={{ height: cardChartHeight }} aria-hidden="true" />
      )}
      <dl className="report-card-footer">
        <div>
          <dt>
            <span className="chart-key" style={{ background: chartColours.metricOne }} aria-hidden="true" /> {labels.one}
          </dt>
          <dd data-metric={metricOne}>{format(card.totals[metricOne], metricOne)}</dd>
        </div>
        <div>
          <dt>
            <span className="chart-key" style={{ background: chartColours.metricTwo }} aria-hidden="true" /> {labels.two}
          </dt>
          <dd data-metric={metricTwo}>{format(card.totals[metricTwo], metricTwo)}</dd>
        </div>
      </dl>
      <CardExploreLink href={explore} name={card.name} />
    </li>
  );
});
