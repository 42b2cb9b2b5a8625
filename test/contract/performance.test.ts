import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Schema } from "effect";
import type { Classification } from "../../src/domain/classification/classification";
import { metricDefinitions, metricNames, searchMetricNames } from "../../src/domain/report/metrics";
import {
  ChartResponse,
  MultiChartResponse,
  TableResponse,
  TaxonomiesResponse,
} from "../../src/domain/performance/performance";
import { createEngine } from "../../server/engine/createEngine";
import { silentLog } from "../../server/log";
import type { HitRow, OrderRow } from "../../server/warehouse/engineQueries";
import { decoded, expectRefusal, openContractApp, type ContractApp } from "./contractApp";

/**
 * The performance calls over HTTP: every route decoded with the shared Schemas, the
 * access matrix, bad input, and taxonomy names that look like SQL, LIKE patterns, path
 * separators and spreadsheet formulas. The data live in a program of their own
 * ('enginecheck', demo is a member, other is not) so the demo data do not matter.
 */

const program = { id: 990, code: "enginecheck", name: "Engine Check", currency: "GBP", utc_offset: "+00:00", locale: "en-GB" };
const demoUserId = 1;

/** Names a report must carry through paths, SQL and CSV unharmed. */
const odd = {
  channel: "100% a/b & 'c' Zürich",
  formula: "=SUM(A1)",
  at: "@at/slash%",
  minus: "-minus",
};

const tree: Classification = {
  data: [
    {
      id: 1,
      title: odd.channel,
      joinType: "and",
      rules: [{ id: 1, field: "source", matchType: "contains", expectedValue: "odd-source" }],
      extracts: [
        { id: 1, field: "content", mappedTo: "tax3" },
        { id: 2, field: "term", mappedTo: "tax4" },
      ],
      execution_order: 1,
      children: [
        {
          id: 2,
          title: odd.formula,
          joinType: "and",
          rules: [{ id: 2, field: "campaign", matchType: "contains", expectedValue: "formula" }],
          extracts: [],
          execution_order: 1,
        },
      ],
    },
    { id: 3, title: "Plain", joinType: "and", rules: [{ id: 3, field: "source", matchType: "contains", expectedValue: "plain" }], extracts: [], execution_order: 2, children: [] },
  ],
};

const at = (iso: string): number => Date.parse(`${iso}Z`);
const hit = (n: number, visitorId: string, iso: string, source: string): HitRow => ({
  programId: program.id,
  hitId: 9_000_000_000 + n,
  visitorId,
  ts: at(iso),
  hitDate: iso.slice(0, 10),
  eventType: "click",
  source,
  campaign: "formula-1",
  content: odd.at,
  term: odd.minus,
});
const hits: HitRow[] = [
  hit(1, "a", "2025-03-03T10:00:00", "odd-source"),
  hit(2, "a", "2025-03-04T10:00:00", "plain"),
  hit(3, "b", "2025-03-10T10:00:00", "odd-source"),
  hit(4, "c", "2025-03-11T10:00:00", "unknown"),
];
const order = (orderId: string, visitorId: string, iso: string, status: string, customerType: string): OrderRow => ({
  programId: program.id,
  orderId,
  visitorId,
  ts: at(iso),
  orderDate: iso.slice(0, 10),
  amount: 50,
  status,
  customerType,
  payment: "cash",
});
const orders: OrderRow[] = [
  order("E1", "a", "2025-03-05T10:00:00", "valid", "new"),
  order("E2", "b", "2025-03-12T10:00:00", "valid", "returning"),
  order("E3", "b", "2025-03-13T10:00:00", "cancelled", "new"),
  order("E4", "z", "2025-03-14T10:00:00", "valid", "new"),
];

/** A second program whose figures do not come out even: 1 sale in 3 clicks, revenue 0.1 + 0.2 (the CSV's rounding). */
const uneven = { id: 991, code: "unevencheck", name: "Uneven Check", currency: "GBP", utc_offset: "+00:00", locale: "en-GB" };
const unevenHits: HitRow[] = ["u1", "u2", "u3"].map((visitorId, i) => ({ ...hit(10 + i, visitorId, `2025-03-0${i + 3}T10:00:00`, "plain"), programId: uneven.id }));
const unevenOrders: OrderRow[] = [
  { ...order("U1", "u1", "2025-03-06T10:00:00", "valid", "new"), programId: uneven.id, amount: 0.1 },
  { ...order("U2", "u1", "2025-03-07T10:00:00", "valid", "returning"), programId: uneven.id, amount: 0.2 },
];

