import { useActorRef, useSelector } from "@xstate/react";
import { useCallback, useMemo } from "react";
import { createPortal } from "react-dom";
import { Link, useSearch } from "wouter";
import { drillLocation, funnelFieldFormat } from "../../domain/funnel/funnelReport";
import { initiatorDefaultColumns, initiatorFieldNames, type InitiatorRow } from "../../domain/initiatorRating/initiatorRating";
import { initiatorDrillQuery, initiatorQueryShape } from "../../domain/initiatorRating/initiatorRatingQuery";
import { initiatorRatingTexts } from "../../domain/initiatorRating/initiatorRatingTexts";
import { performanceTexts } from "../../domain/performance/performanceTexts";
import { formatMetric } from "../../domain/report/numberFormat";
import { taxonomyLevels } from "../../domain/report/taxonomyLevels";
import { taxonomyRouteHref } from "../../domain/report/taxonomyRoute";
import { reportCrumbs, reportTitle } from "../../domain/reports/reportCrumbs";
import { exportDialogMachine } from "../../machines/exports/exportDialog.machine";
import { initiatorRatingMachine, initiatorRatingSelectors as sel, type InitiatorRatingActorRef } from "../../machines/initiatorRating/initiatorRating.machine";
import { sessionSelectors } from "../../machines/shell/session.machine";
import { ChartCanvas } from "../chart/ChartCanvas";
import { stackedBarChart, stackedBarTable } from "../chart/chartKinds";
import { ExportDialog } from "../exports/ExportDialog";
import { ColumnsDialog } from "../performance/ColumnsDialog";
import type { TaxonomyRoute } from "../../domain/report/taxonomyRoute";
import { ReportFrame } from "../reports/ReportFrame";
import { ReportQueryUrl } from "../reports/ReportQueryUrl";
import { useAppActors } from "../shell/AppActorsContext";
import { MetricTable, type TableColumn } from "../table/MetricTable";

/** Where the initiator rating's routes start. */
export const initiatorRatingBase = "/initiator-rating";

const t = initiatorRatingTexts;
const levelNames = performanceTexts.performanceTable.levelNames;
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
  const { session } = useAppActors();
  const urlQuery = useSearch();
  const report = useActorRef(initiatorRatingMachine, { input: { session, path, search: urlQuery } });
  const status = useSelector(report, sel.status);
  const choices = useSelector(report, sel.choices, sameChoices);
  const shape = useMemo(() => initiatorQueryShape(path), [path]);
  return (
    <ReportFrame
      title={reportTitle(t.title, path)}
      crumbs={reportCrumbs(initiatorRatingBase, path)}
      status={status}
      emptyText={t.empty}
      failure="silent"
      controls={<InitiatorControls report={report} />}
      aside={<ReportQueryUrl shape={shape} choices={choices} />}
    >
      <InitiatorChart report={report} />
      <InitiatorTable report={report} />
    </ReportFrame>
  );
};

const sameChoices = (a: ReturnType<typeof sel.choices>, b: ReturnType<typeof sel.choices>) =>
  a.sort === b.sort && a.direction === b.direction && a.page === b.page && a.columns.join() === b.columns.join();

/** The numbers of a field as the program reads them (its currency and locale). */
const useFieldFormat = () => {
  const { session } = useAppActors();
  const program = useSelector(session, sessionSelectors.program);
  return useCallback(
    (value: number, field: string) => formatMetric(value, funnelFieldFormat(field), { currency: program?.currency ?? null, locale: program?.locale ?? null }),
    [program],
  );
};

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
  const format = useFieldFormat();
  const drawing = useMemo(() => stackedBarChart({ bars, format }), [bars, format]);
  const table = useMemo(() => stackedBarTable({ bars, format, caption: t.chartName, rowHeader: levelNames[Math.min(path.length, 3)] ?? "" }), [bars, format, path.length]);
  return (
    <figure className="stacked-bar-chart">
      <ChartCanvas chart={drawing} name={t.chartName} height={height} table={table} />
    </figure>
  );
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
  const format = useFieldFormat();
  const columns = useMemo((): ReadonlyArray<TableColumn<InitiatorRow>> => {
    const level = taxonomyLevels.indexOf(levelColumn as (typeof taxonomyLevels)[number]);
    const hrefOf = (to: ReadonlyArray<string>) => {
      const query = initiatorDrillQuery(choices, to);
      return `${taxonomyRouteHref(initiatorRatingBase, to)}${query === "" ? "" : `?${query}`}`;
    };
    return [
      {
        key: levelColumn,
        header: levelNames[level] ?? levelColumn,
        cell: (row) => {
          const to = drillLocation(row.location);
          return to === null ? <span>{nameOf(row)}</span> : <Link href={hrefOf(to)}>{nameOf(row)}</Link>;
        },
      },
      ...initiatorFieldNames.map(
        (field): TableColumn<InitiatorRow> => ({
          key: field,
          header: labels[field] ?? field,
          value: (row) => (typeof row[field] === "number" ? (row[field] as number) : null),
          format: (value) => (value === null ? "" : format(value, field)),
        }),
      ),
    ];
  }, [levelColumn, format, choices]);
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

/** 'Export': the Export Data dialog with every row in the table's sort, the visible columns for 'Reset to visible'. */
const InitiatorExport = ({ report }: { readonly report: InitiatorRatingActorRef }) => {
  const { session } = useAppActors();
  const program = useSelector(session, sessionSelectors.program);
  const range = useSelector(session, sessionSelectors.range);
  const total = useSelector(report, sel.total);
  const dialog = useActorRef(exportDialogMachine);
  const open = () => {
    const snapshot = report.getSnapshot();
    const level = taxonomyLevels.indexOf(sel.levelColumn(snapshot) as (typeof taxonomyLevels)[number]);
    const taxonomyColumns = taxonomyLevels.slice(0, level + 1);
    dialog.send({
      type: "export.opened",
      kind: "table",
      columns: initiatorFieldNames,
      visibleColumns: sel.columns(snapshot),
      taxonomyColumns,
      labels: { ...labels, ...Object.fromEntries(taxonomyColumns.map((c, i) => [c, levelNames[i] ?? c])) },
      naming: { programName: program?.name ?? "", reportKind: t.exportKind, from: range?.from ?? "", to: range?.to ?? "" },
      rows: sel.sortedRows(snapshot),
      sort: sel.sort(snapshot),
      sheetName: t.sheetName,
    });
  };
  return (
    <>
      <button type="button" className="button" onClick={open} disabled={total === 0}>
        {t.export}
      </button>
      {createPortal(<ExportDialog dialog={dialog} />, document.body)}
    </>
  );
};
