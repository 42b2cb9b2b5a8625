import { availableParallelism } from "node:os";
import type { DuckDBInstance } from "@duckdb/node-api";
import type { ReadLine, Statements } from "../statements";
import { ConnectionLine } from "./connectionLine";

/** Read connections a warehouse opens by default: one per core, at least two, at most eight. */
export const defaultReadConnections = (): number => Math.min(8, Math.max(2, availableParallelism()));

/**
 * Read-only turns (the reports and analysis reads) on connections of their own, so readers
 * neither wait behind the writes and the rebuilds of the warehouse's line nor behind one
 * another: a turn goes to the connection with the fewest turns under way or waiting.
 *
 * DuckDB gives every statement a snapshot of what was committed when it began: a read never
 * sees a write that has not committed, and every write commits before its request answers,
 * so a read begun after an answer sees that write. A report is one statement over the four
 * facts tables (`exclusive`, no transaction around it: BEGIN and COMMIT would cost two more
 * trips to DuckDB's threads per call); a read of several statements (the journeys) is one
 * read transaction (`snapshot`), so a rebuild committed between two of its statements is
 * not seen by the second.
 */
export class ReadPool implements ReadLine {
  readonly engine = "duckdb";
  private readonly busy: number[];

  private constructor(private readonly lines: ReadonlyArray<ConnectionLine>, private readonly close: () => void) {
    this.busy = lines.map(() => 0);
  }

  static async open(instance: DuckDBInstance, connections: number): Promise<ReadPool> {
    const opened = await Promise.all(Array.from({ length: Math.max(1, connections) }, () => instance.connect()));
    return new ReadPool(
      opened.map((connection) => new ConnectionLine(connection)),
      () => opened.forEach((connection) => connection.closeSync()),
    );
  }

  /** The number of read connections. */
  get size(): number {
    return this.lines.length;
  }

  exclusive<T>(work: (sql: Statements) => Promise<T>): Promise<T> {
    return this.turn(work);
  }

  snapshot<T>(work: (sql: Statements) => Promise<T>): Promise<T> {
    return this.turn(async (sql) => {
      await sql.run("BEGIN TRANSACTION");
      try {
        const result = await work(sql);
        await sql.run("COMMIT");
        return result;
      } catch (error) {
        await sql.run("ROLLBACK").catch(() => undefined);
        throw error;
      }
    });
  }

  /** A turn on the connection with the fewest turns under way or waiting. */
  private turn<T>(work: (sql: Statements) => Promise<T>): Promise<T> {
    let chosen = 0;
    this.busy.forEach((turns, i) => {
      if (turns < (this.busy[chosen] ?? 0)) chosen = i;
    });
    const line = this.lines[chosen];
    if (!line) return Promise.reject(new Error("The read pool is closed"));
    this.busy[chosen] = (this.busy[chosen] ?? 0) + 1;
    return line
      .exclusive(work)
      .finally(() => {
        this.busy[chosen] = (this.busy[chosen] ?? 1) - 1;
      });
  }

  /** Waits for the turns under way, then closes the connections. */
  async closeAll(): Promise<void> {
    await Promise.all(this.lines.map((line) => line.exclusive(async () => undefined)));
    this.close();
  }
}
