import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TableResponse } from "../../src/domain/performance/performance";
import { decoded, openContractApp, type ContractApp } from "./contractApp";
import { northwindId } from "./accountSupport";

/**
 * A spend write and its cost facts are one warehouse transaction: the write itself,
 * without the engine, leaves the reports counting it, so no crash can leave a
 * configuration stored without its cost facts.
 */
describe("spend writes carry their cost facts", () => {
  let t: ContractApp;
  let demo: string;
  beforeAll(async () => {
    t = await openContractApp();
    demo = await t.signIn("demo");
  });
  afterAll(() => t.close());

  const day = "2031-06-16";
  const channel = "Atomic spend";
  const costOf = async (): Promise<{ fixed: number; variable: number } | null> => {
    const table = decoded(
      await t.call("GET", `/api/programs/northwind/performance/table/single/taxonomy_1?date_from=${day}&date_to=${day}`, { token: demo }),
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

  it("adding, editing and removing a fixed configuration through the warehouse alone moves the reported cost", async () => {
    expect(await costOf()).toBeNull();
    const id = await t.warehouse.costs.addFixed(northwindId, values, t.clock.now);
    expect(await costOf()).toEqual({ fixed: 120, variable: 0 });
    expect(await t.warehouse.costs.updateFixed(northwindId, id, { ...values, cost: 80 })).toBe(true);
    expect(await costOf()).toEqual({ fixed: 80, variable: 0 });
    expect(await t.warehouse.costs.removeFixed(northwindId, id)).toBe(true);
    expect(await costOf()).toBeNull();
  });

  it("adding and removing a variable row through the warehouse alone moves the reported cost", async () => {
    const id = await t.warehouse.costs.addVariable(northwindId, { taxonomy_1: channel, cost: 45.5, date: day, cost_link: "atomic-link" });
    expect(await costOf()).toEqual({ fixed: 0, variable: 45.5 });
    expect(await t.warehouse.costs.removeVariable(northwindId, id)).toBe(true);
    expect(await costOf()).toBeNull();
  });
});
