import { useSelector } from "@xstate/react";
import { useCallback, useMemo, type ComponentProps, type ReactNode } from "react";
import { createPortal } from "react-dom";
import type { AnyActorRef } from "xstate";
import { sidebarEntries } from "../../domain/report/taxonomySidebar";
import { reportCrumbs, reportTitle } from "../../domain/report/reportCrumbs";
import { analysisReportTexts, type ReportStatus } from "../../domain/report/analysisReportTexts";
import type { ExportDialogActorRef } from "../../machines/exports/exportDialog.machine";
import { TaxonomySidebar } from "./TaxonomySidebar";
import { ExportDialog } from "../exports/ExportDialog";
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
  send(event: { readonly type: "report.retried" }): void;
}

interface Props<S> {
  readonly report: SeriesReportRef<S>;
  readonly sel: SeriesReportSelectors<S>;
  /** The report's title and base route. */
  readonly title: string;
  readonly base: string;
  readonly path: ReadonlyArray<string>;
  /** The page's query, which the sidebar's links keep (but its page). */
  readonly search: string;
  readonly texts: SeriesSidebarTexts;
  readonly controls: ReactNode;
  /** The report's own parts beside the body, after the sidebar. */
  readonly aside?: ReactNode;
  readonly children: ReactNode;
}

/**
 * The frame of a report of one taxonomy series (diminishing returns, funnel trends): the
 * breadcrumbs and title of its path, 'No results' when the route's series is not there, a
 * failure said with 'Try again' (`report.retried`), the sidebar of the level's series (each
 * choosing its series, Explore one level down, the parent level's link), the report's own
 * parts, and its Export Data dialog (the report's child) once there.
 */
export const SeriesReportFrame = <S,>({ report, sel, title, base, path, search, texts, controls, aside, children }: Props<S>) => {
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
      controls={controls}
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
}: Pick<Props<S>, "report" | "sel" | "base" | "path" | "search" | "texts">) => {
  const series = useSelector(report, sel.series);
  const chosen = useSelector(report, sel.chosenName);
  const entries = useMemo(() => sidebarEntries(base, path, series, chosen, deepest, search), [base, path, series, chosen, search]);
  return <TaxonomySidebar label={texts.sidebar} entries={entries} parentText={texts.parentLink} exploreText={texts.explore} />;
};
