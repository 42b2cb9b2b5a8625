import type { DuckDBValue, JS } from "@duckdb/node-api";

/**
 * SQL statements and the values they carry, shared by the DuckDB implementation
 * (duckdb/) and the demo-data loader (server/seed/). Values always travel as parameters
 * ($1, $2, ...); the only SQL text ever assembled comes from fixed column lists and closed
 * sets.
 */

/** One answered row, by column name. */
export type Row = Record<string, JS>;

/** The values of a statement's placeholders, in order. */
export type SqlParameters = ReadonlyArray<DuckDBValue>;

/**
 * The SQL dialect a statement is written for. Most statements are standard SQL that both
 * engines answer the same; where the dialects differ (date truncation, list functions,
 * temporary tables, rounding) a module writes each engine's form and picks by this.
 */
export type SqlEngine = "duckdb" | "clickhouse";

/** The statements one exclusive turn on the connection may run. */
export interface Statements {
  readonly engine: SqlEngine;
  rows(sql: string, parameters?: SqlParameters): Promise<ReadonlyArray<Row>>;
  run(sql: string, parameters?: SqlParameters): Promise<void>;
}

/**
 * Work on one warehouse, one turn at a time: DuckDB's connection line (duckdb/connectionLine.ts)
 * and ClickHouse's (clickhouse/clickhouseLine.ts). On DuckDB `transaction` commits the turn
 * whole or not at all; ClickHouse has no multi-statement transactions, so there it is a turn
 * of its own whose statements are ordered so that a failure part-way leaves what a retry or
 * the next rebuild repairs (docs/engine.md, "ClickHouse").
 */
export interface StatementLine {
  readonly engine: SqlEngine;
  exclusive<T>(work: (sql: Statements) => Promise<T>): Promise<T>;
  transaction<T>(work: (sql: Statements) => Promise<T>): Promise<T>;
}

/**
 * Read-only turns: the reports and analysis reads. DuckDB runs them on a pool of read
 * connections beside its line (duckdb/readPool.ts); ClickHouse on its line (`readsOnLine`).
 */
export interface ReadLine {
  readonly engine: SqlEngine;
  /** A read whose statements may each see what was committed when that statement began (a read of one statement). */
  exclusive<T>(work: (sql: Statements) => Promise<T>): Promise<T>;
  /** A read whose statements all see one snapshot: what was committed when the turn began. */
  snapshot<T>(work: (sql: Statements) => Promise<T>): Promise<T>;
}

/** The reads as turns of the line itself (a turn there never interleaves with a write). */
export const readsOnLine = (line: StatementLine): ReadLine => ({
  engine: line.engine,
  exclusive: (work) => line.exclusive(work),
  snapshot: (work) => line.exclusive(work),
});

/** Placeholders $1, $2, ... handed out in order, with their values. */
export class Placeholders {
  readonly values: DuckDBValue[] = [];
  private readonly known = new Map<string, string>();

  /** A placeholder for a value (text values are shared when repeated). */
  add(value: DuckDBValue): string {
    const key = typeof value === "string" ? `s:${value}` : null;
    const existing = key === null ? undefined : this.known.get(key);
    if (existing) return existing;
    this.values.push(value);
    const placeholder = `$${this.values.length}`;
    if (key !== null) this.known.set(key, placeholder);
    return placeholder;
  }
}

/** Largest number of rows per multi-row INSERT. */
const insertBatch = 500;

/** Multi-row parameterised INSERTs; only the placeholder count is built from the data. */
export const insertRows = async (
  sql: Statements,
  table: string,
  columns: ReadonlyArray<string>,
  rows: ReadonlyArray<ReadonlyArray<DuckDBValue>>,
): Promise<void> => {
  for (let start = 0; start < rows.length; start += insertBatch) {
    const batch = rows.slice(start, start + insertBatch);
    const placeholders = batch
      .map((_, r) => `(${columns.map((__, c) => `$${r * columns.length + c + 1}`).join(", ")})`)
      .join(", ");
    await sql.run(`INSERT INTO ${table} (${columns.join(", ")}) VALUES ${placeholders}`, batch.flat());
  }
};

// Reading rows: DuckDB answers BIGINT and counts as bigint, INTEGER as number.

export const numberOf = (value: unknown): number => {
  if (typeof value === "number") return value;
  if (typeof value === "bigint") return Number(value);
  throw new TypeError(`Expected a number from the warehouse, got ${typeof value}`);
};

export const nullableNumberOf = (value: unknown): number | null =>
  value === null || value === undefined ? null : numberOf(value);

export const textOf = (value: unknown): string => {
  if (typeof value === "string") return value;
  throw new TypeError(`Expected text from the warehouse, got ${typeof value}`);
};

export const nullableTextOf = (value: unknown): string | null =>
  value === null || value === undefined ? null : textOf(value);
