import { afterEach, describe, expect, it } from "vitest";
import { TableResponse } from "../../src/domain/performance/performance";
import { Created } from "../../src/domain/report/configuration";
import { costRefreshTiming, type CostRefreshTiming } from "../../server/engine/costRefresher";
import type { Warehouse } from "../../server/warehouse/warehouse";
import { northwindId } from "./accountSupport";
import { decoded, openContractApp, type ContractApp } from "./contractApp";

/**
 * Cost refreshes are coalesced per program: a burst of spend creates is followed by one
 * rewrite of the program's cost facts (or one per `longestWaitMs` of a steady stream), not
 * one per row, and a report read right after the burst still counts every created row.
 */

const day = "2031-07-14";
const path = "/api/programs/northwind/fixed-costs";

interface Counted {
  readonly t: ContractApp;
  /** Spend writes are the admins': the writes and the reports run as the admin. */
  readonly admin: string;
  /** The cost facts rewrites so far, per program. */
  refreshes(programId: number): number;
}

let open: ContractApp | null = null;
afterEach(async () => {
  await open?.close();
  open = null;
});

/** An app whose warehouse counts every rebuild that rewrites cost facts (the engine's refreshCosts). */
const countedApp = async (timing: CostRefreshTiming): Promise<Counted> => {
  const counts = new Map<number, number>();
  const counting = (stored: Warehouse): Warehouse => ({
    ...stored,
    attribution: {
      ...stored.attribution,
      rebuild: (programId, work) => {
        if (work.costs) counts.set(programId, (counts.get(programId) ?? 0) + 1);
        return stored.attribution.rebuild(programId, work);
      },
    },
  });
  const t = await openContractApp({ warehouse: counting, costRefreshTiming: timing });
  open = t;
  return { t, admin: await t.signIn("admin"), refreshes: (programId) => counts.get(programId) ?? 0 };
};

const costOf = async ({ t, admin }: Counted, channel: string): Promise<number> => {
  const table = decoded(
    await t.call("GET", `/api/programs/northwind/performance/table/single/taxonomy_1?date_from=${day}&date_to=${day}`, { token: admin }),
    TableResponse,
  );
  return Number(table.data.find((row) => row["taxonomy_1"] === channel)?.["fixed_cost"] ?? 0);
};

