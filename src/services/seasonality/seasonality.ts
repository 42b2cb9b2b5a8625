import type { Effect } from "effect";
import { Ok } from "../../domain/access/auth";
import { Created } from "../../domain/report/configuration";
import { SeasonalityList } from "../../domain/seasonality/seasonality";
import { request, type ApiCall } from "../http/http";
import type { HttpError, HttpErrorTag } from "../http/httpErrors";

/**
 * The seasonality calls of a program: its types with every tagged week, creating and
 * deleting a type, tagging and untagging a week (by its Monday). The screen says every
 * failure itself; 401 and 403 stay app-wide. Tagging and untagging a week are PUT and
 * DELETE of the week, the same answer however often they are sent; a create sent again
 * after it reached the server is refused as a duplicate name, never stored twice.
 */

const handled: ReadonlyArray<HttpErrorTag> = ["NotFound", "ClientError", "ServerError", "NetworkError", "DecodeError"];

const base = (program: string) => ["programs", program, "seasonality"] as const;

/** Every type of the program with all its tagged weeks (no range: the screen counts them all, and shows those of its dates). */
export const listSeasonality = (program: string): Effect.Effect<SeasonalityList, HttpError, ApiCall> =>
  request({ segments: base(program), response: SeasonalityList, handles: handled });

export const createSeasonalityType = (program: string, name: string): Effect.Effect<Created, HttpError, ApiCall> =>
  request({ method: "POST", segments: [...base(program), "types"], body: { name }, response: Created, handles: handled });

export const deleteSeasonalityType = (program: string, id: number): Effect.Effect<Ok, HttpError, ApiCall> =>
  request({ method: "DELETE", segments: [...base(program), "types", id], response: Ok, handles: handled });

/** Tags the week (its Monday) with the type, replacing its earlier tag; `typeId` null untags it. */
export const writeWeekTag = (program: string, week: string, typeId: number | null): Effect.Effect<Ok, HttpError, ApiCall> =>
  typeId === null
    ? request({ method: "DELETE", segments: [...base(program), "weeks", week], response: Ok, handles: handled })
    : request({ method: "PUT", segments: [...base(program), "weeks", week], body: { type_id: typeId }, response: Ok, handles: handled });
