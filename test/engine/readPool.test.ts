import { DuckDBInstance } from "@duckdb/node-api";
import { afterEach, describe, expect, it } from "vitest";
import { ReadPool } from "../../server/warehouse/duckdb/readPool";
import { openDuckDbWarehouse } from "../../server/warehouse/duckdb/duckdbWarehouse";
import type { Warehouse } from "../../server/warehouse/warehouse";
import { numberOf } from "../../server/warehouse/statements";

/**
 * DuckDB's reads run on a pool of read connections (server/warehouse/duckdb/readPool.ts):
 * concurrent readers run side by side, a write turn held open on the line does not hold a
 * report up, and a report never sees a write that has not committed.
 *
 * No outcome here depends on speed: a turn that should run beside another waits for the
 * other's signal, and only when it never comes (the behaviour under test is broken) does
 * it give up after half a minute, so the test then fails on its assertion instead of hanging.
 */

const giveUpMs = 30_000;
/** Longer than the give-up, so a broken behaviour fails on its assertion (vitest's own timeout guards against a hang). */
const guarded = { timeout: 4 * giveUpMs };

/** Resolves true when `signal` resolves, false once `giveUpMs` passed without it. */
const within = (signal: Promise<unknown>): Promise<boolean> =>
  new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), giveUpMs);
    void signal.then(() => {
      clearTimeout(timer);
      resolve(true);
    });
  });

const gate = (): { readonly opened: Promise<void>; readonly open: () => void } => {
  let open = (): void => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
};

const closing: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close();
});

describe("ReadPool", () => {
  it("runs two read turns at once: the second starts while the first is still under way", guarded, async () => {
    const instance = await DuckDBInstance.create(":memory:");
    const pool = await ReadPool.open(instance, 2);
    closing.push(() => instance.closeSync(), () => pool.closeAll());
    const secondStarted = gate();
    const first = pool.exclusive(async (sql) => {
      await sql.rows("SELECT 1");
      return within(secondStarted.opened);
    });
    const second = pool.exclusive(async (sql) => {
      secondStarted.open();
      return numberOf((await sql.rows("SELECT 2 AS n"))[0]?.["n"]);
    });
    expect(await first).toBe(true);
    expect(await second).toBe(2);
  });

  it("a snapshot turn sees one committed state for all its statements", async () => {
    const instance = await DuckDBInstance.create(":memory:");
    const writer = await instance.connect();
    const pool = await ReadPool.open(instance, 1);
    closing.push(() => instance.closeSync(), () => writer.closeSync(), () => pool.closeAll());
    await writer.run("CREATE TABLE t (n INTEGER)");
    await writer.run("INSERT INTO t VALUES (1)");
    const counts = await pool.snapshot(async (sql) => {
      const before = numberOf((await sql.rows("SELECT count(*) AS n FROM t"))[0]?.["n"]);
      await writer.run("INSERT INTO t VALUES (2)"); // committed by another connection mid-turn
      const after = numberOf((await sql.rows("SELECT count(*) AS n FROM t"))[0]?.["n"]);
      return [before, after];
    });
    expect(counts).toEqual([1, 1]);
    expect(await pool.exclusive(async (sql) => numberOf((await sql.rows("SELECT count(*) AS n FROM t"))[0]?.["n"]))).toBe(2);
  });
});

describe("the DuckDB warehouse's reads beside its line", () => {
  const openWarehouse = async (): Promise<Warehouse> => {
    const warehouse = await openDuckDbWarehouse({ path: ":memory:", clock: () => 0 });
    closing.push(() => warehouse.close());
    return warehouse;
  };
  const query = { programId: 1, from: "2026-01-01", to: "2026-01-31", prefix: [], groupLevel: 1, period: null, orders: [] } as const;

  it("a report answers while a write transaction holds the line, without its uncommitted rows, and sees them once committed", guarded, async () => {
    const warehouse = await openWarehouse();
    const written = gate();
    const release = gate();
    const write = warehouse.demoData.load({ programs: [], users: [], memberships: [], messages: [] }, async (sql) => {
      await sql.run("INSERT INTO traffic_facts VALUES (1, DATE '2026-01-05', 1, 'Search', '', '', '', 7, 0)");
      written.open();
      await release.opened;
    });
    await written.opened;
    const read = warehouse.reports.sums(query);
    const answeredWhileHeld = await within(read);
    release.open();
    await write;
    expect(answeredWhileHeld).toBe(true);
    expect(await read).toEqual([]);
    const after = await warehouse.reports.sums(query);
    expect(after.map((r) => [r.taxonomy, r.sums.clicks])).toEqual([[["Search"], 7]]);
  });

  it("ten concurrent reads all answer the same as one", async () => {
    const warehouse = await openWarehouse();
    await warehouse.demoData.load({ programs: [], users: [], memberships: [], messages: [] }, async (sql) => {
      await sql.run(
        "INSERT INTO traffic_facts VALUES (1, DATE '2026-01-05', 1, 'Search', '', '', '', 7, 0), (1, DATE '2026-01-06', 1, 'Email', '', '', '', 3, 2)",
      );
    });
    const one = await warehouse.reports.sums(query);
    const ten = await Promise.all(Array.from({ length: 10 }, () => warehouse.reports.sums(query)));
    expect(one).toHaveLength(2);
    for (const answer of ten) expect(answer).toEqual(one);
  });
});
