import { Effect } from "effect";
import { Created } from "../../domain/report/configuration";
import type { ImportBody } from "../../domain/spend/spendImport";
import { StoredKeysAnswer, storedKeySlices } from "../../domain/spend/storedKeys";
import { request, type ApiCall } from "../http/http";
import type { HttpError } from "../http/httpErrors";

/**
 * The batch import's calls. Both kinds create through POST programs/{program}/fixed-costs
 * (a variable row's body, `{date, taxonomy_1, cost_link, cost}`, makes it a variable
 * spend row there), each row with its `Idempotency-Key`; a failed row is the batch's to
 * retry or mark, silently, so every failure but a 401 (which signs out app-wide) is the
 * caller's.
 */
export const createImportRow = (program: string, body: ImportBody, idempotencyKey: string): Effect.Effect<Created, HttpError, ApiCall> =>
  request({
    method: "POST",
    segments: ["programs", program, "fixed-costs"],
    body,
    headers: { "Idempotency-Key": idempotencyKey },
    response: Created,
    handles: ["Forbidden", "NotFound", "ClientError", "ServerError", "NetworkError", "DecodeError"],
  });

/**
 * Which of the keys this person already used for creates in the program (POST
 * programs/{program}/fixed-costs/stored-keys, in slices of at most 500 keys): the rows
 * the import skips as already stored. A failure is the caller's (the dry run then counts
 * nothing as stored; the server still creates a repeated key only once).
 */
export const storedImportKeys = (program: string, keys: ReadonlyArray<string>): Effect.Effect<ReadonlySet<string>, HttpError, ApiCall> =>
  Effect.forEach(
    storedKeySlices(keys),
    (slice) =>
      request({
        method: "POST",
        segments: ["programs", program, "fixed-costs", "stored-keys"],
        body: { keys: slice },
        response: StoredKeysAnswer,
        handles: ["Forbidden", "NotFound", "ClientError", "ServerError", "NetworkError", "DecodeError"],
      }),
    { concurrency: 1 },
  ).pipe(Effect.map((answers) => new Set(answers.flatMap((a) => a.stored))));
