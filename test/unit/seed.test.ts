import { Schema } from "effect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Classification } from "../../src/domain/classification/classification";
import {
  isUnexpired,
  judgeResetLink,
  resetLinkExpiresAt,
  resetLinkLifetimeMs,
  sessionExpiresAt,
  sessionLifetimeMs,
  throttleKey,
} from "../../server/auth/policy";
import { hashPassword, parseStoredHash, verifyPassword } from "../../server/auth/passwords";
import { SlidingWindowLimit } from "../../server/auth/throttle";
import { isTokenShaped, issueToken, tokenDigest } from "../../server/auth/tokens";
import { generateDemoData, type DemoDataParameters } from "../../server/seed/demoData";
import { plantDemoData } from "../../server/seed/plantDemoData";
import { benchScale, demoScaleFrom } from "../../server/seed/demoScale";
import { integerBetween, mulberry32, pick } from "../../server/seed/prng";
import { openDuckDbWarehouse } from "../../server/warehouse/duckdb/duckdbWarehouse";
import { classifiedGroups, plantDemo, type ClassifiedGroup, type PlantedDemo } from "../seed/plantedDemo";

describe("mulberry32", () => {
  it.each([
    [1, [0.6270739405881613, 0.002735721180215478, 0.5274470399599522]],
    [42, [0.6011037519201636, 0.44829055899754167, 0.8524657934904099]],
    [20250101, null],
  ])("seed %d gives the same sequence every time, inside [0, 1)", (seed, expected) => {
    const first = mulberry32(seed);
    const second = mulberry32(seed);
    const a = Array.from({ length: 1000 }, first);
    const b = Array.from({ length: 1000 }, second);
    expect(a).toEqual(b);
    expect(a.every((x) => x >= 0 && x < 1)).toBe(true);
    if (expected) expect(a.slice(0, 3)).toEqual(expected);
  });

  it("gives different sequences for different seeds", () => {
    expect(Array.from({ length: 5 }, mulberry32(1))).not.toEqual(Array.from({ length: 5 }, mulberry32(2)));
  });

  it.each([
    [0, 0],
    [1, 6],
    [-3, 3],
    [10, 11],
  ])("integerBetween(%d, %d) stays inside both ends and reaches them", (min, max) => {
    const random = mulberry32(9);
    const seen = new Set(Array.from({ length: 500 }, () => integerBetween(random, min, max)));
    expect([...seen].every((n) => Number.isInteger(n) && n >= min && n <= max)).toBe(true);
    expect(seen.has(min) && seen.has(max)).toBe(true);
  });

  it("pick answers an item of the list", () => {
    const random = mulberry32(3);
    const items = ["a", "b", "c"] as const;
    for (let i = 0; i < 100; i++) expect(items).toContain(pick(random, items));
  });
});

const today = "2025-06-02";

