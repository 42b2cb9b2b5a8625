import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MessageList } from "../../src/domain/shell/message";
import { ProgramList } from "../../src/domain/shell/program";
import { decoded, expectRefusal, openContractApp, strangerToken, type ContractApp } from "./contractApp";

describe("GET /api/programs", () => {
  let t: ContractApp;
  beforeAll(async () => {
    t = await openContractApp();
  });
  afterAll(() => t.close());

  it("answers 401 to anonymous calls and unknown tokens", async () => {
    expectRefusal(await t.call("GET", "/api/programs"), 401, "unauthorized");
    expectRefusal(await t.call("GET", "/api/programs", { token: strangerToken }), 401, "unauthorized");
  });

  it.each([
    ["demo", ["northwind", "bluepeak"]],
    ["other", ["lumen"]],
    ["admin", ["northwind", "bluepeak", "lumen"]],
  ])("lists the programs %s may open", async (username, codes) => {
    const list = decoded(await t.call("GET", "/api/programs", { token: await t.signIn(username) }), ProgramList);
    expect(list.data.map((p) => p.code)).toEqual(codes);
    expect(new Set(list.data.map((p) => p.currency)).size).toBe(codes.length);
  });
});

describe("GET /api/programs/{program}/messages", () => {
  let t: ContractApp;
  let demo: string;
  let other: string;
  let admin: string;
  beforeAll(async () => {
    t = await openContractApp();
    [demo, other, admin] = await Promise.all([t.signIn("demo"), t.signIn("other"), t.signIn("admin")]);
  });
  afterAll(() => t.close());

  it("answers 401 to anonymous calls and unknown tokens", async () => {
    expectRefusal(await t.call("GET", "/api/programs/northwind/messages"), 401, "unauthorized");
    expectRefusal(await t.call("GET", "/api/programs/northwind/messages", { token: strangerToken }), 401, "unauthorized");
  });

  it("answers a member the program's messages", async () => {
    const list = decoded(await t.call("GET", "/api/programs/northwind/messages", { token: demo }), MessageList);
    expect(list.data).toHaveLength(2);
    expect(list.data.every((m) => typeof m.meta.type === "string")).toBe(true);
  });

  it("answers 403 to a non-member", async () => {
    expectRefusal(await t.call("GET", "/api/programs/lumen/messages", { token: demo }), 403, "forbidden");
    expectRefusal(await t.call("GET", "/api/programs/northwind/messages", { token: other }), 403, "forbidden");
  });

  it("answers an admin any program's messages", async () => {
    const list = decoded(await t.call("GET", "/api/programs/lumen/messages", { token: admin }), MessageList);
    expect(list.data.length).toBeGreaterThan(0);
  });

  it("answers 404 to an admin and 403 to anyone else for an unknown program code", async () => {
    expectRefusal(await t.call("GET", "/api/programs/nowhere/messages", { token: admin }), 404, "program_not_found");
    expectRefusal(await t.call("GET", "/api/programs/nowhere/messages", { token: demo }), 403, "forbidden");
    expectRefusal(await t.call("GET", `/api/programs/${encodeURIComponent("x' OR '1'='1")}/messages`, { token: demo }), 403, "forbidden");
  });

  it("leaves out what this user dismissed, and only for them", async () => {
    const before = decoded(await t.call("GET", "/api/programs/northwind/messages", { token: demo }), MessageList);
    const first = before.data[0];
    if (!first) throw new Error("northwind has messages");
    expect((await t.call("POST", `/api/messages/${first.id}/dismiss`, { token: demo })).status).toBe(200);
    const after = decoded(await t.call("GET", "/api/programs/northwind/messages", { token: demo }), MessageList);
    expect(after.data.map((m) => m.id)).toEqual(before.data.slice(1).map((m) => m.id));
    const forAdmin = decoded(await t.call("GET", "/api/programs/northwind/messages", { token: admin }), MessageList);
    expect(forAdmin.data.map((m) => m.id)).toContain(first.id);
  });
});

describe("GET /api/programs/{program}/health", () => {
  let t: ContractApp;
  beforeAll(async () => {
    t = await openContractApp();
  });
  afterAll(() => t.close());

  it("answers 401, then Ok to members and admins, 403 to others", async () => {
    expectRefusal(await t.call("GET", "/api/programs/bluepeak/health"), 401, "unauthorized");
    expect((await t.call("GET", "/api/programs/bluepeak/health", { token: await t.signIn("demo") })).json).toEqual({ ok: true });
    expect((await t.call("GET", "/api/programs/bluepeak/health", { token: await t.signIn("admin") })).json).toEqual({ ok: true });
    expectRefusal(await t.call("GET", "/api/programs/bluepeak/health", { token: await t.signIn("other") }), 403, "forbidden");
  });
});
