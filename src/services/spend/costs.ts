import type { Effect } from "effect";
import { Created } from "../../domain/report/configuration";
import type { DateRange } from "../../domain/report/dateRange";
import { Ok } from "../../domain/access/auth";
import { FixedCostAnswer, FixedCostList, VariableCostList, staleSpendError } from "../../domain/spend/costs";
import type { FixedSpendUpdate } from "../../domain/spend/fixedSpendForm";
import type { SpendEntry } from "../../domain/spend/spendForm";
import { decodeInSlices } from "../http/decodeInSlices";
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
 * One fixed spend configuration (GET programs/{program}/fixed-costs/{id}), for its edit
 * screen. A 403 (no access: the screen goes back to the list and says so) and a 404 (no
 * such configuration in the program: the screen says so) are the screen's to handle; every
 * other failure opens the app's dialog (401 signs out).
 */
export const findFixedCost = (program: string, id: number): Effect.Effect<FixedCostAnswer, HttpError, ApiCall> =>
  request({ segments: ["programs", program, "fixed-costs", id], response: FixedCostAnswer, handles: ["Forbidden", "NotFound"] });

/**
 * Saves an edited fixed spend configuration (PATCH programs/{program}/fixed-costs/{id})
 * with every field of the form and the version it was loaded at, and answers it as stored.
 * A 403, a 404 and a refusal (409 `stale_spend` when someone saved it since that version,
 * `isStaleSpendEdit`) are the screen's to handle; every other failure opens the app's dialog
 * (401 signs out).
 */
export const updateFixedCost = (program: string, id: number, body: FixedSpendUpdate, version: number): Effect.Effect<FixedCostAnswer, HttpError, ApiCall> =>
  request({
    method: "PATCH",
    segments: ["programs", program, "fixed-costs", id],
    body: { ...body, version },
    response: FixedCostAnswer,
    handles: ["Forbidden", "NotFound", "ClientError"],
  });

/** Whether a failed edit was refused because someone saved the configuration since its version (409 `stale_spend`). */
export const isStaleSpendEdit = (error: unknown): boolean =>
  typeof error === "object" &&
  error !== null &&
  (error as { _tag?: unknown })._tag === "ClientError" &&
  (error as { status?: unknown }).status === 409 &&
  (error as { code?: unknown }).code === staleSpendError;

/**
 * Removes a fixed spend configuration (DELETE programs/{program}/fixed-costs/{id}). A 403
 * and a 404 are the screen's to handle; every other failure opens the app's dialog (401
 * signs out).
 */
export const removeFixedCost = (program: string, id: number): Effect.Effect<Ok, HttpError, ApiCall> =>
  request({ method: "DELETE", segments: ["programs", program, "fixed-costs", id], response: Ok, handles: ["Forbidden", "NotFound"] });

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

/**
 * Every variable spend entry of a program (GET programs/{program}/variable-costs, no
 * dates), id descending. A program holds thousands, so a large answer is decoded in
 * slices. A failed load only stops the list's loading indicator, so every failure but a
 * 401 (which signs out app-wide) and a 403 (the app's Forbidden dialog) is the list's to
 * handle, silently.
 */
export const listVariableCosts = (program: string): Effect.Effect<VariableCostList, HttpError, ApiCall> =>
  request({
    segments: ["programs", program, "variable-costs"],
    response: VariableCostList,
    handles: ["NotFound", "ClientError", "ServerError", "NetworkError", "DecodeError"],
    decodeLarge: decodeInSlices,
  });

/**
 * Removes one variable spend entry (DELETE programs/{program}/variable-costs/{id}). A 404
 * (the entry is no longer there) is the list's to handle; every other failure opens the
 * app's dialog (401 signs out).
 */
export const deleteVariableCost = (program: string, id: number): Effect.Effect<Ok, HttpError, ApiCall> =>
  request({ method: "DELETE", segments: ["programs", program, "variable-costs", id], response: Ok, handles: ["NotFound"] });
