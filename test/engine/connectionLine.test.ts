import { DuckDBInstance, type DuckDBConnection } from "@duckdb/node-api";
import { afterEach, describe, expect, it } from "vitest";
import { ConnectionLine, preparedStatementsKept, transactionsPerCommit } from "../../server/warehouse/duckdb/connectionLine";
import { numberOf, type Statements } from "../../server/warehouse/statements";

/**
 * The connection line's group commit: transactions waiting together share one COMMIT, each
 * still whole or not at all, and a failing one never undoes the others.
 */

let open: { readonly instance: DuckDBInstance; readonly connection: DuckDBConnection } | null = null;
afterEach(() => {
  open?.connection.closeSync();
  open?.instance.closeSync();
  open = null;
});

/** A line over a fresh in-memory database with a table `t (id INTEGER PRIMARY KEY, v VARCHAR)`; counts the COMMITs it runs. */
const lineWithTable = async (): Promise<{ readonly line: ConnectionLine; readonly commits: () => number; readonly ids: () => Promise<number[]> }> => {
  const instance = await DuckDBInstance.create(":memory:");
  const connection = await instance.connect();
  open = { instance, connection };
  await connection.run("CREATE TABLE t (id INTEGER PRIMARY KEY, v VARCHAR)");
  let commits = 0;
  const counting = new Proxy(connection, {
    get(target, property, receiver) {
      if (property === "run") {
        return (sql: string, parameters?: never) => {
          if (sql === "COMMIT") commits += 1;
          return target.run(sql, parameters);
        };
      }
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  const line = new ConnectionLine(counting);
  return {
    line,
    commits: () => commits,
    ids: async () => (await line.exclusive((sql) => sql.rows("SELECT id FROM t ORDER BY id"))).map((r) => numberOf(r["id"])),
  };
};

const insert = (id: number) => async (sql: Statements): Promise<number> => {
  await sql.run("INSERT INTO t VALUES ($1, 'x')", [id]);
  return id;
};

describe("ConnectionLine group commit", () => {
  it("transactions asked for together share one commit and each answers its own result", async () => {
    const { line, commits, ids } = await lineWithTable();
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => line.transaction(insert(i + 1))));
    expect(results).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(await ids()).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    // The first takes the line's turn alone or with the others; never one commit each.
    expect(commits()).toBeLessThanOrEqual(2);
  });

  it("a transaction asked for after another answered runs in its own commit, seeing the first", async () => {
    const { line, commits, ids } = await lineWithTable();
    await line.transaction(insert(1));
    const seen = await line.transaction(async (sql) => (await sql.rows("SELECT count(*) AS n FROM t"))[0]?.["n"]);
    expect(Number(seen)).toBe(1);
    expect(commits()).toBe(2);
    expect(await ids()).toEqual([1]);
  });

  it("one failing transaction of a group fails alone: the others commit, its writes do not", async () => {
    const { line, ids } = await lineWithTable();
    const outcomes = await Promise.allSettled([
      line.transaction(insert(1)),
      line.transaction(async (sql) => {
        await sql.run("INSERT INTO t VALUES (2, 'half')");
        throw new Error("the second fails after writing");
      }),
      line.transaction(insert(3)),
      // A duplicate key of the same group: refused by the primary key.
      line.transaction(insert(3)),
      line.transaction(insert(5)),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "rejected", "fulfilled", "rejected", "fulfilled"]);
    expect(await ids()).toEqual([1, 3, 5]);
  });

  it(`groups at most ${transactionsPerCommit} transactions under one commit`, async () => {
    const { line, commits, ids } = await lineWithTable();
    const count = transactionsPerCommit * 2 + 5;
    await Promise.all(Array.from({ length: count }, (_, i) => line.transaction(insert(i + 1))));
    expect((await ids()).length).toBe(count);
    expect(commits()).toBeGreaterThanOrEqual(3);
    expect(commits()).toBeLessThanOrEqual(4);
  });

  it("reads queued between transactions still run in turn", async () => {
    const { line } = await lineWithTable();
    const first = line.transaction(insert(1));
    const read = line.exclusive(async (sql) => Number((await sql.rows("SELECT count(*) AS n FROM t"))[0]?.["n"]));
    await first;
    expect(await read).toBe(1);
  });
});

describe("ConnectionLine's count of turns and commits (the warehouse's dataVersion)", () => {
  it.each([
    ["a transaction alone", 1],
    ["a group of three sharing a commit", 3],
  ])("%s: each caller finds the count moved as soon as its answer arrives", async (_, size) => {
    const { line } = await lineWithTable();
    const before = line.turnsEnded;
    // Read in the callers' own continuations: a count moved only at the turn's end would be read before it moved.
    const seen = await Promise.all(Array.from({ length: size }, (_, i) => line.transaction(insert(i + 1)).then(() => line.turnsEnded)));
    expect(seen.every((count) => count > before)).toBe(true);
  });

  it("a turn of its own: its caller finds the count moved", async () => {
    const { line } = await lineWithTable();
    const before = line.turnsEnded;
    expect(await line.exclusive(async () => line.turnsEnded)).toBe(before);
    expect(line.turnsEnded).toBeGreaterThan(before);
  });
});

describe("kept prepared statements", () => {
  /** A line over a fresh in-memory database, counting the statements it prepares. */
  const lineCountingPrepares = async () => {
    const instance = await DuckDBInstance.create(":memory:");
    const connection = await instance.connect();
    open = { instance, connection };
    let prepares = 0;
    const counting = new Proxy(connection, {
      get(target, property, receiver) {
        if (property === "prepare") {
          return (sql: string) => {
            prepares += 1;
            return target.prepare(sql);
          };
        }
        const value: unknown = Reflect.get(target, property, receiver);
        return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    const line = new ConnectionLine(counting);
    await line.exclusive((sql) => sql.run("CREATE TABLE k (id INTEGER PRIMARY KEY, v VARCHAR)"));
    return { line, prepares: () => prepares };
  };

  it("prepares a parameterised statement once and answers each run with its own values", async () => {
    const { line, prepares } = await lineCountingPrepares();
    for (let id = 1; id <= 5; id++) await line.transaction((sql) => sql.run("INSERT INTO k VALUES ($1, $2)", [id, `v${id}`]));
    const values = await Promise.all([1, 3, 5].map((id) => line.exclusive((sql) => sql.rows("SELECT v FROM k WHERE id = $1", [id]))));
    expect(values.map((rows) => rows[0]?.["v"])).toEqual(["v1", "v3", "v5"]);
    expect(prepares()).toBe(2);
  });

  it("still answers after the table under a kept statement changed", async () => {
    const { line } = await lineCountingPrepares();
    await line.exclusive((sql) => sql.run("INSERT INTO k VALUES ($1, $2)", [1, "a"]));
    expect(await line.exclusive((sql) => sql.rows("SELECT * FROM k WHERE id = $1", [1]))).toEqual([{ id: 1, v: "a" }]);
    await line.exclusive((sql) => sql.run("ALTER TABLE k ADD COLUMN w INTEGER DEFAULT 7"));
    expect(await line.exclusive((sql) => sql.rows("SELECT * FROM k WHERE id = $1", [1]))).toEqual([{ id: 1, v: "a", w: 7 }]);
  });

  it("runs one statement twice at once in a turn, and keeps at most the bounded number", async () => {
    const { line, prepares } = await lineCountingPrepares();
    await line.exclusive((sql) => sql.run("INSERT INTO k VALUES (1, 'a'), (2, 'b')"));
    const both = await line.exclusive((sql) => Promise.all([1, 2].map((id) => sql.rows("SELECT v FROM k WHERE id = $1", [id]))));
    expect(both.map((rows) => rows[0]?.["v"])).toEqual(["a", "b"]);
    const before = prepares();
    // Many distinct statements: the oldest kept ones are let go, and each still answers.
    for (let i = 0; i < preparedStatementsKept + 10; i++) {
      const rows = await line.exclusive((sql) => sql.rows(`SELECT v, ${i} AS n FROM k WHERE id = $1`, [1]));
      expect(numberOf(rows[0]?.["n"])).toBe(i);
    }
    expect(prepares() - before).toBe(preparedStatementsKept + 10);
    // The first of them was let go: it is prepared again.
    await line.exclusive((sql) => sql.rows("SELECT v, 0 AS n FROM k WHERE id = $1", [1]));
    expect(prepares() - before).toBe(preparedStatementsKept + 11);
  });
});
