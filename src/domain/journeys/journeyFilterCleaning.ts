import type { TaxonomyPath } from "../performance/performance";
import { cleanJourneySearch, filterLevels, touchMatches, type JourneySearch, type TouchpointComparison, type TouchpointFilter } from "./journeys";

/**
 * A filter read from a link, checked against the taxonomies the program has now: a
 * touchpoint whose levels match no available taxonomy path is dropped (a comparison when
 * either side is), then empty touchpoints, incomplete comparisons and empty groups go as
 * the request requires (cleanJourneySearch).
 */
export const filterWithinTaxonomies = (search: JourneySearch, taxonomies: ReadonlyArray<TaxonomyPath>): JourneySearch => {
  const known = new Set<string>();
  const isAvailable = (f: TouchpointFilter): boolean => {
    const key = JSON.stringify(filterLevels(f));
    if (known.has(key)) return true;
    const found = taxonomies.some((t) => touchMatches(t, f));
    if (found) known.add(key);
    return found;
  };
  const keep = (xs: ReadonlyArray<TouchpointFilter> | undefined) => xs?.filter(isAvailable);
  const comparison = search.comparison?.filter((c: TouchpointComparison) => isAvailable(c.before) && isAvailable(c.after));
  return cleanJourneySearch({
    ...search,
    first: keep(search.first),
    last: keep(search.last),
    anywhere: keep(search.anywhere),
    comparison,
  });
};

/** A filter in one spelling: each group's touchpoints as their levels, connector only with anywhere (for comparing). */
const canonical = (search: JourneySearch): string => {
  const s = cleanJourneySearch(search);
  return JSON.stringify([
    (s.first ?? []).map(filterLevels),
    (s.last ?? []).map(filterLevels),
    (s.anywhere ?? []).map(filterLevels),
    s.anywhere ? s.anywhere_connector : null,
    (s.comparison ?? []).map((c) => [filterLevels(c.before), filterLevels(c.after), c.immediately]),
  ]);
};

/** Whether two filters ask the same once cleaned (however their touchpoints are spelled). */
export const sameJourneySearch = (a: JourneySearch, b: JourneySearch): boolean => canonical(a) === canonical(b);
