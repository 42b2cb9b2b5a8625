import { Schema } from "effect";
import { User } from "../shell/user";
import { isValidEmail } from "../access/email";
import { newPasswordProblem, type NewPasswordProblem } from "../access/passwordForm";
import { accountTexts } from "./accountTexts";

/** PATCH /account/profile: the signed-in person's name (what they sign in with and the header shows) and email. */
export const ProfileChange = Schema.Struct({
  username: Schema.String.pipe(Schema.minLength(1), Schema.maxLength(200)),
  email: Schema.String.pipe(Schema.minLength(3), Schema.maxLength(320)),
});
export type ProfileChange = typeof ProfileChange.Type;

/** The account as it stands after a change. */
export const ProfileAnswer = Schema.Struct({ user: User });
export type ProfileAnswer = typeof ProfileAnswer.Type;

/** POST /account/password: the current password, the new one twice, and whether this session stays signed in. */
export const PasswordChange = Schema.Struct({
  current_password: Schema.String.pipe(Schema.minLength(1), Schema.maxLength(1000)),
  password: Schema.String.pipe(Schema.minLength(1), Schema.maxLength(1000)),
  confirm_password: Schema.String.pipe(Schema.maxLength(1000)),
  keep_this_session: Schema.Boolean,
});
export type PasswordChange = typeof PasswordChange.Type;

/** A name and email as the server stores them: the name trimmed and in lower case (sign-in compares it so), the email trimmed. */
export const tidyProfile = (change: ProfileChange): ProfileChange => ({
  username: change.username.trim().toLowerCase(),
  email: change.email.trim(),
});

/** Names are at most this long; the server refuses longer ones. */
export const longestName = 200;

export type ProfileProblem = "nameMissing" | "nameTooLong" | "invalidEmail";

/** What keeps the name and email from being sent, first problem first; null when they may be. */
export const profileProblem = (change: ProfileChange): ProfileProblem | null => {
  const tidy = tidyProfile(change);
  if (tidy.username === "") return "nameMissing";
  if ([...tidy.username].length > longestName) return "nameTooLong";
  if (!isValidEmail(tidy.email)) return "invalidEmail";
  return null;
};

export const profileProblemMessages: Record<ProfileProblem, string> = {
  nameMissing: accountTexts.profile.nameMissing,
  nameTooLong: accountTexts.profile.nameTooLong,
  invalidEmail: accountTexts.profile.invalidEmail,
};

export interface PasswordChangeForm {
  readonly current: string;
  readonly password: string;
  readonly confirm: string;
}

export type PasswordChangeProblem = "currentMissing" | NewPasswordProblem;

/**
 * What keeps a password change from being sent: the current password missing, then the
 * reset's own rules for the new one (passwordForm.ts: its length, then the two fields differing).
 */
export const passwordChangeProblem = (form: PasswordChangeForm): PasswordChangeProblem | null =>
  form.current === "" ? "currentMissing" : newPasswordProblem({ password: form.password, confirm_password: form.confirm });
