import { useSelector } from "@xstate/react";
import { useMemo } from "react";
import { createPortal } from "react-dom";
import { useSearch } from "wouter";
import { journeysQueryShape, journeyPerPageOptions } from "../../domain/journeys/journeysQuery";
import { journeysTexts } from "../../domain/journeys/journeysTexts";
import { crunchedAt, formatConversionDate, journeyLevels, successionText, tagTone, tagValues, uniqueAt, type JourneyTableRow } from "../../domain/journeys/journeyTable";
import type { JourneyLevel } from "../../domain/journeys/journeys";
import { pathName } from "../../domain/journeys/journeySummary";
import { formatNumber } from "../../domain/report/numberFormat";
import { reportQueryLink } from "../../domain/report/reportQuery";
import { journeysReportMachine, journeysReportSelectors as sel, type JourneysReportActorRef } from "../../machines/journeys/journeysReport.machine";
import { ExportDialog } from "../exports/ExportDialog";
import { ReportFrame } from "../reports/ReportFrame";
import { ReportSelect } from "../reports/ReportSelect";
import { Screen, screenQuery } from "../shell/appChildren";
import { MetricTable, type TableColumn } from "../table/MetricTable";
import { JourneyFilterModal } from "./JourneyFilterModal";
import { JourneySummary } from "./JourneySummary";
import "./journeys.css";
import { useSelected } from "../components/useSelected";

const t = journeysTexts;

const levelOptions = journeyLevels.map((level) => ({ value: String(level) as `${JourneyLevel}`, label: t.levels[level] }));

/**
 * /journeys: the orders of the session's range with their journeys. Controls: 'Filter
 * Journey' (the Journey Path Filter), the taxonomy level (Two, Three, Four), the filter's
 * and the chosen path's chips, 'Export' (every filtered order); then the
 * summary of the filtered orders and the table (Order, Conversion, Journey, Journey Length,
 * Unique Touches; Conversion and Journey Length sorted by the server; 15, 30 or 50 a page).
 * 'Loading...' while loading (the rows shown stay under it), 'There's no data to show'
 * when no order is left; a failed load only stops loading.
 */
export const JourneysPage = () => {
  // The report reads its URL's query once, when it opens; it is the app root's screen child.
  const urlQuery = useSearch();
  return (
    <Screen name="journeys" routeKey="" logic={journeysReportMachine} route={{ search: urlQuery }} query={screenQuery(reportQueryLink(journeysQueryShape), sel.choices)}>
      {(report) => <JourneysReport report={report} />}
    </Screen>
  );
};

const JourneysReport = ({ report }: { readonly report: JourneysReportActorRef }) => {
  const status = useSelector(report, sel.status);
  const hasShownRows = useSelector(report, sel.hasShownRows);
  return (
    <ReportFrame
      title={t.title}
      crumbs={[]}
      status={status}
      emptyText={t.empty}
      failure="silent"
      keepBodyWhileLoading={hasShownRows}
      controls={<JourneyControls report={report} />}
      aside={
        <>
          <JourneySummary report={report} />
        </>
      }
    >
      <JourneyTable report={report} />
    </ReportFrame>
  );
};

const JourneyControls = ({ report }: { readonly report: JourneysReportActorRef }) => {
  const { level, isFiltered, path, canOpenFilter, filterDialog } = useSelected(report, sel, ["level", "isFiltered", "path", "canOpenFilter", "filterDialog"]);
  return (
    <>
      <button type="button" className="button" disabled={!canOpenFilter} onClick={() => report.send({ type: "journeys.filterOpened" })}>
        {t.filter.open}
      </button>
      {filterDialog ? <JourneyFilterModal filter={filterDialog} /> : null}
      <ReportSelect<`${JourneyLevel}`>
        label={t.level}
        value={String(level) as `${JourneyLevel}`}
        options={levelOptions}
        onChange={(value) => report.send({ type: "journeys.levelChosen", level: Number(value) as JourneyLevel })}
      />
      {isFiltered ? (
        <span className="journey-chip">
          {t.filtered}
          <button type="button" className="journey-chip-clear" onClick={() => report.send({ type: "journeys.filterCleared" })}>
            {t.clearFilter}
          </button>
        </span>
      ) : null}
      {path !== null ? (
        <span className="journey-chip" data-testid="journey-path-chip">
          {pathName(path)}
          <button
            type="button"
            className="journey-chip-clear"
            aria-label={t.summary.clearPath(pathName(path))}
            onClick={() => report.send({ type: "journeys.pathCleared" })}
          >
            ×
          </button>
        </span>
      ) : null}
      <JourneyExport report={report} />
    </>
  );
};

