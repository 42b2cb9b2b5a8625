import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Ok } from "../../src/domain/access/auth";
import { createServerContext } from "../../server/app";
import { requireAdmin, requireProgramAccess, requireSession } from "../../server/http/access";
import { answer, okValue } from "../../server/http/answers";
import type { ProgramEnv } from "../../server/http/env";
import { silentLog } from "../../server/log";
import { decoded, expectRefusal, openContractApp, quickScryptCost, type Answer, type ContractApp } from "./contractApp";

/**
 * The access checks as later routes will use them: mounted on a router of their own,
 * over the same warehouse (and so the same sessions) as the contract app.
 */
describe("requireSession, requireProgramAccess and requireAdmin", () => {
  let t: ContractApp;
  let guarded: Hono;
  beforeAll(async () => {
    t = await openContractApp();
    const context = createServerContext({ warehouse: t.warehouse, outbox: t.outbox, clock: t.clock.read, log: silentLog, passwordCost: quickScryptCost });
    guarded = new Hono();
    const admin = new Hono();
    admin.use("*", requireSession(context), requireAdmin);
    admin.get("/settings", (c) => answer(c, Ok, okValue));
    const program = new Hono<ProgramEnv>();
    program.use("*", requireSession(context), requireProgramAccess(context));
    program.get("/admin/classification", requireAdmin, (c) => c.json({ code: c.get("program").code }));
    guarded.route("/admin", admin);
    guarded.route("/programs/:program", program);
  });
  afterAll(() => t.close());

  const call = async (path: string, token?: string): Promise<Answer> => {
    const response = await guarded.request(path, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
    const text = await response.text();
    return { status: response.status, headers: response.headers, text, json: JSON.parse(text) as unknown };
  };

  it("admin-only: 401 anonymous, 403 member, Ok admin", async () => {
    expectRefusal(await call("/admin/settings"), 401, "unauthorized");
    expectRefusal(await call("/admin/settings", await t.signIn("demo")), 403, "forbidden");
    expectRefusal(await call("/admin/settings", await t.signIn("other")), 403, "forbidden");
    decoded(await call("/admin/settings", await t.signIn("admin")), Ok);
  });

  it("program admin route: 401 anonymous, 403 non-member and member, program set for admin", async () => {
    expectRefusal(await call("/programs/northwind/admin/classification"), 401, "unauthorized");
    expectRefusal(await call("/programs/northwind/admin/classification", await t.signIn("other")), 403, "forbidden");
    expectRefusal(await call("/programs/northwind/admin/classification", await t.signIn("demo")), 403, "forbidden");
    const admin = await call("/programs/northwind/admin/classification", await t.signIn("admin"));
    expect(admin.status).toBe(200);
    expect(admin.json).toEqual({ code: "northwind" });
  });
});
