import { taxonomyRouteHref } from "../../domain/report/taxonomyRoute";

/** Paths of the app's routes; every parameter is percent-encoded before it enters a link. */
export const paths = {
  home: "/",
  login: "/login",
  logout: "/logout",
  recoverPassword: "/recover-password",
  performance: "/performance",
  fixedSpend: "/account/costs/fixed",
  fixedSpendBatch: "/account/costs/fixed/batch",
  variableSpend: "/account/costs/variable",
  variableSpendBatch: "/account/costs/variable/batch",
} as const;

export const searchPath = (term: string): string => `/performance/search/${encodeURIComponent(term)}`;

/**
 * The performance page of a taxonomy path (0 to 4 values): /performance, then
 * /taxonomy_one/{t1}/taxonomy_two/{t2}... with every value percent-encoded.
 */
export const taxonomyPath = (values: ReadonlyArray<string>): string => taxonomyRouteHref(paths.performance, values);

/** Routes a signed-out person may see. */
export const publicPaths: ReadonlyArray<string> = [paths.login, paths.logout, paths.recoverPassword];
export const isPublicPath = (path: string): boolean => publicPaths.includes(path) || path.startsWith("/reset-password/");
