import type { ReactNode } from "react";
import type { ReportCrumb } from "../../domain/report/reportCrumbs";
import { analysisReportTexts, type ReportStatus } from "../../domain/report/analysisReportTexts";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { useDocumentTitle } from "../components/useDocumentTitle";
import { AppShell } from "../shell/AppShell";
import "./reports.css";
import { LoadFailed } from "../components/LoadFailed";

interface Props {
  /** The page's title (also the document's). */
  readonly title: string;
  /** From 'All Channels' (reportCrumbs): the current page and 'None' values unlinked. */
  readonly crumbs: ReadonlyArray<ReportCrumb>;
  /** What the report's data is doing. */
  readonly status: ReportStatus;
  /** The report's empty text (the product's words for this report). */
  readonly emptyText: string;
  /**
   * A failed load: `silent` stops loading and shows nothing (the product's rule for the
   * breakdown, funnel and initiator pages); `message` says the load failed, with 'Try again'
   * when `onRetry` is given.
   */
  readonly failure: "silent" | "message";
  readonly onRetry?: () => void;
  /** While loading again, keep drawing the body under 'Loading...' (the report still has its last answer). */
  readonly keepBodyWhileLoading?: boolean;
  /** The report's controls, above the body, shown in every state. */
  readonly controls?: ReactNode;
  /** Drawn beside the body in every state (the URL writer, a sidebar). */
  readonly aside?: ReactNode;
  /** The report's body, drawn only when its data is there. */
  readonly children: ReactNode;
}

/**
 * The frame every analysis report is drawn in, inside the signed-in shell: breadcrumbs,
 * title, the report's controls, then its body or one of the load states in the product's
 * words ('Loading...', the report's empty text, and a failure that is silent only where
 * the product says so).
 */
export const ReportFrame = ({ title, crumbs, status, emptyText, failure, onRetry, keepBodyWhileLoading = false, controls, aside, children }: Props) => {
  useDocumentTitle(title);
  return (
    <AppShell>
      <article className="report analysis-report">
        <Breadcrumbs crumbs={crumbs} />
        <h1 className="report-title">{title}</h1>
        {controls ? (
          <div role="toolbar" aria-label={`${title} controls`} className="analysis-report-controls">
            {controls}
          </div>
        ) : null}
        {aside}
        <div className="report-area" aria-busy={status === "loading" || undefined}>
          {status === "loading" && keepBodyWhileLoading ? (
            <>
              <p className="loading" role="status">
                {analysisReportTexts.loading}
              </p>
              {children}
            </>
          ) : status === "loading" || status === "waiting" ? (
            <p className="loading" role="status">
              {analysisReportTexts.loading}
            </p>
          ) : status === "empty" ? (
            <p className="analysis-report-empty" role="status">
              {emptyText}
            </p>
          ) : status === "failed" ? (
            failure === "message" ? (
              <LoadFailed message={analysisReportTexts.failed} retryLabel={analysisReportTexts.tryAgain} {...(onRetry ? { onRetry } : {})} />
            ) : null
          ) : (
            children
          )}
        </div>
      </article>
    </AppShell>
  );
};