const dates = "date_from=2025-03-01&date_to=2025-03-31";
const base = `/api/programs/${program.code}/performance`;
const e = encodeURIComponent;
const [c1, c2, c3, c4] = [e(odd.channel), e(odd.formula), e(odd.at), e(odd.minus)];

let t: ContractApp;
let demo: string;
let other: string;
let admin: string;

beforeAll(async () => {
  t = await openContractApp();
  await t.warehouse.demoData.load({
    programs: [program, uneven],
    users: [],
    memberships: [
      { programId: program.id, userId: demoUserId },
      { programId: uneven.id, userId: demoUserId },
    ],
    messages: [],
  });
  await t.warehouse.attribution.append({
    hits,
    orders,
    classifications: [{ programId: program.id, tree: JSON.stringify(tree), savedAt: 0 }],
    dataSets: [{ id: 1, programId: program.id, tag: "cash", rule: { field: "payment", operator: "=", value: "cash" } }],
  });
  await t.warehouse.attribution.append({
    hits: unevenHits,
    orders: unevenOrders,
    classifications: [{ programId: uneven.id, tree: JSON.stringify(tree), savedAt: 0 }],
    dataSets: [],
  });
  const engine = createEngine({ warehouse: t.warehouse, clock: t.clock.read, log: silentLog });
  await engine.materialise(program.id);
  await engine.materialise(uneven.id);
  [demo, other, admin] = [await t.signIn("demo"), await t.signIn("other"), await t.signIn("admin")];
});
afterAll(() => t.close());

const get = (path: string, token: string = demo) => t.call("GET", `${base}${path}`, { token });

