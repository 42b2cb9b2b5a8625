import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CreatedWriteKey } from "../../src/domain/ingestion/writeKeys";
import { AdminProgramAnswer, AdminProgramList } from "../../src/domain/programs/programAdmin";
import { ProgramSettingsAnswer } from "../../src/domain/settings/programSettings";
import { ProgramList } from "../../src/domain/shell/program";
import { decoded, expectRefusal, openContractApp, strangerToken, type ContractApp } from "./contractApp";
import { signInAll, type Tokens } from "./accountSupport";

const programs = "/api/admin/programs";

const berlin = {
  name: "Acme Europe",
  code: "acme-eu",
  currency: "EUR",
  time_zone: "Europe/Berlin",
  attribution_model: "time_decay",
  lookback_days: 14,
};

/** One app for the file: the calls below run in order over it (create, edit, archive, unarchive). */
describe("programs as admins manage them (/api/admin/programs)", () => {
  let t: ContractApp;
  let tokens: Tokens;
  beforeAll(async () => {
    t = await openContractApp();
    tokens = await signInAll(t);
  });
  afterAll(() => t.close());

  const list = async () => decoded(await t.call("GET", programs, { token: tokens.admin }), AdminProgramList).data;
  const menu = async (token: string) => decoded(await t.call("GET", "/api/programs", { token }), ProgramList).data.map((p) => p.code);

  it.each([
    ["GET", programs, undefined],
    ["POST", programs, { ...berlin, code: "by-member" }],
    ["PATCH", `${programs}/northwind`, { name: "Renamed" }],
    ["POST", `${programs}/northwind/archive`, undefined],
    ["POST", `${programs}/northwind/unarchive`, undefined],
  ])("%s %s: 401 without a session, 403 to a member; nothing changes", async (method, path, json) => {
    const before = await list();
    expectRefusal(await t.call(method, path, { json }), 401, "unauthorized");
    expectRefusal(await t.call(method, path, { token: strangerToken, json }), 401, "unauthorized");
    const refused = expectRefusal(await t.call(method, path, { token: tokens.demo, json }), 403, "forbidden");
    expect(refused.message).toBe("You don't have access to admin resources.");
    expect(await list()).toEqual(before);
  });

  it("lists every program with its currency, time zone and settings (a program made before time zones reads its offset as one)", async () => {
    const found = await list();
    expect(found.map((p) => [p.code, p.currency, p.time_zone, p.archived])).toEqual([
      ["northwind", "GBP", "UTC", false],
      ["bluepeak", "USD", "Etc/GMT+5", false],
      ["lumen", "EUR", "Etc/GMT-1", false],
    ]);
    expect(found.find((p) => p.code === "bluepeak")?.attribution_model).toBe("position_based");
  });

  it.each([
    ["a blank name", { ...berlin, name: "   " }, "name"],
    ["a name over 100 characters", { ...berlin, name: "x".repeat(101) }, "name"],
    ["a code with capitals", { ...berlin, code: "Acme" }, "code"],
    ["a code with a space", { ...berlin, code: "acme eu" }, "code"],
    ["a one-letter code", { ...berlin, code: "a" }, "code"],
    ["a code over 40 characters", { ...berlin, code: "a".repeat(41) }, "code"],
    ["an unknown currency", { ...berlin, currency: "EURO" }, "currency"],
    ["a lower-case currency", { ...berlin, currency: "eur" }, "currency"],
    ["an unknown time zone", { ...berlin, time_zone: "Europe/Atlantis" }, "time_zone"],
    ["an unknown model", { ...berlin, attribution_model: "last_click" }, "attribution_model"],
    ["a lookback of 91 days", { ...berlin, lookback_days: 91 }, "lookback_days"],
    ["no code", { ...berlin, code: undefined }, "code"],
  ])("POST refuses %s with 400 naming the field, storing nothing", async (_, json, field) => {
    const refused = expectRefusal(await t.call("POST", programs, { token: tokens.admin, json }), 400, "invalid_body");
    expect(refused.message).toContain(field);
    expect((await list()).map((p) => p.code)).toEqual(["northwind", "bluepeak", "lumen"]);
  });

  it("POST creates a program (name trimmed) that the admin's program list and its settings show at once; its code is then taken", async () => {
    const created = decoded(
      await t.call("POST", programs, { token: tokens.admin, json: { ...berlin, name: "  Acme Europe " } }),
      AdminProgramAnswer,
    ).data;
    expect(created).toMatchObject({ ...berlin, archived: false });
    expect((await list()).map((p) => p.code)).toEqual(["northwind", "bluepeak", "lumen", "acme-eu"]);
    expect(await menu(tokens.admin)).toContain("acme-eu");
    expect(await menu(tokens.demo)).toEqual(["northwind", "bluepeak"]);
    const settings = decoded(await t.call("GET", "/api/programs/acme-eu/settings", { token: tokens.admin }), ProgramSettingsAnswer).data;
    expect(settings).toEqual({ attribution_model: "time_decay", lookback_days: 14, model_level: "taxonomy_1", markov_order: 1 });
    expectRefusal(await t.call("POST", programs, { token: tokens.admin, json: { ...berlin, name: "Other" } }), 409, "program_code_taken");
    expectRefusal(await t.call("POST", programs, { token: tokens.admin, json: { ...berlin, code: "northwind" } }), 409, "program_code_taken");
  });

  it("PATCH changes the fields sent, answers the same when sent again, and refuses bad fields and unknown codes", async () => {
    const change = { name: "Acme Zürich", currency: "CHF", time_zone: "Europe/Zurich", lookback_days: 30 };
    const first = decoded(await t.call("PATCH", `${programs}/acme-eu`, { token: tokens.admin, json: change }), AdminProgramAnswer).data;
    expect(first).toMatchObject({ ...change, code: "acme-eu", attribution_model: "time_decay" });
    const again = decoded(await t.call("PATCH", `${programs}/acme-eu`, { token: tokens.admin, json: change }), AdminProgramAnswer).data;
    expect(again).toEqual(first);
    // a data-driven model's level and order are kept with the program's settings
    const levelled = { model_level: "taxonomy_2", markov_order: 3 } as const;
    expect(decoded(await t.call("PATCH", `${programs}/acme-eu`, { token: tokens.admin, json: levelled }), AdminProgramAnswer).data).toMatchObject({
      ...change,
      ...levelled,
      attribution_model: "time_decay",
    });
    // The program scope (what every other call reads) has the new currency at once.
    const scoped = decoded(await t.call("GET", "/api/programs", { token: tokens.admin }), ProgramList).data.find((p) => p.code === "acme-eu");
    expect(scoped?.currency).toBe("CHF");
    expectRefusal(await t.call("PATCH", `${programs}/acme-eu`, { token: tokens.admin, json: { currency: "XYZ" } }), 400, "invalid_body");
    expectRefusal(await t.call("PATCH", `${programs}/acme-eu`, { token: tokens.admin, json: {} }), 400, "invalid_body");
    expectRefusal(await t.call("PATCH", `${programs}/nowhere`, { token: tokens.admin, json: { name: "X" } }), 404, "program_not_found");
    expect((await list()).find((p) => p.code === "acme-eu")).toEqual({ ...first, ...levelled });
  });

  it("archive hides a program from every list and refuses every call naming it; unarchive brings it back with its data", async () => {
    const notesBefore = await t.call("GET", "/api/programs/northwind/annotations", { token: tokens.demo });
    expect(notesBefore.status).toBe(200);
    const key = decoded(
      await t.call("POST", "/api/programs/northwind/write-keys", { token: tokens.admin, json: { kind: "secret" } }),
      CreatedWriteKey,
    ).data.key;
    const feed = { headers: { Authorization: `Bearer ${key}` }, json: { orders: [] } };
    expect((await t.call("POST", "/api/programs/northwind/orders", feed)).status).toBe(202);
    const archived = decoded(await t.call("POST", `${programs}/northwind/archive`, { token: tokens.admin }), AdminProgramAnswer).data;
    expect(archived.archived).toBe(true);
    decoded(await t.call("POST", `${programs}/northwind/archive`, { token: tokens.admin }), AdminProgramAnswer);
    expect(await menu(tokens.admin)).not.toContain("northwind");
    expect(await menu(tokens.demo)).toEqual(["bluepeak"]);
    expect((await list()).find((p) => p.code === "northwind")?.archived).toBe(true);
    for (const token of [tokens.admin, tokens.demo]) {
      const refused = expectRefusal(await t.call("GET", "/api/programs/northwind/annotations", { token }), 410, "program_archived");
      expect(refused.message).toBe("This program is archived.");
    }
    expectRefusal(await t.call("POST", "/api/programs/northwind/orders", feed), 410, "program_archived");
    // A non-member still cannot tell an archived program from one that is not theirs.
    expectRefusal(await t.call("GET", "/api/programs/northwind/annotations", { token: tokens.other }), 403, "forbidden");
    decoded(await t.call("POST", `${programs}/northwind/unarchive`, { token: tokens.admin }), AdminProgramAnswer);
    expect(await menu(tokens.demo)).toEqual(["northwind", "bluepeak"]);
    const notesAfter = await t.call("GET", "/api/programs/northwind/annotations", { token: tokens.demo });
    expect(notesAfter.json).toEqual(notesBefore.json);
    expectRefusal(await t.call("POST", `${programs}/nowhere/archive`, { token: tokens.admin }), 404, "program_not_found");
  });
});
