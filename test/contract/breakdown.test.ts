import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cardTotals } from "../../src/domain/breakdown/breakdown";
import { attributionRows } from "../../src/domain/attributionComparison/attributionComparison";
import { MultiChartResponse, TableResponse } from "../../src/domain/performance/performance";
import { breakdownSegments } from "../../src/services/breakdown/breakdown";
import { tableSegments } from "../../src/services/performance/performance";
import { createEngine } from "../../server/engine/createEngine";
import { silentLog } from "../../server/log";
import { decoded, openContractApp, type ContractApp } from "./contractApp";
import { refusedToOutsiders, signInAll, type Tokens } from "./accountSupport";

/** The channel breakdown's and the attribution comparison's calls, as their services build them, against the demo data. */

const range = { from: "2025-05-01", to: "2025-05-31" };
const query = `date_from=${range.from}&date_to=${range.to}`;
const pathOf = (segments: ReadonlyArray<string>) => `/api/${segments.map(encodeURIComponent).join("/")}`;
const scope = (path: ReadonlyArray<string>) => ({ program: "northwind", range, path });

let t: ContractApp;
let tokens: Tokens;

beforeAll(async () => {
  t = await openContractApp();
  await createEngine({ warehouse: t.warehouse, clock: t.clock.read, log: silentLog }).materialise(1);
  tokens = await signInAll(t);
});
afterAll(() => t.close());

const get = (path: string) => t.call("GET", path, { token: tokens.demo });
const table = async (path: ReadonlyArray<string>) => decoded(await get(`${pathOf(tableSegments(scope(path)))}?${query}&interval=day`), TableResponse);
const multi = async (path: ReadonlyArray<string>, interval = "day") => decoded(await get(`${pathOf(breakdownSegments(scope(path)))}?${query}&interval=${interval}`), MultiChartResponse);

describe("the channel breakdown's multi chart", () => {
  it("refuses outsiders", async () => {
    await refusedToOutsiders(t, tokens, "GET", `${pathOf(breakdownSegments(scope([])))}?${query}&interval=day`);
  });

  it("a card's figures over the range are the performance table's for the same value and dates", async () => {
    const [cards, rows] = await Promise.all([multi([]), table([])]);
    expect(cards.data.length).toBeGreaterThan(0);
    expect(cards.data.map((s) => s.name).sort()).toEqual(rows.data.map((r) => r.taxonomy_1).sort());
    for (const series of cards.data) {
      const totals = cardTotals(series.data);
      const row = rows.data.find((r) => r.taxonomy_1 === series.name);
      for (const metric of ["clicks", "total_cost", "attributed_revenue", "last_click_revenue", "attributed_sales", "roas", "attributed_revenue_variance_percent"] as const) {
        expect(totals[metric], `${series.name} ${metric}`).toBeCloseTo(row?.[metric] ?? Number.NaN, 6);
      }
    }
  });

  it("one level down lists the values of the level below the path, and weeks start on Mondays", async () => {
    const levelOne = await table([]);
    const parent = levelOne.data.find((r) => r.taxonomy_1 !== "None")?.taxonomy_1 ?? "";
    const [cards, rows] = await Promise.all([multi([parent], "week"), table([parent])]);
    expect(cards.data.map((s) => s.name).sort()).toEqual(rows.data.map((r) => r.taxonomy_2).sort());
    const days = cards.data.flatMap((s) => s.data.map((p) => new Date(`${p.conversion_date ?? ""}T00:00:00Z`).getUTCDay()));
    expect(days.length).toBeGreaterThan(0);
    expect(days.every((d) => d === 1)).toBe(true);
  });
});

describe("the attribution comparison's table", () => {
  it("each row's credit shift is its attributed minus last-click revenue, as the engine's variance", async () => {
    const answer = await table([]);
    const rows = attributionRows(answer.data, []);
    expect(rows.length).toBeGreaterThan(0);
    rows.forEach((row, i) => {
      expect(row.credit_shift).toBeCloseTo(answer.data[i]?.attributed_revenue_variance ?? Number.NaN, 6);
      expect(row.credit_shift_percent).toBeCloseTo(answer.data[i]?.attributed_revenue_variance_percent ?? Number.NaN, 6);
    });
  });
});
