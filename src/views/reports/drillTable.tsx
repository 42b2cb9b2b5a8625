import { useSelector } from "@xstate/react";
import { useCallback, useMemo } from "react";
import { createPortal } from "react-dom";
import { Link } from "wouter";
import type { StackedBars } from "../../domain/funnel/funnelReport";
import { drillLocation, funnelFieldFormat } from "../../domain/funnel/funnelReport";
import { performanceTexts } from "../../domain/performance/performanceTexts";
import { formatMetric } from "../../domain/report/numberFormat";
import { taxonomyLevels } from "../../domain/report/taxonomyLevels";
import { taxonomyRouteHref } from "../../domain/report/taxonomyRoute";
import type { SortSpec } from "../../domain/table/tableSort";
import type { ExportDialogActorRef } from "../../machines/exports/exportDialog.machine";
import { sessionSelectors } from "../../machines/shell/session.machine";
import { ChartCanvas } from "../chart/ChartCanvas";
import { stackedBarChart, stackedBarTable } from "../chart/chartKinds";
import { ExportDialog } from "../exports/ExportDialog";
import { useAppActors } from "../shell/AppActorsContext";
import type { MetricTableRow, TableColumn } from "../table/MetricTable";

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

/** 'Export': the Export Data dialog with every row in the table's sort, the visible columns for 'Reset to visible', taxonomy columns down to the level's. */
export const DrillTableExport = ({
  texts,
  disabled,
  tableOf,
  dialog,
}: {
  readonly texts: { readonly export: string; readonly exportKind: string; readonly sheetName: string };
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
