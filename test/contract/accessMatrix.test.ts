import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openContractApp, type ContractApp } from "./contractApp";

/**
 * Every route of the server × every kind of caller: the server's own check, whatever the
 * screens show. The routes are read off the app itself, so a route added later is in the
 * matrix at once, and one that no rule below classifies fails the test until it is given
 * its audience. Each call carries no body or an empty one and names records that do not
 * exist, so a caller let through is answered 2xx, 400 or 404, never with a change.
 *
 * The callers: nobody (no token), `other` (signed in, not a member of Northwind), `demo`
 * (a member of Northwind, not an admin) and `admin`.
 */

type Audience =
  /** Anyone, signed in or not (sign-in, the reset and invitation links, the tracking script, the consent pages). */
  | "public"
  /** Any signed-in person (their own session, account, messages, column sets, program list). */
  | "signedIn"
  /** Members of the program named in the path, and admins. */
  | "member"
  /** Admins only, in a program's path (spend, settings changes, classification, write keys, affiliates). */
  | "programAdmin"
  /** Admins only (programs and people). */
  | "admin"
  /** A write key of the program, never a person's session. */
  | "writeKey"
  /** The signed-in person's own connector account only (the path names it). */
  | "ownAccount";

/** Program routes only admins may call (the others of /api/programs/{program}/… are the members'). */
const programAdminRoutes: ReadonlyArray<string> = [
  "GET /api/programs/:program/fixed-costs",
  "POST /api/programs/:program/fixed-costs",
  "POST /api/programs/:program/fixed-costs/",
  "POST /api/programs/:program/fixed-costs/stored-keys",
  "GET /api/programs/:program/fixed-costs/:id",
  "PATCH /api/programs/:program/fixed-costs/:id",
  "DELETE /api/programs/:program/fixed-costs/:id",
  "GET /api/programs/:program/variable-costs",
  "POST /api/programs/:program/variable-costs",
  "POST /api/programs/:program/variable-costs/stored-keys",
  "DELETE /api/programs/:program/variable-costs/:id",
  "PATCH /api/programs/:program/settings",
  "POST /api/programs/:program/model/fit",
  "GET /api/programs/:program/admin/classification",
  "POST /api/programs/:program/admin/classification",
  "POST /api/programs/:program/admin/classification/preview",
  "GET /api/programs/:program/write-keys",
  "POST /api/programs/:program/write-keys",
  "DELETE /api/programs/:program/write-keys/:id",
  "GET /api/programs/:program/ingestion/health",
  "GET /api/programs/:program/performance/affiliates",
];

const publicRoutes: ReadonlyArray<string> = [
  "POST /api/auth/login",
  "POST /api/auth/password/request-reset",
  "POST /api/auth/password/validate",
  "POST /api/auth/password/reset",
  "GET /api/auth/setup",
  "POST /api/auth/setup",
  "POST /api/auth/invitation/validate",
  "POST /api/auth/invitation/accept",
  "GET /api/system-messages",
  "OPTIONS /collect",
  "GET /t.js",
  "GET /connectors/consent.css",
  "GET /connectors/:platform/connect",
  "GET /connectors/consent/google-ads",
  "POST /connectors/consent/google-ads/grant",
];

const signedInRoutes: ReadonlyArray<string> = [
  "POST /api/auth/logout",
  "GET /api/auth/me",
  "PATCH /api/account/profile",
  "POST /api/account/password",
  "POST /api/account/sign-out-everywhere",
  "GET /api/programs",
];

