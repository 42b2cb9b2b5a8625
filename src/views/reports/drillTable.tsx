import { useSelector } from "@xstate/react";
import { useCallback, useMemo, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { Link } from "wouter";
import type { AnyActorRef } from "xstate";
import type { StackedBars } from "../../domain/funnel/funnelReport";
import { drillLocation, funnelFieldFormat } from "../../domain/funnel/funnelReport";
import { performanceTexts } from "../../domain/performance/performanceTexts";
import { formatMetric } from "../../domain/report/numberFormat";
import type { ReportStatus } from "../../domain/report/analysisReportTexts";
import { reportCrumbs, reportTitle } from "../../domain/report/reportCrumbs";
import { taxonomyLevels } from "../../domain/report/taxonomyLevels";
import { taxonomyRouteHref } from "../../domain/report/taxonomyRoute";
import type { SortSpec } from "../../domain/table/tableSort";
import type { ExportDialogActorRef } from "../../machines/exports/exportDialog.machine";
import { sessionSelectors } from "../../machines/shell/session.machine";
import { ChartCanvas } from "../chart/ChartCanvas";
import { stackedBarChart, stackedBarTable } from "../chart/chartKinds";
import { ExportDialog } from "../exports/ExportDialog";
import { ColumnsDialog } from "../performance/ColumnsDialog";
import { useAppActors } from "../shell/AppActorsContext";
import { MetricTable, type MetricTableRow, type TableColumn } from "../table/MetricTable";
import { ReportFrame } from "./ReportFrame";
import { useSelected } from "../components/useSelected";

/**
 * The parts the funnel-row reports (funnel, initiator rating) draw alike: a funnel field's
 * numbers as the program reads them, the stacked bars of the page's rows with their data
 * table, the table's columns (the level's names linking one level deeper, 'None' never,
 * then the fields), and 'Export' of every row in the table's sort.
 */

const levelNames = performanceTexts.performanceTable.levelNames;

/** A funnel field's numbers as the program reads them (its currency and locale). */
export const useFunnelFieldFormat = () => {
  const { session } = useAppActors();
  const program = useSelector(session, sessionSelectors.program);
  return useCallback(
    (value: number, field: string) => formatMetric(value, funnelFieldFormat(field), { currency: program?.currency ?? null, locale: program?.locale ?? null }),
    [program],
  );
};

/** The stacked bars of the page's rows, named, with their visually hidden data table (rows headed by the level's name). */
export const StackedBarFigure = ({ bars, name, height, depth }: { readonly bars: StackedBars; readonly name: string; readonly height: number; readonly depth: number }) => {
  const format = useFunnelFieldFormat();
  const drawing = useMemo(() => stackedBarChart({ bars, format }), [bars, format]);
  const table = useMemo(() => stackedBarTable({ bars, format, caption: name, rowHeader: levelNames[Math.min(depth, 3)] ?? "" }), [bars, format, name, depth]);
  return (
    <figure className="stacked-bar-chart">
      <ChartCanvas chart={drawing} name={name} height={height} table={table} />
    </figure>
  );
};

/** What a drill table's columns are made of. */
export interface DrillTableShape<R extends MetricTableRow> {
  /** The report's base route. */
  readonly base: string;
  /** The taxonomy column of the page's level. */
  readonly levelColumn: string;
  readonly fields: ReadonlyArray<string>;
  readonly labels: Readonly<Record<string, string>>;
  readonly format: (value: number, field: string) => string;
  readonly nameOf: (row: R) => string;
  readonly locationOf: (row: R) => ReadonlyArray<string>;
  /** The query a link one level deeper carries (empty for none). */
  readonly queryOf: (to: ReadonlyArray<string>) => string;
}

/** The level's column (a row's name, linking one level deeper while its location has fewer than 4 names, 'None' never), then a column per field. */
export const drillTableColumns = <R extends MetricTableRow>(shape: DrillTableShape<R>): ReadonlyArray<TableColumn<R>> => {
  const level = taxonomyLevels.indexOf(shape.levelColumn as (typeof taxonomyLevels)[number]);
  const hrefOf = (to: ReadonlyArray<string>) => {
    const query = shape.queryOf(to);
    return `${taxonomyRouteHref(shape.base, to)}${query === "" ? "" : `?${query}`}`;
  };
  return [
    {
      key: shape.levelColumn,
      header: levelNames[level] ?? shape.levelColumn,
      cell: (row) => {
        const to = drillLocation(shape.locationOf(row));
        return to === null ? <span>{shape.nameOf(row)}</span> : <Link href={hrefOf(to)}>{shape.nameOf(row)}</Link>;
      },
    },
    ...shape.fields.map(
      (field): TableColumn<R> => ({
        key: field,
        header: shape.labels[field] ?? field,
        value: (row) => (typeof row[field] === "number" ? (row[field] as number) : null),
        format: (value) => (value === null ? "" : shape.format(value, field)),
      }),
    ),
  ];
};

/** The table an export takes, read when 'Export' is clicked. */
export interface ExportedTable {
  readonly levelColumn: string;
  readonly columns: ReadonlyArray<string>;
  readonly visibleColumns: ReadonlyArray<string>;
  readonly labels: Readonly<Record<string, string>>;
  readonly rows: ReadonlyArray<MetricTableRow>;
  readonly sort: SortSpec;
  /** Columns exported before the taxonomy columns and always selected with them (the affiliate report's publisher id), labelled by `labels`. */
  readonly keyColumns?: ReadonlyArray<string>;
}

/** The export's words: the button, the file's report kind and the sheet's name. */
export interface DrillExportTexts {
  readonly export: string;
  readonly exportKind: string;
  readonly sheetName: string;
}

/** 'Export': the Export Data dialog with every row in the table's sort, the visible columns for 'Reset to visible', taxonomy columns down to the level's. */
export const DrillTableExport = ({
  texts,
  disabled,
  tableOf,
  dialog,
}: {
  readonly texts: DrillExportTexts;
  /** The report's own Export Data dialog. */
  readonly dialog: ExportDialogActorRef;
  readonly disabled: boolean;
  readonly tableOf: () => ExportedTable;
}) => {
  const { session } = useAppActors();
  const program = useSelector(session, sessionSelectors.program);
  const range = useSelector(session, sessionSelectors.range);
  const open = () => {
    const table = tableOf();
    const level = taxonomyLevels.indexOf(table.levelColumn as (typeof taxonomyLevels)[number]);
    const taxonomyColumns = taxonomyLevels.slice(0, level + 1);
    dialog.send({
      type: "export.opened",
      kind: "table",
      columns: table.columns,
      visibleColumns: table.visibleColumns,
      taxonomyColumns: [...(table.keyColumns ?? []), ...taxonomyColumns],
      labels: { ...table.labels, ...Object.fromEntries(taxonomyColumns.map((c, i) => [c, levelNames[i] ?? c])) },
      naming: { programName: program?.name ?? "", reportKind: texts.exportKind, from: range?.from ?? "", to: range?.to ?? "" },
      rows: table.rows,
      sort: table.sort,
      sheetName: texts.sheetName,
    });
  };
  return (
    <>
      <button type="button" className="button" onClick={open} disabled={disabled}>
        {texts.export}
      </button>
      {createPortal(<ExportDialog dialog={dialog} />, document.body)}
    </>
  );
};

/** What the drill reports' shared parts read of their actor (its named selectors). */
export interface DrillReportSelectors<S, R extends MetricTableRow> {
  readonly status: (s: S) => ReportStatus;
  readonly isChoosingColumns: (s: S) => boolean;
  readonly levelColumn: (s: S) => string;
  /** The visible columns (none: the report's defaults). */
  readonly columns: (s: S) => ReadonlyArray<string>;
  readonly sort: (s: S) => SortSpec;
  readonly page: (s: S) => number;
  readonly pageCount: (s: S) => number;
  readonly total: (s: S) => number;
  readonly perPage: (s: S) => number;
  readonly pageRows: (s: S) => ReadonlyArray<R>;
  readonly sortedRows: (s: S) => ReadonlyArray<R>;
  readonly exportDialog: (s: S) => ExportDialogActorRef | undefined;
}

/** The events the shared parts send, named with the report's prefix (`funnel.sorted`, `initiator.sorted`). */
export type DrillReportEvent<P extends string> =
  | { readonly type: `${P}.sorted`; readonly column: string }
  | { readonly type: `${P}.paged`; readonly page: number }
  | { readonly type: `${P}.columnsOpened` }
  | { readonly type: `${P}.columnToggled`; readonly column: string }
  | { readonly type: `${P}.columnsReset` }
  | { readonly type: `${P}.columnsClosed` };

/** A drill report's actor, as the shared parts use it. */
export interface DrillReportRef<S, P extends string> {
  getSnapshot(): S;
  subscribe: AnyActorRef["subscribe"];
  send(event: DrillReportEvent<P>): void;
}

/** The actor, its selectors and its events' prefix, which every shared part is handed. */
export interface DrillReportActor<S, R extends MetricTableRow, P extends string> {
  readonly report: DrillReportRef<S, P>;
  readonly sel: DrillReportSelectors<S, R>;
  readonly prefix: P;
}

/**
 * A drill report's frame: the breadcrumbs and title of its path, 'Loading...', the
 * report's empty text, and a failed load that only stops loading.
 */
export const DrillReportFrame = <S, R extends MetricTableRow, P extends string>({
  report,
  sel,
  title,
  base,
  path,
  emptyText,
  controls,
  children,
}: Omit<DrillReportActor<S, R, P>, "prefix"> & {
  readonly title: string;
  readonly base: string;
  readonly path: ReadonlyArray<string>;
  readonly emptyText: string;
  readonly controls: ReactNode;
  readonly children: ReactNode;
}) => {
  const status = useSelector(report, sel.status);
  return (
    <ReportFrame title={reportTitle(title, path)} crumbs={reportCrumbs(base, path)} status={status} emptyText={emptyText} failure="silent" controls={controls}>
      {children}
    </ReportFrame>
  );
};

/** The column chooser's button and, while it is open, the Columns dialog over the report's fields. */
export const DrillColumnsControl = <S, R extends MetricTableRow, P extends string>({
  report,
  sel,
  prefix,
  text,
  fields,
  labels,
}: DrillReportActor<S, R, P> & { readonly text: string; readonly fields: ReadonlyArray<string>; readonly labels: Readonly<Record<string, string>> }) => {
  const choosing = useSelector(report, sel.isChoosingColumns);
  const columns = useSelector(report, sel.columns);
  return (
    <>
      <button type="button" className="button" onClick={() => report.send({ type: `${prefix}.columnsOpened` })}>
        {text}
      </button>
      {choosing ? (
        <ColumnsDialog
          available={fields}
          selected={columns}
          labels={labels}
          onToggle={(column) => report.send({ type: `${prefix}.columnToggled`, column })}
          onReset={() => report.send({ type: `${prefix}.columnsReset` })}
          onClose={() => report.send({ type: `${prefix}.columnsClosed` })}
        />
      ) : null}
    </>
  );
};

/** The drill table of the page's rows: the level's linking column and the visible fields, sorted and paged by the report. */
export const DrillReportTable = <S, R extends MetricTableRow, P extends string>({
  report,
  sel,
  prefix,
  texts,
  defaultColumns,
  shape,
}: DrillReportActor<S, R, P> & {
  readonly texts: { readonly tableLabel: string; readonly empty: string; readonly pagination: string };
  readonly defaultColumns: ReadonlyArray<string>;
  readonly shape: Omit<DrillTableShape<R>, "levelColumn" | "format">;
}) => {
  const { pageRows: rows, columns: visible, levelColumn, sort, page, pageCount, total, perPage } = useSelected(report, sel, ["pageRows", "columns", "levelColumn", "sort", "page", "pageCount", "total", "perPage"]);
  const format = useFunnelFieldFormat();
  const columns = useMemo(() => drillTableColumns<R>({ ...shape, levelColumn, format }), [shape, levelColumn, format]);
  return (
    <MetricTable<R>
      label={texts.tableLabel}
      columns={columns}
      visibleColumns={visible.length === 0 ? defaultColumns : visible}
      rows={rows}
      rowName={shape.nameOf}
      sort={sort}
      onSort={(column) => report.send({ type: `${prefix}.sorted`, column })}
      emptyText={texts.empty}
      paging={{ label: texts.pagination, page, pageCount, total, perPage, onPage: (p) => report.send({ type: `${prefix}.paged`, page: p }) }}
    />
  );
};

/** 'Export' of a drill report: every row in the table's sort, all its fields, the visible ones for 'Reset to visible'. */
export const DrillReportExport = <S, R extends MetricTableRow, P extends string>({
  report,
  sel,
  texts,
  fields,
  labels,
}: Omit<DrillReportActor<S, R, P>, "prefix"> & {
  readonly texts: DrillExportTexts;
  readonly fields: ReadonlyArray<string>;
  readonly labels: Readonly<Record<string, string>>;
}) => {
  const total = useSelector(report, sel.total);
  const dialog = useSelector(report, sel.exportDialog);
  const tableOf = () => {
    const snapshot = report.getSnapshot();
    return {
      levelColumn: sel.levelColumn(snapshot),
      columns: fields,
      visibleColumns: sel.columns(snapshot),
      labels,
      rows: sel.sortedRows(snapshot),
      sort: sel.sort(snapshot),
    };
  };
  return dialog ? <DrillTableExport texts={texts} disabled={total === 0} tableOf={tableOf} dialog={dialog} /> : null;
};
