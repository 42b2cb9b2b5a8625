// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { fromPromise } from "xstate";
import type { MeResponse } from "../../../src/domain/access/auth";
import type { User } from "../../../src/domain/shell/user";
import type { AppActors } from "../../../src/machines/shell/appActors";
import { sessionMachine } from "../../../src/machines/shell/session.machine";
import { toastsSelectors } from "../../../src/machines/shell/toasts.machine";
import { RouteGuard } from "../../../src/views/shell/RouteGuard";
import { acme, alice } from "../../model/fixtures";
import { appActorsWith, withActors } from "../viewSupport";

afterEach(cleanup);

const admin: User = { ...alice, id: 2, username: "root", is_admin: true };

/** The app's actors with `user` signed in (profile loaded), or nobody signed in. */
const actorsFor = async (user: User | null): Promise<AppActors> => {
  const actors = appActorsWith(sessionMachine.provide({ actors: { loadProfile: fromPromise(async (): Promise<MeResponse> => ({ user: user ?? alice, programs: [acme] })) } }));
  const session = actors.session;
  if (user !== null) session.send({ type: "session.signedIn", token: "tok-1", user });
  await new Promise((r) => setTimeout(r, 0));
  return actors;
};

const renderAt = async (path: string, user: User | null) => {
  const actors = await actorsFor(user);
  const location = memoryLocation({ path, record: true });
  render(
    withActors(
      actors,
      <Router hook={location.hook} searchHook={location.searchHook}>
        <RouteGuard pathname={path}>
          <h1>The screen</h1>
        </RouteGuard>
      </Router>,
    ),
  );
  return { history: location.history, toast: () => toastsSelectors.current(actors.toasts.getSnapshot()) };
};

describe("RouteGuard", () => {
  it.each([
    "/admin/classification",
    "/admin/not-built",
    "/affiliate-performance",
    "/account/costs/fixed",
    "/account/costs/fixed/create",
    "/account/costs/fixed/7",
    "/account/costs/fixed/batch",
    "/account/costs/variable",
    "/account/costs/variable/batch",
  ])("refuses a member %s: no screen, the refusal's toast, / in its place", async (path) => {
    const { history, toast } = await renderAt(path, alice);
    expect(screen.queryByRole("heading", { name: "The screen" })).toBeNull();
    expect(toast()).toMatchObject({ text: "You don't have access to admin resources", kind: "error" });
    expect(history).toEqual(["/"]);
  });

  it.each(["/admin/classification", "/affiliate-performance", "/account/costs/fixed/create", "/account/costs/variable/batch"])("lets an admin open %s", async (path) => {
    const { history, toast } = await renderAt(path, admin);
    expect(screen.getByRole("heading", { name: "The screen" })).toBeTruthy();
    expect([toast(), history]).toEqual([null, [path]]);
  });

  it.each(["/funnel", "/changelog", "/account/connections", "/nothing-here"])("lets a member open %s, no admin route", async (path) => {
    const { history } = await renderAt(path, alice);
    expect(screen.getByRole("heading", { name: "The screen" })).toBeTruthy();
    expect(history).toEqual([path]);
  });

  it("sends a signed-out person on an admin route to /login with the path to return to, the screen never drawn", async () => {
    const { history, toast } = await renderAt("/admin/classification", null);
    expect(screen.queryByRole("heading", { name: "The screen" })).toBeNull();
    expect(toast()).toBeNull();
    expect(history.at(-1)).toBe(`/login?next=${encodeURIComponent("/admin/classification")}`);
  });
});
