import type { MiddlewareHandler } from "hono";

/**
 * Identical report reads in flight at once share one answer (docs/engine.md, "Concurrent reads"): ten people
 * opening the same program's report with the same dates ask for the same thing, and on two cores ten computations
 * of it take five times as long as one. A GET whose address (path and query) is that of a read under way, and
 * that arrives while no write has been answered since that read began (`dataVersion` unchanged), is answered with
 * that read's status, headers and body instead of running again. Each request is still signed in and checked
 * for the program by the middleware before this one; only what the route computes from the address is shared, so
 * it must depend on nothing else (not the person, not a header). A read that begins after a write was answered
 * never shares an answer begun before it, so a client that was told of a write sees it.
 */
export const sharedReads = (dataVersion: () => number): MiddlewareHandler => {
  const underWay = new Map<string, Promise<SharedAnswer>>();
  return async (c, next) => {
    if (c.req.method !== "GET") return next();
    const url = new URL(c.req.url);
    const key = `${dataVersion()} ${url.pathname}${url.search}`;
    const joined = underWay.get(key);
    if (joined) return responseOf(await joined);
    let settle: (answer: SharedAnswer) => void = () => undefined;
    let fail: (error: unknown) => void = () => undefined;
    const leading = new Promise<SharedAnswer>((resolve, reject) => {
      settle = resolve;
      fail = reject;
    });
    // A read that fails fails every request that joined it (each answers its own error); none may go unhandled.
    leading.catch(() => undefined);
    underWay.set(key, leading);
    try {
      await next();
      const answer: SharedAnswer = { status: c.res.status, headers: [...c.res.headers], body: await c.res.arrayBuffer() };
      settle(answer);
      c.res = responseOf(answer);
    } catch (error) {
      fail(error);
      throw error;
    } finally {
      underWay.delete(key);
    }
  };
};

interface SharedAnswer {
  readonly status: number;
  readonly headers: ReadonlyArray<[string, string]>;
  readonly body: ArrayBuffer;
}

const responseOf = (answer: SharedAnswer): Response =>
  new Response(answer.status === 204 || answer.status === 304 ? null : answer.body, { status: answer.status, headers: [...answer.headers] });
