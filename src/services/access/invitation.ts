import type { Effect } from "effect";
import { LoginResponse } from "../../domain/access/auth";
import { InvitationPreview, type InvitationAcceptance } from "../../domain/people/people";
import { request, type ApiCall } from "../http/http";
import type { HttpError } from "../http/httpErrors";

/** Whether an invitation link may be used (its email and role); any failure is the page's (a dead link). */
export const validateInvitation = (token: string, email: string): Effect.Effect<InvitationPreview, HttpError, ApiCall> =>
  request({
    method: "POST",
    segments: ["auth", "invitation", "validate"],
    body: { token, email },
    response: InvitationPreview,
    handles: ["Unauthorized", "Forbidden", "NotFound", "ClientError", "ServerError", "NetworkError", "DecodeError"],
  });

/** Accepts the invitation and signs the person in; a refusal (400, 409) is the page's to show, anything else the global dialog's. */
export const acceptInvitation = (body: InvitationAcceptance): Effect.Effect<LoginResponse, HttpError, ApiCall> =>
  request({ method: "POST", segments: ["auth", "invitation", "accept"], body, response: LoginResponse, handles: ["ClientError"] });
