import type { Message } from "../../src/domain/shell/message";
import type { Program } from "../../src/domain/shell/program";
import type { User } from "../../src/domain/shell/user";
import type { ProgramSettings } from "../../src/domain/settings/programSettings";
import type { AttributionQueries, ReportQueries } from "./engineQueries";
import type { AnalysisQueries } from "./analysisQueries";
import type { AnnotationQueries } from "./annotationQueries";
import type { ClassificationQueries } from "./classificationQueries";
import type { ColumnSetQueries } from "./columnSetQueries";
import type { ConnectorQueries } from "./connectorQueries";
import type { CostQueries } from "./costQueries";
import type { CustomReportQueries } from "./customReportQueries";
import type { IngestionQueries } from "./ingestionQueries";
import type { IngestionHealthQueries } from "./ingestionHealthQueries";
import type { ProgramSettingsQueries } from "./programSettingsQueries";
import type { AuditBy, AuditQueries } from "./auditQueries";
import type { SeasonalityQueries } from "./seasonalityQueries";
import type { Statements } from "./statements";

/**
 * Every SQL statement of the reference API sits behind this interface, grouped by query
 * family. Times are epoch milliseconds handed in by the caller (the app's clock), never
 * read by the database, so tests control them. DuckDB is the embedded implementation
 * (duckdb/duckdbWarehouse.ts); another engine implements the same families.
 */
export interface Warehouse {
  readonly users: UserQueries;
  readonly sessions: SessionQueries;
  readonly programs: ProgramQueries;
  readonly messages: MessageQueries;
  readonly passwordResets: PasswordResetQueries;
  readonly people: PeopleQueries;
  /** The audit trail's reads; its lines are written by the audited writes themselves (auditQueries.ts, `audit`). */
  readonly audit: AuditQueries;
  readonly demoData: DemoDataQueries;
  readonly costs: CostQueries;
  readonly annotations: AnnotationQueries;
  readonly seasonality: SeasonalityQueries;
  readonly columnSets: ColumnSetQueries;
  readonly programSettings: ProgramSettingsQueries;
  readonly customReports: CustomReportQueries;
  readonly classifications: ClassificationQueries;
  readonly connectors: ConnectorQueries;
  readonly attribution: AttributionQueries;
  readonly reports: ReportQueries;
  readonly analysis: AnalysisQueries;
  readonly ingestion: IngestionQueries;
  readonly ingestionHealth: IngestionHealthQueries;
  /**
   * A count that grows whenever a turn of the line ends, the line every write of the warehouse takes: two reads
   * begun at the same count may share one answer, since no write was answered between their beginnings (a write is
   * counted before its answer). Read turns on the line count too (ClickHouse's reports run there), which only
   * shares less (http/sharedReads.ts). The data generations (dataGenerations.ts) are narrower on purpose: they count
   * only the writes that change a program's hits, touches or their classification, under which the classification
   * preview keeps its groups; a report answer depends on every write (spend, settings, loads), hence this count.
   */
  dataVersion(): number;
  close(): Promise<void>;
}

/** A user together with what signing in checks. Never leaves the server. */
export interface UserCredentials {
  readonly user: User;
  readonly passwordHash: string;
}

export interface UserQueries {
  /** By username, compared in lower case. */
  findCredentials(username: string): Promise<UserCredentials | null>;
  /** By email, compared in lower case. */
  findByEmail(email: string): Promise<User | null>;
  /** Whether any account exists (the first-run setup is offered only while none does). */
  anyAccount(): Promise<boolean>;
  /**
   * Creates an admin in one turn of the line, so two at once cannot both pass its checks:
   * refused with `accountsExist` when `onlyFirst` and any account exists, `taken` when the
   * username or the email (both in lower case) is already someone's.
   */
  createAdmin(account: NewAdmin, onlyFirst: boolean): Promise<AdminCreation>;
  /** Gives a user a new name and email, unless another account has either (names and emails compared in lower case). */
  changeProfile(change: ProfileRecord): Promise<ProfileChangeOutcome>;
  /**
   * Sets a user's password hash and ends their sessions in the same transaction, all but
   * `keepSession` (a token digest) when it is given.
   */
  changePassword(change: PasswordRecord): Promise<void>;
}

export interface ProfileRecord {
  readonly userId: number;
  readonly username: string;
  readonly email: string;
}

/** The user as changed, or which of the two another account already has. */
export type ProfileChangeOutcome =
  | { readonly kind: "changed"; readonly user: User }
  | { readonly kind: "nameTaken" }
  | { readonly kind: "emailTaken" };

export interface PasswordRecord {
  readonly userId: number;
  readonly passwordHash: string;
  readonly keepSession: string | null;
}

export interface NewAdmin {
  readonly username: string;
  readonly email: string;
  readonly passwordHash: string;
  /** When it is made: the time of its audit line (the new admin's own, kind person, action created). */
  readonly at: number;
}

export type AdminCreation = { readonly created: User } | { readonly refused: "accountsExist" | "taken" };

