import type { Effect } from "effect";
import { ProgramList } from "../../domain/shell/program";
import { request, type ApiCall } from "../http/http";
import type { HttpError } from "../http/httpErrors";

export const programs = (): Effect.Effect<ProgramList, HttpError, ApiCall> =>
  request({ segments: ["programs"], response: ProgramList });
