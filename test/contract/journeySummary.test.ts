import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JourneysResponse, journeyMatches, type JourneySearch, type JourneyTouch } from "../../src/domain/journeys/journeys";
import { JourneySummaryResponse, type JourneyPath } from "../../src/domain/journeys/journeySummary";
import { taxonomyLevels } from "../../src/domain/report/taxonomyLevels";
import { createEngine } from "../../server/engine/createEngine";
import { silentLog } from "../../server/log";
import { decoded, expectRefusal, openContractApp, type ContractApp } from "./contractApp";
import { refusedToOutsiders, signInAll, type Tokens } from "./accountSupport";

/** touchpoints/journeys/summary over HTTP against the demo data, decoded with its Schema; and the journeys call's `path`. */

const base = "/api/programs/northwind/performance/touchpoints/journeys";
const range = "date_from=2025-05-01&date_to=2025-05-31";

let t: ContractApp;
let tokens: Tokens;

beforeAll(async () => {
  t = await openContractApp();
  await createEngine({ warehouse: t.warehouse, clock: t.clock.read, log: silentLog }).materialise(1);
  tokens = await signInAll(t);
});
afterAll(() => t.close());

const get = (path: string, token: string = tokens.demo) => t.call("GET", path, { token });
const json = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const summaryOf = async (query = "") => decoded(await get(`${base}/summary?${range}${query}`), JourneySummaryResponse);
const journeysOf = async (query = "") => decoded(await get(`${base}?${range}&per_page=500${query}`), JourneysResponse);

/** A journey at a level, consecutive identical touches merged, as the summary's steps. */
const mergedPath = (path: ReadonlyArray<JourneyTouch>, level: number): JourneyPath => {
  const steps: string[][] = [];
  for (const touch of path) {
    const step = taxonomyLevels.slice(0, level).map((k) => touch[k]);
    if (steps.at(-1)?.join("\u0000") !== step.join("\u0000")) steps.push(step);
  }
  return steps;
};

describe("journeys summary", () => {
  it("refuses outsiders", async () => {
    await refusedToOutsiders(t, tokens, "GET", `${base}/summary?${range}`);
  });

  it("answers every order's figures, and the 10 most common paths whose orders with 'Other' are all the kept ones", async () => {
    const summary = await summaryOf();
    const all = await journeysOf();
    expect(summary.level).toBe(2);
    expect(summary.all.orders).toBe(all.total);
    expect(summary.filtered).toMatchObject({ orders: all.total, share: 100 });
    expect(summary.all.revenue).toBeCloseTo(all.data.reduce((s, r) => s + r.order_amount, 0), 6);
    expect(summary.all.aov).toBeCloseTo(summary.all.revenue / summary.all.orders, 9);
    expect(summary.paths.length).toBeGreaterThan(1);
    expect(summary.paths.length).toBeLessThanOrEqual(10);
    const counts = summary.paths.map((p) => p.orders);
    expect([...counts].sort((a, b) => b - a)).toEqual(counts);
    expect(counts.reduce((s, n) => s + n, 0) + summary.other.orders).toBe(summary.filtered.orders);
    // Each path's count is the journeys that merge to it (the whole month fits in one answer of 500).
    expect(all.total).toBeLessThanOrEqual(500);
    for (const path of summary.paths) {
      const mine = all.data.filter((r) => JSON.stringify(mergedPath(r.journey_path, 2)) === JSON.stringify(path.steps));
      expect(mine.length, JSON.stringify(path.steps)).toBe(path.orders);
      expect(path.share).toBeCloseTo((path.orders / summary.filtered.orders) * 100, 9);
    }
  });

  it("summarises the orders a filter keeps, at another level", async () => {
    const all = await journeysOf();
    const t1 = all.data[0]?.journey_path[0]?.taxonomy_1 ?? "Direct";
    const search: JourneySearch = { first: [{ taxonomy_one: t1 }] };
    const summary = await summaryOf(`&level=3&journey_search=${json(search)}`);
    const kept = all.data.filter((r) => journeyMatches(r.journey_path, search));
    expect(summary.level).toBe(3);
    expect(summary.filtered.orders).toBe(kept.length);
    expect(summary.filtered.share).toBeCloseTo((kept.length / all.total) * 100, 9);
    expect(summary.all.orders).toBe(all.total);
    expect(summary.paths.every((p) => p.steps.every((s) => s.length === 3) && p.steps[0]?.[0] === t1)).toBe(true);
  });

  it("filters the journeys call to a chosen path: every row merges to it, and the summary counts it as chosen", async () => {
    const summary = await summaryOf();
    const path = summary.paths[1]?.steps as JourneyPath;
    const chosen = await journeysOf(`&path=${json(path)}`);
    expect(chosen.total).toBe(summary.paths[1]?.orders);
    expect(chosen.data.every((r) => JSON.stringify(mergedPath(r.journey_path, 2)) === JSON.stringify(path))).toBe(true);
    const again = await summaryOf(`&path=${json(path)}`);
    expect(again.chosen).toEqual(summary.paths[1]);
  });

  it.each([
    "&level=1",
    "&level=5",
    "&level=two",
    "&journey_search=%7Bnot-json",
    `&path=${encodeURIComponent("[]")}`,
    `&path=${json([["Email"]])}`,
    `&path=${json([["Email", "Newsletter"], ["SEO", "Organic", "None"]])}`,
  ])("refuses bad input %s", async (query) => {
    expectRefusal(await get(`${base}/summary?${range}${query}`), 400, "invalid_query");
  });

  it("refuses a malformed path on the journeys call", async () => {
    expectRefusal(await get(`${base}?${range}&path=${json([["a", "b", "c", "d", "e"]])}`), 400, "invalid_query");
  });
});
