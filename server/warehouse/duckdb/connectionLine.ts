import type { DuckDBAppender, DuckDBConnection, DuckDBMaterializedResult, DuckDBPreparedStatement } from "@duckdb/node-api";
import type { SqlParameters, Statements } from "../statements";

/** A transaction asked for and not yet begun. */
interface WaitingTransaction {
  readonly work: (sql: Statements) => Promise<unknown>;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
}

/** At most this many prepared statements are kept per connection (the least recently used goes first). */
export const preparedStatementsKept = 256;

/**
 * Runs statements on one connection, keeping the prepared form of each parameterised
 * statement: a spend create's statements are prepared once per server, not once per row
 * (preparing costs DuckDB a parse, a plan and two more trips to its threads each time).
 * DuckDB binds a kept statement again by itself when the schema changed under it. A
 * statement without parameters runs as it is (it may hold several statements). A kept
 * statement already running (two statements of one turn at once) is not shared: the second
 * is prepared for itself.
 */
const keptStatements = (connection: DuckDBConnection): Statements => {
  const kept = new Map<string, DuckDBPreparedStatement>();
  const running = new Set<string>();
  const execute = async (sql: string, parameters: SqlParameters): Promise<DuckDBMaterializedResult> => {
    if (parameters.length === 0) return connection.run(sql);
    if (running.has(sql)) return connection.run(sql, [...parameters]);
    let statement = kept.get(sql);
    if (statement) kept.delete(sql);
    else statement = await connection.prepare(sql);
    kept.set(sql, statement); // most recently used last
    if (kept.size > preparedStatementsKept) {
      const [oldest, stale] = kept.entries().next().value as [string, DuckDBPreparedStatement];
      kept.delete(oldest);
      stale.destroySync();
    }
    running.add(sql);
    try {
      statement.clearBindings();
      statement.bind([...parameters]);
      return await statement.run();
    } finally {
      running.delete(sql);
    }
  };
  return {
    engine: "duckdb",
    rows: async (sql, parameters = []) => {
      const result = await execute(sql, parameters);
      return result.getRowObjectsJS();
    },
    run: async (sql, parameters = []) => {
      await execute(sql, parameters);
    },
  };
};

/** At most this many waiting transactions share one commit. */
export const transactionsPerCommit = 64;

/**
 * Serialises work on one connection; `transaction` wraps a turn in BEGIN / COMMIT.
 *
 * Group commit: the transactions waiting when one's turn comes (a burst of spend creates,
 * 10 at a time from a batch import) run one after another inside one BEGIN / COMMIT, so a
 * database file syncs once for all of them instead of once each (a commit's sync costs
 * about 10 ms; the statements of a create about 3). Each still commits whole or not at
 * all, and none answers before the shared COMMIT is done: if any of them fails, the group
 * is rolled back and each is run again in a transaction of its own, so one failing write
 * never undoes another. Transactions waiting together are concurrent by definition (none
 * was asked for after another answered), so running them in one turn changes no outcome
 * a client could tell apart.
 */
export class ConnectionLine {
  readonly engine = "duckdb";
  private tail: Promise<unknown> = Promise.resolve();
  private readonly statements: Statements;
  private waiting: Array<WaitingTransaction> = [];
  private ended = 0;

  /**
   * Turns ended and commits done, each counted before anyone waiting on it goes on: a turn's caller after its end,
   * a transaction's after its COMMIT (the group's transactions are answered inside the turn). So a write's answer
   * always comes after the count moved.
   */
  get turnsEnded(): number {
    return this.ended;
  }

  constructor(private readonly connection: DuckDBConnection) {
    this.statements = keptStatements(connection);
  }

  /**
   * Appends rows to a temporary table with DuckDB's appender (a bulk import's staging: a native call per value
   * instead of a statement's parameters or a JSON text to parse). Call it only inside a turn of this line (the
   * work of `exclusive` or `transaction`), whose connection and transaction it shares.
   */
  async appendTemporary(table: string, write: (appender: DuckDBAppender) => void): Promise<void> {
    const appender = await this.connection.createAppender(table, "main", "temp");
    try {
      write(appender);
      appender.flushSync();
    } finally {
      appender.closeSync();
    }
  }

  exclusive<T>(work: (sql: Statements) => Promise<T>): Promise<T> {
    const turn = this.tail
      .then(() => work(this.statements))
      .finally(() => {
        this.ended += 1;
      });
    this.tail = turn.catch(() => undefined);
    return turn;
  }

  transaction<T>(work: (sql: Statements) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.waiting.push({ work, resolve: resolve as (value: unknown) => void, reject });
      // The first waiting transaction takes a turn; those that arrive before it begins join it.
      if (this.waiting.length === 1) void this.exclusive((sql) => this.commitWaiting(sql));
    });
  }

  /** Runs the waiting transactions (at most `transactionsPerCommit`) under one commit. */
  private async commitWaiting(sql: Statements): Promise<void> {
    const group = this.waiting.splice(0, transactionsPerCommit);
    if (this.waiting.length > 0) void this.exclusive((next) => this.commitWaiting(next));
    if (group.length === 1 && group[0]) return this.commitAlone(sql, group[0]);
    const results: unknown[] = [];
    try {
      await sql.run("BEGIN TRANSACTION");
      for (const waiting of group) results.push(await waiting.work(sql));
      await sql.run("COMMIT");
      this.ended += 1;
    } catch {
      await sql.run("ROLLBACK").catch(() => undefined);
      for (const waiting of group) await this.commitAlone(sql, waiting);
      return;
    }
    group.forEach((waiting, i) => waiting.resolve(results[i]));
  }

  private async commitAlone(sql: Statements, waiting: WaitingTransaction): Promise<void> {
    try {
      await sql.run("BEGIN TRANSACTION");
      const result = await waiting.work(sql);
      await sql.run("COMMIT");
      this.ended += 1;
      waiting.resolve(result);
    } catch (error) {
      await sql.run("ROLLBACK").catch(() => undefined);
      waiting.reject(error);
    }
  }
}
