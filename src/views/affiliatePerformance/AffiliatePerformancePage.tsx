import type { ActorRefFrom } from "xstate";
import { useSelector } from "@xstate/react";
import { useId, useMemo } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { affiliateColumnNames, affiliateSearchLimit, affiliateTaxonomyHref } from "../../domain/affiliatePerformance/affiliatePerformance";
import { affiliateQueryShape } from "../../domain/affiliatePerformance/affiliatePerformanceQuery";
import { affiliatePerformanceTexts as t } from "../../domain/affiliatePerformance/affiliatePerformanceTexts";
import type { AffiliateRow } from "../../domain/analysis/analysis";
import { performanceTexts } from "../../domain/performance/performanceTexts";
import { formatMoney, type NumberFormatOptions } from "../../domain/report/numberFormat";
import { taxonomyLevels } from "../../domain/report/taxonomyLevels";
import { reportQueryLink } from "../../domain/report/reportQuery";
import {
  affiliatePerformanceMachine,
  affiliatePerformanceSelectors as sel,
  type AffiliatePerformanceActorRef,
} from "../../machines/affiliatePerformance/affiliatePerformance.machine";
import { sessionSelectors } from "../../machines/shell/session.machine";
import { ColumnsDialog } from "../performance/ColumnsDialog";
import { DrillTableExport } from "../reports/drillTable";
import { ReportFrame } from "../reports/ReportFrame";
import { useAppActors } from "../shell/AppActorsContext";
import { Screen, screenQuery } from "../shell/appChildren";
import { paths } from "../shell/routePaths";
import { metricColumns, MetricTable, type MetricTableRow, type TableColumn } from "../table/MetricTable";

const levelNames = performanceTexts.performanceTable.levelNames;
const crumbs = [{ label: t.title }];

/**
 * /affiliate-performance (admins; a 403 sends the person to / saying so): the search over
 * publisher ids and taxonomy values, the column chooser and the export, then the table of
 * the matching rows (15 a page, attributed revenue biggest first at first) with their
 * 'Total'. A taxonomy cell links to the performance report's drill-down of its path, a
 * 'None' never. One actor owns the rows and every choice; this view renders and sends.
 */
export const AffiliatePerformancePage = () => {
  const urlQuery = useSearch();
  const [, navigate] = useLocation();
  // The app root's screen child for this route (given the session and toasts by the root).
  return (
    <Screen name="affiliatePerformance" routeKey={""} logic={affiliatePerformanceMachine.provide({ actions: { goHome: () => navigate("/") } })} route={{ search: urlQuery }} query={screenQuery(reportQueryLink(affiliateQueryShape), sel.choices)}>
      {(report) => <AffiliatePerformancePageScreen report={report} />}
    </Screen>
  );
};

const AffiliatePerformancePageScreen = ({ report }: { readonly report: ActorRefFrom<typeof affiliatePerformanceMachine> }) => {
  const status = useSelector(report, sel.status);
  return (
    <ReportFrame
      title={t.title}
      crumbs={crumbs}
      status={status}
      emptyText={t.empty}
      failure="message"
      onRetry={() => report.send({ type: "affiliates.retried" })}
      controls={<AffiliateControls report={report} />}
    >
      <AffiliateTable report={report} />
    </ReportFrame>
  );
};

const AffiliateControls = ({ report }: { readonly report: AffiliatePerformanceActorRef }) => {
  const id = useId();
  const search = useSelector(report, sel.search);
  const choosing = useSelector(report, sel.isChoosingColumns);
  const columns = useSelector(report, sel.columns);
  return (
    <>
      {/* The search landmark is named by its label, so it is told apart from the header's search. */}
      <div className="field affiliate-search" role="search" aria-labelledby={`${id}-label`}>
        <label id={`${id}-label`} htmlFor={id}>
          {t.search}
        </label>
        <input
          id={id}
          type="search"
          value={search}
          placeholder={t.searchPlaceholder}
          maxLength={affiliateSearchLimit}
          autoComplete="off"
          onChange={(e) => report.send({ type: "affiliates.searched", search: e.target.value })}
        />
      </div>
      <button type="button" className="button" onClick={() => report.send({ type: "affiliates.columnsOpened" })}>
        {t.columnsButton}
      </button>
      <AffiliateExport report={report} />
      {choosing ? (
        <ColumnsDialog
          available={affiliateColumnNames}
          selected={columns}
          onToggle={(column) => report.send({ type: "affiliates.columnToggled", column })}
          onReset={() => report.send({ type: "affiliates.columnsReset" })}
          onClose={() => report.send({ type: "affiliates.columnsClosed" })}
        />
      ) : null}
    </>
  );
};

