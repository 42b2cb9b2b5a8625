import { useEffect } from "react";
import { useLocation } from "wouter";
import { withReportQuery, type ReportQueryShape } from "../../domain/report/reportQuery";

/**
 * Writes a report's choices into the URL's query (replacing the history entry), so the
 * address bar is always a link to this exact view. The report's machine reads the query
 * once, when it opens; this only mirrors its state. The query is read as it is now (the
 * session's program and dates may have just been written beside it); a choice at its
 * default is left out.
 */
export const ReportQueryUrl = <C,>({ shape, choices }: { readonly shape: ReportQueryShape<C>; readonly choices: C }) => {
  const [location, navigate] = useLocation();
  useEffect(() => {
    const now = window.location.search.replace(/^\?/, "");
    const next = withReportQuery(now, shape, choices);
    if (next !== now) navigate(next === "" ? location : `${location}?${next}`, { replace: true });
  }, [shape, choices, location, navigate]);
  return null;
};
