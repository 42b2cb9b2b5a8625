import type { ActorRefFrom } from "xstate";
import { useSelector } from "@xstate/react";
import { memo, useCallback, useMemo } from "react";
import { createPortal } from "react-dom";
import { Link, useLocation, useSearch } from "wouter";
import {
  cardMetric,
  columnParts,
  dataSetComparisonBase,
  dataSetComparisonPerPage,
  dataSetComparisonQuery,
  donutShares,
  interleavedHalves,
  isColumnAvailable,
  levelField,
  rowKeyOf,
  tableColumns,
  type DataSetComparisonCard,
  type DataSetComparisonRow,
  type DataSetComparisonTab,
  type ReportLevelNumber,
  type Side,
} from "../../domain/dataSetComparison/dataSetComparison";
import { dataSetComparisonTexts as texts } from "../../domain/dataSetComparison/dataSetComparisonTexts";
import { formatPeriod } from "../../domain/report/dateFormat";
import { formatMetric, formatPercent, type NumberFormatOptions } from "../../domain/report/numberFormat";
import { drillHref, reportCrumbs } from "../../domain/report/reportCrumbs";
import { reportQueryLink, withReportQuery } from "../../domain/report/reportQuery";
import {
  columnHeader,
  dataSetComparisonMachine,
  dataSetComparisonSelectors as sel,
  type DataSetComparisonActorRef,
  type DataSetComparisonChoices,
} from "../../machines/dataSetComparison/dataSetComparison.machine";
import { ChartCanvas } from "../chart/ChartCanvas";
import { shareChart, shareTable, timeSeriesChart, timeSeriesTable } from "../chart/chartKinds";
import { InfoDialog } from "../components/Modal";
import { useSelected } from "../components/useSelected";
import { ExportDialog } from "../exports/ExportDialog";
import { CardExploreLink } from "../reports/CardExploreLink";
import { ReportFrame } from "../reports/ReportFrame";
import type { IdentifiedRoute } from "../../domain/report/taxonomyRoute";
import { Screen, screenQuery } from "../shell/appChildren";
import { metricColumn, MetricNoteRow, MetricTable, type MetricTableRow, type TableColumn } from "../table/MetricTable";
import "./dataSetComparison.css";

/** Routes nest three values deep for Explore: the level-four cards and rows have none. */
const exploreDeepest = 3;
const cardChartHeight = 250;
const donutHeight = 150;

/** The screen's URL: its tab, a new history entry on each change; Back and Forward bring the tab of their address back. */
const dataSetComparisonScreenQuery = screenQuery<typeof dataSetComparisonMachine, DataSetComparisonChoices>(reportQueryLink(dataSetComparisonQuery), sel.choices, (choices) => ({
  type: "dataSetComparison.linkFollowed",
  choices,
}));

/**
 * /custom-reports/{report} and its taxonomy pages (level 1 with no value, 2 with one, 3
 * with two, 4 with three): the no-access screen when the program lacks the report, the
 * admins' data-source warning, then the Visual tab (a card per taxonomy value: the two
 * sides' sales as areas, Explore one level down, the current and previous periods'
 * donuts) or the Tabular tab (Columns, comparing, Export, the table with its Total). The
 * tab is the URL's `tab`: a tab link tells the report, the screen frame writes it as a new
 * history entry, and Back and Forward bring the report the tab of their address.
 */
export const DataSetComparisonPage = ({ id, path }: IdentifiedRoute) => {
  const search = useSearch();
  const reportId = id ?? "1";
  // The app root's screen child for this route (given the session and toasts by the root).
  return (
    <Screen name="dataSetComparison" routeKey={JSON.stringify([id, path])} logic={dataSetComparisonMachine} route={{ path, search, reportId }} query={dataSetComparisonScreenQuery}>
      {(report) => <CustomReportPageScreen report={report} id={id} path={path} />}
    </Screen>
  );
};

