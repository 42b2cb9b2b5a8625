import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Ok } from "../../src/domain/access/auth";
import { Created } from "../../src/domain/report/configuration";
import { AnnotationList } from "../../src/domain/performance/annotations";
import { CustomReportList } from "../../src/domain/customReports/customReports";
import { SeasonalityList } from "../../src/domain/seasonality/seasonality";
import { reportsPerPerson } from "../../server/routes/configurationRequests";
import { decoded, expectRefusal, openContractApp, type ContractApp } from "./contractApp";
import { signInAll, type Tokens } from "./accountSupport";

/**
 * Who may change what (issue 25, item 5): a program's shared objects (custom reports,
 * seasonality types, campaign notes) are deleted only by their author or an admin; a member
 * asking to delete another's object is refused 403 and the object stays. A custom report's
 * meta and each person's number of reports in a program are bounded.
 */

const program = "/api/programs/northwind";
const range = "date_from=2033-01-01&date_to=2033-12-31";

interface SharedObject {
  readonly name: string;
  /** Creates one as the token's person; answers its id. */
  readonly create: (t: ContractApp, token: string, n: number) => Promise<number>;
  readonly path: (id: number) => string;
  /** The ids the program lists. */
  readonly ids: (t: ContractApp, token: string) => Promise<ReadonlyArray<number>>;
  /** The `error` of its 404. */
  readonly notFound: string;
}

const objects: ReadonlyArray<SharedObject> = [
  {
    name: "custom report",
    create: async (t, token, n) =>
      decoded(await t.call("POST", `${program}/reports`, { token, json: { name: `Authored report ${n}`, level: "taxonomy_1", rules: [] } }), Created).data.id,
    path: (id) => `${program}/reports/${id}`,
    notFound: "report_not_found",
    ids: async (t, token) => decoded(await t.call("GET", `${program}/reports`, { token }), CustomReportList).data.map((r) => r.id),
  },
  {
    name: "seasonality type",
    create: async (t, token, n) => decoded(await t.call("POST", `${program}/seasonality/types`, { token, json: { name: `Authored season ${n}` } }), Created).data.id,
    path: (id) => `${program}/seasonality/types/${id}`,
    notFound: "not_found",
    ids: async (t, token) => decoded(await t.call("GET", `${program}/seasonality?${range}`, { token }), SeasonalityList).data.map((s) => s.id),
  },
  {
    name: "campaign note",
    create: async (t, token, n) =>
      decoded(await t.call("POST", `${program}/annotations`, { token, json: { date: "2033-03-01", colour: "#36e7a6", text: `Authored note ${n}` } }), Created).data.id,
    path: (id) => `${program}/annotations/${id}`,
    notFound: "not_found",
    ids: async (t, token) => decoded(await t.call("GET", `${program}/annotations?${range}`, { token }), AnnotationList).data.map((a) => a.id),
  },
];

describe("shared objects: only their author or an admin may delete them", () => {
  let t: ContractApp;
  let tokens: Tokens;
  let made = 0;
  beforeAll(async () => {
    t = await openContractApp();
    tokens = await signInAll(t);
  });
  afterAll(() => t.close());

  describe.each(objects)("a $name", (object) => {
    it("a member is refused 403 on an admin's, which stays", async () => {
      const id = await object.create(t, tokens.admin, made++);
      const refusal = expectRefusal(await t.call("DELETE", object.path(id), { token: tokens.demo }), 403, "forbidden");
      expect(refusal.message).toBe("Only its author or an admin may change or delete this.");
      expect(await object.ids(t, tokens.demo)).toContain(id);
    });

    it("its author may delete it", async () => {
      const id = await object.create(t, tokens.demo, made++);
      decoded(await t.call("DELETE", object.path(id), { token: tokens.demo }), Ok);
      expect(await object.ids(t, tokens.demo)).not.toContain(id);
    });

    it("an admin may delete a member's", async () => {
      const id = await object.create(t, tokens.demo, made++);
      decoded(await t.call("DELETE", object.path(id), { token: tokens.admin }), Ok);
      expect(await object.ids(t, tokens.admin)).not.toContain(id);
    });

    it("an id the program does not hold is still 404 for a member", async () => {
      expectRefusal(await t.call("DELETE", object.path(2_000_000_000), { token: tokens.demo }), 404, object.notFound);
    });
  });
});

describe("custom reports are bounded", () => {
  let t: ContractApp;
  let tokens: Tokens;
  beforeAll(async () => {
    t = await openContractApp();
    tokens = await signInAll(t);
  });
  afterAll(() => t.close());

  const create = (token: string, name: string, meta?: unknown) =>
    t.call("POST", `${program}/reports`, { token, json: { name, level: "taxonomy_1", rules: [], ...(meta === undefined ? {} : { meta }) } });

  it("refuses a meta beyond its schema's bounds (about 10 KB of JSON) with 400 and stores nothing", async () => {
    const before = decoded(await t.call("GET", `${program}/reports`, { token: tokens.admin }), CustomReportList).data.length;
    const columns = Array.from({ length: 101 }, (_, i) => `column ${i}`);
    expectRefusal(await create(tokens.admin, "Too many columns", { excludedColumns: columns }), 400, "invalid_body");
    expectRefusal(await create(tokens.admin, "Too long a name", { validName: "x".repeat(101) }), 400, "invalid_body");
    expect(decoded(await t.call("GET", `${program}/reports`, { token: tokens.admin }), CustomReportList).data).toHaveLength(before);
    decoded(await create(tokens.admin, "The most meta", { validName: "v".repeat(100), cancelledName: "c".repeat(100), excludedColumns: columns.slice(0, 100).map((c) => c.padEnd(100, ".")) }), Created);
  });

  it(`refuses a person's report beyond ${reportsPerPerson} in a program with 409; another person may still save`, async () => {
    // The member has saved none yet here (the demo's planted reports have no recorded author).
    const mine = async (): Promise<number> =>
      decoded(await t.call("GET", `${program}/reports`, { token: tokens.demo }), CustomReportList).data.filter((r) => r.name.startsWith("Counted ")).length;
    for (let i = 0; i < reportsPerPerson; i++) decoded(await create(tokens.demo, `Counted ${i}`), Created);
    expect(await mine()).toBe(reportsPerPerson);
    expectRefusal(await create(tokens.demo, "One too many"), 409, "too_many_reports");
    expect(await mine()).toBe(reportsPerPerson);
    decoded(await create(tokens.admin, "The admin's own"), Created);
  });
});
