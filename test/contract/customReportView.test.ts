import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Created } from "../../src/domain/report/configuration";
import { noReportAccessMessage } from "../../src/domain/customReports/customReports";
import { TableResponse } from "../../src/domain/performance/performance";
import { createEngine } from "../../server/engine/createEngine";
import { silentLog } from "../../server/log";
import { decoded, expectRefusal, openContractApp, type ContractApp } from "./contractApp";
import { refusedToOutsiders, signInAll, type Tokens } from "./accountSupport";

/** The custom report tables (preview and view) over HTTP against northwind's demo facts. */

const reports = "/api/programs/northwind/reports";
const performance = "/api/programs/northwind/performance";
const range = "date_from=2025-05-01&date_to=2025-05-31";

type Rule = { readonly field: string; readonly operator: string; readonly value: string };

const preview = (level: string, rules?: ReadonlyArray<Rule>, extra = ""): string =>
  `${reports}/preview?${range}&level=${level}${rules === undefined ? "" : `&rules=${encodeURIComponent(JSON.stringify(rules))}`}${extra}`;

const cancelled: ReadonlyArray<Rule> = [{ field: "status", operator: "=", value: "cancelled" }];
const validOf = (customerType: string): ReadonlyArray<Rule> => [
  { field: "status", operator: "=", value: "valid" },
  { field: "customer_type", operator: "=", value: customerType },
];

let t: ContractApp;
let tokens: Tokens;

beforeAll(async () => {
  t = await openContractApp();
  // The contract app plants raw data only; northwind's facts are built here.
  await createEngine({ warehouse: t.warehouse, clock: t.clock.read, log: silentLog }).materialise(1);
  tokens = await signInAll(t);
});
afterAll(() => t.close());

const table = async (path: string, token: string = tokens.demo) => decoded(await t.call("GET", path, { token }), TableResponse);
const create = async (body: unknown, path = reports) =>
  decoded(await t.call("POST", path, { token: tokens.demo, json: body }), Created).data.id;
const keyOf = (row: { taxonomy_1?: string | undefined; taxonomy_2?: string | undefined }) => `${row.taxonomy_1}/${row.taxonomy_2}`;

describe("custom report preview", () => {
  it("without rules answers the default level table (valid orders)", async () => {
    const answer = await table(preview("taxonomy_1"));
    expect(answer.data.length).toBeGreaterThan(0);
    expect(answer.total).toBe(answer.data.length);
    expect(Object.keys(answer.column_headers)).toHaveLength(25);
    expect(answer).toEqual(await table(`${performance}/table/single/taxonomy_1?${range}`));
    expect(await table(preview("taxonomy_1", []))).toEqual(answer);
  });

  it("counts exactly the orders its rules choose (AND), at the report's level", async () => {
    const onlyCancelled = await table(preview("taxonomy_2", cancelled));
    expect(onlyCancelled.data.every((r) => r.taxonomy_2 !== undefined && r.taxonomy_3 === undefined)).toBe(true);
    const named = await table(`${performance}/named/cancelled/table/single/taxonomy_1?${range}`);
    expect(await table(preview("taxonomy_1", cancelled))).toEqual(named);
    expect(named.data.some((r) => r.attributed_sales > 0)).toBe(true);

    // valid AND new, plus valid AND returning, is the default table row by row.
    const all = await table(preview("taxonomy_2"));
    const newRows = await table(preview("taxonomy_2", validOf("new")));
    const returningRows = await table(preview("taxonomy_2", validOf("returning")));
    expect(await table(preview("taxonomy_1", validOf("new")))).toEqual(await table(`${performance}/named/new/table/single/taxonomy_1?${range}`));
    const byKey = (rows: TableResponse["data"]) => new Map(rows.map((r) => [keyOf(r), r]));
    const newByKey = byKey(newRows.data);
    const returningByKey = byKey(returningRows.data);
    let sales = 0;
    for (const row of all.data) {
      const parts = [newByKey.get(keyOf(row)), returningByKey.get(keyOf(row))];
      for (const field of ["attributed_sales", "attributed_revenue", "last_click_sales", "first_click_revenue"] as const) {
        expect(parts.reduce((sum, r) => sum + (r?.[field] ?? 0), 0)).toBeCloseTo(row[field], 6);
      }
      expect(parts.every((r) => r === undefined || r.clicks === row.clicks)).toBe(true);
      sales += row.attributed_sales;
    }
    expect(sales).toBeGreaterThan(0);
    expect(newRows.data.some((r) => r.attributed_sales > 0)).toBe(true);
    expect(returningRows.data.some((r) => r.attributed_sales > 0)).toBe(true);
  });

  it("rolls up: every level's rows sum to the same totals", async () => {
    const totals = await Promise.all(
      ["taxonomy_1", "taxonomy_2", "taxonomy_3", "taxonomy_4"].map(async (level) => {
        const rows = (await table(preview(level, cancelled))).data;
        return [rows.reduce((s, r) => s + r.clicks, 0), rows.reduce((s, r) => s + r.attributed_revenue, 0)];
      }),
    );
    for (const [clicks, revenue] of totals.slice(1)) {
      expect(clicks).toBe(totals[0]?.[0]);
      expect(revenue).toBeCloseTo(totals[0]?.[1] ?? NaN, 6);
    }
  });

  it.each([
    ["malformed rules JSON", `${reports}/preview?${range}&level=taxonomy_1&rules=${encodeURIComponent("[{]")}`],
    ["rules that are not a list", `${reports}/preview?${range}&level=taxonomy_1&rules=${encodeURIComponent('{"field":"status"}')}`],
    ["an unknown field", preview("taxonomy_1", [{ field: "taxonomy_1", operator: "=", value: "x" }])],
    ["an unknown operator", preview("taxonomy_1", [{ field: "status", operator: "contains", value: "valid" }])],
    ["a value the field cannot hold", preview("taxonomy_1", [{ field: "payment", operator: "=", value: "bitcoin" }])],
    ["more than 20 rules", preview("taxonomy_1", Array.from({ length: 21 }, () => cancelled[0] as Rule))],
    ["an unknown level", preview("taxonomy_5")],
    ["no level", `${reports}/preview?${range}`],
    ["no dates", `${reports}/preview?level=taxonomy_1`],
    ["a date that is not a calendar date", `${reports}/preview?date_from=2025-02-30&date_to=2025-03-01&level=taxonomy_1`],
    ["from after to", `${reports}/preview?date_from=2025-05-31&date_to=2025-05-01&level=taxonomy_1`],
    ["a range over 800 days", `${reports}/preview?date_from=2020-01-01&date_to=2025-01-01&level=taxonomy_1`],
  ])("refuses %s with 400 invalid_query", async (_, path) => {
    expectRefusal(await t.call("GET", path, { token: tokens.demo }), 400, "invalid_query");
  });

  it("reads injection-shaped text as text and changes nothing", async () => {
    const before = await table(preview("taxonomy_1", cancelled));
    const injected = encodeURIComponent("x'; DROP TABLE sales_facts; --");
    expect(await table(`${preview("taxonomy_1", cancelled)}&name=${injected}`)).toEqual(before);
    // A rule value outside the field's values is refused before any SQL runs.
    const sneaky = preview("taxonomy_1", [{ field: "status", operator: "=", value: "valid' OR '1'='1" }]);
    expectRefusal(await t.call("GET", sneaky, { token: tokens.demo }), 400, "invalid_query");
    const id = await create({ name: "x'); DELETE FROM custom_reports; --", level: "taxonomy_1", rules: cancelled });
    expect(await table(`${reports}/${id}/view?${range}`)).toEqual(before);
    expect(await table(preview("taxonomy_1", cancelled))).toEqual(before);
    expect(await table(preview("taxonomy_1"))).toEqual(await table(`${performance}/table/single/taxonomy_1?${range}`));
  });
});

