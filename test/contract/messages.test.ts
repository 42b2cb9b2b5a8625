import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Ok } from "../../src/domain/access/auth";
import { MessageList } from "../../src/domain/shell/message";
import { contractData, decoded, expectRefusal, openContractApp, strangerToken, type ContractApp } from "./contractApp";

describe("GET /api/system-messages", () => {
  let t: ContractApp;
  beforeAll(async () => {
    t = await openContractApp();
  });
  afterAll(() => t.close());

  it("answers the login page's messages without sign-in", async () => {
    const list = decoded(await t.call("GET", "/api/system-messages"), MessageList);
    expect(list.data).toHaveLength(2);
    expect(list.data.map((m) => m.meta.type)).toEqual(["is-info", "is-warning"]);
    expect(list.data.some((m) => m.message.includes("<strong>"))).toBe(true);
    expect(list.data.some((m) => m.message.includes("<a href="))).toBe(true);
  });

  it("answers the same with a session or an unknown token", async () => {
    const anonymous = decoded(await t.call("GET", "/api/system-messages"), MessageList);
    const signedIn = decoded(await t.call("GET", "/api/system-messages", { token: await t.signIn("demo") }), MessageList);
    const stranger = decoded(await t.call("GET", "/api/system-messages", { token: "garbage" }), MessageList);
    expect(signedIn).toEqual(anonymous);
    expect(stranger).toEqual(anonymous);
  });
});

describe("GET /api/messages", () => {
  let t: ContractApp;
  beforeAll(async () => {
    t = await openContractApp();
  });
  afterAll(() => t.close());

  it("answers 401 to anonymous calls and unknown tokens", async () => {
    expectRefusal(await t.call("GET", "/api/messages"), 401, "unauthorized");
    expectRefusal(await t.call("GET", "/api/messages", { token: strangerToken }), 401, "unauthorized");
  });

  it("answers the demo user's own messages, HTML as stored (the client sanitises it)", async () => {
    const list = decoded(await t.call("GET", "/api/messages", { token: await t.signIn("demo") }), MessageList);
    expect(list.data).toHaveLength(3);
    expect(list.data.filter((m) => m.message.includes("onerror="))).toHaveLength(1);
    expect(list.data.some((m) => m.meta.type === undefined && m.meta.icon === undefined)).toBe(true);
  });

  it("answers each user only their own messages", async () => {
    const demo = decoded(await t.call("GET", "/api/messages", { token: await t.signIn("demo") }), MessageList);
    const other = decoded(await t.call("GET", "/api/messages", { token: await t.signIn("other") }), MessageList);
    const admin = decoded(await t.call("GET", "/api/messages", { token: await t.signIn("admin") }), MessageList);
    expect(other.data).toHaveLength(1);
    expect(admin.data).toEqual([]);
    const demoIds = new Set(demo.data.map((m) => m.id));
    expect(other.data.some((m) => demoIds.has(m.id))).toBe(false);
  });
});

const idOf = (predicate: (m: (typeof contractData.messages)[number]) => boolean): number => {
  const found = contractData.messages.find(predicate);
  if (!found) throw new Error("the demo data has such a message");
  return found.id;
};
const demoMessage = idOf((m) => m.audience.kind === "user" && m.audience.userId === 1);
const northwindMessage = idOf((m) => m.audience.kind === "program" && m.audience.programId === 1);
const lumenMessage = idOf((m) => m.audience.kind === "program" && m.audience.programId === 3);
const systemMessage = idOf((m) => m.audience.kind === "system");

describe("POST /api/messages/{id}/dismiss", () => {
  let t: ContractApp;
  let demo: string;
  let other: string;
  let admin: string;
  beforeAll(async () => {
    t = await openContractApp();
    [demo, other, admin] = await Promise.all([t.signIn("demo"), t.signIn("other"), t.signIn("admin")]);
  });
  afterAll(() => t.close());

  const dismiss = (id: number | string, token?: string) =>
    t.call("POST", `/api/messages/${id}/dismiss`, token === undefined ? {} : { token });

  it("answers 401 to anonymous calls and unknown tokens", async () => {
    expectRefusal(await dismiss(demoMessage), 401, "unauthorized");
    expectRefusal(await dismiss(demoMessage, strangerToken), 401, "unauthorized");
  });

  it.each(["abc", "1.5", "-1", "1e3", "%20"])("answers 400 for the id %j", async (id) => {
    expectRefusal(await dismiss(id, demo), 400, "invalid_id");
  });

  it.each(["0", "99999", "99999999999", "9".repeat(400)])("answers 404 for the unknown id %s", async (id) => {
    expectRefusal(await dismiss(id, demo), 404, "message_not_found");
  });

  it("answers 404 for another user's message and for a system message", async () => {
    expectRefusal(await dismiss(demoMessage, other), 404, "message_not_found");
    expectRefusal(await dismiss(demoMessage, admin), 404, "message_not_found");
    expectRefusal(await dismiss(systemMessage, demo), 404, "message_not_found");
  });

  it("answers 404 for a program message the user cannot see", async () => {
    expectRefusal(await dismiss(northwindMessage, other), 404, "message_not_found");
    expectRefusal(await dismiss(lumenMessage, demo), 404, "message_not_found");
  });

  it("dismisses the user's own message for good, idempotently", async () => {
    expect(decoded(await dismiss(demoMessage, demo), Ok)).toEqual({ ok: true });
    decoded(await dismiss(demoMessage, demo), Ok);
    const list = decoded(await t.call("GET", "/api/messages", { token: demo }), MessageList);
    expect(list.data.map((m) => m.id)).not.toContain(demoMessage);
    expect(list.data.length).toBeGreaterThan(0);
  });

  it("dismisses a program message per user: member and admin", async () => {
    decoded(await dismiss(northwindMessage, demo), Ok);
    decoded(await dismiss(lumenMessage, admin), Ok);
    const forDemo = decoded(await t.call("GET", "/api/programs/northwind/messages", { token: demo }), MessageList);
    const forAdmin = decoded(await t.call("GET", "/api/programs/northwind/messages", { token: admin }), MessageList);
    const lumenForOther = decoded(await t.call("GET", "/api/programs/lumen/messages", { token: other }), MessageList);
    expect(forDemo.data.map((m) => m.id)).not.toContain(northwindMessage);
    expect(forAdmin.data.map((m) => m.id)).toContain(northwindMessage);
    expect(lumenForOther.data.map((m) => m.id)).toContain(lumenMessage);
  });
});
