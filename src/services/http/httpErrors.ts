import { Data } from "effect";

/** What every failed call becomes: one tagged error per kind of failure (docs/architecture.md, "The Effect layer"). */
export class Unauthorized extends Data.TaggedError("Unauthorized")<{ readonly status: 401; readonly message: string; readonly path: string }> {}
export class Forbidden extends Data.TaggedError("Forbidden")<{ readonly status: 403; readonly message: string; readonly path: string }> {}
export class NotFound extends Data.TaggedError("NotFound")<{ readonly status: 404; readonly message: string; readonly path: string }> {}
/** `retryAfter`: the answer's `Retry-After` header, when it had one (a 429). */
export class ClientError extends Data.TaggedError("ClientError")<{ readonly status: number; readonly code: string; readonly message: string; readonly path: string; readonly retryAfter?: string }> {}
/** `retryAfter`: the answer's `Retry-After` header, when it had one (a 503). */
export class ServerError extends Data.TaggedError("ServerError")<{ readonly status: number; readonly message: string; readonly path: string; readonly retryAfter?: string }> {}
export class NetworkError extends Data.TaggedError("NetworkError")<{ readonly message: string; readonly path: string }> {}
export class DecodeError extends Data.TaggedError("DecodeError")<{ readonly message: string; readonly path: string }> {}

export type HttpError = Unauthorized | Forbidden | NotFound | ClientError | ServerError | NetworkError | DecodeError;
export type HttpErrorTag = HttpError["_tag"];

const tags: ReadonlySet<string> = new Set<HttpErrorTag>([
  "Unauthorized",
  "Forbidden",
  "NotFound",
  "ClientError",
  "ServerError",
  "NetworkError",
  "DecodeError",
]);

export const isHttpError = (u: unknown): u is HttpError =>
  typeof u === "object" && u !== null && "_tag" in u && tags.has(String((u as { _tag: unknown })._tag));

/** The HTTP status a failure carries (none for a network or decoding failure). */
export const statusOf = (error: HttpError): number | undefined => ("status" in error ? error.status : undefined);
