import type { Effect } from "effect";
import { ProgramList } from "../../domain/program";
import { request, type ApiContext } from "../http";
import type { HttpError } from "../httpErrors";

export const programs = (ctx: ApiContext): Effect.Effect<ProgramList, HttpError> =>
  request(ctx, { segments: ["programs"], response: ProgramList });
