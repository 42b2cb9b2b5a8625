import { Context, Effect, Layer } from "effect";
import type { HttpError } from "./httpErrors";

/** Someone told of every failed call that its caller does not handle itself. */
export type HttpFailureListener = (error: HttpError) => void;

/**
 * The app-wide channel for failed calls that their caller does not handle itself: the
 * session listens for 401 (it signs out), the global error dialog for 403, other 4xx and
 * 5xx. One channel per runtime: the live layer makes it when the runtime starts, so two
 * runtimes (two tests) never hear each other's failures.
 */
export class HttpFailures extends Context.Tag("HttpFailures")<
  HttpFailures,
  {
    readonly publish: (error: HttpError) => Effect.Effect<void>;
    /** Starts listening; the returned function stops. */
    readonly subscribe: (listener: HttpFailureListener) => Effect.Effect<() => void>;
  }
>() {}

/** A channel: a set of listeners, each told in the order it subscribed. */
export const makeHttpFailures = (): HttpFailures["Type"] => {
  const listeners = new Set<HttpFailureListener>();
  return {
    publish: (error) =>
      Effect.sync(() => {
        for (const listener of [...listeners]) listener(error);
      }),
    subscribe: (listener) =>
      Effect.sync(() => {
        listeners.add(listener);
        return () => {
          listeners.delete(listener);
        };
      }),
  };
};

/** The live layer: a new channel for each runtime built on it (marked pure, as ApiClientLive is). */
export const HttpFailuresLive = /* @__PURE__ */ Layer.sync(HttpFailures, makeHttpFailures);
