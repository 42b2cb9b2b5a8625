import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TableResponse } from "../../src/domain/performance/performance";
import { decoded, openContractApp, type ContractApp } from "./contractApp";
import { northwindId } from "./accountSupport";
import { createEngine, type Engine } from "../../server/engine/createEngine";
import { silentLog } from "../../server/log";

/**
 * A spend write and the mark of its program's cost facts due are one warehouse
 * transaction, and the refresh that rewrites the facts clears the mark in its own: the
 * write alone, without the app's refresher, leaves the mark, so no crash can leave a
 * configuration stored whose facts lag it unmarked (a start refreshes every marked program).
 */
describe("spend writes mark their cost facts due", () => {
  let t: ContractApp;
  // Spend writes are the admins' (the report is read by the same admin).
  let admin: string;
  let engine: Engine;
  beforeAll(async () => {
    t = await openContractApp();
    admin = await t.signIn("admin");
    engine = createEngine({ warehouse: t.warehouse, clock: t.clock.read, log: silentLog });
  });
  afterAll(() => t.close());

  const day = "2031-06-16";
  const channel = "Atomic spend";
  const costOf = async (): Promise<{ fixed: number; variable: number } | null> => {
    const table = decoded(
      await t.call("GET", `/api/programs/northwind/performance/table/single/taxonomy_1?date_from=${day}&date_to=${day}`, { token: admin }),
      TableResponse,
    );
    const row = table.data.find((r) => r["taxonomy_1"] === channel);
    return row ? { fixed: Number(row["fixed_cost"] ?? 0), variable: Number(row["variable_cost"] ?? 0) } : null;
  };

  const values = {
    taxonomy_1: channel,
    taxonomy_2: "",
    taxonomy_3: "",
    taxonomy_4: "",
    cost: 120,
    start_date: day,
    end_date: null,
    frequency: "single",
    original_frequency: "single",
  } as const;

  /** Refreshes the program as a start would: every program still marked, then no mark is left. */
  const refreshDue = async (): Promise<void> => {
    for (const programId of await t.warehouse.costs.programsWithCostsDue()) await engine.refreshCosts(programId);
    expect(await t.warehouse.costs.programsWithCostsDue()).toEqual([]);
  };

  it("adding, editing and removing a fixed configuration through the warehouse alone marks the program; its refresh moves the reported cost", async () => {
    await refreshDue();
    expect(await costOf()).toBeNull();
    const id = await t.warehouse.costs.addFixed(northwindId, values, t.clock.now);
    expect(await t.warehouse.costs.programsWithCostsDue()).toEqual([northwindId]);
    expect(await costOf(), "the facts lag until the refresh").toBeNull();
    await refreshDue();
    expect(await costOf()).toEqual({ fixed: 120, variable: 0 });
    expect(await t.warehouse.costs.updateFixed(northwindId, id, { ...values, cost: 80 }, 1)).toEqual({ outcome: "updated", version: 2 });
    expect(await t.warehouse.costs.programsWithCostsDue()).toEqual([northwindId]);
    await refreshDue();
    expect(await costOf()).toEqual({ fixed: 80, variable: 0 });
    expect(await t.warehouse.costs.removeFixed(northwindId, id)).toBe(true);
    expect(await t.warehouse.costs.programsWithCostsDue()).toEqual([northwindId]);
    await refreshDue();
    expect(await costOf()).toBeNull();
  });

  it("adding and removing a variable row through the warehouse alone marks the program; its refresh moves the reported cost", async () => {
    const id = await t.warehouse.costs.addVariable(northwindId, { taxonomy_1: channel, cost: 45.5, date: day, cost_link: "atomic-link" });
    expect(await t.warehouse.costs.programsWithCostsDue()).toEqual([northwindId]);
    await refreshDue();
    expect(await costOf()).toEqual({ fixed: 0, variable: 45.5 });
    expect(await t.warehouse.costs.removeVariable(northwindId, id)).toBe(true);
    expect(await t.warehouse.costs.programsWithCostsDue()).toEqual([northwindId]);
    await refreshDue();
    expect(await costOf()).toBeNull();
  });

  it("a stale edit (a version someone else's edit moved on from) changes and marks nothing", async () => {
    const id = await t.warehouse.costs.addFixed(northwindId, values, t.clock.now);
    await refreshDue();
    expect(await t.warehouse.costs.updateFixed(northwindId, id, { ...values, cost: 90 }, 1)).toEqual({ outcome: "updated", version: 2 });
    await refreshDue();
    expect(await t.warehouse.costs.updateFixed(northwindId, id, { ...values, cost: 70 }, 1)).toEqual({ outcome: "stale", version: 2 });
    expect(await t.warehouse.costs.programsWithCostsDue()).toEqual([]);
    expect((await t.warehouse.costs.findFixed(northwindId, id))?.cost).toBe(90);
    expect(await t.warehouse.costs.removeFixed(northwindId, id)).toBe(true);
    await refreshDue();
  });

  it("a write that changes nothing (an unknown id) marks nothing", async () => {
    await refreshDue();
    expect(await t.warehouse.costs.removeFixed(northwindId, 987_654)).toBe(false);
    expect(await t.warehouse.costs.updateFixed(northwindId, 987_654, values, 1)).toEqual({ outcome: "notFound" });
    expect(await t.warehouse.costs.removeVariable(northwindId, 987_654)).toBe(false);
    expect(await t.warehouse.costs.programsWithCostsDue()).toEqual([]);
  });

  it("a spend create through the API is counted by the very next report", async () => {
    const created = await t.call("POST", "/api/programs/northwind/fixed-costs", {
      token: admin,
      json: { start_date: day, taxonomy_1: channel, cost: 33.25, frequency: "single" },
    });
    expect(created.status, created.text).toBe(200);
    expect(await costOf()).toEqual({ fixed: 33.25, variable: 0 });
  });
});
