import { Schema, type Effect } from "effect";
import type { SpendEntry } from "../../domain/spendForm";
import { request, type ApiContext } from "../http";
import type { HttpError } from "../httpErrors";

// TODO(costs): unify with src/domain/costs.ts (FixedCostInput for the body and a
// created-answer Schema) once its wire Schemas settle; this permissive Schema is local for now.
/** The answer to a created spend configuration: only the new id is read (extra fields ignored). */
export const CreatedFixedCost = Schema.Struct({ data: Schema.Struct({ id: Schema.Number }) });
export type CreatedFixedCost = typeof CreatedFixedCost.Type;

/**
 * Creates one fixed spend configuration (POST programs/{program}/fixed-costs), as the
 * quick spend entry and every batch row do. A failed batch row is only marked error
 * (account spec section 8), so every failure but a 401 (which signs out app-wide) is the
 * caller's to handle.
 */
export const createFixedCost = (ctx: ApiContext, program: string, body: SpendEntry): Effect.Effect<CreatedFixedCost, HttpError> =>
  request(ctx, {
    method: "POST",
    segments: ["programs", program, "fixed-costs"],
    body,
    response: CreatedFixedCost,
    handles: ["Forbidden", "NotFound", "ClientError", "ServerError", "NetworkError", "DecodeError"],
  });
