import { Effect } from "effect";
import { Ok } from "../../domain/access/auth";
import { InvitationAnswer, PeopleAnswer, PersonAnswer, type InvitationDraft, type PersonChange } from "../../domain/people/people";
import type { AdminProgram } from "../../domain/programs/programAdmin";
import { request, type ApiCall } from "../http/http";
import type { HttpError, HttpErrorTag } from "../http/httpErrors";
import { listAdminPrograms } from "../programs/programAdmin";

/**
 * The People screen's calls (admins only): GET admin/people, POST admin/people/invitations,
 * POST …/invitations/{id}/resend, DELETE …/invitations/{id}, PATCH and DELETE admin/people/{id}.
 * The screen says what went wrong itself (a 403 ends it with the admin refusal, a 409 is a
 * refusal it shows), so every failure but a 401 (which signs out app-wide) is the caller's.
 */
const screenFailures: ReadonlyArray<HttpErrorTag> = ["Forbidden", "NotFound", "ClientError", "ServerError", "NetworkError", "DecodeError"];

const peoplePath = ["admin", "people"];
const invitationsPath = [...peoplePath, "invitations"];

/** What the screen shows: the people, the open invitations, and the programs a member may be given (not archived). */
export interface PeopleScreenData {
  readonly people: PeopleAnswer["data"]["people"];
  readonly invitations: PeopleAnswer["data"]["invitations"];
  readonly programs: ReadonlyArray<AdminProgram>;
}

export const loadPeopleScreen = (): Effect.Effect<PeopleScreenData, HttpError, ApiCall> =>
  Effect.map(
    Effect.all([request({ segments: peoplePath, response: PeopleAnswer, handles: screenFailures }), listAdminPrograms()], { concurrency: 2 }),
    ([people, programs]) => ({ ...people.data, programs: programs.data.filter((program) => !program.archived) }),
  );

export const invitePerson = (draft: InvitationDraft): Effect.Effect<InvitationAnswer, HttpError, ApiCall> =>
  request({ method: "POST", segments: invitationsPath, body: draft, response: InvitationAnswer, handles: screenFailures });

export const resendInvitation = (id: number): Effect.Effect<InvitationAnswer, HttpError, ApiCall> =>
  request({ method: "POST", segments: [...invitationsPath, String(id), "resend"], response: InvitationAnswer, handles: screenFailures });

export const revokeInvitation = (id: number): Effect.Effect<Ok, HttpError, ApiCall> =>
  request({ method: "DELETE", segments: [...invitationsPath, String(id)], response: Ok, handles: screenFailures });

export const changePerson = (id: number, change: PersonChange): Effect.Effect<PersonAnswer, HttpError, ApiCall> =>
  request({ method: "PATCH", segments: [...peoplePath, String(id)], body: change, response: PersonAnswer, handles: screenFailures });

export const removePerson = (id: number): Effect.Effect<Ok, HttpError, ApiCall> =>
  request({ method: "DELETE", segments: [...peoplePath, String(id)], response: Ok, handles: screenFailures });
