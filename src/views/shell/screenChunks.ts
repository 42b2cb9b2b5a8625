/**
 * The code of a signed-in screen, loaded once: the route's `lazy()` and an early start (a
 * preload, begun while the sign-in is answered) share one load, so the screen's chunks are
 * fetched while the server checks the password instead of after it (issue 27, "Ready fast":
 * sign-in, then /auth/me, then the performance chunk, then its calls, all in series). A
 * load that fails is tried afresh by the next caller.
 */
export const loadOnce = <T>(load: () => Promise<T>): (() => Promise<T>) => {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
};

/** The performance page's routes (the landing screen after a sign-in): one chunk with the page. */
export const loadPerformanceRoutes = loadOnce(() => import("../performance/PerformanceRoutes"));
