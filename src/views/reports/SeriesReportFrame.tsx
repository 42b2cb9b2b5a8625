import { useSelector } from "@xstate/react";
import { useCallback, useMemo, type ComponentProps, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { useSearch } from "wouter";
import type { AnyActorRef } from "xstate";
import { formatDate } from "../../domain/report/dateFormat";
import { sidebarEntries } from "../../domain/report/taxonomySidebar";
import { reportCrumbs, reportTitle } from "../../domain/report/reportCrumbs";
import { analysisReportTexts, type ReportStatus } from "../../domain/report/analysisReportTexts";
import type { ExportDialogActorRef } from "../../machines/exports/exportDialog.machine";
import { TaxonomySidebar } from "./TaxonomySidebar";
import { useSelected } from "../components/useSelected";
import { ExportDialog } from "../exports/ExportDialog";
import { MetricTable, type MetricTableRow, type TableColumn } from "../table/MetricTable";
import { ReportFrame } from "./ReportFrame";

/** How many taxonomy values a series report's routes nest (the level-four series are the deepest). */
const deepest = 3;

/** What the frame reads of a series report's actor. */
export interface SeriesReportSelectors<S> {
  readonly status: (s: S) => ReportStatus;
  readonly series: (s: S) => ReadonlyArray<{ readonly name: string; readonly children?: ReadonlyArray<string> | undefined }>;
  readonly chosenName: (s: S) => string | null;
  readonly exportDialog: (s: S) => ExportDialogActorRef | undefined;
}

/** What a series report's table reads of its actor: the page's rows and the paging. */
export interface SeriesTableSelectors<S, R extends MetricTableRow> {
  readonly pageRows: (s: S) => ReadonlyArray<R>;
  readonly total: (s: S) => number;
  readonly page: (s: S) => number;
  readonly perPage: (s: S) => number;
  readonly pageCount: (s: S) => number;
}

/** The sidebar's words. */
export interface SeriesSidebarTexts {
  readonly sidebar: string;
  readonly parentLink: ComponentProps<typeof TaxonomySidebar>["parentText"];
  readonly explore: ComponentProps<typeof TaxonomySidebar>["exploreText"];
}

/** A series report's actor, as the frame uses it. */
export interface SeriesReportRef<S> {
  getSnapshot(): S;
  subscribe: AnyActorRef["subscribe"];
  send(
    event:
      | { readonly type: "report.retried" }
      | { readonly type: "report.exportRequested" }
      | { readonly type: "table.pageChanged"; readonly page: number }
      | { readonly type: "table.perPageChanged"; readonly perPage: number },
  ): void;
}

interface Props<S> {
  readonly report: SeriesReportRef<S>;
  readonly sel: SeriesReportSelectors<S>;
  /** The report's title and base route. */
  readonly title: string;
  readonly base: string;
  readonly path: ReadonlyArray<string>;
  readonly texts: SeriesSidebarTexts & { readonly export: string };
  /** The report's own controls, before 'Export'. */
  readonly controls: ReactNode;
  /** The report's own parts beside the body, after the sidebar. */
  readonly aside?: ReactNode;
  readonly children: ReactNode;
}

/**
 * The frame of a report of one taxonomy series (diminishing returns, funnel trends): the
 * breadcrumbs and title of its path, 'No results' when the route's series is not there, a
 * failure said with 'Try again' (`report.retried`), the sidebar of the level's series (each
 * choosing its series, Explore one level down, the parent level's link; its links keep the
 * page's query but its page), the report's own controls and 'Export' (once the report is
 * ready: `report.exportRequested`), the report's own parts, and its Export Data dialog (the
 * report's child) once there.
 */
export const SeriesReportFrame = <S,>({ report, sel, title, base, path, texts, controls, aside, children }: Props<S>) => {
  const search = useSearch();
  const status = useSelector(report, sel.status);
  const dialog = useSelector(report, sel.exportDialog);
  const retry = useCallback(() => report.send({ type: "report.retried" }), [report]);
  return (
    <ReportFrame
      title={reportTitle(title, path)}
      crumbs={reportCrumbs(base, path)}
      status={status}
      emptyText={analysisReportTexts.noResults}
      failure="message"
      onRetry={retry}
      controls={
        <>
          {controls}
          <button type="button" className="button" disabled={status !== "ready"} onClick={() => report.send({ type: "report.exportRequested" })}>
            {texts.export}
          </button>
        </>
      }
      aside={
        <>
          <SeriesSidebar report={report} sel={sel} base={base} path={path} search={search} texts={texts} />
          {aside}
          {dialog ? createPortal(<ExportDialog dialog={dialog} />, document.body) : null}
        </>
      }
    >
      {children}
    </ReportFrame>
  );
};

const SeriesSidebar = <S,>({
  report,
  sel,
  base,
  path,
  search,
  texts,
}: Pick<Props<S>, "report" | "sel" | "base" | "path" | "texts"> & { readonly search: string }) => {
  const series = useSelector(report, sel.series);
  const chosen = useSelector(report, sel.chosenName);
  const entries = useMemo(() => sidebarEntries(base, path, series, chosen, deepest, search), [base, path, series, chosen, search]);
  return <TaxonomySidebar label={texts.sidebar} entries={entries} parentText={texts.parentLink} exploreText={texts.explore} />;
};

/** A series table's date column: the day as the program reads it, in a `<time>`. */
export const dateColumn = <R extends MetricTableRow & { readonly conversion_date: string }>(header: string, locale: string): TableColumn<R> => ({
  key: "conversion_date",
  header,
  sortable: false,
  cell: (row) => <time dateTime={row.conversion_date}>{formatDate(row.conversion_date, locale)}</time>,
});

/** A series table's number column, formatted by the report. */
export const numberColumn = <R extends MetricTableRow>(key: string, header: string, format: (value: number | null) => string): TableColumn<R> => ({
  key,
  header,
  sortable: false,
  align: "end",
  value: (row) => (typeof row[key] === "number" ? (row[key] as number) : null),
  format,
});

/**
 * A series report's table of the page's rows, one a day or week (the route's series, no
 * sorting): 'No results' when there are none, paged with the report's choice of page sizes
 * (`table.pageChanged`, `table.perPageChanged`).
 */
export const SeriesTable = <S, R extends MetricTableRow & { readonly conversion_date: string }>({
  report,
  sel,
  label,
  pagination,
  columns,
  visibleColumns,
  perPageOptions,
}: {
  readonly report: SeriesReportRef<S>;
  readonly sel: SeriesTableSelectors<S, R>;
  readonly label: string;
  /** The pager's name. */
  readonly pagination: string;
  readonly columns: ReadonlyArray<TableColumn<R>>;
  readonly visibleColumns?: ReadonlyArray<string>;
  readonly perPageOptions: ReadonlyArray<number>;
}) => {
  const { pageRows: rows, total, page, perPage, pageCount } = useSelected(report, sel, ["pageRows", "total", "page", "perPage", "pageCount"]);
  return (
    <MetricTable<R>
      label={label}
      columns={columns}
      visibleColumns={visibleColumns}
      rows={rows}
      rowName={(row) => row.conversion_date}
      emptyText={analysisReportTexts.noResults}
      paging={{
        label: pagination,
        page,
        pageCount,
        total,
        perPage,
        perPageOptions,
        onPage: (p) => report.send({ type: "table.pageChanged", page: p }),
        onPerPage: (n) => report.send({ type: "table.perPageChanged", perPage: n }),
      }}
    />
  );
};