const CustomReportPageScreen = ({ report, id, path }: Pick<IdentifiedRoute, "id" | "path"> & { readonly report: ActorRefFrom<typeof dataSetComparisonMachine> }) => {
  const search = useSearch();
  const reportId = id ?? "1";
  const status = useSelector(report, sel.status);
  const name = useSelector(report, sel.reportName);
  const level = useSelector(report, sel.level);
  const tab = useSelector(report, sel.tab);
  const warning = useSelector(report, sel.showsSourceWarning);
  const dialog = useSelector(report, sel.exportDialog);
  const base = `${dataSetComparisonBase}/${encodeURIComponent(reportId)}`;
  const denied = status === "denied";
  return (
    <ReportFrame
      title={name ?? texts.activeTitle}
      crumbs={reportCrumbs(base, path)}
      status={denied ? "ready" : status}
      emptyText={texts.noData}
      failure="silent"
      controls={denied ? undefined : <CustomReportTabs tab={tab} search={search} level={level} onChoose={(next) => report.send({ type: "dataSetComparison.tabChosen", tab: next })} />}
      aside={
        <>
          {warning ? (
            <p className="custom-report-warning" role="note">
              {texts.dataSourceWarning}
            </p>
          ) : null}
          {dialog ? createPortal(<ExportDialog dialog={dialog} />, document.body) : null}
        </>
      }
    >
      {denied ? <NoAccess /> : tab === "visual" ? <VisualTab report={report} base={base} path={path} /> : <TabularTab report={report} base={base} path={path} />}
    </ReportFrame>
  );
};

/** The no-access screen: the product's words, and the ways out. */
const NoAccess = () => (
  <div className="custom-report-denied" role="alert">
    <p>{texts.noAccess}</p>
    <p className="custom-report-denied-links">
      <button type="button" className="button" onClick={() => window.history.back()}>
        {texts.goBack}
      </button>
      <Link href="/">{texts.goHome}</Link>
    </p>
  </div>
);

/** The tab links (each a link to this page with its tab in the query) and the level shown. */
const CustomReportTabs = ({
  tab,
  search,
  level,
  onChoose,
}: {
  readonly tab: DataSetComparisonTab;
  readonly search: string;
  readonly level: ReportLevelNumber;
  readonly onChoose: (tab: DataSetComparisonTab) => void;
}) => {
  const [location] = useLocation();
  const hrefOf = (next: DataSetComparisonTab) => {
    const query = withReportQuery(search, dataSetComparisonQuery, { tab: next });
    return query === "" ? location : `${location}?${query}`;
  };
  return (
    <>
      <nav aria-label={texts.tabsName} className="custom-report-tabs">
        {(["visual", "tabular"] as const).map((t) => (
          <Link
            key={t}
            href={hrefOf(t)}
            onClick={(event) => {
              // The report keeps the tab; the screen frame writes it into the address as a new history entry.
              event.preventDefault();
              onChoose(t);
            }}
            className={`custom-report-tab${t === tab ? " is-current" : ""}`}
            aria-current={t === tab ? "page" : undefined}
          >
            {texts.tabs[t]}
          </Link>
        ))}
      </nav>
      <span className="custom-report-level">{texts.level(level)}</span>
    </>
  );
};

// ---------------------------------------------------------------------------------------
// Visual

const VisualTab = ({ report, base, path }: { readonly report: DataSetComparisonActorRef; readonly base: string; readonly path: ReadonlyArray<string> }) => {
  const cards = useSelector(report, sel.cards);
  const names = useSelector(report, sel.sideNames);
  const locale = useSelector(report, sel.locale);
  if (cards.length === 0) return <p className="analysis-report-empty">{texts.noData}</p>;
  return (
    <ul className="report-cards custom-report-cards" aria-label={texts.cards}>
      {cards.map((card) => (
        <CardView key={card.name} card={card} names={names} locale={locale} explore={drillHref(base, path, card.name, exploreDeepest)} />
      ))}
    </ul>
  );
};

interface CardProps {
  readonly card: DataSetComparisonCard;
  readonly names: Readonly<Record<Side, string>>;
  readonly locale: string | null;
  readonly explore: string | null;
}

