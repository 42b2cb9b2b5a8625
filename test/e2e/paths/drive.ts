/**
 * Drives a machine's generated paths in Chromium through its browser map
 * (test/e2e/paths/pathMap.ts): one test per path the browser runs
 * (test/model/browserPaths.ts), on a new page (or its map's one page, brought back by the map's reset), each step a `test.step` named as
 * `npm run paths` prints it. Per step:
 *   - an event: the map's user action (click, type, keyboard);
 *   - an actor outcome: the call the app made for that actor is held by a route from the
 *     moment it leaves the page, so the pending state is seen; the step lets it through
 *     to the reference server or answers it with the map's fixture (a 500, a 409…);
 *   - a timer: the page's clock (Playwright's, installed before the page loads) runs
 *     forward by the delay's duration.
 * Then every active state node's view is asserted, all of them at once (views only look). An event, state, actor outcome or
 * timer the map does not name fails the step with a message naming it.
 *
 * Signed-in maps share one sign-in per worker (a storage state made once). Each map has a
 * browser context per worker. A map with `reset` runs its paths on one page: the first opens
 * the screen, each next one starts from the map's reset (the person's own way back to the
 * opening screen). A map without starts each path on a new page of its context, brought
 * back to a fresh context's state (its storage state, the clock at the pinned day's now).
 */
