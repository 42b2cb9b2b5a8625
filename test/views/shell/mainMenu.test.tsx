// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { fromPromise } from "xstate";
import type { MeResponse } from "../../../src/domain/access/auth";
import type { User } from "../../../src/domain/shell/user";
import { sessionMachine } from "../../../src/machines/shell/session.machine";
import { MainMenu } from "../../../src/views/shell/MainMenu";
import { isCurrentRoute, menuFor, menuRoutes, menuSectionsFor, type MenuRoute } from "../../../src/views/shell/menuRoutes";
import { menuGroups } from "../../../src/domain/shell/menuGroup";
import { appActorsWith, withActors } from "../viewSupport";
import { acme, alice } from "../../model/fixtures";

afterEach(cleanup);

/** The server's list of the program's saved reports, by id, as GET programs/{program}/reports answers it. */
let listedReports: ReadonlyArray<number> = [];
const reportsAsked: string[] = [];
beforeEach(() => {
  listedReports = [];
  reportsAsked.length = 0;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input instanceof Request ? input.url : input);
      reportsAsked.push(url);
      const data = listedReports.map((id) => ({ id, name: `Report ${id}`, level: "taxonomy_1", rules: [], meta: {} }));
      return new Response(JSON.stringify({ data }), { status: 200, headers: { "content-type": "application/json" } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const admin: User = { ...alice, id: 2, username: "root", is_admin: true };
const performance: MenuRoute = { label: "Performance", path: "/performance", audience: "everyone", group: "Reports" };
const classification: MenuRoute = { label: "Edit Classification", path: "/admin/classification", audience: "admins", group: "Admin" };
const spend: MenuRoute = { label: "Fixed Spend", path: "/account/costs/fixed", audience: "everyone", group: "Account" };
const funnel: MenuRoute = { label: "Funnel", path: "/funnel", audience: "everyone", group: "Analysis" };
const breakdown: MenuRoute = { label: "Channel Breakdown", path: "/breakdown", audience: "everyone", group: "Reports" };
const activeReport: MenuRoute = { label: "Active / Not Active Report", path: "/custom-reports/1", audience: "everyone", group: "Reports", report: 1 };
const table = [performance, classification];
const mixed = [classification, spend, performance, funnel, breakdown];

describe("menuFor", () => {
  it.each([
    { who: "nobody signed in", user: null, labels: [] },
    { who: "a member", user: alice, labels: ["Performance"] },
    { who: "an admin", user: admin, labels: ["Performance", "Edit Classification"] },
  ])("gives $who the entries $labels", ({ user, labels }) => {
    expect(menuFor(user, table).map((r) => r.label)).toEqual(labels);
  });

  it.each([
    { who: "a member of a program with report 1", user: alice, reports: [1, 4], labels: ["Performance", "Active / Not Active Report"] },
    { who: "a member of a program without it", user: alice, reports: [4], labels: ["Performance"] },
    { who: "an admin in a program without it", user: admin, reports: [], labels: ["Performance", "Edit Classification"] },
    { who: "an admin in a program with it", user: admin, reports: [1], labels: ["Performance", "Edit Classification", "Active / Not Active Report"] },
  ])("offers a saved report's entry only where the program has the report: $who gets $labels", ({ user, reports, labels }) => {
    expect(menuFor(user, [...table, activeReport], reports).map((r) => r.label)).toEqual(labels);
  });

  it("the Active / Not Active Report's entry opens report 1, so it is offered only where the program has report 1", () => {
    expect(menuRoutes.find((r) => r.path === "/custom-reports/1")).toMatchObject({ label: "Active / Not Active Report", report: 1 });
  });

  it("the route table has one entry per path, each with a label", () => {
    expect(new Set(menuRoutes.map((r) => r.path)).size).toBe(menuRoutes.length);
    for (const route of menuRoutes) expect(route.label.trim()).not.toBe("");
  });

  it("the route table puts admin-only entries, and only those, under 'Admin'", () => {
    for (const route of menuRoutes) expect([route.label, route.group === "Admin"]).toEqual([route.label, route.audience === "admins"]);
  });
});

describe("menuSectionsFor", () => {
  it.each([
    { who: "nobody signed in", user: null, sections: [] },
    {
      who: "a member",
      user: alice,
      sections: [
        ["Reports", ["Performance", "Channel Breakdown"]],
        ["Analysis", ["Funnel"]],
        ["Account", ["Fixed Spend"]],
      ],
    },
    {
      who: "an admin",
      user: admin,
      sections: [
        ["Reports", ["Performance", "Channel Breakdown"]],
        ["Analysis", ["Funnel"]],
        ["Account", ["Fixed Spend"]],
        ["Admin", ["Edit Classification"]],
      ],
    },
  ])("gives $who the groups in menu order, each with its entries in table order", ({ user, sections }) => {
    expect(menuSectionsFor(user, mixed).map((s) => [s.group, s.entries.map((r) => r.label)])).toEqual(sections);
  });

  it("the whole table: every entry an admin may see lands in exactly one group, none lost", () => {
    const sections = menuSectionsFor(admin, menuRoutes, menuRoutes.flatMap((r) => (r.report === undefined ? [] : [r.report])));
    expect(sections.map((s) => s.group)).toEqual(menuGroups.filter((g) => menuRoutes.some((r) => r.group === g)));
    expect(sections.flatMap((s) => s.entries).length).toBe(menuRoutes.length);
  });
});

describe("isCurrentRoute", () => {
  it.each([
    ["/performance", true],
    ["/performance/taxonomy_one/Paid%20Search/taxonomy_two/Google", true],
    ["/performance/search/shoes", true],
    ["/performance-old", false],
    ["/", false],
    ["/admin/classification", false],
  ])("'Performance' on %s: %s", (path, current) => {
    expect(isCurrentRoute(performance, path)).toBe(current);
  });
});

const actorsFor = async (user: User) => {
  const profile: MeResponse = { user, programs: [acme] };
  const actors = appActorsWith(sessionMachine.provide({ actors: { loadProfile: fromPromise(async () => profile) } }));
  const session = actors.session;
  session.send({ type: "session.signedIn", token: "tok-1", user });
  await new Promise((r) => setTimeout(r, 0));
  return actors;
};

const renderAt = async (path: string, user: User) => {
  const { hook } = memoryLocation({ path });
  render(withActors(await actorsFor(user), <Router hook={hook}><MainMenu /></Router>));
  return screen.getByRole("navigation", { name: "Main" });
};

describe("MainMenu", () => {
  it("lists the entries a member may see as links in labelled groups, the current one marked", async () => {
    const nav = await renderAt("/performance/taxonomy_one/Paid%20Search", alice);
    const links = within(nav).getAllByRole("link");
    const sections = menuSectionsFor(alice);
    expect(links.map((l) => l.textContent)).toEqual(sections.flatMap((s) => s.entries.map((r) => r.label)));
    for (const { group, entries } of sections) {
      expect(within(within(nav).getByRole("list", { name: group })).getAllByRole("link").map((l) => l.textContent)).toEqual(entries.map((r) => r.label));
    }
    expect(within(nav).queryByRole("list", { name: "Admin" })).toBeNull();
    expect(within(nav).queryByRole("link", { name: "Fixed Spend" })).toBeNull();
    expect(within(nav).queryByRole("link", { name: "Variable Spend" })).toBeNull();
    const current = within(nav).getByRole("link", { name: "Performance" });
    expect(current.getAttribute("aria-current")).toBe("page");
    expect(current.getAttribute("href")).toBe("/performance");
  });

  it("marks no entry on a page outside them", async () => {
    const nav = await renderAt("/nothing-here", alice);
    expect(nav.querySelector("[aria-current]")).toBeNull();
  });

  it.each([
    ["has it", [1, 4], 1],
    ["lacks it", [4], 0],
  ])("offers the Active / Not Active Report only when the program %s (the server's list of its reports)", async (_, listed, shown) => {
    listedReports = listed;
    const nav = await renderAt("/performance", alice);
    await waitFor(() => expect(reportsAsked).toEqual(["/api/programs/acme/reports"]));
    await waitFor(() => expect(within(nav).getAllByRole("link").map((l) => l.textContent)).toEqual(menuSectionsFor(alice, menuRoutes, listed).flatMap((s) => s.entries.map((r) => r.label))));
    expect(within(nav).queryAllByRole("link", { name: "Active / Not Active Report" })).toHaveLength(shown);
  });

  it("gives an admin every entry of the table, the admin ones under 'Admin'", async () => {
    listedReports = [1];
    const nav = await renderAt("/performance", admin);
    await within(nav).findByRole("link", { name: "Active / Not Active Report" });
    expect(within(nav).getAllByRole("link").map((l) => l.textContent).sort()).toEqual(menuRoutes.map((r) => r.label).sort());
    expect(within(within(nav).getByRole("list", { name: "Admin" })).getAllByRole("link").map((l) => l.textContent)).toEqual(
      menuRoutes.filter((r) => r.audience === "admins").map((r) => r.label),
    );
  });

  it("its 'Menu' button is a disclosure: it opens and closes the panel it controls; Escape closes it and gives focus back; following an entry closes it", async () => {
    const nav = await renderAt("/performance", alice);
    const button = within(nav).getByRole("button", { name: "Menu" });
    const panelId = button.getAttribute("aria-controls") ?? "";
    const panel = document.getElementById(panelId);
    expect(panel && nav.contains(panel)).toBe(true);
    const isOpen = () => [button.getAttribute("aria-expanded"), panel?.classList.contains("is-open")];
    expect(isOpen()).toEqual(["false", false]);

    fireEvent.click(button);
    expect(isOpen()).toEqual(["true", true]);
    fireEvent.click(button);
    expect(isOpen()).toEqual(["false", false]);

    fireEvent.click(button);
    const link = within(nav).getByRole("link", { name: "Connections" });
    link.focus();
    fireEvent.keyDown(link, { key: "Escape" });
    expect(isOpen()).toEqual(["false", false]);
    expect(document.activeElement).toBe(button);

    fireEvent.click(button);
    fireEvent.click(link);
    expect(isOpen()).toEqual(["false", false]);
  });
});