describe("performance routes answer the shared Schemas", () => {
  it("level tables 1 to 4, with odd names through the path", async () => {
    const one = decoded(await get(`/table/single/taxonomy_1?${dates}`), TableResponse);
    expect(one.data.map((r) => r.taxonomy_1)).toEqual([odd.channel, "Direct", "Plain", "None"]); // '1' sorts before letters; None last
    expect(one.total).toBe(4);
    expect(Object.keys(one.column_headers)).toEqual([...metricNames]);
    expect(one.column_headers["clicks"]).toBe("Page Lands");
    expect(one.column_headers["sales_including"]).toBe("Sales Involved");

    const two = decoded(await get(`/table/single/taxonomy_1/${c1}/taxonomy_2?${dates}`), TableResponse);
    expect(two.data.map((r) => [r.taxonomy_1, r.taxonomy_2])).toEqual([[odd.channel, odd.formula]]);
    expect(two.data[0]?.clicks).toBe(2);
    const three = decoded(await get(`/table/single/taxonomy_1/${c1}/taxonomy_2/${c2}/taxonomy_3?${dates}`), TableResponse);
    expect(three.data.map((r) => r.taxonomy_3)).toEqual([odd.at]);
    const four = decoded(await get(`/table/single/taxonomy_1/${c1}/taxonomy_2/${c2}/taxonomy_3/${c3}/taxonomy_4?${dates}`), TableResponse);
    expect(four.data.map((r) => r.taxonomy_4)).toEqual([odd.minus]);
    expect(four.data[0]?.first_click_sales).toBe(2); // E1 (a: odd, plain), E2 (b: odd)
  });

  it("single charts at every depth, by day, week and month", async () => {
    const paths = ["", `/taxonomy_1/${c1}`, `/taxonomy_1/${c1}/taxonomy_2/${c2}`, `/taxonomy_1/${c1}/taxonomy_2/${c2}/taxonomy_3/${c3}`, `/taxonomy_1/${c1}/taxonomy_2/${c2}/taxonomy_3/${c3}/taxonomy_4/${c4}`];
    for (const path of paths) {
      const daily = decoded(await get(`/chart/single${path}?${dates}&interval=day`), ChartResponse);
      expect(daily.data).toHaveLength(31);
      expect(daily.data[0]?.conversion_date).toBe("2025-03-01");
    }
    const weekly = decoded(await get(`/chart/single/taxonomy_1/${c1}?${dates}&interval=week`), ChartResponse);
    expect(weekly.data.map((r) => r.conversion_date)).toEqual(["2025-02-24", "2025-03-03", "2025-03-10", "2025-03-17", "2025-03-24", "2025-03-31"]);
    expect(weekly.data.map((r) => r.clicks)).toEqual([0, 1, 1, 0, 0, 0]);
    const monthly = decoded(await get(`/chart/single?${dates}&interval=month`), ChartResponse);
    expect(monthly.data.map((r) => [r.conversion_date, r.clicks, r.first_click_sales])).toEqual([["2025-03-01", 4, 3]]);
    const defaulted = decoded(await get(`/chart/single?${dates}`), ChartResponse);
    expect(defaulted.data).toHaveLength(31);
  });

  it("multi charts: one series per value, with children below level 4", async () => {
    const one = decoded(await get(`/chart/multi/taxonomy_1?${dates}&interval=week`), MultiChartResponse);
    expect(one.data.map((s) => s.name)).toEqual([odd.channel, "Direct", "Plain", "None"]);
    expect(one.data.find((s) => s.name === odd.channel)?.children).toEqual([odd.formula]);
    expect(one.data[0]?.data.every((r) => r.conversion_date !== undefined)).toBe(true);
    const four = decoded(await get(`/chart/multi/taxonomy_1/${c1}/taxonomy_2/${c2}/taxonomy_3/${c3}/taxonomy_4?${dates}`), MultiChartResponse);
    expect(four.data.map((s) => [s.name, s.children])).toEqual([[odd.minus, undefined]]);
    decoded(await get(`/chart/multi/taxonomy_1/${c1}/taxonomy_2?${dates}`), MultiChartResponse);
    decoded(await get(`/chart/multi/taxonomy_1/${c1}/taxonomy_2/${c2}/taxonomy_3?${dates}`), MultiChartResponse);
  });

  it("named filters and data sets; unknown names are 404", async () => {
    const count = async (name: string) =>
      decoded(await get(`/named/${e(name)}/table/single/taxonomy_1?${dates}`), TableResponse).data.reduce((n, r) => n + r.first_click_sales, 0);
    expect(await count("new")).toBe(2); // E1, E4
    expect(await count("returning")).toBe(1); // E2
    expect(await count("valid")).toBe(3);
    expect(await count("cancelled")).toBe(1); // E3
    expect(await count("cash")).toBe(4); // the registered data set: every order pays cash
    decoded(await get(`/named/new/table/single/taxonomy_1/${c1}/taxonomy_2?${dates}`), TableResponse);
    decoded(await get(`/named/returning/chart/single/taxonomy_1/${c1}?${dates}&interval=week`), ChartResponse);
    decoded(await get(`/named/cancelled/chart/multi/taxonomy_1?${dates}`), MultiChartResponse);
    expectRefusal(await get(`/named/nobody/table/single/taxonomy_1?${dates}`), 404, "named_filter_not_found");
    expectRefusal(await get(`/named/${e("'; DROP TABLE hits; --")}/chart/single?${dates}`), 404, "named_filter_not_found");
  });

  it("meta daily and grouped with one filter", async () => {
    const meta = e(JSON.stringify([{ field: "status", operator: "=", value: "cancelled" }]));
    const grouped = decoded(await get(`/meta/grouped/taxonomy_1?${dates}&meta=${meta}`), TableResponse);
    expect(grouped.data.reduce((n, r) => n + r.last_click_sales, 0)).toBe(1);
    const daily = decoded(await get(`/meta/daily/taxonomy_1/${c1}/taxonomy_2?${dates}&meta=${meta}`), ChartResponse);
    expect(daily.data.map((r) => [r.taxonomy_2, r.conversion_date])).toEqual([
      [odd.formula, "2025-03-03"],
      [odd.formula, "2025-03-10"],
      [odd.formula, "2025-03-13"],
    ]);
    const notNew = e(JSON.stringify([{ field: "customer_type", operator: "!=", value: "new" }]));
    decoded(await get(`/meta/grouped/taxonomy_1/${c1}/taxonomy_2/${c2}/taxonomy_3/${c3}/taxonomy_4?${dates}&meta=${notNew}`), TableResponse);
  });

  it("search: level-4 rows, 23 columns offered", async () => {
    const found = decoded(await get(`/search?${dates}&query=${e("SUM(")}`), TableResponse);
    expect(found.data.map((r) => [r.taxonomy_1, r.taxonomy_2, r.taxonomy_3, r.taxonomy_4])).toEqual([[odd.channel, odd.formula, odd.at, odd.minus]]);
    expect(found.total).toBe(1);
    expect(Object.keys(found.column_headers)).toEqual([...searchMetricNames]);
    expect(decoded(await get(`/search?${dates}&query=${e("%")}`), TableResponse).total).toBe(1); // '%' is in odd.channel and odd.at
    expect(decoded(await get(`/search?${dates}&query=_`), TableResponse).total).toBe(0);
  });

  it("taxonomies: distinct paths with traffic or sales", async () => {
    const paths = decoded(await get(`/taxonomies?${dates}`), TaxonomiesResponse);
    expect(paths.data).toEqual([
      { taxonomy_1: odd.channel, taxonomy_2: odd.formula, taxonomy_3: odd.at, taxonomy_4: odd.minus },
      { taxonomy_1: "Direct", taxonomy_2: "None", taxonomy_3: "None", taxonomy_4: "None" },
      { taxonomy_1: "Plain", taxonomy_2: "None", taxonomy_3: "None", taxonomy_4: "None" },
      { taxonomy_1: "None", taxonomy_2: "None", taxonomy_3: "None", taxonomy_4: "None" },
    ]);
  });

  it("CSV: labels, formula-safe text, plain numbers, file names", async () => {
    const overview = await get(`/table/csv?${dates}`);
    expect(overview.status).toBe(200);
    expect(overview.headers.get("Content-Type")).toMatch(/^text\/csv/);
    expect(overview.headers.get("Content-Disposition")).toContain('filename="overview.csv"');
    const [header, ...lines] = overview.text.trim().split("\r\n");
    expect(header).toBe(["Taxonomy 1", ...metricNames.map((m) => metricDefinitions[m].label)].join(","));
    expect(lines).toHaveLength(4);
    expect(lines[0]?.startsWith(`100% a/b & 'c' Zürich,0,0,0,2,`)).toBe(true);

    const deep = await get(`/table/csv/taxonomy_1/${c1}/taxonomy_2/${c2}/taxonomy_3/${c3}/taxonomy_4?${dates}`);
    expect(deep.headers.get("Content-Disposition")).toContain(`filename*=UTF-8''${e(`${odd.channel}_${odd.formula}_${odd.at}.csv`).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`)}`);
    const row = deep.text.trim().split("\r\n")[1] ?? "";
    expect(row.startsWith(`100% a/b & 'c' Zürich,'=SUM(A1),'@at/slash%,'-minus,`)).toBe(true);
    const two = await get(`/table/csv/taxonomy_1/${c1}?${dates}`);
    expect(two.text.split("\r\n")[0]?.startsWith("Taxonomy 1,Taxonomy 2,")).toBe(true);
    const three = await get(`/table/csv/taxonomy_1/${c1}/taxonomy_2/${c2}?${dates}`);
    expect(three.text.split("\r\n")[1]?.startsWith(`100% a/b & 'c' Zürich,'=SUM(A1),'@at/slash%,`)).toBe(true);
  });

  it("CSV numbers: each metric rounded to its display decimals as the screen rounds it, unquoted; rates and percents as fractions, as the device's exports write them", async () => {
    const unevenBase = `/api/programs/${uneven.code}/performance`;
    const table = decoded(await t.call("GET", `${unevenBase}/table/single/taxonomy_1?${dates}`, { token: demo }), TableResponse);
    const [, ...lines] = (await t.call("GET", `${unevenBase}/table/csv?${dates}`, { token: demo })).text.trim().split("\r\n");
    const fields = lines.map((line) => line.split(",").slice(-metricNames.length));
    expect(fields).toHaveLength(table.data.length);
    // The table's values carry more places than shown (1/3 of a sale, ratios): the CSV must not.
    const places = (n: number) => (String(n).split(".")[1] ?? "").length;
    expect(table.data.some((row) => metricNames.some((m) => places(row[m]) > metricDefinitions[m].decimals))).toBe(true);
    table.data.forEach((row, r) => {
      metricNames.forEach((m, c) => {
        const field = fields[r]?.[c] ?? "";
        const decimals = metricDefinitions[m].decimals;
        // A conversion rate of 5.61 (%) is written 0.0561: the two places of the percent kept.
        const divisor = metricDefinitions[m].exportDivisor;
        const places = decimals + (divisor === 100 ? 2 : 0);
        expect(field, `${m} of ${row.taxonomy_1}`).toMatch(places === 0 ? /^-?\d+$/ : new RegExp(`^-?\\d+(\\.\\d{1,${places}})?$`));
        const screen = new Intl.NumberFormat("en", { minimumFractionDigits: decimals, maximumFractionDigits: decimals, useGrouping: false });
        expect(Number(field), `${m} of ${row.taxonomy_1}`).toBe(Number((Number(screen.format(row[m])) / divisor).toFixed(places)) + 0);
      });
    });
  });
});

