import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AffiliatesResponse,
  DiminishingResponse,
  FunnelResponse,
  FunnelTrendsResponse,
} from "../../src/domain/analysis/analysis";
import { journeyMatches, JourneysResponse, type JourneySearch } from "../../src/domain/journeys/journeys";
import { TableResponse } from "../../src/domain/performance/performance";
import { SeasonalityList } from "../../src/domain/seasonality/seasonality";
import { diminishingSegments } from "../../src/services/diminishingReturns/diminishingReturns";
import { funnelTrendsSegments } from "../../src/services/funnelTrends/funnelTrends";
import { createEngine } from "../../server/engine/createEngine";
import { silentLog } from "../../server/log";
import { decoded, expectRefusal, openContractApp, type ContractApp } from "./contractApp";
import { refusedToOutsiders, signInAll, type Tokens } from "./accountSupport";

/** The analysis calls over HTTP against the demo data: shapes, access, bad input. */

const base = "/api/programs/northwind/performance";
const range = "date_from=2025-05-01&date_to=2025-05-31";

let t: ContractApp;
let tokens: Tokens;

beforeAll(async () => {
  t = await openContractApp();
  // The contract app plants raw data only; northwind's facts are built here.
  await createEngine({ warehouse: t.warehouse, clock: t.clock.read, log: silentLog }).materialise(1);
  tokens = await signInAll(t);
});
afterAll(() => t.close());

const get = (path: string, token: string = tokens.demo) => t.call("GET", path, { token });

describe("access", () => {
  it.each([
    `${base}/funnel/single/taxonomy_1?${range}`,
    `${base}/funnel/multi/taxonomy_1?${range}`,
    `${base}/diminishing/multi/taxonomy_1?${range}`,
    `${base}/touchpoints/journeys?${range}`,
    `${base}/affiliates?${range}`,
  ])("refuses outsiders: %s", async (path) => {
    await refusedToOutsiders(t, tokens, "GET", path);
  });

  it("keeps the affiliate report to admins", async () => {
    expectRefusal(await get(`${base}/affiliates?${range}`), 403, "forbidden");
    const report = decoded(await get(`${base}/affiliates?${range}`, tokens.admin), AffiliatesResponse);
    expect(report.total).toBe(report.data.length);
    expect(report.data.length).toBeGreaterThan(0);
    expect(report.column_headers["publisher_id"]).toBe("Publisher ID");
    expect(report.data.every((r) => r.publisher_id.length > 0)).toBe(true);
    expect(report.data.some((r) => r.clicks > 0)).toBe(true);
    // The fixed spend of the affiliates' channels (the network's monthly fee) is in no row: it is answered as its own figure, the performance report's.
    expect(report.data.every((r) => r.fixed_cost === 0)).toBe(true);
    const levelOne = decoded(await get(`${base}/table/single/taxonomy_1?${range}`, tokens.admin), TableResponse).data;
    const channels = new Set(report.data.map((r) => r.taxonomy_1));
    const fee = levelOne.filter((r) => channels.has(r.taxonomy_1 ?? "")).reduce((sum, r) => sum + r.fixed_cost, 0);
    expect(fee).toBeGreaterThan(0);
    expect(report.unspread_fixed_cost).toBeCloseTo(fee, 2);
  });
});

describe("funnel", () => {
  it("answers level rows whose percents add up to 100 (or are all 0)", async () => {
    const level1 = decoded(await get(`${base}/funnel/single/taxonomy_1?${range}&interval=day`), FunnelResponse);
    expect(level1.data.length).toBeGreaterThan(0);
    expect(Object.keys(level1.column_headers)).toHaveLength(12);
    for (const row of level1.data) {
      const sum = row.solo_revenue_percent + row.upper_funnel_revenue_percent + row.mid_funnel_revenue_percent + row.lower_funnel_revenue_percent;
      expect([0, 100].some((v) => Math.abs(sum - v) < 1e-6)).toBe(true);
    }
    const t1 = level1.data.find((r) => r.taxonomy_1 !== "None")?.taxonomy_1 ?? "";
    const level2 = decoded(await get(`${base}/funnel/single/taxonomy_1/${encodeURIComponent(t1)}/taxonomy_2?${range}`), FunnelResponse);
    expect(level2.data.every((r) => r.taxonomy_1 === t1 && r.taxonomy_2 !== undefined)).toBe(true);
    const unknown = decoded(await get(`${base}/funnel/single/taxonomy_1/nothing-here/taxonomy_2?${range}`), FunnelResponse);
    expect(unknown).toMatchObject({ data: [], total: 0 });
  });

  it("answers trends with every day of the range", async () => {
    const trends = decoded(await get(`${base}/funnel/multi/taxonomy_1?${range}`), FunnelTrendsResponse);
    expect(trends.data.length).toBeGreaterThan(0);
    for (const series of trends.data) {
      expect(series.data).toHaveLength(31);
      expect(series.data[0]?.conversion_date).toBe("2025-05-01");
      expect(series.children).toBeDefined();
    }
  });
});