describe("generateDemoData", () => {
  it("is determined by its parameters", () => {
    expect(generateDemoData({ seed: 11, scale: 1, today })).toEqual(generateDemoData({ seed: 11, scale: 1, today }));
    expect(generateDemoData({ seed: 11, scale: 3, today })).toEqual(generateDemoData({ seed: 11, scale: 3, today }));
    expect(generateDemoData({ seed: 11, scale: 1, today })).not.toEqual(generateDemoData({ seed: 12, scale: 1, today }));
    expect(generateDemoData({ seed: 11, scale: 1, today }).analytics).not.toEqual(
      generateDemoData({ seed: 11, scale: 1, today: "2025-06-03" }).analytics,
    );
  });

  it("has the three demo programs in three currencies and the three demo sign-ins", () => {
    const data = generateDemoData({ seed: 1, scale: 1, today });
    expect(data.programs.map((p) => [p.code, p.currency, p.utc_offset, p.locale])).toEqual([
      ["northwind", "GBP", "+00:00", "en-GB"],
      ["bluepeak", "USD", "-05:00", "en-US"],
      ["lumen", "EUR", "+01:00", "de-DE"],
    ]);
    const byName = new Map(data.users.map((u) => [u.username, u]));
    const programsOf = (username: string) =>
      data.memberships.filter((m) => m.userId === byName.get(username)?.id).map((m) => m.programId);
    expect(programsOf("demo")).toEqual([1, 2]);
    expect(programsOf("other")).toEqual([3]);
    expect(byName.get("admin")?.isAdmin).toBe(true);
    expect(byName.get("demo")?.email).toBe("demo@example.com");
  });

  it.each([
    [0, 2],
    [0.5, 2],
    [1, 2],
    [4, 8],
    [benchScale, 20],
  ])("scale %d gives %d extra analysts", (scale, analysts) => {
    expect(generateDemoData({ seed: 1, scale, today }).users.filter((u) => u.username.startsWith("analyst"))).toHaveLength(analysts);
  });

  it.each(["", "2025-6-2", "2025-02-30", "today"])("refuses the day %j", (day) => {
    expect(() => generateDemoData({ seed: 1, scale: 1, today: day })).toThrow(/YYYY-MM-DD/);
  });

  it("has unique ids, system, user and program messages, and exactly one script payload", () => {
    const data = generateDemoData({ seed: 5, scale: 2, today });
    expect(new Set(data.messages.map((m) => m.id)).size).toBe(data.messages.length);
    expect(new Set(data.users.map((u) => u.id)).size).toBe(data.users.length);
    const kinds = new Set(data.messages.map((m) => m.audience.kind));
    expect(kinds).toEqual(new Set(["system", "user", "program"]));
    expect(data.messages.filter((m) => /onerror=/i.test(m.html))).toHaveLength(1);
    // People read product text: no message speaks of how it is tested.
    expect(data.messages.filter((m) => /\bmust\b|harmless|payload|test/i.test(m.html.replace(/<[^>]*>/g, "")))).toEqual([]);
    expect(data.messages.filter((m) => m.audience.kind === "program" && m.audience.programId === 1)).toHaveLength(2);
  });

  it("loads the same rows into two warehouses", async () => {
    const read = async () => {
      const warehouse = await openDuckDbWarehouse({ path: ":memory:", clock: () => 0 });
      await plantDemoData(warehouse, generateDemoData({ seed: 99, scale: 0.02, today }), { N: 1024, r: 8, p: 1 });
      const rows = {
        programs: await warehouse.programs.all(),
        system: await warehouse.messages.system(),
        demo: await warehouse.messages.forUser(1),
        northwind: await warehouse.messages.forProgram(1, 1),
        members: await Promise.all([1, 2, 3].map((p) => warehouse.programs.isMember(1, p))),
      };
      await warehouse.close();
      return rows;
    };
    const [first, second] = await Promise.all([read(), read()]);
    expect(first).toEqual(second);
    expect(first.members).toEqual([true, true, false]);
  });
});

describe("SlidingWindowLimit", () => {
  const window = 5 * 60_000;
  it.each([
    ["no events", [], 0, false],
    ["four events", [0, 1, 2, 3], 10, false],
    ["five events inside the window", [0, 1, 2, 3, 4], 10, true],
    ["five events, the oldest just inside", [0, 1, 2, 3, 4], window - 1, true],
    ["five events, the oldest just out", [0, 1, 2, 3, 4], window, false],
    ["five events, all out", [0, 1, 2, 3, 4], window + 4, false],
    ["six events spread over the window", [0, 60_000, 120_000, 180_000, 240_000, 299_999], 299_999, true],
  ] as const)("%s: exhausted = %s at the given time", (_, events, now, exhausted) => {
    const limit = new SlidingWindowLimit(5, window);
    for (const at of events) limit.record("demo", at);
    expect(limit.isExhausted("demo", now)).toBe(exhausted);
    expect(limit.isExhausted("someone-else", now)).toBe(false);
  });

  it.each([
    [[0, 0, 0, 0, 0], 0, window],
    [[0, 10, 20, 30, 40], 100, window - 100],
    [[0, 10, 20, 30], 100, 0],
    [[0, 10, 20, 30, 40, 50], 100, window - 90],
  ] as const)("events %j at %d: next accepted after %d ms", (events, now, retryAfter) => {
    const limit = new SlidingWindowLimit(5, window);
    for (const at of events) limit.record("k", at);
    expect(limit.retryAfterMs("k", now)).toBe(retryAfter);
  });

  it("withdraws one event", () => {
    const limit = new SlidingWindowLimit(2, 1000);
    limit.record("k", 5);
    limit.record("k", 5);
    limit.withdraw("k", 5);
    expect(limit.count("k", 6)).toBe(1);
    limit.withdraw("k", 5);
    limit.withdraw("k", 5);
    expect(limit.count("k", 6)).toBe(0);
  });
});