const CardView = memo(function CardView({ card, names, locale, explore }: CardProps) {
  const labels = useMemo(() => ({ one: names.first, two: names.second }), [names]);
  const format = useCallback((value: number) => formatMetric(value, cardMetric, { locale }), [locale]);
  const dateLabel = useCallback((date: string) => formatPeriod(date, "day", locale), [locale]);
  const chartName = texts.chartName(card.name);
  const chart = useMemo(
    () => ({
      drawing: timeSeriesChart({ series: card.series, labels, chartType: "area", format, dateLabel, sharedAxis: true }),
      table: timeSeriesTable({ caption: chartName, rowHeader: texts.date, series: card.series, labels, format, dateLabel }),
    }),
    [card.series, labels, format, dateLabel, chartName],
  );
  return (
    <li className="report-card custom-report-card" data-card={card.name}>
      <h2>{card.name}</h2>
      <ChartCanvas chart={chart.drawing} name={chartName} table={chart.table} height={cardChartHeight} />
      <div className="custom-report-donuts">
        <Donut period={texts.currentPeriod} name={card.name} values={card.current} names={names} locale={locale} />
        <Donut period={texts.previousPeriod} name={card.name} values={card.previous} names={names} locale={locale} />
      </div>
      <CardExploreLink href={explore} name={card.name} />
    </li>
  );
});

const Donut = ({ period, name, values, names, locale }: { readonly period: string; readonly name: string; readonly values: Readonly<Record<Side, number>>; readonly names: Readonly<Record<Side, string>>; readonly locale: string | null }) => {
  const shares = donutShares(values.first, values.second);
  const drawing = useMemo(() => {
    const parts = [
      { label: names.first, value: values.first },
      { label: names.second, value: values.second },
    ];
    const format = (value: number, share: number) => `${formatMetric(value, cardMetric, { locale })} (${formatPercent(share, 1, locale)})`;
    const caption = texts.donutName(period, name);
    return { chart: shareChart({ parts, format }), table: shareTable({ parts, format, caption, rowHeader: period, header: texts.shareOf }) };
  }, [names, values, locale, period, name]);
  return (
    <figure className="custom-report-donut" data-period={period}>
      <figcaption>{period}</figcaption>
      <ChartCanvas chart={drawing.chart} name={texts.donutName(period, name)} table={drawing.table} height={donutHeight} />
      <p className="custom-report-shares">
        <span data-side="first">
          {names.first} {formatPercent(shares.first, 1, locale)}
        </span>{" "}
        <span data-side="second">
          {names.second} {formatPercent(shares.second, 1, locale)}
        </span>
      </p>
    </figure>
  );
};

// ---------------------------------------------------------------------------------------
// Tabular

const numberOf = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

/** A side's metric column: its header names the side, its number and comparison are the metric's. */
const sideColumn = (key: string, header: string, format: NumberFormatOptions): TableColumn<DataSetComparisonRow> => {
  const parts = columnParts(key);
  const metric = metricColumn(parts?.metric ?? key, header, format);
  return { ...metric, key, value: (row: MetricTableRow) => numberOf(row[key]) };
};

const TabularTab = ({ report, base, path }: { readonly report: DataSetComparisonActorRef; readonly base: string; readonly path: ReadonlyArray<string> }) => {
  const { pageRows: rows, footer, total, page, pageCount: pages, sort, visibleColumns: visible, sideNames: names, level, currency, locale } = useSelected(report, sel, [
    "pageRows",
    "footer",
    "total",
    "page",
    "pageCount",
    "sort",
    "visibleColumns",
    "sideNames",
    "level",
    "currency",
    "locale",
  ]);
  const { comparing, comparisonRows, comparisonFooter, comparisonMissing, comparisonLoading, openRows, columnsOpen } = useSelected(report, sel, [
    "comparing",
    "comparisonRows",
    "comparisonFooter",
    "comparisonMissing",
    "comparisonLoading",
    "openRows",
    "columnsOpen",
  ]);
  const field = levelField(level);
  const columns = useMemo<ReadonlyArray<TableColumn<DataSetComparisonRow>>>(
    () => [{ key: field, header: texts.taxonomyLevel(level), align: "start" }, ...tableColumns.map((key) => sideColumn(key, columnHeader(key, names), { currency, locale }))],
    [field, level, names, currency, locale],
  );
  const keyOf = useCallback((row: DataSetComparisonRow) => rowKeyOf(row, level), [level]);
  const expansion = useMemo(
    () => ({
      canExpand: () => true,
      isExpanded: (row: DataSetComparisonRow) => openRows.includes(keyOf(row)),
      onToggle: (row: DataSetComparisonRow) => report.send({ type: "dataSetComparison.rowToggled", key: keyOf(row) }),
      renderNested: (row: DataSetComparisonRow) => <RowDetail row={row} name={keyOf(row)} names={names} locale={locale} explore={drillHref(base, path, keyOf(row), exploreDeepest)} />,
    }),
    [openRows, keyOf, report, names, locale, base, path],
  );
  return (
    <>
      <div className="custom-report-table-tools">
        <button type="button" className="button" onClick={() => report.send({ type: "dataSetComparison.columnsOpened" })}>
          {texts.columns}
        </button>
        <label className="field-inline">
          <input type="checkbox" checked={comparing} onChange={() => report.send({ type: "dataSetComparison.comparingToggled" })} /> {texts.comparing}
        </label>
        <button type="button" className="button" disabled={total === 0} onClick={() => report.send({ type: "dataSetComparison.exportRequested" })}>
          {texts.exportData}
        </button>
      </div>
      {comparisonMissing ? (
        <p className="custom-report-no-comparison" role="status">
          {texts.noComparisonData}
        </p>
      ) : null}
      <MetricTable<DataSetComparisonRow>
        label={texts.table}
        columns={columns}
        visibleColumns={visible}
        rows={rows}
        rowName={keyOf}
        footer={footer}
        sort={sort}
        onSort={(column) => report.send({ type: "dataSetComparison.sorted", column })}
        emptyText={texts.noData}
        loading={comparisonLoading}
        previous={comparing && comparisonRows !== null && comparisonRows.length > 0 ? comparisonRows : null}
        previousFooter={comparisonFooter}
        expansion={expansion}
        paging={{
          label: texts.pagination,
          page,
          pageCount: pages,
          total,
          perPage: dataSetComparisonPerPage,
          perPageOptions: [dataSetComparisonPerPage],
          onPage: (next) => report.send({ type: "dataSetComparison.pageChanged", page: next }),
        }}
      />
      {columnsOpen ? <ColumnsModal report={report} names={names} /> : null}
    </>
  );
};