/** Creates `count` single configurations under `channel`, `inFlight` at a time; answers the sum of their costs. */
const burst = async ({ t, admin }: Counted, channel: string, count: number, inFlight: number): Promise<number> => {
  let next = 0;
  let sum = 0;
  const sender = async (): Promise<void> => {
    while (next < count) {
      const index = next++;
      const cost = ((index % 50) + 1) * 0.25;
      const answer = await t.call("POST", path, {
        token: admin,
        json: { start_date: day, taxonomy_1: channel, taxonomy_2: `row ${index}`, cost, frequency: "single" },
      });
      decoded(answer, Created);
      sum += cost;
    }
  };
  await Promise.all(Array.from({ length: inFlight }, sender));
  return sum;
};

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe("cost refreshes are coalesced per program", () => {
  it("60 creates in a burst cause one refresh, run by the report read right after the burst, which counts all of them", async () => {
    // Timers that cannot fire during the test: the only refresh is the one the read asks for.
    const app = await countedApp({ quietMs: 600_000, longestWaitMs: 600_000 });
    const before = app.refreshes(northwindId);
    const sum = await burst(app, "Burst spend", 60, 10);
    expect(app.refreshes(northwindId) - before, "no refresh per row").toBe(0);
    expect(await app.t.warehouse.costs.programsWithCostsDue()).toEqual([northwindId]);
    expect(await costOf(app, "Burst spend")).toBeCloseTo(sum, 2);
    expect(app.refreshes(northwindId) - before, "one refresh for the burst").toBe(1);
    expect(await app.t.warehouse.costs.programsWithCostsDue()).toEqual([]);
    // Another read refreshes nothing; no other program was touched.
    expect(await costOf(app, "Burst spend")).toBeCloseTo(sum, 2);
    expect(app.refreshes(northwindId) - before).toBe(1);
    expect(app.refreshes(2)).toBe(0);
  });

  it("with the default timing, a 60-create burst causes far fewer refreshes than creates", async () => {
    const app = await countedApp(costRefreshTiming);
    const before = app.refreshes(northwindId);
    const started = performance.now();
    const sum = await burst(app, "Default burst", 60, 10);
    const elapsed = performance.now() - started;
    expect(await costOf(app, "Default burst")).toBeCloseTo(sum, 2);
    const refreshed = app.refreshes(northwindId) - before;
    // A refresh needs a quiet delay (250 ms) without a write or the longest wait (5 s) of the burst, and one more for the
    // read: however slow the machine, no more than that. Ten writes in flight leave no quiet delay between most of them.
    const bound = Math.ceil(elapsed / costRefreshTiming.quietMs) + Math.ceil(elapsed / costRefreshTiming.longestWaitMs) + 1;
    expect(refreshed, `refreshes for 60 creates over ${Math.round(elapsed)} ms`).toBeLessThanOrEqual(bound);
    expect(refreshed, "far fewer refreshes than creates").toBeLessThan(30);
  });

  it("without a report read, one refresh follows the burst once the writes pause", async () => {
    // The quiet delay is far longer than any pause between two writes of the burst, even on a busy machine.
    const timing = { quietMs: 5_000, longestWaitMs: 600_000 };
    const app = await countedApp(timing);
    const before = app.refreshes(northwindId);
    const sum = await burst(app, "Quiet spend", 60, 10);
    expect(app.refreshes(northwindId) - before, "nothing refreshed while the writes kept coming").toBe(0);
    expect(await app.t.warehouse.costs.programsWithCostsDue()).toEqual([northwindId]);
    // Waits for the quiet delay's refresh however long the machine takes (the test timeout guards against a hang).
    while (app.refreshes(northwindId) === before) await pause(100);
    expect(app.refreshes(northwindId) - before).toBe(1);
    expect(await app.t.warehouse.costs.programsWithCostsDue()).toEqual([]);
    expect(await costOf(app, "Quiet spend")).toBeCloseTo(sum, 2);
    expect(app.refreshes(northwindId) - before, "a report of facts already refreshed refreshes nothing").toBe(1);
  });

  it("a steady stream of writes still refreshes after the longest wait", async () => {
    // The quiet delay never ends while the stream flows: only the longest wait refreshes.
    const timing = { quietMs: 600_000, longestWaitMs: 300 };
    const app = await countedApp(timing);
    const before = app.refreshes(northwindId);
    let index = 0;
    while (app.refreshes(northwindId) - before < 2) {
      decoded(
        await app.t.call("POST", path, {
          token: app.admin,
          json: { start_date: day, taxonomy_1: "Stream spend", taxonomy_2: `row ${index++}`, cost: 1, frequency: "single" },
        }),
        Created,
      );
      await pause(50);
    }
    const refreshed = app.refreshes(northwindId) - before;
    expect(refreshed).toBeGreaterThanOrEqual(2);
    expect(refreshed).toBeLessThan(index);
    expect(await costOf(app, "Stream spend")).toBeCloseTo(index, 2);
  });

  it("edits and deletes are coalesced and counted by the next report too", async () => {
    const app = await countedApp({ quietMs: 600_000, longestWaitMs: 600_000 });
    await burst(app, "Edited spend", 20, 5);
    const listed = await app.t.call("GET", `${path}?date_from=${day}&date_to=${day}`, { token: app.admin });
    const ids = (listed.json as { data: Array<{ id: number; taxonomy_1: string }> }).data
      .filter((row) => row.taxonomy_1 === "Edited spend")
      .map((row) => row.id);
    expect(ids).toHaveLength(20);
    const before = app.refreshes(northwindId);
    for (const id of ids.slice(0, 10)) {
      expect((await app.t.call("PATCH", `${path}/${id}`, { token: app.admin, json: { cost: 2, version: 1 } })).status).toBe(200);
    }
    for (const id of ids.slice(10)) {
      expect((await app.t.call("DELETE", `${path}/${id}`, { token: app.admin })).status).toBe(200);
    }
    expect(app.refreshes(northwindId) - before).toBe(0);
    expect(await costOf(app, "Edited spend")).toBeCloseTo(20, 2);
    expect(app.refreshes(northwindId) - before).toBe(1);
  });
});
