import { reportTexts } from "../../domain/report/reportTexts";
import { noneTaxonomy } from "../../domain/performance/performance";
import type { Crumb } from "../components/Breadcrumbs";
import { paths } from "../shell/routePaths";
import { taxonomyPath } from "../shell/performancePaths";

/**
 * Page titles of the performance routes: the level-one page is
 * 'Performance Report'; a deeper page is its last value followed by ' | Performance
 * Report'; search results '"{query}" | Performance Report'.
 */
export const performanceTitle = (path: ReadonlyArray<string>, searchTerm?: string): string => {
  if (searchTerm !== undefined) return `"${searchTerm}" | ${reportTexts.titles.performance}`;
  const last = path[path.length - 1];
  return last === undefined ? reportTexts.titles.performance : `${last} | ${reportTexts.titles.performance}`;
};

/** 'All Channels', then each value of the path, linked to its page except the current one and 'None' values. */
export const performanceCrumbs = (path: ReadonlyArray<string>, searchTerm?: string): Crumb[] => {
  const root: Crumb = { label: "All Channels", href: paths.performance };
  if (searchTerm !== undefined) return [root, { label: `"${searchTerm}"` }];
  return [
    root,
    ...path.map((value, i): Crumb => (value === noneTaxonomy ? { label: value } : { label: value, href: taxonomyPath(path.slice(0, i + 1)) })),
  ];
};
