import type { Effect } from "effect";
import { ProgramList } from "../../domain/shell/program";
import { request, type ApiContext } from "../http/http";
import type { HttpError } from "../http/httpErrors";

export const programs = (ctx: ApiContext): Effect.Effect<ProgramList, HttpError> =>
  request(ctx, { segments: ["programs"], response: ProgramList });