/** The audience of a route, or null when no rule says (the test then names it). */
const audienceOf = (route: string): Audience | null => {
  if (publicRoutes.includes(route)) return "public";
  if (signedInRoutes.includes(route) || /^\S+ \/api\/(messages|column-sets)(\/|$)/.test(route)) return "signedIn";
  if (route === "POST /api/programs/:program/orders" || route === "POST /collect") return "writeKey";
  if (/^\S+ \/api\/admin\//.test(route)) return "admin";
  if (programAdminRoutes.includes(route)) return "programAdmin";
  if (/^\S+ \/api\/programs\/:program\//.test(route)) return "member";
  if (/^\S+ \/connectors\/adwords\/:userId\//.test(route)) return "ownAccount";
  return null;
};

type Caller = "nobody" | "other" | "demo" | "admin";
/** Let through: anything but 401 and 403 (a 400 for the missing body or dates, a 404 for the record that is not there). */
const through = "let through";
const expected: Readonly<Record<Audience, Readonly<Record<Caller, 401 | 403 | typeof through>>>> = {
  public: { nobody: through, other: through, demo: through, admin: through },
  signedIn: { nobody: 401, other: through, demo: through, admin: through },
  member: { nobody: 401, other: 403, demo: through, admin: through },
  programAdmin: { nobody: 401, other: 403, demo: 403, admin: through },
  admin: { nobody: 401, other: 403, demo: 403, admin: through },
  // A person's session is no write key, whoever it is (without any key, see `withoutKey`).
  writeKey: { nobody: 401, other: 401, demo: 401, admin: 401 },
  // Nobody's account is 999999: every signed-in caller is refused another's.
  ownAccount: { nobody: 401, other: 403, demo: 403, admin: 403 },
};
/** Without any key or token: /collect reads its key from the body, so an empty body is a bad request before anything else. */
const withoutKey: Readonly<Record<string, 400>> = { "POST /collect": 400 };

/** A path of the route with each parameter filled: Northwind, and ids, codes and names that name nothing. */
const pathOf = (route: string): string =>
  (route.split(" ")[1] ?? "")
    .replace(":program", "northwind")
    .replace(":code", "no-such-program")
    .replace(":mode", "single")
    .replace(":level", "taxonomy_1")
    .replace(":week", "2025-01-06")
    .replace(":platform", "google-ads")
    .replace(/:(id|userId|accountId)\b/g, "999999")
    .replace(/:\w+/g, "no-such-value");

/** Calls that end the caller's session (or all of them): the caller signs in again after each. */
const endsSessions = ["POST /api/auth/logout", "POST /api/account/sign-out-everywhere"];

describe("every route × every caller", () => {
  let t: ContractApp;
  let routes: ReadonlyArray<string> = [];
  const tokens = new Map<Caller, string | undefined>();
  beforeAll(async () => {
    t = await openContractApp();
    routes = [...new Set(t.app.routes.filter((r) => r.method !== "ALL").map((r) => `${r.method} ${r.path}`))];
    tokens.set("nobody", undefined);
    for (const who of ["other", "demo", "admin"] as const) tokens.set(who, await t.signIn(who));
  });
  afterAll(() => t.close());

  it("gives every route an audience", () => {
    expect(routes.length).toBeGreaterThan(100);
    expect(routes.filter((route) => audienceOf(route) === null)).toEqual([]);
  });

  it("answers each caller as the route's audience says", async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      const audience = audienceOf(route);
      if (audience === null) continue;
      const method = route.split(" ")[0] ?? "GET";
      for (const caller of ["nobody", "other", "demo", "admin"] as const) {
        const token = tokens.get(caller);
        const answer = await t.call(method, pathOf(route), { ...(token === undefined ? {} : { token }), ...(method === "GET" || method === "OPTIONS" ? {} : { json: {} }) });
        if (caller !== "nobody" && endsSessions.includes(route)) tokens.set(caller, await t.signIn(caller));
        const wanted = (caller === "nobody" ? withoutKey[route] : undefined) ?? expected[audience][caller];
        const ok = wanted === through ? answer.status !== 401 && answer.status !== 403 : answer.status === wanted;
        if (!ok) wrong.push(`${route} as ${caller}: ${answer.status}, wanted ${String(wanted)}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
