import type { Effect } from "effect";
import { Ok } from "../../domain/access/auth";
import { IngestionHealth } from "../../domain/ingestion/ingestionHealth";
import { CreatedWriteKey, WriteKeyList, type IssuedKeyKind } from "../../domain/ingestion/writeKeys";
import { request, type ApiCall } from "../http/http";
import type { HttpError, HttpErrorTag } from "../http/httpErrors";

/**
 * The data sources screen's calls (admins only): GET|POST programs/{program}/write-keys,
 * DELETE …/write-keys/{id} and GET …/ingestion/health. The screen says what went wrong
 * itself (a 403 ends it with the admin refusal), so every failure but a 401 (which signs
 * out app-wide) is the caller's.
 */
const screenFailures: ReadonlyArray<HttpErrorTag> = ["Forbidden", "NotFound", "ClientError", "ServerError", "NetworkError", "DecodeError"];

const keysPath = (program: string): Array<string> => ["programs", program, "write-keys"];

/** The program's write keys, newest first, revoked ones included. */
export const listWriteKeys = (program: string): Effect.Effect<WriteKeyList, HttpError, ApiCall> =>
  request({ segments: keysPath(program), response: WriteKeyList, handles: screenFailures });

/** A new write key of a kind (publishable or secret): its record and the key itself, which the server never answers again. */
export const createWriteKey = (program: string, kind: IssuedKeyKind): Effect.Effect<CreatedWriteKey, HttpError, ApiCall> =>
  request({ method: "POST", segments: keysPath(program), body: { kind }, response: CreatedWriteKey, handles: screenFailures });

/** Revokes a key (404 when the program has no such key). */
export const revokeWriteKey = (program: string, id: number): Effect.Effect<Ok, HttpError, ApiCall> =>
  request({ method: "DELETE", segments: [...keysPath(program), id], response: Ok, handles: screenFailures });

/** Today's ingestion in the program's offset, the latest arrivals and the processing lag. */
export const ingestionHealth = (program: string): Effect.Effect<IngestionHealth, HttpError, ApiCall> =>
  request({ segments: ["programs", program, "ingestion", "health"], response: IngestionHealth, handles: screenFailures });