describe("expiry and reset-link rules", () => {
  it.each([
    [1000, 999, true],
    [1000, 1000, false],
    [1000, 1001, false],
  ])("expiring at %d, at %d still good: %s", (expiresAt, now, good) => {
    expect(isUnexpired(expiresAt, now)).toBe(good);
  });

  it("sessions last 12 hours and reset links 1 hour", () => {
    expect(sessionLifetimeMs).toBe(12 * 3_600_000);
    expect(resetLinkLifetimeMs).toBe(3_600_000);
    expect(sessionExpiresAt(5)).toBe(5 + sessionLifetimeMs);
    expect(resetLinkExpiresAt(5)).toBe(5 + resetLinkLifetimeMs);
  });

  const link = { email: "demo@example.com", expiresAt: 3_600_000, usedAt: null };
  it.each([
    ["a fresh link", link, "demo@example.com", 0, "usable"],
    ["any case and spaces", link, " Demo@Example.com ", 0, "usable"],
    ["a minute before expiry", link, "demo@example.com", 3_540_000, "usable"],
    ["at expiry", link, "demo@example.com", 3_600_000, "expired"],
    ["a used link", { ...link, usedAt: 10 }, "demo@example.com", 20, "used"],
    ["another email", link, "other@example.com", 0, "wrong_email"],
  ] as const)("%s is %s", (_, state, email, now, verdict) => {
    expect(judgeResetLink(state, email, now)).toBe(verdict);
  });

  it.each([
    [" Demo ", "demo"],
    ["ADMIN", "admin"],
    ["a@B.c", "a@b.c"],
  ])("throttle key of %j is %j", (typed, key) => {
    expect(throttleKey(typed)).toBe(key);
  });
});

