import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEngine } from "../../server/engine/createEngine";
import { silentLog } from "../../server/log";
import { plantDemoData } from "../../server/seed/plantDemoData";
import { openClickHouseServerWarehouse } from "../../server/warehouse/clickhouse/clickhouseWarehouse";
import type { FactQuery } from "../../server/warehouse/engineQueries";
import type { Warehouse } from "../../server/warehouse/warehouse";
import { contractData, FakeClock, quickScryptCost } from "../contract/contractApp";
import { roundedAnswer } from "../support/roundedAnswer";
import { startClickHouseHttpShim, type ClickHouseHttpShim } from "../support/clickhouseHttpShim";
import { engineUnderTest, openFreshWarehouse } from "../warehouseUnderTest";

/**
 * The ClickHouse server path (`WAREHOUSE=clickhouse`: `@clickhouse/client` over HTTP) against a stand-in
 * server: an HTTP shim over chdb in a process of its own (test/support/clickhouseHttpShim.ts). It shows
 * what the HTTP path itself does (credentials, the database created and named on every request, query
 * parameters as `param_` values, inserts and the demo's Parquet stream as request bodies) and that the
 * answers equal the embedded engine's. What only a real server shows (grants, profiles, a cluster) is not
 * here. Runs on the ClickHouse pass of the suite only.
 */
const user = "analyst";
const password = "s3cret:with colon";
const database = "analytics_http";
const from = "2025-01-01";
const to = "2025-05-31";
const programs = contractData.programs.map((program) => program.id);
/** A value only a spend write below sends: it must travel as a parameter, never in a statement's text. */
const plantedTaxonomy = "Shim Planted Channel";

describe.runIf(engineUnderTest === "chdb")("the ClickHouse warehouse over HTTP, against a shim server over chdb", () => {
  let shim: ClickHouseHttpShim;
  let overHttp: Warehouse;
  let embedded: Warehouse;
  let folder: string;
  const clock = new FakeClock();

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), "clickhouse-http-"));
    shim = await startClickHouseHttpShim({ user, password, dataDir: join(folder, "data") });
    overHttp = await openClickHouseServerWarehouse({ url: shim.url, username: user, password, database, clock: clock.read });
    embedded = await openFreshWarehouse(clock.read);
    for (const warehouse of [overHttp, embedded]) {
      await plantDemoData(warehouse, contractData, quickScryptCost);
      await createEngine({ warehouse, clock: clock.read, log: silentLog }).materialiseAll();
    }
  });

  afterAll(async () => {
    await Promise.all([overHttp?.close(), embedded?.close()]);
    await shim?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  const same = async (http: Promise<unknown>, chdb: Promise<unknown>, label?: string): Promise<void> => {
    expect(roundedAnswer(await http), label).toEqual(roundedAnswer(await chdb));
  };

  it("creates the database, names it on every request and signs every request in", async () => {
    const requests = await shim.requests();
    expect(requests[0]?.statement).toBe(`CREATE DATABASE IF NOT EXISTS ${database}`);
    expect(requests.slice(1).every((request) => request.database === database)).toBe(true);
    expect(requests.some((request) => /FORMAT Parquet/i.test(request.statement)), "the demo's tables stream as Parquet").toBe(true);
  });

  it.each(programs)("answers program %i's tables, charts, funnel and journeys as the embedded engine does", async (programId) => {
    const queries: ReadonlyArray<FactQuery> = [
      { programId, from, to, prefix: [], groupLevel: 1, period: null, orders: [] },
      { programId, from, to, prefix: [], groupLevel: 2, period: "month", orders: [] },
      { programId, from, to, prefix: [], groupLevel: 4, period: null, orders: [{ field: "status", operator: "=", value: "valid" }] },
      { programId, from, to, prefix: [], groupLevel: 1, period: "day", orders: [], search: "a" },
    ];
    expect((await overHttp.reports.sums(queries[0]!)).length, "the program has facts to compare").toBeGreaterThan(0);
    expect((await overHttp.analysis.journeys({ programId, from, to, orders: [], search: {}, offset: 0, limit: 1, sortBy: "conversion_date", direction: "desc" })).total).toBeGreaterThan(0);
    for (const query of queries) await same(overHttp.reports.sums(query), embedded.reports.sums(query), JSON.stringify(query));
    await same(overHttp.reports.taxonomies(programId, from, to, [], 4), embedded.reports.taxonomies(programId, from, to, [], 4));
    const funnel = { programId, from, to, prefix: [], level: 2, orders: [] } as const;
    await same(overHttp.analysis.funnel(funnel, false), embedded.analysis.funnel(funnel, false));
    const journeys = { programId, from, to, orders: [], search: {}, offset: 0, limit: 50, sortBy: "conversion_date", direction: "desc" } as const;
    await same(overHttp.analysis.journeys(journeys), embedded.analysis.journeys(journeys));
    await same(overHttp.costs.fixedInRange(programId, null), embedded.costs.fixedInRange(programId, null));
    await same(overHttp.programs.all(), embedded.programs.all());
  });

  it("writes spend as the embedded engine does, with every value a parameter", async () => {
    const programId = programs[0]!;
    const values = { taxonomy_1: plantedTaxonomy, cost: 12.5, date: "2025-03-04", cost_link: "" };
    const ids = await Promise.all([overHttp.costs.addVariable(programId, values), embedded.costs.addVariable(programId, values)]);
    expect(ids[0]).toBe(ids[1]);
    const range = { from, to };
    await same(overHttp.costs.variableInRange(programId, range), embedded.costs.variableInRange(programId, range));
    const requests = await shim.requests();
    expect(requests.some((request) => request.statement.includes(plantedTaxonomy)), "a value in a statement's text").toBe(false);
    expect(requests.some((request) => Object.values(request.parameters).includes(plantedTaxonomy)), "the value as a parameter").toBe(true);
  });

  it("refuses to open with a wrong password, saying the server refused the sign-in", async () => {
    await expect(
      openClickHouseServerWarehouse({ url: shim.url, username: user, password: "wrong", database, clock: clock.read }),
    ).rejects.toThrow(/Authentication failed/);
  });

  it("refuses a database name that is not an identifier before sending anything", async () => {
    const before = (await shim.requests()).length;
    await expect(
      openClickHouseServerWarehouse({ url: shim.url, username: user, password, database: "analytics; DROP DATABASE x", clock: clock.read }),
    ).rejects.toThrow("Not a database name: analytics; DROP DATABASE x");
    expect((await shim.requests()).length).toBe(before);
  });
});
