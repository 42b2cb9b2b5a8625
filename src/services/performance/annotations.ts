import type { Effect } from "effect";
import { AnnotationList, type AnnotationInput } from "../../domain/performance/annotations";
import { Ok } from "../../domain/access/auth";
import { Created } from "../../domain/report/configuration";
import { request, type ApiContext } from "../http/http";
import type { HttpError } from "../http/httpErrors";
import type { ReportRange } from "./performance";

/** The program's campaign notes in a range (charts draw them). A failed load leaves the chart without notes. */
export const listAnnotations = (ctx: ApiContext, program: string, range: ReportRange): Effect.Effect<AnnotationList, HttpError> =>
  request(ctx, {
    segments: ["programs", program, "annotations"],
    query: { date_from: range.from, date_to: range.to },
    response: AnnotationList,
    handles: ["NotFound", "ServerError", "NetworkError", "DecodeError"],
  });

/** Adds a note; a refused note (4xx) is the caller's to show. */
export const createAnnotation = (ctx: ApiContext, program: string, input: AnnotationInput): Effect.Effect<Created, HttpError> =>
  request(ctx, { method: "POST", segments: ["programs", program, "annotations"], body: input, response: Created, handles: ["ClientError", "NetworkError"] });

export const deleteAnnotation = (ctx: ApiContext, program: string, id: number): Effect.Effect<Ok, HttpError> =>
  request(ctx, { method: "DELETE", segments: ["programs", program, "annotations", id], response: Ok, handles: ["NotFound", "NetworkError"] });