describe("tokens and password hashes", () => {
  it("issues distinct 128-bit hex tokens and digests them", () => {
    const tokens = new Set(Array.from({ length: 100 }, issueToken));
    expect(tokens.size).toBe(100);
    for (const token of tokens) expect(isTokenShaped(token)).toBe(true);
    expect(tokenDigest("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });

  it.each(["", "abc", "0123456789ABCDEF0123456789ABCDEF", "0123456789abcdef0123456789abcdef0"])(
    "refuses %j as a token",
    (candidate) => expect(isTokenShaped(candidate)).toBe(false),
  );

  it("hashes with scrypt and a fresh salt, and verifies", async () => {
    const [a, b] = await Promise.all([hashPassword("demo"), hashPassword("demo")]);
    expect(a).not.toBe(b);
    expect(parseStoredHash(a)?.salt.length).toBe(16);
    expect(await verifyPassword("demo", a)).toBe(true);
    expect(await verifyPassword("Demo", a)).toBe(false);
    expect(await verifyPassword("demo", "plain-text")).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------
// The analytics demo data: planted through the warehouse at a small scale, then queried.

const program = { northwind: 1, bluepeak: 2, lumen: 3 } as const;
const programIds = [program.northwind, program.bluepeak, program.lumen] as const;
const channels = ["Paid Search", "Paid Social", "Affiliates", "Email", "SEO", "Display", "Referral", "Direct"] as const;
const analyticsParameters = { seed: 7, scale: 0.25, today } as const;
const firstDay = "2024-04-28";
const lastDay = "2025-06-01";
const offsets: Record<number, number> = { 1: 0, 2: -300 * 60_000, 3: 60 * 60_000 };

describe("demo analytics data", () => {
  let demo: PlantedDemo;
  let groups: ClassifiedGroup[];
  const clicksOf = (programId: number) => groups.filter((g) => g.programId === programId && g.eventType === "click");
  const share = (programId: number, channel: string): number => {
    const clicks = clicksOf(programId);
    const total = clicks.reduce((n, g) => n + g.hits, 0);
    return clicks.filter((g) => g.path[0] === channel).reduce((n, g) => n + g.hits, 0) / total;
  };
  const num = async (sql: string): Promise<number> => Number(await demo.value(sql));

  beforeAll(async () => {
    demo = await plantDemo(analyticsParameters);
    groups = await classifiedGroups(demo);
  });
  afterAll(() => demo.close());

  describe("traffic", () => {
    it.each(programIds.flatMap((p) => channels.map((c) => [p, c] as const)))("program %d has %s clicks", (programId, channel) => {
      expect(share(programId, channel)).toBeGreaterThan(0.005);
    });

    it.each(programIds)("program %d covers the 400 days before the day the database is made, every day", async (programId) => {
      const [row] = await demo.rows(
        `SELECT CAST(min(hit_date) AS VARCHAR) AS first, CAST(max(hit_date) AS VARCHAR) AS last, count(DISTINCT hit_date) AS days
         FROM hits WHERE program_id = ${programId}`,
      );
      expect(row).toEqual({ first: firstDay, last: lastDay, days: 400 });
    });

    it.each(programIds)("program %d dates hits and orders in its own UTC offset, before the day the database is made", async (programId) => {
      const offset = offsets[programId];
      const endsAt = Date.parse(`${today}T00:00:00Z`);
      for (const [table, date] of [
        ["hits", "hit_date"],
        ["orders", "order_date"],
      ] as const) {
        expect(await num(`SELECT count(*) FROM ${table} WHERE program_id = ${programId} AND ${date} <> CAST(epoch_ms(ts + ${offset}) AS DATE)`)).toBe(0);
        expect(await num(`SELECT count(*) FROM ${table} WHERE program_id = ${programId} AND ts >= ${endsAt}`)).toBe(0);
      }
    });

    it("mixes channels differently per program", () => {
      expect(share(program.lumen, "SEO")).toBeGreaterThan(share(program.northwind, "SEO") + 0.05);
      expect(share(program.bluepeak, "Paid Social")).toBeGreaterThan(2 * share(program.lumen, "Paid Social"));
      expect(share(program.bluepeak, "Paid Search")).toBeGreaterThan(share(program.lumen, "Paid Search"));
    });

    it("has journeys of one to eight clicks over days, and visitors who never order", async () => {
      const [row] = await demo.rows(
        `WITH journeys AS (
           SELECT program_id, visitor_id, count(*) AS clicks, max(ts) - min(ts) AS span FROM hits WHERE event_type = 'click' GROUP BY ALL)
         SELECT min(clicks) AS shortest, max(clicks) AS longest, count(*) FILTER (WHERE clicks >= 4) AS long_ones,
           count(*) FILTER (WHERE span > 7 * 86400000) AS over_a_week,
           count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.program_id = journeys.program_id AND o.visitor_id = journeys.visitor_id)) AS never_ordering,
           count(*) AS visitors
         FROM journeys`,
      );
      expect(row?.["shortest"]).toBe(1);
      expect(row?.["longest"]).toBe(8);
      expect(Number(row?.["long_ones"])).toBeGreaterThan(100);
      expect(Number(row?.["over_a_week"])).toBeGreaterThan(100);
      expect(Number(row?.["never_ordering"]) / Number(row?.["visitors"])).toBeGreaterThan(0.8);
    });

    it("has weekly and yearly seasonality: quieter weekends at lumen, a December peak at northwind", async () => {
      const [week] = await demo.rows(
        `SELECT count(*) FILTER (WHERE isodow(hit_date) >= 6) / 2 AS weekend_day, count(*) FILTER (WHERE isodow(hit_date) <= 5) / 5 AS weekday
         FROM hits WHERE program_id = ${program.lumen} AND event_type = 'click'`,
      );
      expect(Number(week?.["weekend_day"])).toBeLessThan(0.92 * Number(week?.["weekday"]));
      const [year] = await demo.rows(
        `SELECT count(*) FILTER (WHERE month(hit_date) = 12) / 31 AS december_day, count(*) / 400 AS average_day
         FROM hits WHERE program_id = ${program.northwind} AND event_type = 'click'`,
      );
      expect(Number(year?.["december_day"])).toBeGreaterThan(1.15 * Number(year?.["average_day"]));
    });

    it.each([
      ["Merino Base Layers", "starts", `> DATE '${firstDay}' + 100`],
      ["Prospecting – In-Market", "stops", `< DATE '${lastDay}' - 100`],
    ])("has campaigns that start or stop mid-period: %s %s", async (campaign, _, condition) => {
      const bound = campaign.startsWith("Merino") ? "min" : "max";
      expect(await num(`SELECT ${bound}(hit_date) ${condition} FROM hits WHERE campaign = '${campaign}'`)).toBe(1);
    });

    it("gives affiliates publisher ids and paid clicks cost links", () => {
      const affiliates = groups.filter((g) => g.path[0] === "Affiliates");
      expect(affiliates.every((g) => typeof g.raw["publisher_id"] === "string")).toBe(true);
      expect(new Set(affiliates.map((g) => g.raw["publisher_id"])).size).toBeGreaterThanOrEqual(9);
      const paid = groups.filter((g) => ["Paid Search", "Paid Social", "Display"].includes(g.path[0]));
      expect(paid.length).toBeGreaterThan(0);
      expect(paid.every((g) => typeof g.costLink === "string" && g.costLink !== "")).toBe(true);
      expect(groups.filter((g) => !["Paid Search", "Paid Social", "Display"].includes(g.path[0])).every((g) => g.costLink === null)).toBe(true);
    });

    it("logs impressions before display and paid social clicks only", () => {
      const impressions = groups.filter((g) => g.eventType === "impression");
      expect(impressions.reduce((n, g) => n + g.hits, 0)).toBeGreaterThan(1000);
      expect(new Set(impressions.map((g) => g.path[0]))).toEqual(new Set(["Display", "Paid Social"]));
    });
  });

  describe("classification", () => {
    it.each(programIds)("the tree of program %d decodes with the Classification Schema", (programId) => {
      const row = demo.data.analytics.classifications.find((c) => c.programId === programId);
      const tree = Schema.decodeUnknownSync(Classification)(JSON.parse(row?.tree ?? "null"));
      expect(tree.data.map((t) => t.title)).toEqual([...channels]);
    });

    it.each([
      ["a slash", "/"],
      ["an ampersand", "&"],
      ["a percent sign", "%"],
      ["a single quote", "'"],
      ["a double quote", '"'],
      ["a non-ASCII letter", "é"],
      ["an umlaut", "Ü"],
    ])("gives taxonomy 3 or 4 names with %s", (_, character) => {
      expect(groups.some((g) => g.path[2].includes(character) || g.path[3].includes(character))).toBe(true);
    });

    it.each([
      ["Brand / Generic"],
      ["Sale & Clearance 50%"],
      ['Men\'s "Best" Sellers'],
      ["Été – Promotion"],
      ["Köln Ü"],
    ])("classifies the campaign %j into taxonomy 3", (name) => {
      expect(groups.some((g) => g.path[2] === name)).toBe(true);
    });

    it.each([
      ["SEO has no taxonomy 3 or 4", (g: ClassifiedGroup) => g.path[0] === "SEO", (g: ClassifiedGroup) => g.path[2] === "None" && g.path[3] === "None"],
      ["Direct has no taxonomy 3", (g: ClassifiedGroup) => g.path[0] === "Direct", (g: ClassifiedGroup) => g.path[2] === "None"],
    ])("%s", (_, which, holds) => {
      const matching = groups.filter(which);
      expect(matching.length).toBeGreaterThan(0);
      expect(matching.every(holds)).toBe(true);
    });

    it("has hits with a campaign but no content (taxonomy 4 'None') and unclassified hits ('None' everywhere)", () => {
      expect(groups.some((g) => g.path[0] === "Paid Search" && g.path[2] !== "None" && g.path[3] === "None")).toBe(true);
      expect(groups.some((g) => g.path[0] === "Email" && g.path[2] !== "None" && g.path[3] === "None")).toBe(true);
      const unclassified = groups.filter((g) => g.path[0] === "None");
      expect(unclassified.length).toBeGreaterThan(0);
      expect(unclassified.every((g) => g.programId === program.northwind && g.path.every((level) => level === "None"))).toBe(true);
    });
  });

  describe("orders", () => {
    it.each(programIds)("program %d cancels 5-12%% of its orders", async (programId) => {
      const cancelled = await num(`SELECT avg(CAST(status = 'cancelled' AS INTEGER)) FROM orders WHERE program_id = ${programId}`);
      expect(cancelled).toBeGreaterThanOrEqual(0.05);
      expect(cancelled).toBeLessThanOrEqual(0.12);
    });

    it.each(programIds)("program %d has new and returning customers, cash and credit, valid and cancelled orders", async (programId) => {
      const values = await demo.rows(
        `SELECT list(DISTINCT customer_type ORDER BY customer_type) AS customers, list(DISTINCT payment ORDER BY payment) AS payments,
           list(DISTINCT status ORDER BY status) AS statuses
         FROM orders WHERE program_id = ${programId}`,
      );
      expect(values[0]).toEqual({ customers: '["new","returning"]', payments: '["cash","credit"]', statuses: '["cancelled","valid"]' });
    });

    it.each(programIds)("program %d has orders without a click in the 30 days before (Direct), a minority", async (programId) => {
      const [row] = await demo.rows(
        `SELECT count(*) FILTER (WHERE NOT EXISTS (
             SELECT 1 FROM hits h WHERE h.program_id = o.program_id AND h.visitor_id = o.visitor_id AND h.event_type = 'click'
               AND h.ts <= o.ts AND h.ts > o.ts - CAST(30 AS BIGINT) * 86400000)) AS direct,
           count(*) AS orders
         FROM orders o WHERE program_id = ${programId}`,
      );
      expect(Number(row?.["direct"])).toBeGreaterThan(0);
      expect(Number(row?.["direct"]) / Number(row?.["orders"])).toBeLessThan(0.3);
    });

    it.each([
      [program.northwind, 50, 100],
      [program.bluepeak, 90, 180],
      [program.lumen, 140, 270],
    ])("program %d has an average order value between %d and %d in its currency", async (programId, low, high) => {
      const aov = await num(`SELECT avg(amount) FROM orders WHERE program_id = ${programId}`);
      expect(aov).toBeGreaterThan(low);
      expect(aov).toBeLessThan(high);
      expect(await num(`SELECT count(DISTINCT order_id) = count(*) AND min(amount) > 0 FROM orders WHERE program_id = ${programId}`)).toBe(1);
    });
  });

  describe("costs", () => {
    it.each(["single", "daily", "monthly", "yearly"])("has %s fixed costs", async (frequency) => {
      expect(await num(`SELECT count(*) FROM fixed_costs WHERE frequency = '${frequency}'`)).toBeGreaterThan(0);
    });

    it("books fixed costs on taxonomy paths the classification produces, single costs without an end date", async () => {
      const fixed = await demo.rows("SELECT program_id, taxonomy_1, taxonomy_2, taxonomy_3, taxonomy_4, frequency, end_date FROM fixed_costs");
      for (const cost of fixed) {
        const levels = [cost["taxonomy_1"], cost["taxonomy_2"], cost["taxonomy_3"], cost["taxonomy_4"]].filter((l) => l !== "None");
        const exists = groups.some((g) => g.programId === cost["program_id"] && levels.every((level, i) => g.path[i] === level));
        expect(exists, JSON.stringify(cost)).toBe(true);
        expect(cost["end_date"] === null).toBe(cost["frequency"] === "single");
      }
    });

    it("books variable costs on cost links that hits carry, and a few on links no hit carries", async () => {
      const [row] = await demo.rows(
        `SELECT count(*) AS rows, count(*) FILTER (WHERE cost_link IN (SELECT cost_link FROM hits WHERE cost_link IS NOT NULL)) AS carried,
           count(DISTINCT cost_link) FILTER (WHERE cost_link NOT IN (SELECT cost_link FROM hits WHERE cost_link IS NOT NULL)) AS uncarried_links,
           min(cost) AS cheapest
         FROM variable_costs`,
      );
      expect(Number(row?.["carried"]) / Number(row?.["rows"])).toBeGreaterThan(0.9);
      expect(Number(row?.["uncarried_links"])).toBeGreaterThanOrEqual(2);
      expect(Number(row?.["cheapest"])).toBeGreaterThan(0);
      const taxonomies = await demo.rows("SELECT DISTINCT taxonomy_1 FROM variable_costs ORDER BY 1");
      expect(taxonomies.map((t) => t["taxonomy_1"])).toEqual(["Display", "Paid Search", "Paid Social"]);
    });
  });

  describe("configuration", () => {
    it("sets linear 30-day attribution, position-based for bluepeak", async () => {
      expect(await demo.rows("SELECT program_id, attribution_model, lookback_days FROM program_settings ORDER BY 1")).toEqual([
        { program_id: 1, attribution_model: "linear", lookback_days: 30 },
        { program_id: 2, attribution_model: "position_based", lookback_days: 30 },
        { program_id: 3, attribution_model: "linear", lookback_days: 30 },
      ]);
    });

    it("registers the custom report 1 for northwind over its valid and cancelled data sets", async () => {
      const [report] = await demo.rows("SELECT id, program_id, name, level, rules, meta FROM custom_reports");
      expect(await num("SELECT count(*) FROM custom_reports")).toBe(1);
      expect(report).toMatchObject({ id: 1, program_id: 1, name: "Active / Not Active Report", level: "taxonomy_1", rules: "[]" });
      const meta = JSON.parse(String(report?.["meta"])) as { dataset_one: { id: number }; dataset_two: { id: number } };
      expect(meta).toMatchObject({ validName: "Valid", cancelledName: "Cancelled", excludedColumns: ["first.cpa", "second.roi"] });
      const tagOf = async (id: number) => demo.value(`SELECT data_set_tag FROM data_sets WHERE program_id = 1 AND id = ${id}`);
      expect([await tagOf(meta.dataset_one.id), await tagOf(meta.dataset_two.id)]).toEqual(["valid", "cancelled"]);
    });

    it.each(programIds)("registers valid, cancelled and credit data sets for program %d", async (programId) => {
      const sets = await demo.rows(`SELECT data_set_tag, field, operator, value FROM data_sets WHERE program_id = ${programId} ORDER BY id`);
      expect(sets.slice(0, 3)).toEqual([
        { data_set_tag: "valid", field: "status", operator: "=", value: "valid" },
        { data_set_tag: "cancelled", field: "status", operator: "=", value: "cancelled" },
        { data_set_tag: "credit", field: "payment", operator: "=", value: "credit" },
      ]);
    });

    it("saves two column sets for demo, one the favourite, and three google-ads accounts (one inactive) not yet granted", async () => {
      const sets = await demo.rows("SELECT id, user_id, name, columns FROM column_sets ORDER BY id");
      expect(sets.map((s) => [s["user_id"], s["name"]])).toEqual([
        [1, "Revenue focus"],
        [1, "Cost & efficiency"],
      ]);
      expect(sets.every((s) => (JSON.parse(String(s["columns"])) as string[]).length > 3)).toBe(true);
      expect(await demo.rows("SELECT user_id, column_set_id FROM column_set_favourites")).toEqual([{ user_id: 1, column_set_id: 2 }]);
      expect(await demo.rows("SELECT platform, count(*) AS n, count(*) FILTER (WHERE NOT active) AS inactive FROM connector_accounts WHERE user_id = 1 GROUP BY ALL")).toEqual([
        { platform: "google-ads", n: 3, inactive: 1 },
      ]);
      expect(await num("SELECT count(*) FROM connector_grants")).toBe(0);
    });

    it("writes annotations inside the period, with hex colours, some stacked on one day", async () => {
      const [row] = await demo.rows(
        `SELECT count(*) AS notes, count(*) FILTER (WHERE NOT regexp_full_match(colour, '#[0-9a-f]{6}')) AS bad_colours,
           count(*) FILTER (WHERE note_date NOT BETWEEN DATE '${firstDay}' AND DATE '${lastDay}') AS outside,
           (SELECT max(n) FROM (SELECT count(*) AS n FROM annotations GROUP BY program_id, note_date)) AS most_on_one_day
         FROM annotations`,
      );
      expect(row).toMatchObject({ bad_colours: 0, outside: 0 });
      expect(Number(row?.["notes"])).toBeGreaterThanOrEqual(15);
      expect(Number(row?.["most_on_one_day"])).toBeGreaterThanOrEqual(2);
    });

    it.each(programIds)("tags weeks of program %d (Mondays) with its own seasonality types", async (programId) => {
      const tagged = await demo.rows(
        `SELECT DISTINCT t.name FROM seasonality_tags g JOIN seasonality_types t ON t.id = g.seasonality_type_id AND t.program_id = g.program_id
         WHERE g.program_id = ${programId} ORDER BY 1`,
      );
      expect(tagged.map((t) => t["name"])).toEqual(expect.arrayContaining(["Black Friday", "Christmas", "January Sale"]));
      expect(await num(`SELECT count(*) FROM seasonality_tags WHERE program_id = ${programId} AND isodow(week_start) <> 1`)).toBe(0);
      expect(await num(`SELECT count(*) - count(DISTINCT week_start) FROM seasonality_tags WHERE program_id = ${programId}`)).toBe(0);
      expect(
        await num(`SELECT count(*) FROM seasonality_tags g WHERE program_id = ${programId}
          AND NOT EXISTS (SELECT 1 FROM seasonality_types t WHERE t.id = g.seasonality_type_id AND t.program_id = g.program_id)`),
      ).toBe(0);
    });
  });
});

describe("demo analytics determinism", () => {
  const tables = ["hits", "orders", "variable_costs", "fixed_costs", "annotations", "seasonality_tags", "classifications", "data_sets"] as const;
  const fingerprint = async (parameters: DemoDataParameters) => {
    const demo = await plantDemo(parameters);
    try {
      const prints: Record<string, string> = {};
      for (const table of tables) {
        prints[table] = String(await demo.value(`SELECT count(*) || ':' || CAST(sum(hash(t)) AS VARCHAR) FROM ${table} t`));
      }
      const [range] = await demo.rows("SELECT CAST(min(hit_date) AS VARCHAR) AS first, CAST(max(hit_date) AS VARCHAR) AS last FROM hits");
      return { prints, range };
    } finally {
      await demo.close();
    }
  };

  it("plants the same rows for the same seed, scale and day; other rows for another seed; the period follows the day", async () => {
    const small = { seed: 3, scale: 0.05, today };
    const [first, second, otherSeed] = [await fingerprint(small), await fingerprint(small), await fingerprint({ ...small, seed: 4 })];
    expect(second).toEqual(first);
    expect(first.range).toEqual({ first: firstDay, last: lastDay });
    for (const table of ["hits", "orders", "variable_costs"] as const) expect(otherSeed.prints[table]).not.toBe(first.prints[table]);
    expect(otherSeed.prints["classifications"]).toBe(first.prints["classifications"]);
    const otherDay = generateDemoData({ ...small, today: "2025-01-15" }).analytics.traffic;
    expect([otherDay.firstDay, otherDay.days, new Date(otherDay.endsAt).toISOString()]).toEqual(["2023-12-12", 400, "2025-01-15T00:00:00.000Z"]);
  });

  it("grows traffic linearly with the scale", () => {
    const visitors = (scale: number) =>
      generateDemoData({ seed: 1, scale, today }).analytics.traffic.programs.reduce((n, p) => n + p.visitors, 0);
    expect(visitors(2)).toBeCloseTo(2 * visitors(1), -1);
    expect(visitors(0)).toBe(0);
  });
});

describe("demoScaleFrom", () => {
  it.each([
    [undefined, 1],
    ["", 1],
    ["bench", benchScale],
    [" BENCH ", benchScale],
    ["0.5", 0.5],
    ["3", 3],
    ["0", 0],
    ["-1", null],
    ["lots", null],
  ])("DEMO_SCALE=%j gives %j", (raw, scale) => {
    expect(demoScaleFrom(raw, 1)).toBe(scale);
  });
});
