import { taxonomyRouteHref } from "../../domain/report/taxonomyRoute";
import { paths } from "./routePaths";

// Apart from routePaths.ts, which the /login entry chunk carries: these links are made only
// on signed-in screens, and with them the taxonomy route reading stays out of the entry.

/** The performance page's search results for a term, percent-encoded. */
export const searchPath = (term: string): string => `/performance/search/${encodeURIComponent(term)}`;

/**
 * The performance page of a taxonomy path (0 to 4 values): /performance, then
 * /taxonomy_one/{t1}/taxonomy_two/{t2}... with every value percent-encoded.
 */
export const taxonomyPath = (values: ReadonlyArray<string>): string => taxonomyRouteHref(paths.performance, values);
