import type { Effect } from "effect";
import { LoginResponse } from "../../domain/access/auth";
import { SetupStatus, type FirstAdminRequest } from "../../domain/access/firstRun";
import { request, type ApiCall } from "../http/http";
import type { HttpError } from "../http/httpErrors";

/** Whether the server needs its first admin; a failure is the first-run screen's (it offers Try again). */
export const setupStatus = (): Effect.Effect<SetupStatus, HttpError, ApiCall> =>
  request({
    segments: ["auth", "setup"],
    response: SetupStatus,
    handles: ["Unauthorized", "Forbidden", "NotFound", "ClientError", "ServerError", "NetworkError", "DecodeError"],
  });

/** Creates the first admin and signs them in; a refusal (400, 409) is the screen's to show, anything else the global dialog's. */
export const createFirstAdmin = (body: FirstAdminRequest): Effect.Effect<LoginResponse, HttpError, ApiCall> =>
  request({ method: "POST", segments: ["auth", "setup"], body, response: LoginResponse, handles: ["ClientError"] });
