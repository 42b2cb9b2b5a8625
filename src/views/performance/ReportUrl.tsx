import { useSelector } from "@xstate/react";
import { useEffect } from "react";
import { useLocation } from "wouter";
import { withReportLink } from "../../domain/performance/reportLink";
import { performanceReportSelectors as reportSel, type PerformanceReportActorRef } from "../../machines/performance/performanceReport.machine";

/**
 * Writes the report's choices into the URL (replacing the entry), so the address bar is
 * always a link to this exact view. The report reads the URL once, when it opens; this
 * only mirrors the report's state. The query is read as it is now (the session's
 * program and dates may have just been written beside it).
 */
export const ReportUrl = ({ report }: { readonly report: PerformanceReportActorRef }) => {
  const choices = useSelector(report, reportSel.choices);
  const [location, navigate] = useLocation();
  useEffect(() => {
    const now = window.location.search.replace(/^\?/, "");
    const next = withReportLink(now, choices);
    if (next !== now) navigate(`${location}?${next}`, { replace: true });
  }, [choices, location, navigate]);
  return null;
};
