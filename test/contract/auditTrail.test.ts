import { describe, expect, it } from "vitest";
import { AuditExport, auditExportTooLargeMessage, AuditPage, auditPageSize, type AuditLine } from "../../src/domain/audit/auditTrail";
import { defaultProgramSettings } from "../../src/domain/settings/programSettings";
import { LoginResponse } from "../../src/domain/access/auth";
import { InvitationAnswer } from "../../src/domain/people/people";
import { CreatedWriteKey } from "../../src/domain/ingestion/writeKeys";
import { ClassificationSaved, LoadedClassification } from "../../src/domain/classification/classification";
import { Created } from "../../src/domain/report/configuration";
import { decoded, expectRefusal, type Answer } from "./contractApp";
import { recordingSuite } from "./accountSupport";

const audit = "/api/admin/audit";
/** The export's limit in this file's app: a little over two pages. */
const exportMaximum = 60;
const programs = "/api/admin/programs";
const people = "/api/admin/people";
const goodPassword = "a long enough passphrase";
const classification = "/api/programs/northwind/admin/classification";
const fixedSpend = "/api/programs/northwind/fixed-costs";
const variableSpend = "/api/programs/northwind/variable-costs";
const dailySpend = { start_date: "2025-03-01", end_date: "2025-03-31", taxonomy_1: "Display", taxonomy_2: "Programmatic", cost: 310.5, frequency: "daily" };
const variableRow = { date: "2025-03-04", taxonomy_1: "Search", cost_link: "audit-link", cost: 45.2 };

/**
 * One app for the file; the changes below run in order over it, each followed by the trail: an
 * audited change adds exactly one line (its kind, action, program, object, before and after), a
 * refused one or a repeat that changes nothing adds none, and no line ever holds a secret.
 */
