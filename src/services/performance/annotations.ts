import type { Effect } from "effect";
import { AnnotationList, type AnnotationInput } from "../../domain/performance/annotations";
import { Ok } from "../../domain/access/auth";
import { Created } from "../../domain/report/configuration";
import { request, type ApiCall } from "../http/http";
import type { HttpError } from "../http/httpErrors";
import type { ReportRange } from "./performance";

/** The program's campaign notes in a range (charts draw them). A failed load leaves the chart without notes. */
export const listAnnotations = (program: string, range: ReportRange): Effect.Effect<AnnotationList, HttpError, ApiCall> =>
  request({
    segments: ["programs", program, "annotations"],
    query: { date_from: range.from, date_to: range.to },
    response: AnnotationList,
    handles: ["NotFound", "ServerError", "NetworkError", "DecodeError"],
  });

/** Adds a note; a refused note (4xx) is the caller's to show. */
export const createAnnotation = (program: string, input: AnnotationInput): Effect.Effect<Created, HttpError, ApiCall> =>
  request({ method: "POST", segments: ["programs", program, "annotations"], body: input, response: Created, handles: ["ClientError", "NetworkError"] });

export const deleteAnnotation = (program: string, id: number): Effect.Effect<Ok, HttpError, ApiCall> =>
  request({ method: "DELETE", segments: ["programs", program, "annotations", id], response: Ok, handles: ["NotFound", "NetworkError"] });