/** A journey's tags at a level: consecutive identical touches merged into one tag with a count badge and its tooltip. */
export const JourneyTags = ({ row, level }: { readonly row: JourneyTableRow; readonly level: JourneyLevel }) => (
  <ol className="journey-tags">
    {crunchedAt(row, level).map((tag, i) => (
      <li key={i} className={`journey-tag journey-tag-${tagTone(tagValues(tag.name))}`} title={tag.count > 1 ? successionText(tag.count) : tag.name}>
        <span className="journey-tag-name">{tag.name}</span>
        {tag.count > 1 ? (
          <span className="journey-tag-count" aria-label={successionText(tag.count)}>
            {tag.count}
          </span>
        ) : null}
      </li>
    ))}
  </ol>
);

const JourneyTable = ({ report }: { readonly report: JourneysReportActorRef }) => {
  const { rows, level, sort, page, pageCount, total, perPage, timeZone } = useSelected(report, sel, ["rows", "level", "sort", "page", "pageCount", "total", "perPage", "timeZone"]);
  const columns = useMemo(
    (): ReadonlyArray<TableColumn<JourneyTableRow>> => [
      { key: "order_id", header: t.columns.order_id, sortable: false, width: 9 },
      {
        key: "conversion_date",
        header: t.columns.conversion_date,
        width: 15,
        cell: (row) => <time dateTime={row.conversion_date}>{formatConversionDate(row.conversion_date, timeZone)}</time>,
      },
      { key: "journey", header: t.columns.journey, sortable: false, width: 22, className: "journey-cell", cell: (row) => <JourneyTags row={row} level={level} /> },
      { key: "journey_length", header: t.columns.journey_length, width: 8, value: (row) => Number(row["journey_length"]), format: (v) => formatNumber(v, 0) },
      {
        key: "unique_touches",
        header: t.columns.unique_touches,
        sortable: false,
        width: 8,
        value: (row) => uniqueAt(row as JourneyTableRow, level),
        format: (v) => formatNumber(v, 0),
      },
    ],
    [level, timeZone],
  );
  return (
    <MetricTable<JourneyTableRow>
      label={t.tableLabel}
      className="journeys-table"
      columns={columns}
      rows={rows}
      rowName={(row) => row.order_id}
      rowKey={(row) => row.order_id}
      sort={sort}
      onSort={(column) => report.send({ type: "journeys.sorted", column })}
      emptyText={t.empty}
      paging={{
        label: t.pagination,
        page,
        pageCount,
        total,
        perPage,
        perPageOptions: journeyPerPageOptions,
        onPage: (p) => report.send({ type: "journeys.paged", page: p }),
        onPerPage: (n) => report.send({ type: "journeys.perPageChanged", perPage: n }),
      }}
    />
  );
};

/** 'Export': the report opens the Export Data dialog with every filtered order (it loads the rows not loaded yet first). */
const JourneyExport = ({ report }: { readonly report: JourneysReportActorRef }) => {
  const { total, isExporting: exporting, exportDialog: dialog } = useSelected(report, sel, ["total", "isExporting", "exportDialog"]);
  if (!dialog) return null;
  return (
    <>
      <button type="button" className="button" onClick={() => report.send({ type: "journeys.exportRequested" })} disabled={total === 0 || exporting} aria-busy={exporting}>
        {t.export}
      </button>
      {createPortal(<ExportDialog dialog={dialog} />, document.body)}
    </>
  );
};
