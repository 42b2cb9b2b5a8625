import { Schema } from "effect";
import { CalendarDate } from "../report/configuration";

/**
 * The audit trail (GET /api/admin/audit, the admins' Audit screen): one line for each change an
 * admin or a person made to programs, people, roles, invitations, write keys, classification,
 * spend and settings, written in the same warehouse transaction as the change. Each line says who
 * made it (their id and their name at the time), when, what kind of object, the program (if any),
 * which object, the action, and the object before and after as bounded JSON text that never holds
 * a password, a hash, a token, a key's secret or an invitation's link.
 */

export const auditKinds = ["program", "person", "role", "invitation", "write key", "classification", "spend", "settings"] as const;
export const AuditKind = Schema.Literal(...auditKinds);
export type AuditKind = typeof AuditKind.Type;

export const auditActions = ["created", "changed", "archived", "unarchived", "removed", "revoked", "resent", "accepted", "saved"] as const;
export const AuditAction = Schema.Literal(...auditActions);
export type AuditAction = typeof AuditAction.Type;

/** The longest before or after a line keeps (characters of JSON); a longer one is kept as `{"omitted":"too long"}`. */
export const auditStateMaximumLength = 4_000;

/** Lines of one page of the trail. */
export const auditPageSize = 50;

export const AuditLine = Schema.Struct({
  id: Schema.Number,
  /** Epoch ms of the change. */
  at: Schema.Number,
  user_id: Schema.Number,
  /** The person's name when they made the change. */
  user_name: Schema.String,
  kind: AuditKind,
  /** The program's code, or null for a change of no program (a person, an invitation). */
  program: Schema.NullOr(Schema.String),
  /** The object's id or code. */
  object: Schema.String,
  action: AuditAction,
  /** JSON text of the object before the change (null when it was created) and after it (null when it went). */
  before: Schema.NullOr(Schema.String),
  after: Schema.NullOr(Schema.String),
});
export type AuditLine = typeof AuditLine.Type;

export const AuditPage = Schema.Struct({
  data: Schema.Array(AuditLine),
  /** The page answered (1-based) and how many pages the filtered trail has (at least 1). */
  page: Schema.Number,
  pages: Schema.Number,
  total: Schema.Number,
});
export type AuditPage = typeof AuditPage.Type;

/**
 * The most lines one export holds (GET /api/admin/audit/export): a filter that keeps more is
 * refused with `auditExportTooLargeMessage`, so the person narrows it rather than getting a part.
 */
export const auditExportMaximum = 5_000;

/** The export's refusal (422 `export_too_large`) when more lines match than it holds. */
export const auditExportTooLargeMessage = (maximum: number): string =>
  `More than ${maximum.toLocaleString("en-GB")} changes match these filters: choose a person, a program, a kind or fewer days to export them.`;

/** Every line the filters keep, newest first (the export). */
export const AuditExport = Schema.Struct({
  data: Schema.Array(AuditLine),
  total: Schema.Number,
});
export type AuditExport = typeof AuditExport.Type;

const PositiveWholeText = Schema.String.pipe(Schema.pattern(/^[1-9][0-9]{0,8}$/, { message: () => "must be a whole number from 1" }));

/** The trail's filters: a person's id, a program's code, a kind, a range of days (UTC), a page. */
export const AuditQuery = Schema.Struct({
  person: Schema.optional(PositiveWholeText),
  program: Schema.optional(Schema.String.pipe(Schema.maxLength(200))),
  kind: Schema.optional(AuditKind),
  date_from: Schema.optional(CalendarDate),
  date_to: Schema.optional(CalendarDate),
  page: Schema.optional(PositiveWholeText),
});
export type AuditQuery = typeof AuditQuery.Type;

/** The export's filters: the trail's, without a page. */
export const AuditExportQuery = AuditQuery.omit("page");
export type AuditExportQuery = typeof AuditExportQuery.Type;
