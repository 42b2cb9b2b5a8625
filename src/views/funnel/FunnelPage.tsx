import { useActorRef, useSelector } from "@xstate/react";
import { useCallback, useMemo } from "react";
import { createPortal } from "react-dom";
import { Link, useSearch } from "wouter";
import type { FunnelRow } from "../../domain/analysis/analysis";
import { funnelDrillQuery, funnelQueryShape } from "../../domain/funnel/funnelQuery";
import { drillLocation, funnelColumnNames, funnelDefaultColumns, funnelFieldFormat, funnelModes, isFunnelMode, rowLocation, rowName } from "../../domain/funnel/funnelReport";
import { funnelTexts } from "../../domain/funnel/funnelTexts";
import { performanceTexts } from "../../domain/performance/performanceTexts";
import { formatMetric } from "../../domain/report/numberFormat";
import { taxonomyLevels } from "../../domain/report/taxonomyLevels";
import { taxonomyRouteHref } from "../../domain/report/taxonomyRoute";
import { reportCrumbs, reportTitle } from "../../domain/reports/reportCrumbs";
import { exportDialogMachine } from "../../machines/exports/exportDialog.machine";
import { funnelReportMachine, funnelReportSelectors as sel, type FunnelReportActorRef } from "../../machines/funnel/funnelReport.machine";
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

/** Where the funnel's routes start. */
export const funnelBase = "/funnel";

const t = funnelTexts;
const levelNames = performanceTexts.performanceTable.levelNames;

/**
 * /funnel and its taxonomy pages (down to taxonomy_four): breadcrumbs from 'All Channels',
 * the Revenue / Revenue Percent / Credit choice, the column chooser and the export, then
 * the stacked bars of the page's rows and the table (8 a page; a row links one level
 * deeper while its location has fewer than 4 names, 'None' never). The page's report actor
 * owns every choice; the URL mirrors them.
 */
export const FunnelPage = ({ path }: TaxonomyRoute) => {
  const { session } = useAppActors();
  const urlQuery = useSearch();
  const report = useActorRef(funnelReportMachine, { input: { session, path, search: urlQuery } });
  const status = useSelector(report, sel.status);
  const choices = useSelector(report, sel.choices, sameChoices);
  const shape = useMemo(() => funnelQueryShape(path), [path]);
  return (
    <ReportFrame
      title={reportTitle(t.title, path)}
      crumbs={reportCrumbs(funnelBase, path)}
      status={status}
      emptyText={t.empty}
      failure="silent"
      controls={<FunnelControls report={report} />}
      aside={<ReportQueryUrl shape={shape} choices={choices} />}
    >
      <FunnelChart report={report} />
      <FunnelTable report={report} />
    </ReportFrame>
  );
};

const sameChoices = (a: ReturnType<typeof sel.choices>, b: ReturnType<typeof sel.choices>) =>
  a.mode === b.mode && a.sort === b.sort && a.direction === b.direction && a.page === b.page && a.columns.join() === b.columns.join();

/** The numbers of a field as the program reads them (its currency and locale). */
const useFieldFormat = () => {
  const { session } = useAppActors();
  const program = useSelector(session, sessionSelectors.program);
  return useCallback(
    (value: number, field: string) => formatMetric(value, funnelFieldFormat(field), { currency: program?.currency ?? null, locale: program?.locale ?? null }),
    [program],
  );
};

const FunnelControls = ({ report }: { readonly report: FunnelReportActorRef }) => {
  const mode = useSelector(report, sel.mode);
  const choosing = useSelector(report, sel.isChoosingColumns);
  const columns = useSelector(report, sel.columns);
  const headers = useSelector(report, sel.headers);
  return (
    <>
      <label className="field-inline">
        <span>{t.modeLabel}</span>
        <select
          value={mode}
          onChange={(e) => {
            const chosen = e.target.value;
            if (isFunnelMode(chosen)) report.send({ type: "funnel.modeChosen", mode: chosen });
          }}
        >
          {funnelModes.map((m) => (
            <option key={m} value={m}>
              {t.modes[m]}
            </option>
          ))}
        </select>
      </label>
      <button type="button" className="button" onClick={() => report.send({ type: "funnel.columnsOpened" })}>
        {t.columns}
      </button>
      <FunnelExport report={report} />
      {choosing ? (
        <ColumnsDialog
          available={funnelColumnNames}
          selected={columns}
          labels={headers}
          onToggle={(column) => report.send({ type: "funnel.columnToggled", column })}
          onReset={() => report.send({ type: "funnel.columnsReset" })}
          onClose={() => report.send({ type: "funnel.columnsClosed" })}
        />
      ) : null}
    </>
  );
};

