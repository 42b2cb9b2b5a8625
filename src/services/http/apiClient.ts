import { Context, Data, Effect, Layer } from "effect";
import { liveCallsInFlight } from "./callsInFlight";
import { NetworkError } from "./httpErrors";

import type { ApiContext } from "../../domain/shell/session";

export type { ApiContext };

/**
 * The API context of the call being made. Call functions read it from their context
 * instead of taking it as an argument; the actor that makes the call provides it (see
 * `fromApiCall` in src/machines/runtime/fromEffect.ts).
 */
export class CurrentApiContext extends Context.Tag("CurrentApiContext")<CurrentApiContext, ApiContext>() {}

/** One HTTP exchange, as the client sends it. */
export interface OutgoingRequest {
  readonly method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  readonly url: string;
  /** The API path without the base URL, for error messages and test routes (`/programs/x/messages`). */
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
}

/** The answer: status and the body as text (JSON is parsed by the caller). */
export interface IncomingAnswer {
  readonly status: number;
  readonly text: string;
  /** The `Retry-After` header, when the answer carries one (a 429 or a 503). */
  readonly retryAfter?: string;
}

/**
 * The transport every API call goes through. The live layer uses `fetch` (an interrupted
 * effect aborts the request); test layers answer from a table of routes.
 */
export class ApiClient extends Context.Tag("ApiClient")<
  ApiClient,
  { readonly send: (request: OutgoingRequest) => Effect.Effect<IncomingAnswer, NetworkError> }
>() {}

/** The live transport: `fetch`, the request aborted when the effect is interrupted; counted in `liveCallsInFlight` until its body is read. */
export const fetchApiClient: ApiClient["Type"] = {
  send: (request) =>
    Effect.tryPromise({
      try: (signal) => {
        const ended = liveCallsInFlight.started();
        return fetch(request.url, { method: request.method, headers: request.headers, body: request.body, signal, credentials: "same-origin" })
          .then(async (res) => {
            const retryAfter = res.headers.get("Retry-After");
            return { status: res.status, text: await res.text(), ...(retryAfter === null ? {} : { retryAfter }) };
          })
          .finally(ended);
      },
      catch: (e) => new NetworkError({ message: e instanceof Error ? e.message : String(e), path: request.path }),
    }),
};

// Marked pure so that a bundle which never uses the layer leaves it out: the app's runtime
// provides `fetchApiClient` itself (services/runtime/runtime.ts); tests build the layer.
export const ApiClientLive = /* @__PURE__ */ Layer.succeed(ApiClient, fetchApiClient);

/** A call a test layer was not told to expect: the test fails with this defect rather than hanging or passing. */
export class UnexpectedCall extends Data.TaggedError("UnexpectedCall")<{ readonly method: string; readonly path: string }> {
  override get message(): string {
    return `unexpected API call ${this.method} ${this.path}`;
  }
}

/** What a test route answers: a status and a JSON body (or text), or a network failure. */
export type TestAnswer = { readonly status: number; readonly json?: unknown; readonly text?: string; readonly retryAfter?: string } | "network-failure";

/**
 * A client for tests that answers only the routes it is given, keyed `METHOD /path`
 * (the path without base URL or query), and dies loudly on any other call. `calls`
 * records every request it received, in order.
 */
export const apiClientTest = (
  routes: Readonly<Record<string, TestAnswer | ((request: OutgoingRequest) => TestAnswer)>>,
  calls: OutgoingRequest[] = [],
): Layer.Layer<ApiClient> =>
  Layer.succeed(ApiClient, {
    send: (request) => {
      calls.push(request);
      const route = routes[`${request.method} ${request.path}`];
      if (route === undefined) return Effect.die(new UnexpectedCall({ method: request.method, path: request.path }));
      const answer = typeof route === "function" ? route(request) : route;
      if (answer === "network-failure") return Effect.fail(new NetworkError({ message: "network failure (test)", path: request.path }));
      const text = answer.text ?? (answer.json === undefined ? "" : JSON.stringify(answer.json));
      return Effect.succeed({ status: answer.status, text, ...(answer.retryAfter === undefined ? {} : { retryAfter: answer.retryAfter }) });
    },
  });
