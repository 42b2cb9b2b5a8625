import { Effect, Either, ParseResult, Schema } from "effect";
import { ApiError } from "../../domain/shell/apiError";
import { ApiClient, CurrentApiContext, type IncomingAnswer } from "./apiClient";
import { ClientError, DecodeError, Forbidden, type HttpError, type HttpErrorTag, NotFound, ServerError, Unauthorized } from "./httpErrors";
import { HttpFailures } from "./httpFailures";

export type { ApiContext } from "./apiClient";

/** What every API call needs from its context: the transport, the failure channel and the API context. */
export type ApiCall = ApiClient | HttpFailures | CurrentApiContext;

export type QueryValue = string | number | boolean | null | undefined;

interface CallOptions {
  readonly method?: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  /** Path segments; each is percent-encoded here, so a taxonomy value can never break a path. */
  readonly segments: ReadonlyArray<string | number>;
  readonly query?: Readonly<Record<string, QueryValue>>;
  /** Headers of this call (an `Idempotency-Key`); `Accept`, `Authorization` and `Content-Type` are set here. */
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * Failures the caller handles itself. Every other failure is also published to the
   * app-wide channel (401 signs out, 403/4xx/5xx open the global dialog).
   */
  readonly handles?: ReadonlyArray<HttpErrorTag>;
}

/** How a call decodes a large answer (e.g. `decodeInSlices`), instead of in one go. */
export type LargeAnswerDecoder = <A, I>(schema: Schema.Schema<A, I>) => (body: unknown) => Effect.Effect<A, ParseResult.ParseError>;

export interface RequestOptions<A, I> extends CallOptions {
  readonly body?: unknown;
  readonly response: Schema.Schema<A, I>;
  /**
   * For calls that may answer thousands of rows: how an answer of `slicedDecodeFrom`
   * characters or more is decoded. The report calls pass `decodeInSlices`, so the
   * slicing code loads with the reports, not with /login.
   */
  readonly decodeLarge?: LargeAnswerDecoder;
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

/** Maps a status and its (possibly ApiError) body to the tagged error of its kind (with the answer's `Retry-After`, if any, on a 4xx or 5xx). */
export const errorFromStatus = (status: number, body: unknown, path: string, retryAfter?: string): HttpError => {
  const parsed = decodeApiError(body);
  const message = Either.isRight(parsed) ? parsed.right.message : `HTTP ${status}`;
  const code = Either.isRight(parsed) ? parsed.right.error : `http_${status}`;
  if (status === 401) return new Unauthorized({ status: 401, message, path });
  if (status === 403) return new Forbidden({ status: 403, message, path });
  if (status === 404) return new NotFound({ status: 404, message, path });
  const after = retryAfter === undefined ? {} : { retryAfter };
  if (status >= 400 && status < 500) return new ClientError({ status, code, message, path, ...after });
  return new ServerError({ status, message, path, ...after });
};

/** A body as JSON when it parses, else as text; an empty body is null. */
const parsedBody = (text: string): unknown => {
  if (text === "") return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/**
 * The one core of every call: builds the request from the current API context, sends it
 * through the client, turns a failed status into its tagged error and publishes every
 * failure the caller does not handle. Interruption (an exiting state) aborts the request.
 */
const exchange = (opts: CallOptions & { readonly accept: string; readonly body?: unknown }): Effect.Effect<IncomingAnswer, HttpError, ApiCall> =>
  Effect.gen(function* () {
    const api = yield* CurrentApiContext;
    const client = yield* ApiClient;
    const path = `/${opts.segments.join("/")}`;
    const headers: Record<string, string> = { ...opts.headers, Accept: opts.accept };
    if (api.token) headers.Authorization = `Bearer ${api.token}`;
    if (opts.body !== undefined) headers["Content-Type"] = "application/json";
    const answer = yield* client.send({
      method: opts.method ?? "GET",
      url: buildUrl(api.baseUrl, opts.segments, opts.query),
      path,
      headers,
      ...(opts.body === undefined ? {} : { body: JSON.stringify(opts.body) }),
    });
    if (answer.status >= 200 && answer.status < 300) return answer;
    return yield* Effect.fail(errorFromStatus(answer.status, parsedBody(answer.text), path, answer.retryAfter));
  }).pipe(Effect.tapError((error) => publishUnhandled(error, opts.handles)));

const publishUnhandled = (error: HttpError, handles: ReadonlyArray<HttpErrorTag> | undefined): Effect.Effect<void, never, HttpFailures> =>
  handles?.includes(error._tag) ? Effect.void : Effect.flatMap(HttpFailures, (failures) => failures.publish(error));

/**
 * Answers of at least this many characters (a table of about 120 rows) are decoded by the
 * call's `decodeLarge` when it has one (slices that give the page the main thread back
 * between them, so that a 1,000-row table makes no long task); smaller ones in one go.
 */
export const slicedDecodeFrom = 100_000;

/** The body decoded with `schema`: in one go, or by `decodeLarge` when it is large. The same answer and the same ParseError either way. */
const decodeBody = <A, I>(schema: Schema.Schema<A, I>, text: string, decodeLarge: LargeAnswerDecoder | undefined): Effect.Effect<A, ParseResult.ParseError> =>
  Effect.suspend(() =>
    decodeLarge !== undefined && text.length >= slicedDecodeFrom ? decodeLarge(schema)(parsedBody(text)) : Schema.decodeUnknown(schema)(parsedBody(text)),
  );

/** One call to the API answering JSON, decoded with `opts.response` (large answers by `opts.decodeLarge`, see `slicedDecodeFrom`). */
export const request = <A, I>(opts: RequestOptions<A, I>): Effect.Effect<A, HttpError, ApiCall> => {
  const path = `/${opts.segments.join("/")}`;
  return exchange({ ...opts, accept: "application/json" }).pipe(
    Effect.flatMap((answer) =>
      decodeBody(opts.response, answer.text, opts.decodeLarge).pipe(
        Effect.mapError((e) => new DecodeError({ message: ParseResult.TreeFormatter.formatErrorSync(e), path })),
        Effect.tapError((error) => publishUnhandled(error, opts.handles)),
      ),
    ),
  );
};

/** One call answering a file (a CSV download): the same core, the body kept as text. */
export const requestText = (opts: CallOptions): Effect.Effect<string, HttpError, ApiCall> =>
  exchange({ ...opts, accept: "text/csv, text/plain, */*" }).pipe(Effect.map((answer) => answer.text));
