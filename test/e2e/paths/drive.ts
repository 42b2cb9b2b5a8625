/**
 * Drives a machine's generated paths in Chromium through its browser map
 * (test/e2e/paths/pathMap.ts): one test per path the browser runs
 * (test/model/browserPaths.ts), on a fresh page, each step a `test.step` named as
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
 * Signed-in maps share one sign-in per worker (a storage state made once). A map with
 * `reset` runs its paths on one page per worker: the first opens the screen, each next
 * one starts from the map's reset (the person's own way back to the opening screen).
 */
import { test as base, expect, newPinnedContext, type Browser, type BrowserContext, type Page, type Route } from "../fixtures";
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { browserPaths } from "../../model/browserPaths";
import type { MachineModel, ModelPath } from "../../model/harness";
import { machineModels } from "../../model/machineModels";
import { e2eDataDir, e2ePort } from "../environment";
import { demoUsers } from "../support";
import { isNotInPaths, mapProblems, type BrowserMap, type PathContext } from "./pathMap";

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
 * The worker's page for the paths of one map with `reset` (a page of its own for each map: another
 * map's path may leave the page signed out or on another screen), and whether a path has opened
 * the map's screen on it.
 */
interface SharedPage {
  readonly page: Page;
  opened: boolean;
}

const test = base.extend<{ signedInAs: Who | null }, { sharedPage: (machine: string, who: Who | null) => Promise<SharedPage> }>({
  signedInAs: [null, { option: true }],
  storageState: async ({ signedInAs, browser }, use, info) => {
    await use(signedInAs === null ? undefined : await signInOnce(browser, signedInAs, info.workerIndex));
  },
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
            return { page: await context.newPage(), opened: false };
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

async function drive(page: Page, map: BrowserMap, model: MachineModel, path: ModelPath, shared?: SharedPage): Promise<void> {
  // The page's clock is Playwright's already (fixtures.ts installs it on every context, at the suite's pinned day).
  // On a shared page, the calls the path before held are let go of with its routes.
  if (shared) await page.unrouteAll({ behavior: "ignoreErrors" });
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
          if (shared?.opened && map.reset) await map.reset(c);
          else await map.open(c);
          if (shared) shared.opened = true;
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
              .poll(() => held.get(action.src)?.length ?? 0, { message: `the page never called '${action.src}'` })
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
    test.use({ signedInAs: map.signedIn });
    // Every path is independent of the others (a fresh page, or the worker's page brought back by the map's reset),
    // so the workers share a machine's paths out instead of one worker taking them all.
    test.describe.configure({ mode: "parallel" });
    test("the map names every event, state, call and timer of the machine", () => {
      expect(mapProblems(map, model)).toEqual([]);
    });
    for (const path of driven) {
      if (map.reset)
        test(path.title, async ({ sharedPage }) => {
          const shared = await sharedPage(map.machine, map.signedIn);
          // A path that fails leaves the page as it was then: the next one opens the screen afresh.
          try {
            await drive(shared.page, map, model, path, shared);
          } catch (e) {
            shared.opened = false;
            throw e;
          }
        });
      else
        test(path.title, async ({ page }) => {
          await drive(page, map, model, path);
        });
    }
  });
}
