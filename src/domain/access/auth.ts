import { Schema } from "effect";
import { User } from "../shell/user";
import { Program } from "../shell/program";

export const LoginRequest = Schema.Struct({
  username: Schema.String.pipe(Schema.minLength(1), Schema.maxLength(200)),
  password: Schema.String.pipe(Schema.minLength(1), Schema.maxLength(1000)),
});
export type LoginRequest = typeof LoginRequest.Type;

/**
 * A sign-in's answer (the login, the first admin's setup, an accepted invitation): the token,
 * the person and the programs they may open, the same as `/auth/me` answers, so the session is
 * ready at once and the landing report's calls go out with the sign-in's answer (issue 27,
 * "Ready fast": the sign-in waited for /auth/me before the report could ask for anything).
 */
export const LoginResponse = Schema.Struct({ token: Schema.String, user: User, programs: Schema.Array(Program) });
export type LoginResponse = typeof LoginResponse.Type;

export const MeResponse = Schema.Struct({ user: User, programs: Schema.Array(Program) });
export type MeResponse = typeof MeResponse.Type;

/** The plain acknowledgement of calls whose answer carries nothing else. */
export const Ok = Schema.Struct({ ok: Schema.Literal(true) });
export type Ok = typeof Ok.Type;

export const PasswordResetRequest = Schema.Struct({
  email: Schema.String.pipe(Schema.minLength(3), Schema.maxLength(320)),
});
export type PasswordResetRequest = typeof PasswordResetRequest.Type;

export const PasswordValidateRequest = Schema.Struct({
  token: Schema.String.pipe(Schema.minLength(1), Schema.maxLength(200)),
  email: Schema.String.pipe(Schema.minLength(1), Schema.maxLength(320)),
});
export type PasswordValidateRequest = typeof PasswordValidateRequest.Type;

/** The reset payload: password, confirm_password, email, token. */
export const PasswordReset = Schema.Struct({
  password: Schema.String.pipe(Schema.minLength(1), Schema.maxLength(1000)),
  confirm_password: Schema.String.pipe(Schema.maxLength(1000)),
  email: Schema.String.pipe(Schema.minLength(1), Schema.maxLength(320)),
  token: Schema.String.pipe(Schema.minLength(1), Schema.maxLength(200)),
});
export type PasswordReset = typeof PasswordReset.Type;