export interface OpenedSession {
  readonly tokenDigest: string;
  readonly userId: number;
  readonly openedAt: number;
  readonly expiresAt: number;
}

export interface SessionQueries {
  open(session: OpenedSession): Promise<void>;
  /** The user of a session that has not expired at `now`, or null. */
  findUser(tokenDigest: string, now: number): Promise<User | null>;
  end(tokenDigest: string): Promise<void>;
  /** Drops sessions that expired at or before `now`. */
  purgeExpired(now: number): Promise<void>;
  /** Ends every session of a user at once. */
  endAllOf(userId: number): Promise<void>;
}

export interface ProgramQueries {
  /** Every program that is not archived (the admin's program list and menus). */
  all(): Promise<ReadonlyArray<Program>>;
  /** The programs a user belongs to that are not archived (not the admin's "every program"). */
  ofMember(userId: number): Promise<ReadonlyArray<Program>>;
  /** A program by its code, archived or not (the access check refuses an archived one). */
  findByCode(code: string): Promise<FoundProgram | null>;
  isMember(userId: number, programId: number): Promise<boolean>;
  /** Every program, archived ones too, by id, with its time zone (the admin's Programs screen). */
  everyProgram(): Promise<ReadonlyArray<ProgramRecord>>;
  /**
   * Stores a new program with the next id; null when its code is taken (archived programs' codes too).
   * `model` is what its form chose beside (saved in its settings after it): its audit line carries both.
   */
  create(program: NewProgram, by: AuditBy, model: ProgramSettings): Promise<ProgramRecord | null>;
  /**
   * Changes the fields given of the program with this code; null when there is none. `model` is its
   * settings before and after the same form's edit (saved after it): its audit line carries them with
   * the fields, and is written when either differs.
   */
  change(code: string, change: ProgramFieldChange, by: AuditBy, model?: ProgramModelEdit): Promise<ProgramRecord | null>;
  /** Archives (at a time) or unarchives (null) the program with this code, keeping its data; null when there is none. */
  setArchived(code: string, archivedAt: number | null, by: AuditBy): Promise<ProgramRecord | null>;
}

/** A program found by its code: archived ones are found too, and marked. */
export interface FoundProgram extends Program {
  readonly archived: boolean;
}

/** A program with its time zone (IANA) and whether it is archived. */
export interface ProgramRecord extends FoundProgram {
  readonly time_zone: string;
}

export interface NewProgram {
  readonly code: string;
  readonly name: string;
  readonly currency: string;
  readonly time_zone: string;
  /** The zone's offset when the program is made (what the engine's days use). */
  readonly utc_offset: string;
  readonly locale: string;
}

/** A program's settings before and after an edit of its form (the Programs screen sets its model and lookback). */
export interface ProgramModelEdit {
  readonly before: ProgramSettings;
  readonly after: ProgramSettings;
}

export interface ProgramFieldChange {
  readonly name?: string;
  readonly currency?: string;
  readonly time_zone?: string;
  readonly utc_offset?: string;
}

/** Who a message is for: everybody (login page), one user, or one program's members. */
export type MessageAudience =
  | { readonly kind: "system" }
  | { readonly kind: "user"; readonly userId: number }
  | { readonly kind: "program"; readonly programId: number };

export interface MessageQueries {
  system(): Promise<ReadonlyArray<Message>>;
  /** The user's own messages that they have not dismissed. */
  forUser(userId: number): Promise<ReadonlyArray<Message>>;
  /** The program's messages that this user has not dismissed. */
  forProgram(programId: number, userId: number): Promise<ReadonlyArray<Message>>;
  findAudience(messageId: number): Promise<MessageAudience | null>;
  /** Idempotent: dismissing twice keeps the first dismissal. */
  dismiss(messageId: number, userId: number, at: number): Promise<void>;
}

export interface IssuedResetLink {
  readonly tokenDigest: string;
  readonly userId: number;
  /** Lower case. */
  readonly email: string;
  readonly issuedAt: number;
  readonly expiresAt: number;
}

export interface ResetLinkRecord extends IssuedResetLink {
  readonly usedAt: number | null;
  /** A password reset (userId is the user's) or an invitation (userId is the invitation's id). */
  readonly purpose: LinkPurpose;
}

export type LinkPurpose = "reset" | "invitation";

/** A person with an account, as the admins' people list shows them. */
export interface PersonRecord {
  readonly id: number;
  readonly username: string;
  readonly email: string;
  readonly isAdmin: boolean;
  /** The programs they are a member of (an admin sees every program whatever this holds). */
  readonly programIds: ReadonlyArray<number>;
  readonly lastSignedInAt: number | null;
}

/** An invitation not yet accepted or revoked (its link may have expired). */
export interface InvitationRecord {
  readonly id: number;
  /** Lower case. */
  readonly email: string;
  readonly isAdmin: boolean;
  readonly programIds: ReadonlyArray<number>;
  readonly invitedAt: number;
  readonly expiresAt: number;
}