describe("access", () => {
  const paths = [
    `/table/single/taxonomy_1?${dates}`,
    `/chart/single?${dates}`,
    `/chart/multi/taxonomy_1?${dates}`,
    `/named/new/table/single/taxonomy_1?${dates}`,
    `/search?${dates}&query=a`,
    `/taxonomies?${dates}`,
    `/table/csv?${dates}`,
    `/meta/grouped/taxonomy_1?${dates}&meta=${e(JSON.stringify([{ field: "payment", operator: "=", value: "cash" }]))}`,
  ];
  it.each(paths)("%s: anonymous 401, member 200, non-member 403, admin 200", async (path) => {
    expectRefusal(await t.call("GET", `${base}${path}`), 401, "unauthorized");
    expect((await get(path, demo)).status).toBe(200);
    expectRefusal(await get(path, other), 403, "forbidden");
    expect((await get(path, admin)).status).toBe(200);
  });
});

describe("bad input is 400, never 500", () => {
  const meta = (value: unknown) => `&meta=${e(typeof value === "string" ? value : JSON.stringify(value))}`;
  it.each([
    ["no dates", `/table/single/taxonomy_1`],
    ["no date_to", `/table/single/taxonomy_1?date_from=2025-03-01`],
    ["not a date", `/table/single/taxonomy_1?date_from=2025-02-30&date_to=2025-03-01`],
    ["not ISO", `/table/single/taxonomy_1?date_from=01/03/2025&date_to=2025-03-01`],
    ["reversed", `/table/single/taxonomy_1?date_from=2025-03-02&date_to=2025-03-01`],
    ["longer than 800 days", `/chart/single?date_from=2023-01-01&date_to=2025-03-11`],
    ["unknown interval", `/chart/single?${dates}&interval=year`],
    ["unknown interval, multi", `/chart/multi/taxonomy_1?${dates}&interval=hour`],
    ["meta missing", `/meta/grouped/taxonomy_1?${dates}`],
    ["meta not JSON", `/meta/grouped/taxonomy_1?${dates}${meta("[{field")}`],
    ["meta not a list", `/meta/daily/taxonomy_1?${dates}${meta({ field: "status", operator: "=", value: "valid" })}`],
    ["meta of two filters", `/meta/daily/taxonomy_1?${dates}${meta([{ field: "status", operator: "=", value: "valid" }, { field: "payment", operator: "=", value: "cash" }])}`],
    ["meta unknown field", `/meta/grouped/taxonomy_1?${dates}${meta([{ field: "amount", operator: "=", value: "1" }])}`],
    ["meta unknown operator", `/meta/grouped/taxonomy_1?${dates}${meta([{ field: "status", operator: "LIKE", value: "%" }])}`],
    ["empty search", `/search?${dates}&query=`],
    ["bad dates on csv", `/table/csv?date_from=x&date_to=y`],
    ["bad dates on taxonomies", `/taxonomies?date_from=2025-03-01`],
  ])("%s", async (_, path) => {
    expectRefusal(await get(path), 400, "invalid_query");
  });

  it("the range may be exactly 800 days", async () => {
    expect((await get(`/chart/single?date_from=2023-01-01&date_to=2025-03-10&interval=month`)).status).toBe(200);
  });

  it("an unknown meta mode is 404", async () => {
    expectRefusal(await get(`/meta/hourly/taxonomy_1?${dates}`), 404, "not_found");
  });
});

