import { taxonomyRouteHref } from "./taxonomyRoute";
import { analysisReportTexts } from "./analysisReportTexts";

/** A breadcrumb: its words and, when it is a link, where it goes (same shape as the view's Crumb). */
export interface ReportCrumb {
  readonly label: string;
  readonly href?: string;
}

/** The value the engine gives a taxonomy level no rule filled: never linked, never opened. */
export const noneValue = "None";

/**
 * A report's breadcrumbs: 'All Channels' (the report's level one), then each value of the
 * drill-down path linked to its page (values percent-encoded by taxonomyRouteHref). A 'None'
 * value is never linked; the last crumb is the current page (the view draws it unlinked).
 */
export const reportCrumbs = (base: string, path: ReadonlyArray<string>): ReportCrumb[] => [
  { label: analysisReportTexts.allChannels, href: base },
  ...path.map((value, i): ReportCrumb => (value === noneValue ? { label: value } : { label: value, href: taxonomyRouteHref(base, path.slice(0, i + 1)) })),
];

/** The link one level below `path` to `value`, or null where there is none: a 'None' value, or `path` already at `deepest` levels. */
export const drillHref = (base: string, path: ReadonlyArray<string>, value: string, deepest: number): string | null =>
  value === noneValue || path.length + 1 > deepest || path.includes(noneValue) ? null : taxonomyRouteHref(base, [...path, value]);

/** A report's page title: the report's name, after the deepest taxonomy value chosen ('Google Ad Channel Breakdown'). */
export const reportTitle = (name: string, path: ReadonlyArray<string>): string => {
  const last = path[path.length - 1];
  return last === undefined ? name : `${last} ${name}`;
};
