import type { DuckDBConnection } from "@duckdb/node-api";
import type { Statements } from "../statements";

/** Serialises work on one connection; `transaction` wraps a turn in BEGIN / COMMIT. */
export class ConnectionLine {
  private tail: Promise<unknown> = Promise.resolve();
  private readonly statements: Statements;

  constructor(connection: DuckDBConnection) {
    this.statements = {
      rows: async (sql, parameters = []) => (await connection.runAndReadAll(sql, [...parameters])).getRowObjectsJS(),
      run: async (sql, parameters = []) => {
        await connection.run(sql, [...parameters]);
      },
    };
  }

  exclusive<T>(work: (sql: Statements) => Promise<T>): Promise<T> {
    const turn = this.tail.then(() => work(this.statements));
    this.tail = turn.catch(() => undefined);
    return turn;
  }

  transaction<T>(work: (sql: Statements) => Promise<T>): Promise<T> {
    return this.exclusive(async (sql) => {
      await sql.run("BEGIN TRANSACTION");
      try {
        const result = await work(sql);
        await sql.run("COMMIT");
        return result;
      } catch (error) {
        await sql.run("ROLLBACK");
        throw error;
      }
    });
  }
}