import { test as base, expect, newPinnedContext, type Browser, type BrowserContext, type Page, type Route } from "../fixtures";
import { mkdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { browserPaths } from "../../model/browserPaths";
import type { MachineModel, ModelPath } from "../../model/harness";
import { machineModels } from "../../model/machineModels";
import { e2eDataDir, e2eNow, e2ePort } from "../environment";
import { demoUsers } from "../support";
import { isNotInPaths, mapProblems, quickPoll, type BrowserMap, type PathContext } from "./pathMap";

type Who = "demo" | "admin";
/** The worker's sign-in of each demo user, made once on first need and kept as a storage state file. */
const signIns = new Map<Who, Promise<string>>();
const signInOnce = (browser: Browser, who: Who, workerIndex: number): Promise<string> => {
  const made = signIns.get(who) ?? signIn(browser, who, workerIndex);
  signIns.set(who, made);
  return made;
};
const signIn = async (browser: Browser, who: Who, workerIndex: number): Promise<string> => {
  mkdirSync(e2eDataDir, { recursive: true });
  const file = resolve(e2eDataDir, `paths-${who}-state-${workerIndex}.json`);
  const page = await (await newPinnedContext(browser, { baseURL: `http://127.0.0.1:${e2ePort}` })).newPage();
  await page.goto("/login");
  await page.getByLabel("Username").fill(demoUsers[who].username);
  await page.getByLabel("Password", { exact: true }).fill(demoUsers[who].password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("heading", { name: "Performance Report" })).toBeVisible();
  await page.context().storageState({ path: file });
  await page.context().close();
  return file;
};

/**
 * The worker's browser context for the paths of one map (a context of its own for each map: another map's
 * path may leave its page signed out or on another screen), its page, and whether a path has opened the
 * map's screen on that page. A map with `reset` runs its paths on the one page; a map without starts each
 * path on a new page of the context, the context brought back to a fresh one's state first (`startAfresh`),
 * which costs far less than a new context.
 */
interface SharedPage {
  readonly context: BrowserContext;
  /** The worker's sign-in as a storage state file, or none (nobody signed in). */
  readonly storageState: string | undefined;
  page: Page;
  opened: boolean;
}

/** The sign-in's storage state, read once from its file. */
type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;
const storageStates = new Map<string, StorageState>();
const storageStateOf = (file: string | undefined): StorageState => {
  if (file === undefined) return { cookies: [], origins: [] };
  const state = storageStates.get(file) ?? (JSON.parse(readFileSync(file, "utf8")) as StorageState);
  storageStates.set(file, state);
  return state;
};

/**
 * Runs first in each document of a new page: the first document of the page's tab on an origin finds that
 * origin's local storage as a fresh context has it (the storage state's, or empty), whatever a path before
 * left there. The tab's session storage remembers it is done, so a reload within the path keeps the path's own.
 */
const restoreLocalStorage = (origins: StorageState["origins"]): void => {
  try {
    if (sessionStorage.getItem("paths.freshStorage") === "done") return;
    localStorage.clear();
    for (const { name, value } of origins.find((o) => o.origin === location.origin)?.localStorage ?? []) localStorage.setItem(name, value);
    sessionStorage.setItem("paths.freshStorage", "done");
  } catch {
    // A document without storage (about:blank): nothing to restore.
  }
};

/**
 * A fresh context's state, on the worker's context: the last path's page closed (its document, routes and
 * init scripts with it), the cookies and local storage as the sign-in's storage state has them (or none),
 * the clock running again from the pinned day's now, and a new page. (The context's `setStorageState` does the
 * same for cookies and storage, but through a page of its own loading each origin: a second page load per path.)
 */
const startAfresh = async (shared: SharedPage): Promise<void> => {
  await shared.page.close();
  const state = storageStateOf(shared.storageState);
  await shared.context.clearCookies();
  if (state.cookies.length > 0) await shared.context.addCookies(state.cookies);
  await shared.context.clock.resume();
  await shared.context.clock.setSystemTime(e2eNow());
  shared.page = await shared.context.newPage();
  await shared.page.addInitScript(restoreLocalStorage, state.origins);
  shared.opened = false;
};

const test = base.extend<object, { sharedPage: (machine: string, who: Who | null) => Promise<SharedPage> }>({
  // Made on first use and kept for the worker (a worker restarted after a failure makes a new one).
  sharedPage: [
    async ({ browser }, use, info) => {
      const made = new Map<string, Promise<SharedPage>>();
      const contexts: BrowserContext[] = [];
      await use((machine, who) => {
        const page =
          made.get(machine) ??
          (async () => {
            const storageState = who === null ? undefined : await signInOnce(browser, who, info.workerIndex);
            const context = await newPinnedContext(browser, { baseURL: `http://127.0.0.1:${e2ePort}`, ...(storageState ? { storageState } : {}) });
            contexts.push(context);
            return { context, storageState, page: await context.newPage(), opened: false };
          })();
        made.set(machine, page);
        return page;
      });
      for (const context of contexts) await context.close();
    },
    { scope: "worker" },
  ],
});

/** Holds every request of the map's actors until a step of the path answers it. */
const holdCalls = async (page: Page, map: BrowserMap): Promise<Map<string, Route[]>> => {
  const held = new Map<string, Route[]>();
  const actors = [
    ...Object.entries(map.actors).flatMap(([src, a]) => (isNotInPaths(a) ? [] : [[src, a.request] as const])),
    ...Object.entries(map.heldRequests ?? {}),
  ];
  await page.route("**/api/**", async (route) => {
    const match = actors.find(([, request]) => request(route.request()));
    if (!match) return route.fallback();
    const [src] = match;
    held.set(src, [...(held.get(src) ?? []), route]);
  });
  return held;
};

const fail = (message: string): never => {
  throw new Error(message);
};

async function drive(map: BrowserMap, model: MachineModel, path: ModelPath, shared: SharedPage): Promise<void> {
  // The page's clock is Playwright's already (newPinnedContext installs it on every context, at the suite's pinned day).
  // A map without a reset starts on a new page of a context as a fresh one is; on a map's one page, the calls the
  // path before held are let go of with its routes.
  if (map.reset) await shared.page.unrouteAll({ behavior: "ignoreErrors" });
  else await startAfresh(shared);
  const page = shared.page;
  // Held on every path, with or without an outcome step: a call the path never answers stays pending, as in the model.
  const holds = Object.values(map.actors).some((a) => !isNotInPaths(a)) || map.heldRequests !== undefined;
  const held = holds ? await holdCalls(page, map) : new Map<string, Route[]>();
  const memory = new Map<string, unknown>();

  for (const [index, step] of path.plan.entries()) {
    const c: PathContext = { page, expect, input: path.input, observed: step.expected.observed, memory, held };
    await test.step(path.steps[index] ?? `step ${index}`, async () => {
      const action = step.action;
      switch (action.kind) {
        case "init":
          if (shared.opened && map.reset) await map.reset(c);
          else await map.open(c);
          shared.opened = true;
          if (map.clock === "paused") await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
          break;
        case "event": {
          const drive = map.events[action.event.type] ?? fail(`the ${map.machine} map has no action for event '${action.event.type}'`);
          if (isNotInPaths(drive)) fail(`the ${map.machine} map says event '${action.event.type}' is never in a path, but this path sends it: ${drive.notInPaths}`);
          else await drive(c, { event: action.event, label: action.label });
          break;
        }
        case "actor": {
          const actor = map.actors[action.src] ?? fail(`the ${map.machine} map has no call for actor '${action.src}'`);
          if (isNotInPaths(actor)) fail(`the ${map.machine} map says actor '${action.src}' is never in a path: ${actor.notInPaths}`);
          else {
            const answer =
              (action.outcome === "resolves" ? actor.resolves : actor.rejects)?.[action.label] ??
              fail(`the ${map.machine} map has no answer for '${action.src} ${action.outcome} [${action.label}]'`);
            await expect
              .poll(() => held.get(action.src)?.length ?? 0, { ...quickPoll, message: `the page never called '${action.src}'` })
              .toBeGreaterThan(0);
            const calls = held.get(action.src) ?? [];
            held.set(action.src, []);
            // The latest call is the running actor's; any earlier one belongs to an actor already stopped.
            const route = calls[calls.length - 1] as Route;
            if (answer === "server") await route.continue();
            else if (answer === "network") await route.abort("failed");
            else await route.fulfill({ status: answer.status, json: answer.json });
          }
          break;
        }
        case "timer": {
          const delay = String(action.delay);
          if (typeof action.delay === "string" && !map.delays.includes(delay)) fail(`the ${map.machine} map does not name delay '${delay}'`);
          const ms = action.ms ?? model.delays?.[delay] ?? fail(`no duration known for delay '${delay}'`);
          await page.clock.runFor(ms);
          break;
        }
      }
      // What a person sees of every active state, asserted together: the views only look (no action), so their
      // waits overlap instead of adding up, one round trip to the page after another.
      const views = step.expected.nodeIds.map((id) => {
        const view = map.states[id];
        return view === undefined ? fail(`the ${map.machine} map has no view for state '${id}'`) : view;
      });
      await Promise.all(views.map((view) => (view === null ? undefined : view(c))));
    });
  }
}

/** One Playwright test per path the browser runs for the map's machine, titled "paths <machine> #n …". */
export function pathSuite(map: BrowserMap): void {
  const model = machineModels[map.machine] ?? fail(`no machine model named '${map.machine}' (test/model/machineModels.ts)`);
  const { driven } = browserPaths(model);
  test.describe(`paths ${map.machine}`, () => {
    // Every path is independent of the others (a new page of a context as a fresh one is, or the worker's page brought back by the map's reset),
    // so the workers share a machine's paths out instead of one worker taking them all.
    test.describe.configure({ mode: "parallel" });
    test("the map names every event, state, call and timer of the machine", () => {
      expect(mapProblems(map, model)).toEqual([]);
    });
    for (const path of driven)
      test(path.title, async ({ sharedPage }, info) => {
        const shared = await sharedPage(map.machine, map.signedIn);
        try {
          await drive(map, model, path, shared);
        } catch (e) {
          // What the page showed then (the page is the worker's, so Playwright's own screenshot does not take it);
          // a failed path leaves the page as it was, so the next one opens the screen afresh.
          await info.attach("screenshot", { body: await shared.page.screenshot().catch(() => Buffer.from("")), contentType: "image/png" });
          shared.opened = false;
          throw e;
        }
      });
  });
}
