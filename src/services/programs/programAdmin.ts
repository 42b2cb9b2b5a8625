import type { Effect } from "effect";
import { AdminProgramAnswer, AdminProgramList } from "../../domain/programs/programAdmin";
import { request, type ApiCall } from "../http/http";
import type { HttpError, HttpErrorTag } from "../http/httpErrors";

/**
 * The Programs screen's calls (admins only): GET|POST admin/programs, PATCH admin/programs/{code},
 * POST admin/programs/{code}/archive and …/unarchive. The screen says what went wrong itself (a
 * 403 ends it with the admin refusal, a 409 is the code taken), so every failure but a 401
 * (which signs out app-wide) is the caller's.
 */
const screenFailures: ReadonlyArray<HttpErrorTag> = ["Forbidden", "NotFound", "ClientError", "ServerError", "NetworkError", "DecodeError"];

const programsPath = ["admin", "programs"];

/** Every program, archived ones too. */
export const listAdminPrograms = (): Effect.Effect<AdminProgramList, HttpError, ApiCall> =>
  request({ segments: programsPath, response: AdminProgramList, handles: screenFailures });

/** A new program (the body as the form made it; the server checks it again). */
export const createProgram = (draft: unknown): Effect.Effect<AdminProgramAnswer, HttpError, ApiCall> =>
  request({ method: "POST", segments: programsPath, body: draft, response: AdminProgramAnswer, handles: screenFailures });

/** A change of a program's editable fields. */
export const changeProgram = (code: string, change: unknown): Effect.Effect<AdminProgramAnswer, HttpError, ApiCall> =>
  request({ method: "PATCH", segments: [...programsPath, code], body: change, response: AdminProgramAnswer, handles: screenFailures });

/** Archives (true) or unarchives (false) a program; nothing is deleted. */
export const archiveProgram = (code: string, archive: boolean): Effect.Effect<AdminProgramAnswer, HttpError, ApiCall> =>
  request({
    method: "POST",
    segments: [...programsPath, code, archive ? "archive" : "unarchive"],
    response: AdminProgramAnswer,
    handles: screenFailures,
  });
