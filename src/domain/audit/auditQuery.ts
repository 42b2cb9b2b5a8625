import { Schema } from "effect";
import { CalendarDate } from "../report/configuration";
import { optionalChoice, pageChoice, type ReportQueryShape } from "../report/reportQuery";
import { AuditKind } from "./auditTrail";

/**
 * The Audit screen's filters and page as its link carries them (`/admin/audit?person=2&of_program=acme
 * &kind=program&from=2026-11-01&to=2026-11-29&page=2`), so a filtered trail can be shared. The program
 * filter is `of_program` and the days `from` and `to`: `program`, `date_from` and `date_to` are the
 * session's (the header's program and dates), which every page's link carries too.
 */
export interface AuditChoices {
  /** A person's id, or null for anyone. */
  readonly person: number | null;
  /** A program's code, or null for any program. */
  readonly program: string | null;
  readonly kind: AuditKind | null;
  /** The days of the changes (UTC, both included), or null for any day; both or neither. */
  readonly from: string | null;
  readonly to: string | null;
  readonly page: number;
}

const PersonText = Schema.transform(Schema.String.pipe(Schema.pattern(/^[1-9][0-9]{0,8}$/)), Schema.Int, { strict: true, decode: Number, encode: String });

export const auditQueryShape: ReportQueryShape<AuditChoices> = {
  person: optionalChoice("person", PersonText),
  program: optionalChoice("of_program", Schema.String.pipe(Schema.minLength(1), Schema.maxLength(200))),
  kind: optionalChoice("kind", AuditKind),
  from: optionalChoice("from", CalendarDate),
  to: optionalChoice("to", CalendarDate),
  page: pageChoice(),
};

/** The days a link's choices keep: both ends in order, else none (a single end or a reversed pair is dropped). */
export const auditDaysOf = (choices: Pick<AuditChoices, "from" | "to">): { readonly from: string | null; readonly to: string | null } =>
  choices.from !== null && choices.to !== null && choices.from <= choices.to ? { from: choices.from, to: choices.to } : { from: null, to: null };