describe("the audit trail (GET /api/admin/audit)", () => {
  const suite = recordingSuite({ auditExportMaximum: exportMaximum });
  /** What the changes answered that later cases and the secret check need. */
  const seen: {
    keyId?: number;
    key?: string;
    token?: string;
    invitationId?: number;
    personId?: number;
    personToken?: string;
    classificationVersion?: number;
    spendId?: number;
  } = {};

  const trail = async (query = ""): Promise<AuditPage> => decoded(await suite.t.call("GET", `${audit}${query}`, { token: suite.tokens.admin }), AuditPage);
  const parsed = (text: string | null): unknown => (text === null ? null : JSON.parse(text));

  type Who = "admin" | "demo";
  interface Change {
    readonly who?: Who;
    readonly method: string;
    readonly path: () => string;
    readonly json?: () => unknown;
    readonly status: number;
    /** What the answer leaves for later cases. */
    readonly keep?: (answered: Answer) => void;
    /** The one line it adds (before and after compared as objects holding these fields), or null for none. */
    readonly line: null | {
      readonly kind: AuditLine["kind"];
      readonly action: AuditLine["action"];
      readonly program: string | null;
      readonly object?: () => string;
      readonly before: Record<string, unknown> | null;
      readonly after: Record<string, unknown> | null;
    };
  }

  const draft = { code: "audited", name: "Audited", currency: "EUR", time_zone: "Europe/Berlin", attribution_model: "linear", lookback_days: 30 };
  const changes: ReadonlyArray<readonly [string, Change]> = [
    ["a program made", { method: "POST", path: () => programs, json: () => draft, status: 200,
      line: { kind: "program", action: "created", program: "audited", object: () => "audited", before: null, after: { code: "audited", name: "Audited", currency: "EUR", time_zone: "Europe/Berlin", attribution_model: "linear", lookback_days: 30, model_level: "taxonomy_1", markov_order: 1, archived: false } } }],
    ["a program with a taken code (409)", { method: "POST", path: () => programs, json: () => draft, status: 409, line: null }],
    ["a program renamed", { method: "PATCH", path: () => `${programs}/audited`, json: () => ({ name: "Audited Two" }), status: 200,
      line: { kind: "program", action: "changed", program: "audited", before: { name: "Audited" }, after: { name: "Audited Two" } } }],
    ["the same rename again", { method: "PATCH", path: () => `${programs}/audited`, json: () => ({ name: "Audited Two" }), status: 200, line: null }],
    ["a program's lookback changed from its form", { method: "PATCH", path: () => `${programs}/audited`, json: () => ({ lookback_days: 45 }), status: 200,
      line: { kind: "program", action: "changed", program: "audited", before: { name: "Audited Two", lookback_days: 30 }, after: { name: "Audited Two", lookback_days: 45 } } }],
    ["a program renamed and its model changed at once: one line", { method: "PATCH", path: () => `${programs}/audited`, json: () => ({ name: "Audited", attribution_model: "time_decay" }), status: 200,
      line: { kind: "program", action: "changed", program: "audited", before: { name: "Audited Two", attribution_model: "linear" }, after: { name: "Audited", attribution_model: "time_decay", lookback_days: 45 } } }],
    ["the same model again", { method: "PATCH", path: () => `${programs}/audited`, json: () => ({ attribution_model: "time_decay" }), status: 200, line: null }],
    ["a program archived", { method: "POST", path: () => `${programs}/audited/archive`, status: 200,
      line: { kind: "program", action: "archived", program: "audited", before: { archived: false }, after: { archived: true } } }],
    ["an archived program archived again", { method: "POST", path: () => `${programs}/audited/archive`, status: 200, line: null }],
    ["a program unarchived", { method: "POST", path: () => `${programs}/audited/unarchive`, status: 200,
      line: { kind: "program", action: "unarchived", program: "audited", before: { archived: true }, after: { archived: false } } }],
    ["a program changed by a member (403)", { who: "demo", method: "PATCH", path: () => `${programs}/audited`, json: () => ({ name: "Mine" }), status: 403, line: null }],
    ["a write key made", { method: "POST", path: () => "/api/programs/northwind/write-keys", json: () => ({ kind: "secret" }), status: 200,
      keep: (answered) => {
        const key = decoded(answered, CreatedWriteKey).data;
        seen.keyId = key.id;
        seen.key = key.key;
      },
      line: { kind: "write key", action: "created", program: "northwind", object: () => String(seen.keyId), before: null, after: { kind: "secret", revoked_at: null } } }],
    ["a write key revoked", { method: "DELETE", path: () => `/api/programs/northwind/write-keys/${seen.keyId}`, status: 200,
      line: { kind: "write key", action: "revoked", program: "northwind", object: () => String(seen.keyId), before: { revoked_at: null }, after: { kind: "secret" } } }],
    ["a revoked key revoked again", { method: "DELETE", path: () => `/api/programs/northwind/write-keys/${seen.keyId}`, status: 200, line: null }],
    ["no such write key (404)", { method: "DELETE", path: () => "/api/programs/northwind/write-keys/99999", status: 404, line: null }],
    ["settings saved", { method: "PATCH", path: () => "/api/programs/bluepeak/settings", json: () => ({ lookback_days: 14 }), status: 200,
      line: { kind: "settings", action: "changed", program: "bluepeak", before: { lookback_days: 30 }, after: { lookback_days: 14 } } }],
    ["settings saved by a member (403)", { who: "demo", method: "PATCH", path: () => "/api/programs/bluepeak/settings", json: () => ({ lookback_days: 20 }), status: 403, line: null }],
    ["a classification saved", { method: "POST", path: () => classification, json: () => ({ data: [], version: seen.classificationVersion }), status: 200,
      keep: (answered) => {
        seen.classificationVersion = decoded(answered, ClassificationSaved).version;
      },
      line: { kind: "classification", action: "saved", program: "northwind", object: () => "1", before: { version: 1, characters: expect.any(Number) }, after: { version: 2, tree: { data: [] } } } }],
    ["a classification saved again: the tree it replaced is its before", { method: "POST", path: () => classification, json: () => ({ data: [], version: seen.classificationVersion }), status: 200,
      keep: (answered) => {
        seen.classificationVersion = decoded(answered, ClassificationSaved).version;
      },
      line: { kind: "classification", action: "saved", program: "northwind", object: () => "1", before: { version: 2, tree: { data: [] } }, after: { version: 3, tree: { data: [] } } } }],
    ["a stale classification save (409)", { method: "POST", path: () => classification, json: () => ({ data: [], version: 0 }), status: 409, line: null }],
    ["a fixed spend made", { method: "POST", path: () => fixedSpend, json: () => dailySpend, status: 200,
      keep: (answered) => {
        seen.spendId = decoded(answered, Created).data.id;
      },
      line: { kind: "spend", action: "created", program: "northwind", object: () => String(seen.spendId), before: null, after: { spend: "fixed", cost: 310.5, version: 1 } } }],
    ["a fixed spend edited", { method: "PATCH", path: () => `${fixedSpend}/${seen.spendId}`, json: () => ({ cost: 99.5, version: 1 }), status: 200,
      line: { kind: "spend", action: "changed", program: "northwind", object: () => String(seen.spendId), before: { cost: 310.5, version: 1 }, after: { cost: 99.5, version: 2 } } }],
    ["a stale fixed spend edit (409)", { method: "PATCH", path: () => `${fixedSpend}/${seen.spendId}`, json: () => ({ cost: 1, version: 1 }), status: 409, line: null }],
    ["a fixed spend removed", { method: "DELETE", path: () => `${fixedSpend}/${seen.spendId}`, status: 200,
      line: { kind: "spend", action: "removed", program: "northwind", object: () => String(seen.spendId), before: { spend: "fixed", cost: 99.5 }, after: null } }],
    ["a variable spend made", { method: "POST", path: () => variableSpend, json: () => variableRow, status: 200,
      keep: (answered) => {
        seen.spendId = decoded(answered, Created).data.id;
      },
      line: { kind: "spend", action: "created", program: "northwind", before: null, after: { spend: "variable", cost_link: "audit-link", cost: 45.2 } } }],
    ["a variable spend removed", { method: "DELETE", path: () => `${variableSpend}/${seen.spendId}`, status: 200,
      line: { kind: "spend", action: "removed", program: "northwind", before: { spend: "variable", cost: 45.2 }, after: null } }],
    ["a variable spend made by a member (403)", { who: "demo", method: "POST", path: () => variableSpend, json: () => variableRow, status: 403, line: null }],
    ["a person invited", { method: "POST", path: () => `${people}/invitations`, json: () => ({ email: "nora@example.test", role: "member", programs: ["northwind"] }), status: 200,
      keep: (answered) => {
        seen.invitationId = decoded(answered, InvitationAnswer).data.id;
      },
      line: { kind: "invitation", action: "created", program: null, object: () => String(seen.invitationId), before: null, after: { email: "nora@example.test", role: "member", program_ids: [1], programs: ["northwind"] } } }],
    ["an invitation resent", { method: "POST", path: () => `${people}/invitations/${seen.invitationId}/resend`, status: 200,
      line: { kind: "invitation", action: "resent", program: null, before: { email: "nora@example.test" }, after: { email: "nora@example.test" } } }],
    ["someone with an account invited (409)", { method: "POST", path: () => `${people}/invitations`, json: () => ({ email: "demo@example.com", role: "member", programs: [] }), status: 409, line: null }],
    ["an invitation accepted", { method: "POST", path: () => "/api/auth/invitation/accept",
      json: () => ({ ...linkOf("nora@example.test"), name: "Nora", password: goodPassword, confirm_password: goodPassword }), status: 200,
      keep: (answered) => {
        const login = decoded(answered, LoginResponse);
        seen.personId = login.user.id;
        seen.personToken = login.token;
      },
      line: { kind: "invitation", action: "accepted", program: null, before: { email: "nora@example.test", programs: ["northwind"] }, after: { name: "nora", role: "member", program_ids: [1], programs: ["northwind"] } } }],
    ["a person's role changed", { method: "PATCH", path: () => `${people}/${seen.personId}`, json: () => ({ role: "admin" }), status: 200,
      line: { kind: "role", action: "changed", program: null, object: () => String(seen.personId), before: { role: "member" }, after: { role: "admin" } } }],
    ["a person's programs changed", { method: "PATCH", path: () => `${people}/1`, json: () => ({ programs: ["lumen"] }), status: 200,
      line: { kind: "person", action: "changed", program: null, object: () => "1", before: { program_ids: [1, 2], programs: ["northwind", "bluepeak"] }, after: { program_ids: [3], programs: ["lumen"] } } }],
    ["an admin's own demotion (409)", { method: "PATCH", path: () => `${people}/2`, json: () => ({ role: "member" }), status: 409, line: null }],
    ["a second invitation", { method: "POST", path: () => `${people}/invitations`, json: () => ({ email: "omar@example.test", role: "admin", programs: [] }), status: 200,
      keep: (answered) => {
        seen.invitationId = decoded(answered, InvitationAnswer).data.id;
      },
      line: { kind: "invitation", action: "created", program: null, before: null, after: { email: "omar@example.test", role: "admin" } } }],
    ["an invitation revoked", { method: "DELETE", path: () => `${people}/invitations/${seen.invitationId}`, status: 200,
      line: { kind: "invitation", action: "revoked", program: null, before: { email: "omar@example.test" }, after: null } }],
    ["a person removed", { method: "DELETE", path: () => `${people}/${seen.personId}`, status: 200,
      line: { kind: "person", action: "removed", program: null, object: () => String(seen.personId), before: { name: "nora", role: "admin" }, after: null } }],
  ];

  /** The token and email of the last invitation link mailed to `to` (kept, to check no line holds it). */
  const linkOf = (to: string): { token: string; email: string } => {
    const message = suite.t.outbox.lastTo(to);
    if (!message) throw new Error(`no invitation was sent to ${to}`);
    const url = new URL(message.link);
    const token = url.pathname.split("/").at(-1) ?? "";
    seen.token = token;
    return { token, email: url.searchParams.get("email") ?? "" };
  };

  it.each(changes)("%s", async (_, change) => {
    seen.classificationVersion ??= decoded(await suite.t.call("GET", classification, { token: suite.tokens.admin }), LoadedClassification).version;
    const before = (await trail()).total;
    const token = change.who === "demo" ? suite.tokens.demo : change.path().startsWith("/api/auth/") ? undefined : suite.tokens.admin;
    const answered = await suite.t.call(change.method, change.path(), { ...(token === undefined ? {} : { token }), ...(change.json ? { json: change.json() } : {}) });
    expect(answered.status, answered.text).toBe(change.status);
    change.keep?.(answered);
    const after = await trail();
    if (change.line === null) {
      expect(after.total).toBe(before);
      return;
    }
    expect(after.total).toBe(before + 1);
    const line = after.data[0];
    if (!line) throw new Error("no line");
    const by = change.path().startsWith("/api/auth/") ? { user_id: seen.personId, user_name: "nora" } : { user_id: 2, user_name: "admin" };
    expect({ ...line, before: parsed(line.before), after: parsed(line.after) }).toMatchObject({
      ...by,
      at: suite.t.clock.now,
      kind: change.line.kind,
      action: change.line.action,
      program: change.line.program,
      ...(change.line.object ? { object: change.line.object() } : {}),
      before: change.line.before === null ? null : expect.objectContaining(change.line.before),
      after: change.line.after === null ? null : expect.objectContaining(change.line.after),
    });
  });

  it("no line holds a password, a hash, a token, a key or an invitation's link", async () => {
    const all = await trail();
    expect(all.total).toBe(changes.filter(([, change]) => change.line !== null).length);
    const text = JSON.stringify(all.data);
    for (const secret of [seen.key, seen.token, seen.personToken, goodPassword]) {
      expect(secret).toBeTruthy();
      expect(text).not.toContain(secret);
    }
    expect(text).not.toMatch(/password|hash|digest|token|accept-invitation|"key"/i);
  });

  it.each([
    ["kind", "?kind=write%20key", ["revoked", "created"]],
    ["program", "?program=audited", ["unarchived", "archived", "changed", "changed", "changed", "created"]],
    ["a program no one has", "?program=nowhere", []],
    ["the person who accepted", () => `?person=${seen.personId}`, ["accepted"]],
    ["the contract day", () => `?date_from=${day(0)}&date_to=${day(0)}&kind=program`, ["unarchived", "archived", "changed", "changed", "changed", "created"]],
    ["the next day on", () => `?date_from=${day(1)}`, []],
  ] as const)("filters by %s, newest first", async (_, query, actions) => {
    const found = await trail(typeof query === "function" ? query() : query);
    expect(found.data.map((line) => line.action)).toEqual(actions);
    expect(found.total).toBe(actions.length);
  });

  const day = (offset: number): string => new Date(suite.t.clock.now + offset * 86_400_000).toISOString().slice(0, 10);

  it("pages 50 lines a page; a page past the last answers the last", async () => {
    const found = await trail("?page=9");
    expect([found.page, found.pages]).toEqual([1, 1]);
  });

  it.each([
    ["date_to before date_from", "?date_from=2026-02-02&date_to=2026-02-01", "date_to"],
    ["an unknown kind", "?kind=weather", "kind"],
    ["a page that is no number", "?page=first", "page"],
  ])("refuses %s with 400 naming it", async (_, query, named) => {
    const refused = expectRefusal(await suite.t.call("GET", `${audit}${query}`, { token: suite.tokens.admin }), 400, "invalid_query");
    expect(refused.message).toContain(named);
  });

  it("refuses a member (403) and nobody (401)", async () => {
    for (const path of [audit, `${audit}/export`]) {
      const refused = expectRefusal(await suite.t.call("GET", path, { token: suite.tokens.demo }), 403, "forbidden");
      expect(refused.message).toBe("You don't have access to admin resources.");
      expectRefusal(await suite.t.call("GET", path), 401, "unauthorized");
    }
  });

  const exported = async (query = ""): Promise<AuditExport> => decoded(await suite.t.call("GET", `${audit}/export${query}`, { token: suite.tokens.admin }), AuditExport);

  /** Lines of settings changes written straight to the warehouse, as the settings route writes them, until the trail holds `total`. */
  const fillTrailTo = async (total: number): Promise<void> => {
    const by = { userId: 2, userName: "admin", at: suite.t.clock.now };
    for (let lines = (await trail()).total; lines < total; lines += 1)
      await suite.t.warehouse.programSettings.save(3, { ...defaultProgramSettings, lookback_days: 10 + (lines % 2) }, by);
  };

  it("exports every line of a 2-page trail, newest first, and of a filter only its lines", async () => {
    await fillTrailTo(auditPageSize + 5);
    const [first, second] = [await trail(), await trail("?page=2")];
    expect([first.pages, second.data.length]).toEqual([2, 5]);
    const all = await exported();
    expect(all.total).toBe(auditPageSize + 5);
    expect(all.data).toEqual([...first.data, ...second.data]);
    expect((await exported("?kind=write%20key")).data.map((line) => line.action)).toEqual(["revoked", "created"]);
    expect(await exported("?program=nowhere")).toEqual({ data: [], total: 0 });
  });

  it("refuses an export of more lines than it holds (422), saying how to narrow it", async () => {
    await fillTrailTo(exportMaximum + 1);
    const refused = expectRefusal(await suite.t.call("GET", `${audit}/export`, { token: suite.tokens.admin }), 422, "export_too_large");
    expect(refused.message).toBe(auditExportTooLargeMessage(exportMaximum));
    expect((await exported("?kind=program")).total).toBe(6);
    expectRefusal(await suite.t.call("GET", `${audit}/export?date_from=2026-02-02&date_to=2026-02-01`, { token: suite.tokens.admin }), 400, "invalid_query");
  });
});
