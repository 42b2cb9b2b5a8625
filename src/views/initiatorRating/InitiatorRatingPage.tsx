import type { ActorRefFrom } from "xstate";
import { useSelector } from "@xstate/react";
import { useMemo } from "react";
import { useSearch } from "wouter";
import { initiatorDefaultColumns, initiatorFieldNames, type InitiatorRow } from "../../domain/initiatorRating/initiatorRating";
import { initiatorDrillQuery, initiatorQueryShape } from "../../domain/initiatorRating/initiatorRatingQuery";
import { initiatorRatingTexts } from "../../domain/initiatorRating/initiatorRatingTexts";
import { reportCrumbs, reportTitle } from "../../domain/report/reportCrumbs";
import { initiatorRatingMachine, initiatorRatingSelectors as sel, type InitiatorRatingActorRef } from "../../machines/initiatorRating/initiatorRating.machine";
import { ColumnsDialog } from "../performance/ColumnsDialog";
import type { TaxonomyRoute } from "../../domain/report/taxonomyRoute";
import { reportQueryLink } from "../../domain/report/reportQuery";
import { DrillTableExport, drillTableColumns, StackedBarFigure, useFunnelFieldFormat } from "../reports/drillTable";
import { ReportFrame } from "../reports/ReportFrame";
import { Screen, screenQuery } from "../shell/appChildren";
import { MetricTable } from "../table/MetricTable";

/** Where the initiator rating's routes start. */
export const initiatorRatingBase = "/initiator-rating";

const t = initiatorRatingTexts;
const labels: Readonly<Record<string, string>> = t.columns;

/** A row's name: its deepest taxonomy value. */
const nameOf = (row: InitiatorRow): string => row.location.at(-1) ?? "";

/**
 * /initiator-rating and its taxonomy pages (down to taxonomy_three): breadcrumbs from 'All
 * Channels', the column chooser and the export, then the stacked bars of the page's rows
 * (upper funnel + solo against mid + lower; 100 px plus 30 a bar) and the table (10 a page,
 * total funnel revenue biggest first; a row links one level deeper while its location has
 * fewer than 4 names, 'None' never). 'Loading...' while loading, the empty text when there
 * are no rows; a failed load stops loading silently.
 */
export const InitiatorRatingPage = ({ path }: TaxonomyRoute) => {
  const urlQuery = useSearch();
  // The app root's screen child for this route (given the session and toasts by the root).
  return (
    <Screen name="initiatorRating" routeKey={JSON.stringify([path])} logic={initiatorRatingMachine} route={{ path, search: urlQuery }} query={screenQuery(reportQueryLink(initiatorQueryShape(path)), sel.choices)}>
      {(report) => <InitiatorRatingPageScreen report={report} path={path} />}
    </Screen>
  );
};

const InitiatorRatingPageScreen = ({ report, path }: Pick<TaxonomyRoute, "path"> & { readonly report: ActorRefFrom<typeof initiatorRatingMachine> }) => {
  const status = useSelector(report, sel.status);
  return (
    <ReportFrame
      title={reportTitle(t.title, path)}
      crumbs={reportCrumbs(initiatorRatingBase, path)}
      status={status}
      emptyText={t.empty}
      failure="silent"
      controls={<InitiatorControls report={report} />}
    >
      <InitiatorChart report={report} />
      <InitiatorTable report={report} />
    </ReportFrame>
  );
};

const sameChoices = (a: ReturnType<typeof sel.choices>, b: ReturnType<typeof sel.choices>) =>
  a.sort === b.sort && a.direction === b.direction && a.page === b.page && a.columns.join() === b.columns.join();

const InitiatorControls = ({ report }: { readonly report: InitiatorRatingActorRef }) => {
  const choosing = useSelector(report, sel.isChoosingColumns);
  const columns = useSelector(report, sel.columns);
  return (
    <>
      <button type="button" className="button" onClick={() => report.send({ type: "initiator.columnsOpened" })}>
        {t.columnsButton}
      </button>
      <InitiatorExport report={report} />
      {choosing ? (
        <ColumnsDialog
          available={initiatorFieldNames}
          selected={columns}
          labels={labels}
          onToggle={(column) => report.send({ type: "initiator.columnToggled", column })}
          onReset={() => report.send({ type: "initiator.columnsReset" })}
          onClose={() => report.send({ type: "initiator.columnsClosed" })}
        />
      ) : null}
    </>
  );
};

const InitiatorChart = ({ report }: { readonly report: InitiatorRatingActorRef }) => {
  const bars = useSelector(report, sel.chart);
  const height = useSelector(report, sel.chartHeight);
  const path = useSelector(report, sel.path);
  return <StackedBarFigure bars={bars} name={t.chartName} height={height} depth={path.length} />;
};

const InitiatorTable = ({ report }: { readonly report: InitiatorRatingActorRef }) => {
  const rows = useSelector(report, sel.pageRows);
  const visible = useSelector(report, sel.columns);
  const levelColumn = useSelector(report, sel.levelColumn);
  const sort = useSelector(report, sel.sort);
  const page = useSelector(report, sel.page);
  const pageCount = useSelector(report, sel.pageCount);
  const total = useSelector(report, sel.total);
  const perPage = useSelector(report, sel.perPage);
  const choices = useSelector(report, sel.choices, sameChoices);
  const format = useFunnelFieldFormat();
  const columns = useMemo(
    () =>
      drillTableColumns<InitiatorRow>({
        base: initiatorRatingBase,
        levelColumn,
        fields: initiatorFieldNames,
        labels,
        format,
        nameOf,
        locationOf: (row) => row.location,
        queryOf: (to) => initiatorDrillQuery(choices, to),
      }),
    [levelColumn, format, choices],
  );
  return (
    <MetricTable<InitiatorRow>
      label={t.tableLabel}
      columns={columns}
      visibleColumns={visible.length === 0 ? initiatorDefaultColumns : visible}
      rows={rows}
      rowName={nameOf}
      sort={sort}
      onSort={(column) => report.send({ type: "initiator.sorted", column })}
      emptyText={t.empty}
      paging={{ label: t.pagination, page, pageCount, total, perPage, onPage: (p) => report.send({ type: "initiator.paged", page: p }) }}
    />
  );
};

/** 'Export': every row in the table's sort, the five derived columns, the visible ones for 'Reset to visible'. */
const InitiatorExport = ({ report }: { readonly report: InitiatorRatingActorRef }) => {
  const total = useSelector(report, sel.total);
  const dialog = useSelector(report, sel.exportDialog);
  const tableOf = () => {
    const snapshot = report.getSnapshot();
    return {
      levelColumn: sel.levelColumn(snapshot),
      columns: initiatorFieldNames,
      visibleColumns: sel.columns(snapshot),
      labels,
      rows: sel.sortedRows(snapshot),
      sort: sel.sort(snapshot),
    };
  };
  return dialog ? <DrillTableExport texts={t} disabled={total === 0} tableOf={tableOf} dialog={dialog} /> : null;
};
