import { Effect, Either, ParseResult, Schema } from "effect";
import { ApiError } from "../../domain/shell/apiError";
import {
  ClientError,
  DecodeError,
  Forbidden,
  type HttpError,
  type HttpErrorTag,
  NetworkError,
  NotFound,
  ServerError,
  Unauthorized,
} from "./httpErrors";
import { publishHttpFailure } from "./httpFailures";

/** Where calls go and who makes them: the session holds both. */
export interface ApiContext {
  readonly baseUrl: string;
  readonly token: string | null;
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions<A, I> {
  readonly method?: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  /** Path segments; each is percent-encoded here, so a taxonomy value can never break a path. */
  readonly segments: ReadonlyArray<string | number>;
  readonly query?: Readonly<Record<string, QueryValue>>;
  readonly body?: unknown;
  readonly response: Schema.Schema<A, I>;
  /**
   * Failures the caller handles itself. Every other failure is also published to the
   * app-wide channel (401 signs out, 403/4xx/5xx open the global dialog).
   */
  readonly handles?: ReadonlyArray<HttpErrorTag>;
}

/** Joins the base URL and encoded segments; the query drops empty values. */
export const buildUrl = (
  baseUrl: string,
  segments: ReadonlyArray<string | number>,
  query?: Readonly<Record<string, QueryValue>>,
): string => {
  const base = baseUrl.replace(/\/+$/, "");
  const path = segments.map((s) => encodeURIComponent(String(s))).join("/");
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === null || v === undefined || v === "") continue;
    params.append(k, String(v));
  }
  const qs = params.toString();
  return `${base}/${path}${qs ? `?${qs}` : ""}`;
};

const decodeApiError = Schema.decodeUnknownEither(ApiError);

/** Maps a status and its (possibly ApiError) body to the tagged error of its kind. */
export const errorFromStatus = (status: number, body: unknown, path: string): HttpError => {
  const parsed = decodeApiError(body);
  const message = Either.isRight(parsed) ? parsed.right.message : `HTTP ${status}`;
  const code = Either.isRight(parsed) ? parsed.right.error : `http_${status}`;
  if (status === 401) return new Unauthorized({ status: 401, message, path });
  if (status === 403) return new Forbidden({ status: 403, message, path });
  if (status === 404) return new NotFound({ status: 404, message, path });
  if (status >= 400 && status < 500) return new ClientError({ status, code, message, path });
  return new ServerError({ status, message, path });
};

/**
 * One call answering a file (a CSV download): fetch and status mapping as `request`, the
 * body kept as text.
 */
export const requestText = (ctx: ApiContext, opts: Omit<RequestOptions<string, string>, "response" | "body" | "method">): Effect.Effect<string, HttpError> => {
  const url = buildUrl(ctx.baseUrl, opts.segments, opts.query);
  const path = `/${opts.segments.join("/")}`;
  const headers: Record<string, string> = { Accept: "text/csv, text/plain, */*" };
  if (ctx.token) headers.Authorization = `Bearer ${ctx.token}`;
  const handled = new Set(opts.handles ?? []);
  return Effect.tryPromise({
    try: (signal) =>
      fetch(url, { method: "GET", headers, signal, credentials: "same-origin" }).then(async (res) => ({
        status: res.status,
        ok: res.ok,
        text: await res.text(),
      })),
    catch: (e) => new NetworkError({ message: e instanceof Error ? e.message : String(e), path }),
  }).pipe(
    Effect.flatMap((res): Effect.Effect<string, HttpError> => {
      if (res.ok) return Effect.succeed(res.text);
      let body: unknown = res.text;
      try {
        body = JSON.parse(res.text);
      } catch {
        // not JSON: keep the text
      }
      return Effect.fail(errorFromStatus(res.status, body, path));
    }),
    Effect.tapError((error) => (handled.has(error._tag) ? Effect.void : Effect.sync(() => publishHttpFailure(error)))),
  );
};

const readBody = (res: Response): Promise<unknown> =>
  res.text().then((text) => {
    if (text === "") return null;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  });

/**
 * One call to the API: fetch, status mapping, Schema decoding. Interruption (an exiting
 * state) aborts the fetch.
 */
export const request = <A, I>(ctx: ApiContext, opts: RequestOptions<A, I>): Effect.Effect<A, HttpError> => {
  const url = buildUrl(ctx.baseUrl, opts.segments, opts.query);
  const path = `/${opts.segments.join("/")}`;
  const headers: Record<string, string> = { Accept: "application/json" };
  if (ctx.token) headers.Authorization = `Bearer ${ctx.token}`;
  if (opts.body !== undefined) headers["Content-Type"] = "application/json";
  const decode = Schema.decodeUnknown(opts.response);

  const call = Effect.tryPromise({
    try: (signal) =>
      fetch(url, {
        method: opts.method ?? "GET",
        headers,
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
        signal,
        credentials: "same-origin",
      }).then(async (res) => ({ status: res.status, ok: res.ok, body: await readBody(res) })),
    catch: (e) => new NetworkError({ message: e instanceof Error ? e.message : String(e), path }),
  }).pipe(
    Effect.flatMap((res): Effect.Effect<A, HttpError> =>
      res.ok
        ? decode(res.body).pipe(
            Effect.mapError(
              (e) => new DecodeError({ message: ParseResult.TreeFormatter.formatErrorSync(e), path }),
            ),
          )
        : Effect.fail(errorFromStatus(res.status, res.body, path)),
    ),
  );

  const handled = new Set(opts.handles ?? []);
  return call.pipe(
    Effect.tapError((error) =>
      handled.has(error._tag) ? Effect.void : Effect.sync(() => publishHttpFailure(error)),
    ),
  );
};