describe("diminishing returns", () => {
  it("answers weekly points starting on Mondays", async () => {
    const answer = decoded(await get(`${base}/diminishing/multi/taxonomy_1?${range}`), DiminishingResponse);
    expect(answer.data.length).toBeGreaterThan(0);
    for (const point of answer.data.flatMap((s) => s.data)) {
      expect(new Date(`${point.conversion_date}T00:00:00Z`).getUTCDay()).toBe(1);
    }
  });

  it("drills by the client's paths: each series' children are the next level's series but 'None', every tag a seasonality type", async () => {
    const wide = "date_from=2025-03-01&date_to=2025-08-31";
    const call = (segments: ReadonlyArray<string>) => `/api/${segments.map(encodeURIComponent).join("/")}?${wide}`;
    const types = decoded(await get(`/api/programs/northwind/seasonality?${wide}`), SeasonalityList).data.map((type) => type.name);
    let path: string[] = [];
    for (let level = 0; level < 4; level++) {
      const answer = decoded(await get(call(diminishingSegments({ program: "northwind", range: { from: "", to: "" }, path }))), DiminishingResponse);
      const trends = decoded(await get(call(funnelTrendsSegments({ program: "northwind", range: { from: "", to: "" }, path }))), FunnelTrendsResponse);
      expect(answer.data.length, `level ${level + 1}`).toBeGreaterThan(0);
      expect(trends.data.length, `level ${level + 1}`).toBeGreaterThan(0);
      for (const point of answer.data.flatMap((series) => series.data)) expect(point.seasonality === null || types.includes(point.seasonality)).toBe(true);
      const next = answer.data.find((series) => series.name !== "None" && (series.children?.length ?? 0) > 0);
      if (level === 3 || next === undefined) {
        expect(level).toBeGreaterThanOrEqual(2);
        break;
      }
      path = [...path, next.name];
      const below = decoded(await get(call(diminishingSegments({ program: "northwind", range: { from: "", to: "" }, path }))), DiminishingResponse);
      // 'None' (a level no rule filled) is a series of its own but never a child to explore.
      expect(below.data.map((series) => series.name).filter((name) => name !== "None").sort()).toEqual([...(next.children ?? [])].sort());
    }
  });
});

describe("journeys", () => {
  const journeys = (query: string) => get(`${base}/touchpoints/journeys?${range}${query}`);

  it("pages and sorts, with the real total out of range", async () => {
    const first = decoded(await journeys("&per_page=5"), JourneysResponse);
    expect(first).toMatchObject({ page: 1, per_page: 5 });
    expect(first.data).toHaveLength(5);
    expect(first.total).toBeGreaterThan(5);
    const dates = first.data.map((r) => Date.parse(r.conversion_date));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    expect(first.data[0]?.conversion_date).toMatch(/\+00:00$/);
    const longest = decoded(await journeys("&sort_by=journey_length&sort_direction=desc&per_page=500"), JourneysResponse);
    const lengths = longest.data.map((r) => r.journey_path.length);
    expect([...lengths].sort((a, b) => b - a)).toEqual(lengths);
    const beyond = decoded(await journeys("&page=100000&per_page=500"), JourneysResponse);
    expect(beyond).toMatchObject({ data: [], total: first.total });
  });

  it("filters with journey_search as journeyMatches does", async () => {
    const all = decoded(await journeys("&per_page=500"), JourneysResponse);
    const t1 = all.data[0]?.journey_path[0]?.taxonomy_1 ?? "Direct";
    const search: JourneySearch = { first: [{ taxonomy_one: t1 }] };
    const filtered = decoded(await journeys(`&per_page=500&journey_search=${encodeURIComponent(JSON.stringify(search))}`), JourneysResponse);
    expect(filtered.total).toBeGreaterThan(0);
    expect(filtered.data.every((r) => journeyMatches(r.journey_path, search))).toBe(true);
    if (all.total <= 500) expect(filtered.total).toBe(all.data.filter((r) => journeyMatches(r.journey_path, search)).length);
  });

  it.each([
    "&journey_search=%7Bnot-json",
    `&journey_search=${encodeURIComponent(JSON.stringify({ anywhere_connector: "xor" }))}`,
    "&per_page=0",
    "&per_page=501",
    "&per_page=2.5",
    "&page=0",
    "&sort_by=amount",
    "&sort_direction=up",
  ])("refuses bad input %s", async (query) => {
    expectRefusal(await journeys(query), 400, "invalid_query");
  });
});

describe("bad ranges", () => {
  it.each([
    `${base}/funnel/single/taxonomy_1`,
    `${base}/funnel/multi/taxonomy_1?date_from=2025-05-31&date_to=2025-05-01`,
    `${base}/diminishing/multi/taxonomy_1?date_from=2025-02-30&date_to=2025-05-01`,
    `${base}/touchpoints/journeys?date_from=2025-05-01`,
    `${base}/funnel/single/taxonomy_1?${range}&interval=hour`,
  ])("refuses %s", async (path) => {
    expectRefusal(await get(path), 400, "invalid_query");
  });

  it("checks the range of the affiliate report for admins", async () => {
    expectRefusal(await get(`${base}/affiliates?date_from=x&date_to=y`, tokens.admin), 400, "invalid_query");
  });
});
