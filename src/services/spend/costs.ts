import type { Effect } from "effect";
import { Created } from "../../domain/report/configuration";
import type { DateRange } from "../../domain/report/dateRange";
import { FixedCostList } from "../../domain/spend/costs";
import type { SpendEntry } from "../../domain/spend/spendForm";
import { request, type ApiCall } from "../http/http";
import type { HttpError } from "../http/httpErrors";

/** The answer to a created spend configuration: the server's `Created` ({data: {id}}), the same Schema it encodes with. */
export type CreatedFixedCost = Created;

export interface CreateOptions {
  /**
   * Sent as `Idempotency-Key`: the server answers a repeat of the same key and body with
   * the first answer and creates nothing, so a create whose answer was lost may be resent.
   */
  readonly idempotencyKey?: string;
}

/**
 * Creates one fixed spend configuration (POST programs/{program}/fixed-costs), as the
 * quick spend entry and every batch row do. A failed batch row is only marked error
 * silently, so every failure but a 401 (which signs out app-wide) is the
 * caller's to handle.
 */
export const createFixedCost = (program: string, body: SpendEntry, options: CreateOptions = {}): Effect.Effect<CreatedFixedCost, HttpError, ApiCall> =>
  request({
    method: "POST",
    segments: ["programs", program, "fixed-costs"],
    body,
    ...(options.idempotencyKey === undefined ? {} : { headers: { "Idempotency-Key": options.idempotencyKey } }),
    response: Created,
    handles: ["Forbidden", "NotFound", "ClientError", "ServerError", "NetworkError", "DecodeError"],
  });

/**
 * The fixed spend configurations of a program overlapping its dates (GET
 * programs/{program}/fixed-costs?date_from&date_to), id descending. A failed load only
 * stops the list's loading indicator, so every failure but a 401 (which signs out
 * app-wide) and a 403 (the app's Forbidden dialog) is the list's to handle, silently.
 */
export const listFixedCosts = (program: string, range: DateRange): Effect.Effect<FixedCostList, HttpError, ApiCall> =>
  request({
    segments: ["programs", program, "fixed-costs"],
    query: { date_from: range.from, date_to: range.to },
    response: FixedCostList,
    handles: ["NotFound", "ClientError", "ServerError", "NetworkError", "DecodeError"],
  });