/** An open row: each side's share of the row's sales and revenue, and Explore below level 4. */
const RowDetail = ({ row, name, names, locale, explore }: { readonly row: DataSetComparisonRow; readonly name: string; readonly names: Readonly<Record<Side, string>>; readonly locale: string | null; readonly explore: string | null }) => {
  const line = (metric: "attributed_sales" | "attributed_revenue", label: string) => {
    const shares = donutShares(numberOf(row[`first.${metric}`]) ?? 0, numberOf(row[`second.${metric}`]) ?? 0);
    return `${label}: ${names.first} ${formatPercent(shares.first, 1, locale)}, ${names.second} ${formatPercent(shares.second, 1, locale)}`;
  };
  return (
    <MetricNoteRow depth={1}>
      <span className="custom-report-detail" role="group" aria-label={texts.details(name)}>
        {line("attributed_sales", texts.shareOfSales)} · {line("attributed_revenue", texts.shareOfRevenue)}
        {explore ? (
          <>
            {" "}
            · <Link href={explore}>{texts.explore}</Link>
          </>
        ) : null}
      </span>
    </MetricNoteRow>
  );
};

/** The Columns modal: the columns in two interleaved halves (first side, second side); excluded ones cannot be chosen. */
const ColumnsModal = ({ report, names }: { readonly report: DataSetComparisonActorRef; readonly names: Readonly<Record<Side, string>> }) => {
  const visible = useSelector(report, sel.visibleColumns);
  const excluded = useSelector(report, sel.excludedColumns);
  const halves = interleavedHalves(tableColumns);
  const close = () => report.send({ type: "dataSetComparison.columnsClosed" });
  return (
    <InfoDialog
      title={texts.columnsTitle}
      close={{ label: texts.close, look: "primary", onClick: close }}
      others={[{ label: texts.reset, onClick: () => report.send({ type: "dataSetComparison.columnsReset" }) }]}
    >
      <div className="custom-report-columns">
        {halves.map((half, i) => (
          <ul key={i} className="custom-report-column-list">
            {half.map((column) => {
              const available = isColumnAvailable(column, excluded);
              return (
                <li key={column}>
                  <label className={available ? undefined : "is-unavailable"}>
                    <input
                      type="checkbox"
                      checked={available && visible.includes(column)}
                      disabled={!available}
                      onChange={() => report.send({ type: "dataSetComparison.columnToggled", column })}
                    />{" "}
                    {columnHeader(column, names)}
                    {available ? null : ` (${texts.unavailable})`}
                  </label>
                </li>
              );
            })}
          </ul>
        ))}
      </div>
    </InfoDialog>
  );
};
