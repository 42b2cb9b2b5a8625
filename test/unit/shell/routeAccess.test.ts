import { describe, expect, it } from "vitest";
import { adminRouteRefusal, isAdminPath, isAtOrBelow, routeAccessFor, type RouteRole } from "../../../src/domain/shell/routeAccess";
import type { User } from "../../../src/domain/shell/user";
import { menuRoutes, routeRoles } from "../../../src/views/shell/menuRoutes";
import { isPublicPath, paths } from "../../../src/views/shell/routePaths";

const member: User = { id: 1, username: "demo", email: "demo@example.com", is_admin: false };
const admin: User = { id: 2, username: "admin", email: "admin@example.com", is_admin: true };

describe("isAtOrBelow", () => {
  it.each([
    ["/admin", "/admin", true],
    ["/admin", "/admin/classification", true],
    ["/admin", "/admin/", true],
    ["/admin/", "/admin/classification", true],
    ["/admin", "/administer", false],
    ["/admin", "/Admin/classification", false],
    ["/admin", "/", false],
    ["/affiliate-performance", "/affiliate-performance/x", true],
    ["/affiliate-performance", "/affiliate", false],
  ])("%s covers %s: %s", (path, pathname, covered) => {
    expect(isAtOrBelow(path, pathname)).toBe(covered);
  });
});

const table: ReadonlyArray<RouteRole> = [
  { path: "/admin", audience: "admins" },
  { path: "/secret-report", audience: "admins" },
  { path: "/performance", audience: "everyone" },
];

describe("routeAccessFor", () => {
  it.each([
    { who: "a member", user: member, path: "/performance", access: "open" },
    { who: "a member", user: member, path: "/performance/taxonomy_one/Paid%20Search", access: "open" },
    { who: "a member", user: member, path: "/admin/classification", access: "refused" },
    { who: "a member", user: member, path: "/admin/not-built", access: "refused" },
    { who: "a member", user: member, path: "/admin", access: "refused" },
    { who: "a member", user: member, path: "/secret-report", access: "refused" },
    { who: "a member", user: member, path: "/secret-report/taxonomy_one/x", access: "refused" },
    { who: "a member", user: member, path: "/secret-reports", access: "open" },
    { who: "a member", user: member, path: "/nothing-here", access: "open" },
    { who: "an admin", user: admin, path: "/admin/classification", access: "open" },
    { who: "an admin", user: admin, path: "/secret-report", access: "open" },
    { who: "an admin", user: admin, path: "/performance", access: "open" },
  ])("$who on $path: $access", ({ user, path, access }) => {
    expect(routeAccessFor(user, path, table)).toBe(access);
  });

  it("a table without admin routes refuses nothing", () => {
    expect(routeAccessFor(member, "/admin/classification", [{ path: "/admin", audience: "everyone" }])).toBe("open");
  });

  it("says the spec's words", () => {
    expect(adminRouteRefusal).toBe("You don't have access to admin resources");
  });
});

describe("the app's route-role table", () => {
  it("holds the whole /admin area and every menu entry with the entry's own audience", () => {
    expect(routeRoles[0]).toEqual({ path: "/admin", audience: "admins" });
    for (const route of menuRoutes) expect(routeRoles).toContainEqual(expect.objectContaining({ path: route.path, audience: route.audience }));
  });

  it("refuses a member every admin menu entry's screen and the paths below it, and no other entry's", () => {
    for (const route of menuRoutes) {
      const refused = route.audience === "admins" ? "refused" : "open";
      expect([route.label, routeAccessFor(member, route.path, routeRoles), routeAccessFor(member, `${route.path}/taxonomy_one/x`, routeRoles)]).toEqual([
        route.label,
        refused,
        refused,
      ]);
      expect([route.label, routeAccessFor(admin, route.path, routeRoles)]).toEqual([route.label, "open"]);
    }
  });

  it("puts every admin route where the guard stands (the reports' and the account area's routers): none under /performance nor a public page", () => {
    for (const role of routeRoles.filter((r) => r.audience === "admins")) {
      expect([role.path, isAtOrBelow(paths.performance, role.path) || isPublicPath(role.path)]).toEqual([role.path, false]);
    }
  });

  it.each([
    "/admin/classification",
    "/admin/users",
    "/affiliate-performance",
    // Spend management is the admins' (fixed and variable, their forms and batch imports).
    "/account/costs/fixed",
    "/account/costs/fixed/create",
    "/account/costs/fixed/12",
    "/account/costs/fixed/batch",
    "/account/costs/variable",
    "/account/costs/variable/batch",
  ])("refuses a member %s and lets an admin open it", (path) => {
    expect(isAdminPath(path, routeRoles)).toBe(true);
    expect(routeAccessFor(member, path, routeRoles)).toBe("refused");
    expect(routeAccessFor(admin, path, routeRoles)).toBe("open");
  });

  it.each(["/performance", "/account/connections", "/account/connections/google-ads", "/account/costs", "/changelog", "/funnel"])(
    "lets a member open %s (connections included: the account area's other screens are every signed-in person's)",
    (path) => {
      expect(routeAccessFor(member, path, routeRoles)).toBe("open");
    },
  );
});
