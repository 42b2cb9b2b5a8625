import { Either, ParseResult, Schema } from "effect";
import { InvitationDraft, PersonChange, type Person, type Role } from "./people";

/**
 * The People screen's form: an invitation (email, role, programs) or a person's change (role,
 * programs), checked with the API's own Schemas (people.ts) so the form says what the server
 * would, per field.
 */

export type PersonFormField = "email" | "role" | "programs";

export interface PersonFormValues {
  readonly email: string;
  readonly role: Role;
  /** Program codes, in the order they were ticked. */
  readonly programs: ReadonlyArray<string>;
}

export type PersonFormProblems = Partial<Readonly<Record<PersonFormField, string>>>;

export const newInvitationForm: PersonFormValues = { email: "", role: "member", programs: [] };

export const personFormOf = (person: Person): PersonFormValues => ({ email: person.email, role: person.role, programs: person.programs });

/** The programs ticked, with `code` ticked or unticked. */
export const toggledPrograms = (programs: ReadonlyArray<string>, code: string): ReadonlyArray<string> =>
  programs.includes(code) ? programs.filter((p) => p !== code) : [...programs, code];

/** The body of an invitation (an admin's programs are not sent: they see every program). */
export const invitationValueOf = (values: PersonFormValues): InvitationDraft => ({
  email: values.email,
  role: values.role,
  programs: values.role === "admin" ? [] : values.programs,
});

/** The body of a change: the role, and a member's programs. */
export const changeValueOf = (values: PersonFormValues): PersonChange =>
  values.role === "admin" ? { role: "admin" } : { role: "member", programs: values.programs };

const fields: ReadonlyArray<string> = ["email", "role", "programs"];

const problemsOf = (result: Either.Either<unknown, ParseResult.ParseError>): PersonFormProblems => {
  if (Either.isRight(result)) return {};
  const problems: Partial<Record<PersonFormField, string>> = {};
  for (const issue of ParseResult.ArrayFormatter.formatErrorSync(result.left)) {
    const field = issue.path[0];
    if (typeof field === "string" && fields.includes(field) && problems[field as PersonFormField] === undefined)
      problems[field as PersonFormField] = issue.message;
  }
  return problems;
};

/** The form's problems: an invitation checks every field, a change its role and programs. */
export const personFormProblems = (values: PersonFormValues, mode: "invite" | "edit"): PersonFormProblems =>
  mode === "invite"
    ? problemsOf(Schema.decodeUnknownEither(InvitationDraft)(invitationValueOf(values), { errors: "all" }))
    : problemsOf(Schema.decodeUnknownEither(PersonChange)(changeValueOf(values), { errors: "all" }));

export const hasProblems = (problems: PersonFormProblems): boolean => Object.keys(problems).length > 0;