const FunnelChart = ({ report }: { readonly report: FunnelReportActorRef }) => {
  const bars = useSelector(report, sel.chart);
  const mode = useSelector(report, sel.mode);
  const path = useSelector(report, sel.path);
  const format = useFieldFormat();
  const name = t.chartName(t.modes[mode]);
  const drawing = useMemo(() => stackedBarChart({ bars, format }), [bars, format]);
  const table = useMemo(() => stackedBarTable({ bars, format, caption: name, rowHeader: levelNames[Math.min(path.length, 3)] ?? "" }), [bars, format, name, path.length]);
  return (
    <figure className="stacked-bar-chart">
      <ChartCanvas chart={drawing} name={name} height={t.chartHeight} table={table} />
    </figure>
  );
};

const FunnelTable = ({ report }: { readonly report: FunnelReportActorRef }) => {
  const rows = useSelector(report, sel.pageRows);
  const visible = useSelector(report, sel.columns);
  const headers = useSelector(report, sel.headers);
  const levelColumn = useSelector(report, sel.levelColumn);
  const sort = useSelector(report, sel.sort);
  const page = useSelector(report, sel.page);
  const pageCount = useSelector(report, sel.pageCount);
  const total = useSelector(report, sel.total);
  const perPage = useSelector(report, sel.perPage);
  const choices = useSelector(report, sel.choices, sameChoices);
  const format = useFieldFormat();
  const columns = useMemo((): ReadonlyArray<TableColumn<FunnelRow>> => {
    const level = taxonomyLevels.indexOf(levelColumn as (typeof taxonomyLevels)[number]);
    const hrefOf = (to: ReadonlyArray<string>) => {
      const query = funnelDrillQuery(choices, to);
      return `${taxonomyRouteHref(funnelBase, to)}${query === "" ? "" : `?${query}`}`;
    };
    return [
      {
        key: levelColumn,
        header: levelNames[level] ?? levelColumn,
        cell: (row) => {
          const to = drillLocation(rowLocation(row));
          return to === null ? <span>{rowName(row)}</span> : <Link href={hrefOf(to)}>{rowName(row)}</Link>;
        },
      },
      ...funnelColumnNames.map(
        (field): TableColumn<FunnelRow> => ({
          key: field,
          header: headers[field] ?? field,
          value: (row) => (typeof row[field] === "number" ? (row[field] as number) : null),
          format: (value) => (value === null ? "" : format(value, field)),
        }),
      ),
    ];
  }, [levelColumn, headers, format, choices]);
  return (
    <MetricTable<FunnelRow>
      label={t.tableLabel}
      columns={columns}
      visibleColumns={visible.length === 0 ? funnelDefaultColumns : visible}
      rows={rows}
      rowName={rowName}
      sort={sort}
      onSort={(column) => report.send({ type: "funnel.sorted", column })}
      emptyText={t.empty}
      paging={{ label: t.pagination, page, pageCount, total, perPage, onPage: (p) => report.send({ type: "funnel.paged", page: p }) }}
    />
  );
};

/** 'Export': the Export Data dialog with every row in the table's sort, the visible columns for 'Reset to visible'. */
const FunnelExport = ({ report }: { readonly report: FunnelReportActorRef }) => {
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
      columns: funnelColumnNames,
      visibleColumns: sel.columns(snapshot),
      taxonomyColumns,
      labels: { ...sel.headers(snapshot), ...Object.fromEntries(taxonomyColumns.map((c, i) => [c, levelNames[i] ?? c])) },
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
