import type { Effect } from "effect";
import { Ok } from "../../domain/access/auth";
import { ColumnSetList, type ColumnSetInput } from "../../domain/performance/columnSets";
import { Created } from "../../domain/report/configuration";
import { request, type ApiCall } from "../http/http";
import type { HttpError, HttpErrorTag } from "../http/httpErrors";

/** A failed save or delete only stops the loading, without a message. */
const silent: ReadonlyArray<HttpErrorTag> = ["NotFound", "ClientError", "ServerError", "NetworkError", "DecodeError"];

/** The signed-in user's column sets and favourite. */
export const listColumnSets = (): Effect.Effect<ColumnSetList, HttpError, ApiCall> =>
  request({ segments: ["column-sets"], response: ColumnSetList, handles: silent });

/** Saves a set; `data.id` is the new set's id. */
export const createColumnSet = (input: ColumnSetInput): Effect.Effect<Created, HttpError, ApiCall> =>
  request({ method: "POST", segments: ["column-sets"], body: input, response: Created, handles: silent });

export const deleteColumnSet = (id: number): Effect.Effect<Ok, HttpError, ApiCall> =>
  request({ method: "DELETE", segments: ["column-sets", id], response: Ok, handles: silent });

/** Makes the set (0 = the built-in default) the user's favourite; the call has an empty body. */
export const favouriteColumnSet = (id: number): Effect.Effect<Ok, HttpError, ApiCall> =>
  request({ method: "POST", segments: ["column-sets", id, "favourite"], body: {}, response: Ok, handles: silent });
