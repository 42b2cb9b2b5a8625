import { describe, expect, it } from "vitest";
import { Ok } from "../../src/domain/access/auth";
import { Created } from "../../src/domain/report/configuration";
import { decoded } from "./contractApp";
import { recordingSuite } from "./accountSupport";

/**
 * No id of any record is ever given twice: a record created after the newest one was deleted
 * gets a new id, so an old link never opens another record. On both engines
 * (WAREHOUSE=chdb for ClickHouse).
 */
const kinds: ReadonlyArray<readonly [string, string, "admin" | "demo", (n: number) => unknown]> = [
  [
    "fixed spend",
    "/api/programs/northwind/fixed-costs",
    "admin",
    () => ({ start_date: "2025-03-01", end_date: "2025-03-31", taxonomy_1: "Display", taxonomy_2: "Ids", cost: 10, frequency: "daily" }),
  ],
  ["variable spend", "/api/programs/northwind/variable-costs", "admin", (n) => ({ date: "2025-03-05", taxonomy_1: "Paid Search", cost_link: `ids-${n}`, cost: 12 })],
  ["a campaign note", "/api/programs/northwind/annotations", "admin", () => ({ date: "2032-02-14", colour: "#36E7A6", text: "Ids" })],
  ["a column set", "/api/column-sets", "demo", (n) => ({ name: `Ids ${n}`, columns: ["clicks"] })],
];

describe("record ids are never given twice", () => {
  const suite = recordingSuite();

  it.each(kinds)("%s: create, delete the newest, create again → a new id", async (_, path, who, body) => {
    const token = suite.tokens[who];
    let made = 0;
    const create = async (): Promise<number> => decoded(await suite.t.call("POST", path, { token, json: body(++made) }), Created).data.id;
    const first = await create();
    const newest = await create();
    expect(newest).toBeGreaterThan(first);
    decoded(await suite.t.call("DELETE", `${path}/${newest}`, { token }), Ok);
    const again = await create();
    expect(again).toBeGreaterThan(newest);
    decoded(await suite.t.call("DELETE", `${path}/${first}`, { token }), Ok);
    expect(await create()).toBeGreaterThan(again);
  });
});
