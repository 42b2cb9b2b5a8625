/**
 * A machine's browser map: how a person drives each event of the machine (a click,
 * typing, a key) and what a person sees in each of its states (visible text and roles),
 * and how the API answers each of its calls (the reference server, or a routed fixture
 * for a failure). test/e2e/paths/drive.ts walks the machine's generated paths through it;
 * test/model/browserMaps.test.ts checks without a browser that a map names every event,
 * state, actor and timer of its machine and every event label and actor outcome its
 * model offers, so a change to the machine fails there first, by name.
 *
 * No Playwright runtime here (only types): the vitest check imports the maps.
 */
import type { Page, Request, Route, expect as playwrightExpect } from "@playwright/test";
import type { EventObject } from "xstate";
import { machineSurface } from "../../model/browserPaths";
import type { MachineModel } from "../../model/harness";

export type Expect = typeof playwrightExpect;

/**
 * What each step of a map gets: the page, Playwright's `expect`, the path's input label,
 * and the machine's context as the model observes it after the step (its `observe`
 * projection, when it has one), for views that show it.
 */
export interface PathContext {
  readonly page: Page;
  readonly expect: Expect;
  readonly input: string;
  readonly observed: unknown;
  /** What a map keeps from one step of a path to the next (e.g. the rows of the file it dropped). */
  readonly memory: Map<string, unknown>;
  /** The held calls of the map's actors and of `heldRequests`, oldest first: a step may answer one itself. */
  readonly held: Map<string, Route[]>;
}

/** A person's action for one event of a path (`label` names the model's example payload). */
export type EventAction = (c: PathContext, step: { readonly event: EventObject; readonly label: string }) => Promise<void>;

/** Said of an event, actor or state the generated paths never take, with the reason. */
export interface NotInPaths {
  readonly notInPaths: string;
}

/** How the browser answers one outcome of a call: the reference server's own answer, a failed connection, or a routed fixture. */
export type Answer = "server" | "network" | { readonly status: number; readonly json: unknown };

export interface ActorMap {
  /** The call's request (the app's fetch): held until the path's step says how it ends. */
  readonly request: (request: Request) => boolean;
  /** Model outcome label ("resolves [label]" / "rejects [label]") -> the answer. */
  readonly resolves?: Readonly<Record<string, Answer>>;
  readonly rejects?: Readonly<Record<string, Answer>>;
}

/** What a person sees in a state: assertions on visible text and roles (null: its child states say it). */
export type StateView = ((c: PathContext) => Promise<void>) | null;

export interface BrowserMap {
  /** The machine's name in test/model/machineModels.ts (and `npm run paths`). */
  readonly machine: string;
  /** Who is signed in when a path starts (the worker's shared sign-in), or nobody. */
  readonly signedIn: "demo" | "admin" | null;
  /**
   * Requests the machine makes from spawned children rather than invoked actors, held
   * like an actor's calls (under this name) for the map's events to answer.
   */
  readonly heldRequests?: Readonly<Record<string, (request: Request) => boolean>>;
  /** "paused": the page clock stands still after `open`, so only the path's steps move time (for waits raised by actions). */
  readonly clock?: "paused";
  /** Opens the screen for a path of the given input label, before its first step. */
  readonly open: (c: PathContext) => Promise<void>;
  /**
   * Paths on one page: the worker keeps one signed-in page for the file's paths, and each
   * path after the first starts with `reset` instead of `open`, which brings the screen
   * back, with the person's own actions and without a reload, to where `open` leaves it
   * (for screens whose load is the cost of a path). After a failed path the next one opens afresh.
   */
  readonly reset?: (c: PathContext) => Promise<void>;
  readonly events: Readonly<Record<string, EventAction | NotInPaths>>;
  readonly actors: Readonly<Record<string, ActorMap | NotInPaths>>;
  /** Named delays the machine waits for; the browser's clock is run forward by the model's duration. */
  readonly delays: ReadonlyArray<string>;
  /** Every state node id of the machine. */
  readonly states: Readonly<Record<string, StateView>>;
}

export const isNotInPaths = (x: unknown): x is NotInPaths => typeof x === "object" && x !== null && "notInPaths" in x;

/**
 * How often a check of the page's own state (a held call, the URL) is read again: the page answers in
 * milliseconds, so a poll at Playwright's default pace (100 ms, then 250, 500, 1000) waits far longer
 * than the page does. Only the pace: the check still fails at the expect timeout.
 */
export const quickPoll: { readonly intervals: number[] } = { intervals: [10, 25, 50, 100] };

/** A JSON error body as the reference server answers it. */
export const failure = (status: number, error: string, message = error): Answer => ({ status, json: { error, message } });

/**
 * What the map leaves out of its machine and model, one line each naming the event,
 * state, actor, outcome or delay: empty when the map covers them all.
 */
export const mapProblems = (map: BrowserMap, model: MachineModel): string[] => {
  const surface = machineSurface(model.machine);
  const problems: string[] = [];
  const name = map.machine;
  for (const e of surface.events) if (!(e in map.events)) problems.push(`${name}: event '${e}' has no user action in the map`);
  for (const e of Object.keys(map.events)) if (!surface.events.includes(e)) problems.push(`${name}: the map names event '${e}', which the machine does not have`);
  for (const e of Object.keys(model.events)) {
    if (isNotInPaths(map.events[e])) problems.push(`${name}: event '${e}' is offered by the model, so it needs a user action`);
  }
  for (const id of surface.states) if (!(id in map.states)) problems.push(`${name}: state '${id}' has no view in the map`);
  for (const id of Object.keys(map.states)) if (!surface.states.includes(id)) problems.push(`${name}: the map names state '${id}', which the machine does not have`);
  for (const src of surface.actors) if (!(src in map.actors)) problems.push(`${name}: actor '${src}' has no call in the map`);
  for (const src of Object.keys(map.actors)) if (!surface.actors.includes(src)) problems.push(`${name}: the map names actor '${src}', which the machine does not invoke`);
  for (const [src, outcomes] of Object.entries(model.actorOutcomes ?? {})) {
    const actor = map.actors[src];
    if (actor === undefined) continue;
    if (isNotInPaths(actor)) {
      problems.push(`${name}: actor '${src}' has outcomes in the model, so it needs a call in the map`);
      continue;
    }
    for (const label of Object.keys(outcomes.resolves ?? {})) if (!actor.resolves?.[label]) problems.push(`${name}: no answer for '${src} resolves [${label}]'`);
    for (const label of Object.keys(outcomes.rejects ?? {})) if (!actor.rejects?.[label]) problems.push(`${name}: no answer for '${src} rejects [${label}]'`);
  }
  for (const d of surface.delays) if (!map.delays.includes(d)) problems.push(`${name}: delay '${d}' is not named in the map`);
  for (const d of map.delays) if (!surface.delays.includes(d)) problems.push(`${name}: the map names delay '${d}', which the machine does not have`);
  return problems;
};
