import type { ClickHouseClient } from "@clickhouse/client";
import type { DuckDBValue } from "@duckdb/node-api";
import type { Row, SqlParameters, StatementLine, Statements } from "../statements";

/**
 * Statements on ClickHouse, over `@clickhouse/client`: the same client whether it talks
 * HTTP to a ClickHouse server or cluster, or to the embedded engine of the `chdb` package
 * (clickhouseWarehouse.ts). Values travel as ClickHouse query parameters, never in the SQL
 * text: a statement is written with `$1, $2, ...` as on DuckDB, and each placeholder becomes
 * a typed parameter `{p1:Int64}`, `{p2:String}`, ... whose type is read off its value.
 */

/**
 * The session settings every statement runs with: they give the SQL the standard
 * semantics the DuckDB warehouse has, so one statement answers the same on both engines.
 */
export const clickHouseSettings = {
  // An outer join's missing side is NULL, not the type's default (0, '').
  join_use_nulls: 1,
  // A bare UNION removes duplicates, as in standard SQL.
  union_default_mode: "DISTINCT",
  // sum(), min(), max() ... of no rows are NULL, as in standard SQL.
  aggregate_functions_null_for_empty: 1,
  // A column name wins over a SELECT alias of the same name (WHERE clicks > 0 reads the column).
  prefer_column_name_to_alias: 1,
  // CAST of a NULL stays NULL (CAST(end_date AS VARCHAR) of an open-ended row), as in standard SQL.
  cast_keep_nullable: 1,
  // 64-bit integers as JSON numbers (the warehouse's counts and ids stay below 2^53).
  output_format_json_quote_64bit_integers: 0,
  // ALTER TABLE ... UPDATE / DELETE answer once applied, as a statement does on DuckDB.
  mutations_sync: "2",
  // A subquery may read the outer query's columns (correlated subqueries).
  allow_experimental_correlated_subqueries: 1,
  // Joins on inequalities (a click within an order's lookback).
  allow_experimental_join_condition: 1,
} as const;

/** The ClickHouse type of a parameter, read off its value. */
export const parameterType = (value: unknown): string => {
  if (value === null || value === undefined) return "Nullable(String)";
  if (typeof value === "boolean") return "Bool";
  if (typeof value === "bigint") return "Int64";
  if (typeof value === "number") return Number.isInteger(value) ? "Int64" : "Float64";
  if (typeof value === "string") return "String";
  if (Array.isArray(value)) {
    const first: unknown = value.find((item: unknown) => item !== null && item !== undefined);
    return `Array(${first === undefined ? "String" : parameterType(first)})`;
  }
  throw new TypeError(`A ${typeof value} cannot be a ClickHouse parameter`);
};

/** A statement with `$n` placeholders as ClickHouse SQL with typed named parameters. */
export const bindParameters = (
  sql: string,
  parameters: SqlParameters,
): { readonly query: string; readonly params: Record<string, unknown> } => {
  const params: Record<string, unknown> = {};
  const query = sql.replace(/\$(\d+)/g, (_, digits: string) => {
    const index = Number(digits) - 1;
    if (index < 0 || index >= parameters.length) throw new RangeError(`No value for $${digits}`);
    const value = parameters[index] as unknown;
    const name = `p${digits}`;
    params[name] = value;
    // A float whose value happens to be whole (100.0) still binds as Float64 where another use is fractional.
    return `{${name}:${parameterType(value)}}`;
  });
  return { query, params };
};

/** Rows to write in bulk: the values of `columns`, in order. */
export type BulkRows = ReadonlyArray<ReadonlyArray<DuckDBValue>>;

/** ClickHouse's statements, with a bulk insert (one JSON payload, no parameters) beside them. */
export interface ClickHouseStatements extends Statements {
  insert(table: string, columns: ReadonlyArray<string>, rows: BulkRows): Promise<void>;
}

/** ClickHouse's refusal with the statement's first line beside it, for the server's log (values are never in it). */
const withStatement = (error: unknown, query: string): Error => {
  const message = error instanceof Error ? error.message : String(error);
  return new Error(`${message.trim()} [in: ${query.replace(/\s+/g, " ").slice(0, 240)}]`, { cause: error });
};

const statementsOf = (client: ClickHouseClient): ClickHouseStatements => ({
  engine: "clickhouse",
  rows: async (sql, parameters = []) => {
    const { query, params } = bindParameters(sql, parameters);
    try {
      const result = await client.query({ query, query_params: params, format: "JSONEachRow", clickhouse_settings: clickHouseSettings });
      return await result.json<Row>();
    } catch (error) {
      throw withStatement(error, query);
    }
  },
  run: async (sql, parameters = []) => {
    const { query, params } = bindParameters(sql, parameters);
    try {
      await client.command({ query, query_params: params, clickhouse_settings: clickHouseSettings });
    } catch (error) {
      throw withStatement(error, query);
    }
  },
  insert: async (table, columns, rows) => {
    if (rows.length === 0) return;
    await client.insert({
      table,
      columns: [...columns] as [string, ...Array<string>],
      values: rows.map((row) => row.map((value) => (typeof value === "bigint" ? Number(value) : value))),
      format: "JSONCompactEachRow",
      clickhouse_settings: clickHouseSettings,
    });
  },
});

/**
 * Serialises work on one client, as DuckDB's connection line does: a turn's statements
 * never interleave with another request's, which is what makes a check-then-write (a
 * resent idempotency key, a unique write key) hold without unique constraints, which
 * ClickHouse does not have. `transaction` is a turn: ClickHouse has no multi-statement
 * transactions (see StatementLine).
 */
export class ClickHouseLine implements StatementLine {
  readonly engine = "clickhouse";
  private tail: Promise<unknown> = Promise.resolve();
  readonly statements: ClickHouseStatements;
  private ended = 0;

  /** Turns ended (each counted before its caller goes on): a write's answer is given after its turn is counted. */
  get turnsEnded(): number {
    return this.ended;
  }

  constructor(readonly client: ClickHouseClient) {
    this.statements = statementsOf(client);
  }

  exclusive<T>(work: (sql: ClickHouseStatements) => Promise<T>): Promise<T> {
    const turn = this.tail
      .then(() => work(this.statements))
      .finally(() => {
        this.ended += 1;
      });
    this.tail = turn.catch(() => undefined);
    return turn;
  }

  transaction<T>(work: (sql: ClickHouseStatements) => Promise<T>): Promise<T> {
    return this.exclusive(work);
  }
}
