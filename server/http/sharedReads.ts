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
  const underWay = new Map<string, Leading>();
  return async (c, next) => {
    if (c.req.method !== "GET") return next();
    const url = new URL(c.req.url);
    const key = `${dataVersion()} ${url.pathname}${url.search}`;
    const joined = underWay.get(key);
    if (joined) {
      joined.joiners += 1;
      return responseOf(await joined.answer);
    }
    let settle: (answer: SharedAnswer) => void = () => undefined;
    let fail: (error: unknown) => void = () => undefined;
    const leading: Leading = {
      joiners: 0,
      answer: new Promise<SharedAnswer>((resolve, reject) => {
        settle = resolve;
        fail = reject;
      }),
    };
    // A read that fails fails every request that joined it (each answers its own error); none may go unhandled.
    leading.answer.catch(() => undefined);
    underWay.set(key, leading);
    try {
      await next();
    } catch (error) {
      underWay.delete(key);
      fail(error);
      throw error;
    }
    // No request can join from here on (this runs on, with no await, to the delete).
    underWay.delete(key);
    // Alone, the answer goes out as the route made it: buffering it costs a copy of the body (1.7 ms for a chart).
    if (leading.joiners === 0) return;
    try {
      const answer: SharedAnswer = { status: c.res.status, headers: [...c.res.headers], body: await c.res.arrayBuffer() };
      settle(answer);
      c.res = responseOf(answer);
    } catch (error) {
      fail(error);
      throw error;
    }
  };
};

/** A read under way: the requests that joined it so far, and its answer once given. */
interface Leading {
  joiners: number;
  readonly answer: Promise<SharedAnswer>;
}

interface SharedAnswer {
  readonly status: number;
  readonly headers: ReadonlyArray<[string, string]>;
  readonly body: ArrayBuffer;
}

const responseOf = (answer: SharedAnswer): Response =>
  new Response(answer.status === 204 || answer.status === 304 ? null : answer.body, { status: answer.status, headers: [...answer.headers] });
