import { Schema } from "effect";
import { accountPasswordMaximumLength } from "../access/accountPassword";
import { isValidEmail } from "../access/email";
import { accountNameMaximumLength } from "../access/firstRun";
import { ProgramCode } from "../programs/programAdmin";

/**
 * People and access as admins manage them (GET /api/admin/people, POST …/invitations,
 * POST …/invitations/{id}/resend, DELETE …/invitations/{id}, PATCH and DELETE …/people/{id};
 * the People screen) and the invitation a person accepts (POST /api/auth/invitation/validate
 * and …/accept; the accept-invitation page). A person is an admin (every program, the admin
 * screens) or a member (only the programs they are given). Programs are named by their codes.
 */

export const roles = ["admin", "member"] as const;
export const Role = Schema.Literal(...roles);
export type Role = typeof Role.Type;

/** Days an invitation's link may be used (one use; a resend gives a new link and kills the old). */
export const invitationLifetimeDays = 7;

/** At most this many programs in one invitation or change (more than any deployment's programs). */
export const mostProgramsPerPerson = 500;

/** A person with an account, as the people list shows them. */
export const Person = Schema.Struct({
  id: Schema.Number,
  name: Schema.String,
  email: Schema.String,
  role: Role,
  /** The codes of the programs a member may see (an admin sees every program). */
  programs: Schema.Array(Schema.String),
  /** Epoch ms; null before their first sign-in. */
  last_signed_in_at: Schema.NullOr(Schema.Number),
});
export type Person = typeof Person.Type;

/** An invitation not yet accepted or revoked; `expires_at` (epoch ms) may have passed. */
export const Invitation = Schema.Struct({
  id: Schema.Number,
  email: Schema.String,
  role: Role,
  programs: Schema.Array(Schema.String),
  expires_at: Schema.Number,
});
export type Invitation = typeof Invitation.Type;

/** GET /api/admin/people. */
export const PeopleAnswer = Schema.Struct({
  data: Schema.Struct({ people: Schema.Array(Person), invitations: Schema.Array(Invitation) }),
});
export type PeopleAnswer = typeof PeopleAnswer.Type;

export const PersonAnswer = Schema.Struct({ data: Person });
export type PersonAnswer = typeof PersonAnswer.Type;

export const InvitationAnswer = Schema.Struct({ data: Invitation });
export type InvitationAnswer = typeof InvitationAnswer.Type;

export const peopleMessages = {
  invalidEmail: "Enter a valid email address",
  chooseRole: "Choose admin or member",
  tooManyPrograms: `Choose at most ${mostProgramsPerPerson} programs`,
} as const;

const InvitedEmail = Schema.Trim.pipe(
  Schema.maxLength(320, { message: () => peopleMessages.invalidEmail }),
  Schema.filter((email) => isValidEmail(email) || peopleMessages.invalidEmail),
);

const ProgramCodes = Schema.Array(ProgramCode).pipe(
  Schema.maxItems(mostProgramsPerPerson, { message: () => peopleMessages.tooManyPrograms }),
);

const RoleField = Schema.Literal(...roles).annotations({ message: () => peopleMessages.chooseRole });

/** POST /api/admin/people/invitations: an admin's programs are ignored (they see every program). */
export const InvitationDraft = Schema.Struct({ email: InvitedEmail, role: RoleField, programs: ProgramCodes });
export type InvitationDraft = typeof InvitationDraft.Type;

/** PATCH /api/admin/people/{id}: a role, programs, or both. */
export const PersonChange = Schema.Struct({
  role: Schema.optional(RoleField),
  programs: Schema.optional(ProgramCodes),
}).pipe(Schema.filter((change) => (change.role === undefined && change.programs === undefined ? "Expected role or programs" : undefined)));
export type PersonChange = typeof PersonChange.Type;

/** POST /api/auth/invitation/validate: the link's token and email. */
export const InvitationCheck = Schema.Struct({
  token: Schema.String.pipe(Schema.minLength(1), Schema.maxLength(200)),
  email: Schema.String.pipe(Schema.minLength(1), Schema.maxLength(320)),
});
export type InvitationCheck = typeof InvitationCheck.Type;

/** What the accept-invitation page shows of a usable invitation. */
export const InvitationPreview = Schema.Struct({ email: Schema.String, role: Role });
export type InvitationPreview = typeof InvitationPreview.Type;

/** POST /api/auth/invitation/accept: the link's token and email, the name to sign in with and the password (the first admin's rules). */
export const InvitationAcceptance = Schema.Struct({
  token: Schema.String.pipe(Schema.minLength(1), Schema.maxLength(200)),
  email: Schema.String.pipe(Schema.minLength(1), Schema.maxLength(320)),
  name: Schema.String.pipe(Schema.maxLength(accountNameMaximumLength)),
  password: Schema.String.pipe(Schema.maxLength(accountPasswordMaximumLength)),
  confirm_password: Schema.String.pipe(Schema.maxLength(accountPasswordMaximumLength)),
});
export type InvitationAcceptance = typeof InvitationAcceptance.Type;
