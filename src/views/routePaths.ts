/** Paths of the app's routes; every parameter is percent-encoded before it enters a link. */
export const paths = {
  home: "/",
  login: "/login",
  logout: "/logout",
  recoverPassword: "/recover-password",
  performance: "/performance",
} as const;

export const searchPath = (term: string): string => `/performance/search/${encodeURIComponent(term)}`;

/** Routes a signed-out person may see. */
export const publicPaths: ReadonlyArray<string> = [paths.login, paths.logout, paths.recoverPassword];
export const isPublicPath = (path: string): boolean => publicPaths.includes(path) || path.startsWith("/reset-password/");
