import { auditStateMaximumLength, type AuditAction, type AuditKind } from "../../src/domain/audit/auditTrail";
import { nullableNumberOf, numberOf, Placeholders, textOf, type Row, type StatementLine, type Statements } from "./statements";

/** Who made a change and when: the route passes the signed-in person (their name as it is now) and its clock. */
export interface AuditBy {
  readonly userId: number;
  readonly userName: string;
  readonly at: number;
}

/** One change as the trail keeps it (see src/domain/audit/auditTrail.ts). */
export interface AuditEntry {
  readonly by: AuditBy;
  readonly kind: AuditKind;
  readonly programId: number | null;
  /** The object's id or code. */
  readonly object: string | number;
  readonly action: AuditAction;
  /** The object before (null: it was created) and after (null: it went); any JSON value. */
  readonly before: unknown;
  readonly after: unknown;
}

export interface AuditRecord {
  readonly id: number;
  readonly at: number;
  readonly userId: number;
  readonly userName: string;
  readonly kind: AuditKind;
  readonly programCode: string | null;
  readonly object: string;
  readonly action: AuditAction;
  readonly before: string | null;
  readonly after: string | null;
}

/** The trail's filters as the warehouse takes them (a program by its id; days as epoch-ms bounds). */
export interface AuditFilter {
  readonly userId?: number;
  readonly programId?: number;
  readonly kind?: AuditKind;
  /** Lines at or after this instant, and before `until`. */
  readonly from?: number;
  readonly until?: number;
  /** Only the lines whose home is one shard of a sharded warehouse (`AuditHome`); absent: every line. */
  readonly home?: AuditHome;
  readonly offset: number;
  readonly limit: number;
}

/**
 * Where a line lives among separate shards (shardedWarehouse.ts): a line of `programKinds` (written by
 * a program's own writes, on its program's shard alone) is at home on that shard, `program_id`
 * modulo `count`; every other line is written on every shard alike and is at home on shard 0.
 */
export interface AuditHome {
  readonly index: number;
  readonly count: number;
  readonly programKinds: ReadonlyArray<AuditKind>;
}

/** The condition keeping a shard's own lines (`AuditHome`); its numbers are whole, checked here. */
const homeCondition = (home: AuditHome, values: Placeholders): string => {
  if (!Number.isInteger(home.index) || !Number.isInteger(home.count) || home.count < 1 || home.index < 0 || home.index >= home.count)
    throw new Error(`Not a shard: ${home.index} of ${home.count}`);
  const onShard = `((program_id % ${home.count}) + ${home.count}) % ${home.count} = ${home.index}`;
  if (home.programKinds.length === 0) return home.index === 0 ? "1 = 1" : "1 = 0";
  const kinds = home.programKinds.map((kind) => values.add(kind)).join(", ");
  return home.index === 0 ? `(kind NOT IN (${kinds}) OR ${onShard})` : `(kind IN (${kinds}) AND ${onShard})`;
};

export interface AuditQueries {
  /** The lines the filter keeps, newest first (by instant, then by id), one page of them, and how many it keeps in all. */
  list(filter: AuditFilter): Promise<{ readonly lines: ReadonlyArray<AuditRecord>; readonly total: number }>;
}

/** Field names whose values never enter the trail: passwords, their hashes, tokens and digests, key secrets, invitation links. */
// A spend's cost_link is no secret: only a field named link (or an invitation's) is one.
const secretField = /password|hash|token|digest|secret|^(invitation_?)?link$|^key$/i;

/** The value with every secret-named field left out, at any depth. */
export const withoutSecrets = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value !== null && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([name, field]) => !secretField.test(name) && field !== undefined)
        .map(([name, field]) => [name, withoutSecrets(field)]),
    );
  return value;
};

/** The JSON text a line keeps of a state: null for none, secrets left out, at most `auditStateMaximumLength` characters. */
export const auditStateText = (value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  const text = JSON.stringify(withoutSecrets(value));
  return text.length <= auditStateMaximumLength ? text : JSON.stringify({ omitted: "too long" });
};

/**
 * Writes the change's line in the turn that makes the change (its `line.transaction`), so no change
 * is stored without its line and a change refused or failed leaves none. Every audited write calls it.
 */
export const audit = async (sql: Statements, entry: AuditEntry): Promise<void> => {
  const code =
    entry.programId === null
      ? null
      : (await sql.rows("SELECT code FROM programs WHERE id = $1", [entry.programId])).map((row) => textOf(row["code"]))[0] ?? null;
  const next = numberOf((await sql.rows("SELECT coalesce(max(id), 0) + 1 AS id FROM audit_trail"))[0]?.["id"] ?? 1);
  await sql.run(
    `INSERT INTO audit_trail (id, changed_at, user_id, user_name, kind, program_id, program_code, object_ref, action, before_state, after_state)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      next,
      entry.by.at,
      entry.by.userId,
      entry.by.userName,
      entry.kind,
      entry.programId,
      code,
      String(entry.object),
      entry.action,
      auditStateText(entry.before),
      auditStateText(entry.after),
    ],
  );
};

const recordFrom = (row: Row): AuditRecord => ({
  id: numberOf(row["id"]),
  at: numberOf(row["changed_at"]),
  userId: numberOf(row["user_id"]),
  userName: textOf(row["user_name"]),
  kind: textOf(row["kind"]) as AuditKind,
  programCode: row["program_code"] === null || row["program_code"] === undefined ? null : textOf(row["program_code"]),
  object: textOf(row["object_ref"]),
  action: textOf(row["action"]) as AuditAction,
  before: row["before_state"] === null || row["before_state"] === undefined ? null : textOf(row["before_state"]),
  after: row["after_state"] === null || row["after_state"] === undefined ? null : textOf(row["after_state"]),
});

/** The trail's reads: the same standard SQL on DuckDB and ClickHouse. */
export const sqlAuditQueries = (line: StatementLine): AuditQueries => ({
  list: (filter) =>
    line.exclusive(async (sql) => {
      const values = new Placeholders();
      const conditions: Array<string> = [];
      if (filter.userId !== undefined) conditions.push(`user_id = ${values.add(filter.userId)}`);
      if (filter.programId !== undefined) conditions.push(`program_id = ${values.add(filter.programId)}`);
      if (filter.kind !== undefined) conditions.push(`kind = ${values.add(filter.kind)}`);
      if (filter.from !== undefined) conditions.push(`changed_at >= ${values.add(filter.from)}`);
      if (filter.until !== undefined) conditions.push(`changed_at < ${values.add(filter.until)}`);
      if (filter.home !== undefined) conditions.push(homeCondition(filter.home, values));
      const where = conditions.length === 0 ? "" : `WHERE ${conditions.join(" AND ")}`;
      const counted = await sql.rows(`SELECT count(*) AS n FROM audit_trail ${where}`, values.values);
      const total = nullableNumberOf(counted[0]?.["n"]) ?? 0;
      const paging = new Placeholders();
      for (const value of values.values) paging.add(value);
      const rows = await sql.rows(
        `SELECT id, changed_at, user_id, user_name, kind, program_code, object_ref, action, before_state, after_state
         FROM audit_trail ${where} ORDER BY changed_at DESC, id DESC LIMIT ${paging.add(filter.limit)} OFFSET ${paging.add(filter.offset)}`,
        paging.values,
      );
      return { lines: rows.map(recordFrom), total };
    }),
});