describe("custom report view", () => {
  it("answers a saved report's table: its level, its rules", async () => {
    const id = await create({ name: "Cancelled by channel", level: "taxonomy_2", rules: cancelled });
    const view = await table(`${reports}/${id}/view?${range}`);
    expect(view).toEqual(await table(preview("taxonomy_2", cancelled)));
    expect(view.data.length).toBeGreaterThan(0);
    const returning = await create({ name: "Returning", level: "taxonomy_3", rules: validOf("returning") });
    expect(await table(`${reports}/${returning}/view?${range}`)).toEqual(await table(preview("taxonomy_3", validOf("returning"))));
    const plain = await create({ name: "Plain", level: "taxonomy_1", rules: [] });
    expect(await table(`${reports}/${plain}/view?${range}`)).toEqual(await table(`${performance}/table/single/taxonomy_1?${range}`));
  });

  it("answers 404 'You don't have access to this report' for a report the program does not have", async () => {
    const elsewhere = await create({ name: "Elsewhere", level: "taxonomy_1", rules: cancelled }, "/api/programs/bluepeak/reports");
    for (const id of [elsewhere, 99999, 0]) {
      const refusal = expectRefusal(await t.call("GET", `${reports}/${id}/view?${range}`, { token: tokens.demo }), 404, "report_not_found");
      expect(refusal.message).toBe(noReportAccessMessage);
    }
    expectRefusal(await t.call("GET", `${reports}/first/view?${range}`, { token: tokens.demo }), 400, "invalid_id");
    expectRefusal(await t.call("GET", `${reports}/${encodeURIComponent("1 OR 1=1")}/view?${range}`, { token: tokens.demo }), 400, "invalid_id");
  });

  it.each([
    ["no dates", ""],
    ["a bad date", "?date_from=2025-13-01&date_to=2025-05-31"],
    ["from after to", "?date_from=2025-05-31&date_to=2025-05-01"],
  ])("refuses %s with 400 invalid_query", async (_, query) => {
    const id = await create({ name: "Dates", level: "taxonomy_1", rules: cancelled });
    expectRefusal(await t.call("GET", `${reports}/${id}/view${query}`, { token: tokens.demo }), 400, "invalid_query");
  });
});

describe("access", () => {
  it("refuses outsiders and answers members and admins", async () => {
    const id = await create({ name: "Access", level: "taxonomy_1", rules: cancelled });
    for (const path of [preview("taxonomy_1", cancelled), `${reports}/${id}/view?${range}`]) {
      await refusedToOutsiders(t, tokens, "GET", path);
      const member = await table(path, tokens.demo);
      expect(await table(path, tokens.admin)).toEqual(member);
    }
  });
});