describe("injection-shaped and pattern-shaped taxonomy values", () => {
  it.each(["'; DROP TABLE hits; --", "%", "_", "/", "a/../../b", "None' OR '1'='1", "2025-03-01", "1"])("%s: 200, empty, and nothing changes", async (value) => {
    const before = await t.warehouse.attribution.classifiedHits(program.id);
    const v = e(value);
    for (const path of [
      `/table/single/taxonomy_1/${v}/taxonomy_2?${dates}`,
      `/table/single/taxonomy_1/${v}/taxonomy_2/${v}/taxonomy_3?${dates}`,
      `/table/single/taxonomy_1/${c1}/taxonomy_2/${v}/taxonomy_3/${v}/taxonomy_4?${dates}`,
      `/chart/single/taxonomy_1/${v}?${dates}`,
      `/chart/multi/taxonomy_1/${v}/taxonomy_2?${dates}`,
      `/table/csv/taxonomy_1/${v}?${dates}`,
    ]) {
      const answer = await get(path);
      expect(answer.status, path).toBe(200);
      if (!path.includes("/csv/")) expect((Schema.decodeUnknownSync(Schema.Struct({ data: Schema.Array(Schema.Unknown) }))(answer.json)).data).toEqual([]);
    }
    expect(await t.warehouse.attribution.classifiedHits(program.id)).toEqual(before);
    expect(decoded(await get(`/table/single/taxonomy_1?${dates}`), TableResponse).total).toBe(4);
  });
});
