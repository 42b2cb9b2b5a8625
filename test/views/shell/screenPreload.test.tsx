// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Suspense, useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { fromPromise } from "xstate";
import type { MeResponse } from "../../../src/domain/access/auth";
import type { User } from "../../../src/domain/shell/user";
import { createAppActors } from "../../../src/machines/shell/appActors";
import { sessionMachine } from "../../../src/machines/shell/session.machine";
import { createCallsInFlight } from "../../../src/services/http/callsInFlight";
import { MainMenu } from "../../../src/views/shell/MainMenu";
import { menuRoutes, menuSectionsFor } from "../../../src/views/shell/menuRoutes";
import { preloadableScreen } from "../../../src/views/shell/preloadableScreen";
import { ScreenPreloadProvider } from "../../../src/views/shell/ScreenPreloadContext";
import { acme, alice } from "../../model/fixtures";
import { appActorsWith, withActors } from "../viewSupport";

afterEach(cleanup);

const Hello = ({ name }: { readonly name: string }) => {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((n) => n + 1)}>
      Hello {name} {count}
    </button>
  );
};

const inSuspense = (node: React.ReactNode) => <Suspense fallback={<p>Loading…</p>}>{node}</Suspense>;

describe("preloadableScreen", () => {
  it("draws a screen whose code was loaded ahead at once, without the fallback (React's lazy() suspends on its first render)", async () => {
    const load = vi.fn(() => Promise.resolve(Hello));
    const { Screen, preload } = preloadableScreen(load);
    await preload();
    render(inSuspense(<Screen name="Ada" />));
    expect(screen.queryByText("Loading…")).toBeNull();
    expect(screen.getByRole("button").textContent).toBe("Hello Ada 0");
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("without a load ahead: the fallback, then the screen, loaded once with the preload sharing it", async () => {
    let resolve: (c: typeof Hello) => void = () => {};
    const load = vi.fn(() => new Promise<typeof Hello>((r) => (resolve = r)));
    const { Screen, preload } = preloadableScreen(load);
    render(inSuspense(<Screen name="Ada" />));
    expect(screen.getByText("Loading…")).toBeTruthy();
    const ahead = preload();
    await act(async () => {
      resolve(Hello);
      await ahead;
    });
    expect((await screen.findByRole("button")).textContent).toBe("Hello Ada 0");
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("a screen mounted while loading keeps its state once the code is here (it is never mounted again)", async () => {
    const { Screen } = preloadableScreen(() => Promise.resolve(Hello));
    const { rerender } = render(inSuspense(<Screen name="Ada" />));
    const button = await screen.findByRole("button");
    act(() => button.click());
    rerender(inSuspense(<Screen name="Ada" />));
    expect(screen.getByRole("button").textContent).toBe("Hello Ada 1");
  });
});

describe("MainMenu loads its entries' screens ahead", () => {
  beforeEach(() => {
    // The idle callback runs soon; the server's list of the program's reports is empty.
    vi.stubGlobal("requestIdleCallback", (f: () => void) => setTimeout(f, 0));
    vi.stubGlobal("cancelIdleCallback", (h: ReturnType<typeof setTimeout>) => clearTimeout(h));
    vi.stubGlobal("fetch", vi.fn(async () => new Response(JSON.stringify({ data: [] }), { status: 200, headers: { "content-type": "application/json" } })));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  const admin: User = { ...alice, id: 2, username: "root", is_admin: true };

  it.each([
    { who: "a member", user: alice },
    { who: "an admin", user: admin },
  ])("$who: every entry offered, one at a time, and no other (an admin screen's code never loads for a member)", async ({ user }) => {
    const profile: MeResponse = { user, programs: [acme] };
    const actors = appActorsWith(sessionMachine.provide({ actors: { loadProfile: fromPromise(async () => profile) } }));
    actors.session.send({ type: "session.signedIn", token: "tok-1", user });
    await new Promise((r) => setTimeout(r, 0));
    const preloaded: string[] = [];
    let inFlight = 0;
    let mostAtOnce = 0;
    const preload = async (path: string) => {
      preloaded.push(path);
      mostAtOnce = Math.max(mostAtOnce, ++inFlight);
      await new Promise((r) => setTimeout(r, 0));
      inFlight--;
    };
    const { hook } = memoryLocation({ path: "/performance" });
    render(withActors(actors, <ScreenPreloadProvider value={preload}><Router hook={hook}><MainMenu /></Router></ScreenPreloadProvider>));
    const offered = menuSectionsFor(user, menuRoutes, []).flatMap((s) => s.entries.map((r) => r.path));
    await waitFor(() => expect([...preloaded].sort()).toEqual([...offered].sort()));
    expect(mostAtOnce).toBe(1);
    if (!user.is_admin) expect(preloaded.filter((p) => menuRoutes.find((r) => r.path === p)?.audience === "admins")).toEqual([]);
  });

  it("the next page's menu asks only for the entries not loaded yet: a failed one again, a loaded one never (the last entries are reached before they are clicked)", async () => {
    const profile: MeResponse = { user: admin, programs: [acme] };
    const actors = appActorsWith(sessionMachine.provide({ actors: { loadProfile: fromPromise(async () => profile) } }));
    actors.session.send({ type: "session.signedIn", token: "tok-1", user: admin });
    await new Promise((r) => setTimeout(r, 0));
    const offered = menuSectionsFor(admin, menuRoutes, []).flatMap((s) => s.entries.map((r) => r.path));
    const failing = offered[1] ?? "";
    const asked: string[] = [];
    let failures = 1;
    const preload = async (path: string) => {
      asked.push(path);
      if (path === failing && failures-- > 0) throw new Error("chunk not loaded");
    };
    const page = () => {
      const { hook } = memoryLocation({ path: "/performance" });
      return render(withActors(actors, <ScreenPreloadProvider value={preload}><Router hook={hook}><MainMenu /></Router></ScreenPreloadProvider>));
    };
    const first = page();
    await waitFor(() => expect(asked).toHaveLength(offered.length));
    first.unmount();
    page();
    await waitFor(() => expect(asked).toHaveLength(offered.length + 1));
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(asked.slice(offered.length)).toEqual([failing]);
  });

  it("a click makes its entry current at once and opens its screen after that frame, once its code is here (no fallback to wait out); the entry clicked last wins", async () => {
    const frames: Array<() => void> = [];
    vi.stubGlobal("requestAnimationFrame", (f: () => void) => frames.push(f));
    const drawFrame = () => act(async () => {
      for (const frame of frames.splice(0)) frame();
      await new Promise((r) => setTimeout(r, 0));
    });
    const profile: MeResponse = { user: admin, programs: [acme] };
    const actors = appActorsWith(sessionMachine.provide({ actors: { loadProfile: fromPromise(async () => profile) } }));
    actors.session.send({ type: "session.signedIn", token: "tok-1", user: admin });
    await new Promise((r) => setTimeout(r, 0));
    const loads = new Map<string, () => void>();
    // Nothing is loaded ahead here (the page is never quiet); only the clicks' loads are.
    const calls = createCallsInFlight();
    calls.started();
    const preload = (path: string) => new Promise<void>((resolve) => loads.set(path, resolve));
    const { hook, history } = memoryLocation({ path: "/performance", record: true });
    render(withActors({ ...actors, calls }, <ScreenPreloadProvider value={preload}><Router hook={hook}><MainMenu /></Router></ScreenPreloadProvider>));
    const link = async (name: string) => screen.findByRole("link", { name });
    fireEvent.click(await link("Audit Trail"));
    expect((await link("Audit Trail")).getAttribute("aria-current")).toBe("page");
    expect((await link("Performance")).getAttribute("aria-current")).toBeNull();
    fireEvent.click(await link("People"));
    expect((await link("People")).getAttribute("aria-current")).toBe("page");
    await drawFrame();
    expect(history).toEqual(["/performance"]);
    await act(async () => loads.get("/admin/people")?.());
    expect(history).toEqual(["/performance", "/admin/people"]);
    await act(async () => loads.get("/admin/audit")?.());
    expect(history).toEqual(["/performance", "/admin/people"]);
    // Code already here: the screen still opens only after the click's frame is drawn.
    fireEvent.click(await link("Programs"));
    await act(async () => loads.get("/admin/programs")?.());
    expect(history).toEqual(["/performance", "/admin/people"]);
    await drawFrame();
    expect(history).toEqual(["/performance", "/admin/people", "/admin/programs"]);
  });

  it("a click whose navigation the page keeps from happening (a question first) leaves the page's entry current", async () => {
    const frames: Array<() => void> = [];
    vi.stubGlobal("requestAnimationFrame", (f: () => void) => frames.push(f));
    const profile: MeResponse = { user: admin, programs: [acme] };
    const actors = appActorsWith(sessionMachine.provide({ actors: { loadProfile: fromPromise(async () => profile) } }));
    actors.session.send({ type: "session.signedIn", token: "tok-1", user: admin });
    await new Promise((r) => setTimeout(r, 0));
    const kept: string[] = [];
    const keptHere = (): [string, (to: string) => void] => ["/admin/classification", (to) => void kept.push(to)];
    render(withActors(actors, <ScreenPreloadProvider value={async () => undefined}><Router hook={keptHere}><MainMenu /></Router></ScreenPreloadProvider>));
    const link = async (name: string) => screen.findByRole("link", { name });
    fireEvent.click(await link("Performance"));
    expect((await link("Performance")).getAttribute("aria-current")).toBe("page");
    await act(async () => {
      for (const frame of frames.splice(0)) frame();
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(kept).toEqual(["/performance"]);
    expect((await link("Performance")).getAttribute("aria-current")).toBeNull();
    expect((await link("Classification")).getAttribute("aria-current")).toBe("page");
  });

  it("waits while an API call is under way (the landing screen's answers), then loads when the page is quiet", async () => {
    const profile: MeResponse = { user: alice, programs: [acme] };
    const calls = createCallsInFlight();
    const actors = createAppActors({
      navigate: () => undefined,
      reloadPage: () => undefined,
      persistence: false,
      calls,
      sessionMachine: sessionMachine.provide({ actors: { loadProfile: fromPromise(async () => profile) } }),
    });
    actors.session.send({ type: "session.signedIn", token: "tok-1", user: alice });
    await new Promise((r) => setTimeout(r, 0));
    const tableCall = calls.started();
    const preloaded: string[] = [];
    const preload = async (path: string) => void preloaded.push(path);
    const { hook } = memoryLocation({ path: "/performance" });
    render(withActors(actors, <ScreenPreloadProvider value={preload}><Router hook={hook}><MainMenu /></Router></ScreenPreloadProvider>));
    // Idle callbacks come and go while the call is under way: nothing loads.
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(preloaded).toEqual([]);
    act(() => tableCall());
    await waitFor(() => expect(preloaded.length).toBeGreaterThan(0));
  });
});