/** A new link of an invitation (the token's digest; the token itself is only ever in the mail). */
export interface InvitationLink {
  readonly tokenDigest: string;
  readonly issuedAt: number;
  readonly expiresAt: number;
}

export interface NewInvitation {
  /** Lower case. */
  readonly email: string;
  readonly isAdmin: boolean;
  readonly programIds: ReadonlyArray<number>;
  readonly invitedBy: number;
  readonly link: InvitationLink;
}

/** A new invitation, the open one for the same email given this role, these programs and a new link, or refused. */
export type InvitationOutcome =
  | { readonly kind: "invited" | "resent"; readonly invitation: InvitationRecord }
  | { readonly kind: "personExists" };

export interface InvitationAcceptance {
  readonly tokenDigest: string;
  readonly invitationId: number;
  readonly username: string;
  readonly passwordHash: string;
  readonly at: number;
}

export type AcceptanceOutcome =
  | { readonly kind: "accepted"; readonly user: User }
  | { readonly kind: "used" }
  | { readonly kind: "taken" };

export interface PersonChange {
  readonly isAdmin?: boolean;
  readonly programIds?: ReadonlyArray<number>;
}

/** What a change or removal of a person came to: refused for the admin's own role or the last admin. */
export type PersonOutcome =
  | { readonly kind: "changed"; readonly person: PersonRecord }
  | { readonly kind: "removed" }
  | { readonly kind: "notFound" | "self" | "lastAdmin" };

/**
 * Every write here but `accept` is an admin's, named by `by`; each writes its audit line in its own transaction
 * (auditQueries.ts, `audit`), and a refused one writes none. An acceptance's line is the new person's.
 */
export interface PeopleQueries {
  /** Everyone with an account, by id, and the open invitations, by id. */
  list(): Promise<{ readonly people: ReadonlyArray<PersonRecord>; readonly invitations: ReadonlyArray<InvitationRecord> }>;
  /**
   * In one transaction: refused when someone already has an account with this email; else the open
   * invitation for the email gets this role, these programs and the new link (its older links used
   * up), or a new invitation is stored with it.
   */
  invite(invitation: NewInvitation, by: AuditBy): Promise<InvitationOutcome>;
  /** An open invitation gets a new link, its older ones used up; null when it is not open. */
  resend(invitationId: number, link: InvitationLink, by: AuditBy): Promise<InvitationRecord | null>;
  /** Ends an open invitation (at `by.at`) and uses up its links; false when it is not open. */
  revoke(invitationId: number, by: AuditBy): Promise<boolean>;
  /** An open invitation by id, or null. */
  openInvitation(invitationId: number): Promise<InvitationRecord | null>;
  /**
   * In one transaction: while the link and its invitation are open and nobody has the name or
   * the email, creates the person with the invitation's role and programs, ends the invitation
   * and uses up its links.
   */
  accept(acceptance: InvitationAcceptance): Promise<AcceptanceOutcome>;
  /** Changes a person's role or programs: refused for the actor's own demotion and for the last admin. */
  change(by: AuditBy, personId: number, change: PersonChange): Promise<PersonOutcome>;
  /** Removes a person with their memberships and sessions (ended at once): refused for the actor and the last admin. */
  remove(by: AuditBy, personId: number): Promise<PersonOutcome>;
}

export interface ResetRedemption {
  readonly tokenDigest: string;
  readonly userId: number;
  readonly passwordHash: string;
  readonly at: number;
}

export interface PasswordResetQueries {
  /** In one transaction: retires the user's open links (a newer link voids older ones) and stores this one. */
  issue(link: IssuedResetLink): Promise<void>;
  find(tokenDigest: string): Promise<ResetLinkRecord | null>;
  /**
   * In one transaction: marks the link used (false if it already was), sets the new
   * password hash, retires the user's other open links and ends all their sessions.
   */
  redeem(redemption: ResetRedemption): Promise<boolean>;
}

/** Rows written by the demo-data generator (or by tests) in one load. */
export interface UserRow {
  readonly id: number;
  readonly username: string;
  readonly email: string;
  readonly passwordHash: string;
  readonly isAdmin: boolean;
}

export interface MembershipRow {
  readonly programId: number;
  readonly userId: number;
}

export interface MessageRow {
  readonly id: number;
  readonly audience: MessageAudience;
  readonly html: string;
  readonly icon: string | null;
  readonly type: string | null;
  readonly createdAt: number;
}

export interface DataSetRows {
  readonly programs: ReadonlyArray<Program>;
  readonly users: ReadonlyArray<UserRow>;
  readonly memberships: ReadonlyArray<MembershipRow>;
  readonly messages: ReadonlyArray<MessageRow>;
}

export interface DemoDataQueries {
  /** True when no program exists yet (a new database). */
  isEmpty(): Promise<boolean>;
  /**
   * Writes all rows, then runs `alsoWrite` (the demo data's analytics loader), in one
   * transaction: a failure leaves the database as it was.
   */
  load(rows: DataSetRows, alsoWrite?: (sql: Statements) => Promise<void>): Promise<void>;
}
