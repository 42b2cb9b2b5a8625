/**
 * Taxonomy-path routes of the analysis reports: a report's base path, then up to four
 * `taxonomy_one/{t1}/taxonomy_two/{t2}…` pairs, and on some reports one trailing
 * `{selectedTaxonomy}` naming the child chosen in the report's sidebar. Values are
 * percent-encoded in links and decoded once when a route is read.
 */

/** The route segment naming each taxonomy level. */
export const taxonomyRouteSegments = ["taxonomy_one", "taxonomy_two", "taxonomy_three", "taxonomy_four"] as const;

/** How deep a report's routes nest, and whether they take a trailing selected taxonomy. */
export interface TaxonomyRouteShape {
  /** The most taxonomy values a route of this report may carry (3 or 4). */
  readonly depth: number;
  /** Whether a trailing `{selectedTaxonomy}` may follow the last pair. */
  readonly trailingSelected: boolean;
  /**
   * Whether one `{id}` segment follows the base before any taxonomy pair, as in
   * `/reports/view/{report}` or `/custom-reports/{report}/taxonomy_one/{t1}…`.
   */
  readonly identified?: boolean;
}

/** A route of a screen whose base is followed by an `{id}` segment: the decoded id, then its taxonomy route. */
export interface IdentifiedRoute extends TaxonomyRoute {
  readonly id: string | null;
}

/** A taxonomy route read back: the drill-down path and the sidebar's choice, if any. */
export interface TaxonomyRoute {
  readonly path: ReadonlyArray<string>;
  readonly selected: string | null;
}

const decodeOnce = (raw: string): string | null => {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
};

/**
 * Reads `pathname` as a route of the report at `base`, or null when it is not one: another
 * report, a segment out of order, deeper than the report allows, an empty or malformed value.
 * `pathname` is as the browser holds it (values still percent-encoded).
 */
export const parseTaxonomyRoute = (pathname: string, base: string, shape: TaxonomyRouteShape): TaxonomyRoute | null => {
  const trimmed = pathname.length > 1 && pathname.endsWith("/") ? pathname.slice(0, -1) : pathname;
  if (trimmed !== base && !trimmed.startsWith(`${base}/`)) return null;
  const rest = trimmed === base ? [] : trimmed.slice(base.length + 1).split("/");
  const path: string[] = [];
  let i = 0;
  while (i + 1 < rest.length && path.length < shape.depth && rest[i] === taxonomyRouteSegments[path.length]) {
    const value = decodeOnce(rest[i + 1] ?? "");
    if (value === null || value === "") return null;
    path.push(value);
    i += 2;
  }
  const left = rest.slice(i);
  if (left.length === 0) return { path, selected: null };
  if (left.length === 1 && shape.trailingSelected) {
    const selected = decodeOnce(left[0] ?? "");
    return selected === null || selected === "" ? null : { path, selected };
  }
  return null;
};

/** The link to a report's taxonomy route: every value percent-encoded, the selected child last. */
export const taxonomyRouteHref = (base: string, path: ReadonlyArray<string>, selected: string | null = null): string => {
  const nested = path
    .slice(0, taxonomyRouteSegments.length)
    .reduce((href, value, i) => `${href}/${taxonomyRouteSegments[i]}/${encodeURIComponent(value)}`, base);
  return selected === null ? nested : `${nested}/${encodeURIComponent(selected)}`;
};

/**
 * Reads `pathname` as a route of the screen at `base` with the given shape: for an
 * `identified` shape the segment after the base is the screen's id (decoded once, never
 * empty) and the taxonomy pairs follow it; otherwise the id is null. Null when it is no
 * route of this screen.
 */
export const parseScreenRoute = (pathname: string, base: string, shape: TaxonomyRouteShape): IdentifiedRoute | null => {
  if (shape.identified !== true) {
    const route = parseTaxonomyRoute(pathname, base, shape);
    return route === null ? null : { ...route, id: null };
  }
  if (!pathname.startsWith(`${base}/`)) return null;
  const rawId = pathname.slice(base.length + 1).split("/")[0] ?? "";
  const id = decodeOnce(rawId);
  if (id === null || id.trim() === "") return null;
  const route = parseTaxonomyRoute(pathname, `${base}/${rawId}`, shape);
  return route === null ? null : { ...route, id };
};
