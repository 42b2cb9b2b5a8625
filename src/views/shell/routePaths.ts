/** Paths of the app's routes; every parameter is percent-encoded before it enters a link. */
export const paths = {
  home: "/",
  login: "/login",
  logout: "/logout",
  recoverPassword: "/recover-password",
  setup: "/setup",
  performance: "/performance",
  fixedSpend: "/account/costs/fixed",
  fixedSpendBatch: "/account/costs/fixed/batch",
  variableSpend: "/account/costs/variable",
  variableSpendBatch: "/account/costs/variable/batch",
  accountProfile: "/account/profile",
} as const;

/** Routes a signed-out person may see. */
export const publicPaths: ReadonlyArray<string> = [paths.login, paths.logout, paths.recoverPassword, paths.setup];
export const isPublicPath = (path: string): boolean =>
  publicPaths.includes(path) || path.startsWith("/reset-password/") || path.startsWith("/accept-invitation/");
