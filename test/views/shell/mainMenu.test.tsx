// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { createActor, fromPromise } from "xstate";
import type { MeResponse } from "../../../src/domain/access/auth";
import type { User } from "../../../src/domain/shell/user";
import { createEventLog } from "../../../src/machines/shell/eventLog";
import { errorDialogMachine } from "../../../src/machines/shell/errorDialog.machine";
import { sessionMachine } from "../../../src/machines/shell/session.machine";
import { toastsMachine } from "../../../src/machines/shell/toasts.machine";
import { MainMenu } from "../../../src/views/shell/MainMenu";
import { isCurrentRoute, menuFor, menuRoutes, type MenuRoute } from "../../../src/views/shell/menuRoutes";
import { withActors } from "../viewSupport";
import { acme, alice } from "../../model/fixtures";

afterEach(cleanup);

const admin: User = { ...alice, id: 2, username: "root", is_admin: true };
const performance: MenuRoute = { label: "Performance", path: "/performance", audience: "everyone" };
const classification: MenuRoute = { label: "Edit Classification", path: "/admin/classification", audience: "admins" };
const table = [performance, classification];

describe("menuFor", () => {
  it.each([
    { who: "nobody signed in", user: null, labels: [] },
    { who: "a member", user: alice, labels: ["Performance"] },
    { who: "an admin", user: admin, labels: ["Performance", "Edit Classification"] },
  ])("gives $who the entries $labels", ({ user, labels }) => {
    expect(menuFor(user, table).map((r) => r.label)).toEqual(labels);
  });

  it("the route table has one entry per path, each with a label", () => {
    expect(new Set(menuRoutes.map((r) => r.path)).size).toBe(menuRoutes.length);
    for (const route of menuRoutes) expect(route.label.trim()).not.toBe("");
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
  const session = createActor(sessionMachine.provide({ actors: { loadProfile: fromPromise(async () => profile) } }), { input: {} }).start();
  session.send({ type: "session.signedIn", token: "tok-1", user });
  await new Promise((r) => setTimeout(r, 0));
  return { session, errorDialog: createActor(errorDialogMachine).start(), toasts: createActor(toastsMachine).start(), eventLog: createEventLog() };
};

const renderAt = async (path: string, user: User) => {
  const { hook } = memoryLocation({ path });
  render(withActors(await actorsFor(user), <Router hook={hook}><MainMenu /></Router>));
  return screen.getByRole("navigation", { name: "Main" });
};

describe("MainMenu", () => {
  it("lists the entries a member may see as links, the current one marked", async () => {
    const nav = await renderAt("/performance/taxonomy_one/Paid%20Search", alice);
    const links = within(nav).getAllByRole("link");
    expect(links.map((l) => l.textContent)).toEqual(menuFor(alice).map((r) => r.label));
    const current = within(nav).getByRole("link", { name: "Performance" });
    expect(current.getAttribute("aria-current")).toBe("page");
    expect(current.getAttribute("href")).toBe("/performance");
  });

  it("marks no entry on a page outside them", async () => {
    const nav = await renderAt("/nothing-here", alice);
    expect(nav.querySelector("[aria-current]")).toBeNull();
  });

  it("gives an admin every entry of the table", async () => {
    const nav = await renderAt("/performance", admin);
    expect(within(nav).getAllByRole("link").map((l) => l.textContent)).toEqual(menuRoutes.map((r) => r.label));
  });
});