/** A taxonomy cell: its value, linking to the performance drill-down unless it is (or is under) 'None'; empty in the footer. */
const taxonomyColumn = (level: (typeof taxonomyLevels)[number], header: string): TableColumn<AffiliateRow> => ({
  key: level,
  header,
  cell: (row: MetricTableRow) => {
    const value = row[level];
    if (typeof value !== "string") return "";
    const href = affiliateTaxonomyHref(paths.performance, row, level);
    return href === null ? value : <Link href={href}>{value}</Link>;
  },
});

const AffiliateTable = ({ report }: { readonly report: AffiliatePerformanceActorRef }) => {
  const { session } = useAppActors();
  const program = useSelector(session, sessionSelectors.program);
  const rows = useSelector(report, sel.pageRows);
  const footer = useSelector(report, sel.footer);
  const chosen = useSelector(report, sel.columns);
  const headers = useSelector(report, sel.headers);
  const sort = useSelector(report, sel.sort);
  const page = useSelector(report, sel.page);
  const pageCount = useSelector(report, sel.pageCount);
  const total = useSelector(report, sel.total);
  const perPage = useSelector(report, sel.perPage);
  const format = useMemo<NumberFormatOptions>(() => ({ currency: program?.currency, locale: program?.locale }), [program?.currency, program?.locale]);
  const columns = useMemo(
    (): ReadonlyArray<TableColumn<AffiliateRow>> => [
      { key: "publisher_id", header: headers["publisher_id"] ?? t.publisherId, width: 8 },
      ...taxonomyLevels.map((level, i) => taxonomyColumn(level, levelNames[i] ?? level)),
      ...metricColumns(affiliateColumnNames, headers, format),
    ],
    [headers, format],
  );
  const visible = useMemo(() => [...taxonomyLevels, ...chosen], [chosen]);
  return (
    <>
      <MetricTable<AffiliateRow>
        label={t.tableLabel}
        columns={columns}
        visibleColumns={visible}
        rows={rows}
        rowKey={rowKeyOf}
        footer={footer}
        sort={sort}
        onSort={(column) => report.send({ type: "affiliates.sorted", column })}
        emptyText={t.noMatches}
        paging={{ label: t.pagination, page, pageCount, total, perPage, onPage: (p) => report.send({ type: "affiliates.paged", page: p }) }}
      />
      <UnspreadFixedCost report={report} format={format} />
    </>
  );
};

/** The fixed spend of the publishers' channels that no row holds (a network's fee), as its own line with why; nothing when there is none. */
const UnspreadFixedCost = ({ report, format }: { readonly report: AffiliatePerformanceActorRef; readonly format: NumberFormatOptions }) => {
  const fee = useSelector(report, sel.unspreadFixedCost);
  if (fee === 0) return null;
  return (
    <p className="affiliate-unspread-cost">
      <strong>
        {t.unspreadFixedCost}: {formatMoney(fee, 2, format)}
      </strong>{" "}
      {t.unspreadFixedCostNote}
    </p>
  );
};

const rowKeyOf = (row: AffiliateRow): string => [row.publisher_id, ...taxonomyLevels.map((level) => row[level])].join("\u0000");

/** 'Export': every matching row in the table's sort, the publisher id and the four taxonomy columns first, the visible metrics for 'Reset to visible'. */
const AffiliateExport = ({ report }: { readonly report: AffiliatePerformanceActorRef }) => {
  const total = useSelector(report, sel.total);
  const dialog = useSelector(report, sel.exportDialog);
  const tableOf = () => {
    const snapshot = report.getSnapshot();
    return {
      levelColumn: "taxonomy_4",
      keyColumns: ["publisher_id"],
      columns: affiliateColumnNames,
      visibleColumns: sel.columns(snapshot),
      labels: { publisher_id: t.publisherId, ...sel.headers(snapshot) },
      rows: sel.matchingRows(snapshot),
      sort: sel.sort(snapshot),
    };
  };
  return dialog ? <DrillTableExport texts={t} disabled={total === 0} tableOf={tableOf} dialog={dialog} /> : null;
};
