import type { Effect } from "effect";
import { Created } from "../../domain/report/configuration";
import type { SpendEntry } from "../../domain/spend/spendForm";
import { request, type ApiCall } from "../http/http";
import type { HttpError } from "../http/httpErrors";

/** The answer to a created spend configuration: the server's `Created` ({data: {id}}), the same Schema it encodes with. */
export type CreatedFixedCost = Created;

/**
 * Creates one fixed spend configuration (POST programs/{program}/fixed-costs), as the
 * quick spend entry and every batch row do. A failed batch row is only marked error
 * silently, so every failure but a 401 (which signs out app-wide) is the
 * caller's to handle.
 */
export const createFixedCost = (program: string, body: SpendEntry): Effect.Effect<CreatedFixedCost, HttpError, ApiCall> =>
  request({
    method: "POST",
    segments: ["programs", program, "fixed-costs"],
    body,
    response: Created,
    handles: ["Forbidden", "NotFound", "ClientError", "ServerError", "NetworkError", "DecodeError"],
  });
