/**
 * Model-based testing harness for the production state machines.
 *
 * Why not `createTestModel`: @xstate/graph refuses machines that `invoke` or use `after`,
 * and nearly every machine of the app does both. This harness keeps the idea (paths are
 * generated from the machine, then executed against it) and solves both once, for any
 * machine, driven by a per-machine model (`defineMachineModel`, see test/model/models).
 *
 * 1. GENERATION walks the PRODUCTION machine itself (never a copy) with @xstate/graph's
 *    `getShortestPaths` / `getSimplePaths`. The graph library calls the machine's pure
 *    `transition()` with a mock actor scope: invoked actors are created but never
 *    started, actions with side effects never run. For each snapshot the harness offers:
 *      - catalogue events (event type -> example payloads, or a function of the
 *        snapshot), only in states with a transition for that type;
 *      - ACTOR OUTCOMES: for every invocation active in the snapshot whose `src` is in
 *        `actorOutcomes`, the synthetic `xstate.done.actor.<invokeId>` (one per declared
 *        output) and `xstate.error.actor.<invokeId>` (one per declared error);
 *      - TIMERS: for every active `after` transition, its synthetic
 *        `xstate.after.<delay>.<stateNodeId>` (of timers active together only the
 *        shortest is offered, assuming they started together).
 *    Each offered event is interned and mapped (WeakMap) to a readable step action:
 *    "event [label]" | "<src> resolves/rejects [label]" | "after <delay> (<ms> ms)".
 *    A vertex of the graph is (state value, status, `observe(context)`); the projection
 *    must be finite (cap lists) and should keep what guards and the catalogue depend on.
 *    With transition coverage (default for shortest paths) a vertex reached by a
 *    transition that changed something is also keyed by that transition and its source,
 *    as createTestModel does, so shortest paths take every transition, not only reach
 *    every state (a self-transition that changes nothing is taken once per state).
 *
 * 2. EXACT REPLAY: the graph may merge snapshots that differ in unobserved context, so
 *    each generated event sequence is replayed with xstate's pure `initialTransition` /
 *    `transition` from the initial snapshot. The replayed snapshots are the path's
 *    expectations (value, status, observed context, active node ids, and the app
 *    actions the machine executes in each step with their params). A path whose next
 *    event is not on offer in the state actually reached is dropped (`paths.dropped`).
 *    Paths that are prefixes of others are dropped; `maxPaths` caps the rest while
 *    keeping every state node covered.
 *
 * 3. EXECUTION (`runPath`) runs a path against the real machine:
 *    `createActor(machine.provide(...), { clock, input })` with a SimulatedClock
 *    (`TrackingClock`, which also remembers when each timeout was set). Nothing synthetic
 *    is sent to the machine:
 *      - every `src` in `actorOutcomes` is replaced by a scripted actor that starts when
 *        the machine invokes it (start and input are recorded) and stays pending until
 *        the step "resolves with X" / "rejects with Y" tells that running child to
 *        finish; XState itself then delivers done/error to the machine. A child that is
 *        missing or no longer pending fails the path;
 *      - "timer fires" looks the delayed event up in the actor system's scheduler,
 *        checks its duration against the model's `delays` (the product's numbers), advances
 *        the clock to 1 ms before it is due, asserts nothing changed, then advances 1 ms;
 *      - catalogue events go through `actor.send`, or the model's `deliver` hook (e.g.
 *        `http.failed` is published on the real app-wide failure channel, so the
 *        machine's own listener actor forwards it);
 *      - app actions named in `appActions` (redirect, reloadPage...) are replaced by
 *        recording fakes; their calls must equal the replay's prediction.
 *    After every step: state value, status and observed context must equal the
 *    expectation, and the model's `check` (the product's invariants over the step, the snapshots
 *    before/after and the calls recorded during the step) must pass.
 *
 * Bounding: `observe` keeps the graph finite; simple paths can explode, so a model may
 * give them a coarser projection (`strategies.simple.observe`, `null` = state value
 * only); `limit` bounds the traversal; `maxPaths` bounds the runs.
 *
 * Known limits: delayed events raised by actions (`raise(..., { delay })`) rather than
 * `after` are not offered; timers active together are assumed to have started together;
 * invoked machines (child statecharts) are treated as opaque actors with outcomes.
 */
// The machines' domain code needs Temporal; Node 20 has none (test/setup.ts does the same for vitest).
import "temporal-polyfill/global";
import { getAdjacencyMap, getShortestPaths, getStateNodes, type TraversalOptions } from "@xstate/graph";
import { isDeepStrictEqual } from "node:util";
import type { ClockReadProbe } from "../support/pinnedClock";
import {
  SimulatedClock,
  __unsafe_getAllOwnEventDescriptors,
  createActor,
  createEmptyActor,
  fromCallback,
  initialTransition,
  transition,
  type ActorLogic,
  type AnyActorRef,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type ContextFrom,
  type EventFromLogic,
  type EventObject,
  type InputFrom,
  type Snapshot,
  type SnapshotFrom,
  type StateValue,
} from "xstate";

// ---------------------------------------------------------------------------------------
// Simulated time

/** A SimulatedClock that also remembers when each pending timeout was set. */
export class TrackingClock extends SimulatedClock {
  private readonly pending = new Map<number, { readonly start: number; readonly timeout: number }>();

  override setTimeout(fn: (...args: unknown[]) => void, timeout: number): number {
    const id: number = super.setTimeout(() => {
      this.pending.delete(id);
      fn();
    }, timeout);
    this.pending.set(id, { start: this.now(), timeout });
    return id;
  }

  override clearTimeout(id: number): void {
    this.pending.delete(id);
    super.clearTimeout(id);
  }

  /** Milliseconds until the earliest pending timeout of this duration fires, if any. */
  remaining(timeout: number): number | undefined {
    let best: number | undefined;
    for (const t of this.pending.values()) {
      if (t.timeout !== timeout) continue;
      const left = t.start + t.timeout - this.now();
      if (best === undefined || left < best) best = left;
    }
    return best;
  }

  /** Number of timeouts that have not fired yet. */
  pendingCount(): number {
    return this.pending.size;
  }
}

// ---------------------------------------------------------------------------------------
// The rig: what a run records

export interface Call {
  /** `action`: an app action fake ran; `actor`: a scripted actor started; `received`: a recorder got an event. */
  readonly kind: "action" | "actor" | "received";
  readonly name: string;
  /** Action params, actor input, or the received event. */
  readonly payload: unknown;
  /** Index of the path step during which it happened (0 = start). */
  readonly step: number;
}

export interface Rig {
  readonly clock: TrackingClock;
  readonly calls: ReadonlyArray<Call>;
  record(kind: Call["kind"], name: string, payload: unknown): void;
  callsTo(name: string, kind?: Call["kind"]): ReadonlyArray<Call>;
  /** A started actor that records every event sent to it (e.g. a session ref given as input). */
  recorder(name: string): AnyActorRef;
}

export const createRig = (): Rig & { step: number } => {
  const calls: Call[] = [];
  const rig = {
    step: 0,
    clock: new TrackingClock(),
    calls,
    record(kind: Call["kind"], name: string, payload: unknown) {
      calls.push({ kind, name, payload, step: rig.step });
    },
    callsTo(name: string, kind?: Call["kind"]) {
      return calls.filter((c) => c.name === name && (kind === undefined || c.kind === kind));
    },
    recorder(name: string): AnyActorRef {
      return createActor(
        fromCallback<EventObject>(({ receive }) => {
          receive((event) => rig.record("received", name, event));
        }),
        { id: name },
      ).start();
    },
  };
  return rig;
};

// ---------------------------------------------------------------------------------------
// Model definition

type Payload<E> = E extends EventObject ? Omit<E, "type"> : never;
/** Example payloads: a list (labelled by their JSON) or a record of label -> payload. */
export type Variants<P> = ReadonlyArray<P> | Readonly<Record<string, P>>;

export type EventCatalogue<TMachine extends AnyStateMachine> = {
  readonly [K in EventFromLogic<TMachine>["type"]]?:
    | Variants<Payload<Extract<EventFromLogic<TMachine>, { type: K }>>>
    | ((snapshot: SnapshotFrom<TMachine>) => Variants<Payload<Extract<EventFromLogic<TMachine>, { type: K }>>>);
};

export interface ActorOutcomes {
  /** label -> output the actor resolves with. */
  readonly resolves?: Readonly<Record<string, unknown>>;
  /** label -> error the actor rejects with. */
  readonly rejects?: Readonly<Record<string, unknown>>;
}

export type Strategy = "shortest" | "simple";
type Observe<TMachine extends AnyStateMachine> = (context: ContextFrom<TMachine>) => unknown;

export interface StepCheck<TMachine extends AnyStateMachine> {
  readonly path: ModelPath;
  readonly index: number;
  readonly action: StepAction;
  readonly before: SnapshotFrom<TMachine> | undefined;
  readonly after: SnapshotFrom<TMachine>;
  readonly rig: Rig;
  /** Calls recorded while this step ran. */
  readonly newCalls: ReadonlyArray<Call>;
}

export interface MachineModelConfig<TMachine extends AnyStateMachine> {
  readonly name: string;
  /** The production machine. */
  readonly machine: TMachine;
  /** One input factory, or several named ones (paths are generated for each). */
  readonly input?: ((rig: Rig) => InputFrom<TMachine>) | Readonly<Record<string, (rig: Rig) => InputFrom<TMachine>>>;
  readonly events: EventCatalogue<TMachine>;
  /** Invoked actor `src` -> outcomes the paths may script. These actors are faked in runs. */
  readonly actorOutcomes?: Readonly<Record<string, ActorOutcomes>>;
  /** Expected duration of named delays (the product's numbers); a run fails on any other. */
  readonly delays?: Readonly<Record<string, number>>;
  /** Invoked actors that keep their production implementation in runs (e.g. the failure-channel listener). */
  readonly realActors?: ReadonlyArray<string>;
  /** Actions the app provides (navigation, reload...): replaced by recording fakes in runs. */
  readonly appActions?: ReadonlyArray<string>;
  /** How an event reaches the running actor, when not by `actor.send`. */
  readonly deliver?: { readonly [K in EventFromLogic<TMachine>["type"]]?: (event: Extract<EventFromLogic<TMachine>, { type: K }>, rig: Rig) => void };
  /** Context projection: part of a state's identity in the graph and compared at each step. */
  readonly observe?: Observe<TMachine>;
  /** Invariants checked after each step of a run (throw to fail). */
  readonly check?: (c: StepCheck<TMachine>) => void;
  /** Extra implementations for runs (after the harness's fakes). */
  readonly provide?: (rig: Rig) => {
    readonly actors?: Record<string, unknown>;
    readonly actions?: Record<string, unknown>;
    readonly guards?: Record<string, unknown>;
    readonly delays?: Record<string, unknown>;
  };
  /** Per-strategy tuning. `observe: null` = compare state values only. */
  readonly strategies?: Partial<
    Record<
      Strategy,
      {
        readonly observe?: Observe<TMachine> | null;
        readonly maxPaths?: number;
        /** Tell states apart by the transition that reached them (default: on for shortest, off for simple). */
        readonly transitions?: boolean;
      }
    >
  >;
  /** Maximum traversal iterations (graph size guard). */
  readonly limit?: number;
}

export interface MachineModel<TMachine extends AnyStateMachine = AnyStateMachine> extends MachineModelConfig<TMachine> {
  readonly inputs: ReadonlyArray<readonly [string, (rig: Rig) => InputFrom<TMachine>]>;
}

/** Declares a model and validates it against the machine (unknown event types or actor sources throw). */
export function defineMachineModel<TMachine extends AnyStateMachine>(config: MachineModelConfig<TMachine>): MachineModel<TMachine> {
  const root = config.machine.root;
  const known = new Set<string>(root.events);
  for (const type of Object.keys(config.events)) {
    if (!known.has(type)) throw new Error(`model ${config.name}: the machine has no transition for event '${type}'`);
  }
  const srcs = new Set<string>();
  for (const node of [root, ...getStateNodes(root)]) for (const inv of node.invoke) srcs.add(String(inv.src));
  for (const src of Object.keys(config.actorOutcomes ?? {})) {
    if (!srcs.has(src)) throw new Error(`model ${config.name}: the machine never invokes '${src}' (it invokes ${[...srcs].join(", ")})`);
  }
  const provided = new Set(Object.keys(config.provide?.(createRig()).actors ?? {}));
  for (const src of srcs) {
    if (!(src in (config.actorOutcomes ?? {})) && !provided.has(src) && !(config.realActors ?? []).includes(src)) {
      throw new Error(`model ${config.name}: invoked actor '${src}' needs outcomes, a provided fake, or a place in realActors`);
    }
  }
  const input = config.input;
  const inputs: Array<readonly [string, (rig: Rig) => InputFrom<TMachine>]> =
    input === undefined
      ? [["default", () => undefined as InputFrom<TMachine>]]
      : typeof input === "function"
        ? [["default", input]]
        : Object.entries(input);
  return { ...config, inputs };
}

// ---------------------------------------------------------------------------------------
// Paths

export type StepAction =
  | { readonly kind: "init"; readonly input: string }
  | { readonly kind: "event"; readonly event: EventObject; readonly label: string }
  | {
      readonly kind: "actor";
      readonly src: string;
      readonly invokeId: string;
      readonly outcome: "resolves" | "rejects";
      readonly label: string;
      readonly value: unknown;
    }
  | { readonly kind: "timer"; readonly delay: string | number; readonly eventType: string; readonly ms: number | undefined };

export interface Expectation {
  readonly value: StateValue;
  readonly status: Snapshot<unknown>["status"];
  /** The observed context projection, when the strategy observes context. */
  readonly observed?: unknown;
  /** Ids of every active state node (for coverage). */
  readonly nodeIds: ReadonlyArray<string>;
  /** The app actions (`appActions`) the machine executes in this step, in order, with their params. */
  readonly actions?: ReadonlyArray<{ readonly name: string; readonly params: unknown }>;
}

export interface PlanStep {
  readonly action: StepAction;
  readonly expected: Expectation;
  /** The machine's transitions this step takes ("<source state id> <event type> #<n>", n its place among that source's transitions for the event). */
  readonly taken?: ReadonlyArray<string>;
}

export interface ModelPath {
  /** 1-based, stable for a given model and strategy. */
  readonly id: number;
  readonly machine: string;
  readonly strategy: Strategy;
  readonly input: string;
  readonly plan: ReadonlyArray<PlanStep>;
  /** Readable steps: "state → action → state". */
  readonly steps: ReadonlyArray<string>;
  /** One line: the actions taken and the state reached. */
  readonly title: string;
}

export interface PathOptions {
  readonly strategy?: Strategy;
  /** Overrides the model's cap. */
  readonly maxPaths?: number;
}

const DEFAULT_LIMIT = 20_000;
const DEFAULT_MAX_PATHS: Record<Strategy, number> = { shortest: 400, simple: 400 };

export const formatValue = (value: StateValue): string => {
  if (typeof value === "string") return value;
  const parts = Object.entries(value).map(([k, v]) => {
    if (v === undefined) return k;
    const inner = formatValue(v as StateValue);
    return typeof v === "string" ? `${k}.${inner}` : `${k}.(${inner})`;
  });
  return parts.length === 1 ? (parts[0] ?? "") : parts.join(" + ");
};

const compactJson = (u: unknown, max = 70): string => {
  let s: string;
  try {
    s = JSON.stringify(u) ?? String(u);
  } catch {
    s = String(u);
  }
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
};

export const describeAction = (a: StepAction): string => {
  switch (a.kind) {
    case "init":
      return `start${a.input === "default" ? "" : ` (input: ${a.input})`}`;
    case "event":
      return a.label === "" ? a.event.type : `${a.event.type} [${a.label}]`;
    case "actor":
      return `${a.src} ${a.outcome} [${a.label}]`;
    case "timer":
      return `after ${String(a.delay)}${a.ms !== undefined && typeof a.delay === "string" ? ` (${a.ms} ms)` : typeof a.delay === "number" ? " ms" : ""}`;
  }
};

const actionKey = (a: StepAction | undefined): string => {
  if (!a) return "?";
  switch (a.kind) {
    case "init":
      return `init:${a.input}`;
    case "event":
      return `event:${a.event.type}:${a.label}:${compactJson(a.event, 10_000)}`;
    case "actor":
      return `actor:${a.invokeId}:${a.outcome}:${a.label}`;
    case "timer":
      return `timer:${a.eventType}`;
  }
};

const variantsOf = (v: unknown, snapshot: AnyMachineSnapshot): Array<readonly [string, Record<string, unknown>]> => {
  const resolved: unknown = typeof v === "function" ? (v as (s: AnyMachineSnapshot) => unknown)(snapshot) : v;
  if (Array.isArray(resolved)) {
    return resolved.map((p: Record<string, unknown>) => [Object.keys(p).length === 0 ? "" : compactJson(p, 50), p] as const);
  }
  return Object.entries((resolved ?? {}) as Record<string, Record<string, unknown>>);
};

const delayMs = (model: MachineModel, delay: string | number, snapshot: AnyMachineSnapshot): number | undefined => {
  if (typeof delay === "number") return delay;
  const expected = model.delays?.[delay];
  if (expected !== undefined) return expected;
  const impl: unknown = (model.machine.implementations.delays as Record<string, unknown>)[delay];
  if (typeof impl === "number") return impl;
  if (typeof impl === "function") {
    try {
      const ms: unknown = (impl as (args: unknown, params: unknown) => unknown)({ context: snapshot.context, event: { type: "" } }, undefined);
      return typeof ms === "number" ? ms : undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
};

const expectationOf = (snapshot: AnyMachineSnapshot, observe: ((c: never) => unknown) | null | undefined): Expectation => ({
  value: snapshot.value,
  status: snapshot.status,
  ...(observe ? { observed: observe(snapshot.context as never) } : {}),
  nodeIds: snapshot._nodes.map((n) => n.id),
});

/**
 * The transitions (definitions of the machine) an event takes from a snapshot, each named by its source state and its
 * place among that state's transitions for the event ("<source> <event> #n"); an event every guard refuses takes none,
 * and is named by the states that refused it ("<source> <event> refused").
 */
const transitionsTaken = (machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: EventObject): string[] => {
  const taken = machine.getTransitionData(snapshot as never, event as never).map((t) => {
    const candidates = t.source.transitions.get(t.eventType) ?? [];
    return `${t.source.id} ${t.eventType} #${candidates.indexOf(t as never)}`;
  });
  if (taken.length > 0) return taken;
  return snapshot._nodes.filter((n) => n.transitions.has(event.type)).map((n) => `${n.id} ${event.type} refused`);
};

/** Drops paths whose action sequence is a prefix of another path's (same input). */
const dedupe = (paths: Array<{ input: string; plan: PlanStep[] }>) => {
  const keyed = paths
    .map((p) => ({ p, keys: p.plan.map((s) => actionKey(s.action)) }))
    .sort((a, b) => b.keys.length - a.keys.length);
  // Every prefix of a kept path, by input: a candidate (never longer than one kept before it) that is one adds nothing.
  const prefixes = new Set<string>();
  const kept: typeof keyed = [];
  for (const cand of keyed) {
    if (prefixes.has(JSON.stringify([cand.p.input, ...cand.keys]))) continue;
    kept.push(cand);
    for (let n = 1; n <= cand.keys.length; n++) prefixes.add(JSON.stringify([cand.p.input, ...cand.keys.slice(0, n)]));
  }
  return kept.map((k) => k.p);
};

/** Keeps at most `max` paths, first a greedy set that covers every state node the full set covers. */
const cap = <T extends { plan: PlanStep[] }>(paths: T[], max: number): T[] => {
  if (paths.length <= max) return paths;
  const nodesOf = (p: T) => new Set(p.plan.flatMap((s) => s.expected.nodeIds));
  const uncovered = new Set(paths.flatMap((p) => [...nodesOf(p)]));
  const chosen = new Set<T>();
  while (uncovered.size > 0 && chosen.size < max) {
    let best: T | undefined;
    let gain = 0;
    for (const p of paths) {
      if (chosen.has(p)) continue;
      const g = [...nodesOf(p)].filter((n) => uncovered.has(n)).length;
      if (g > gain) [best, gain] = [p, g];
    }
    if (!best) break;
    chosen.add(best);
    for (const n of nodesOf(best)) uncovered.delete(n);
  }
  for (const p of paths) {
    if (chosen.size >= max) break;
    chosen.add(p);
  }
  return paths.filter((p) => chosen.has(p));
};

/**
 * The machine as the graph walks it: each transition with an actor system of its own.
 * The graph library gives every transition of a walk one mock scope, whose system never
 * runs the stops a transition makes, so a machine that stops a child with a `systemId`
 * and spawns its successor under the same one (the app's root and its screens) would
 * collide with a screen of another branch of the walk.
 */
const withFreshSystems = (machine: AnyStateMachine): AnyStateMachine => {
  const logic = Object.create(machine) as AnyStateMachine;
  logic.transition = ((snapshot: never, event: never, scope: object) => {
    // A child's system is its parent's (`self`): both are fresh.
    const self = createEmptyActor();
    return machine.transition(snapshot, event, { ...scope, self, system: self.system } as never);
  }) as AnyStateMachine["transition"];
  return logic;
};

/**
 * Every simple path (no vertex twice) from the first state to each state of the graph, as
 * @xstate/graph's `getSimplePaths` finds them and in its order (by target in the order the
 * graph met them, each target's in depth-first order), in one depth-first walk: the library
 * walks the whole graph again for each target, though a simple path to a state is a prefix
 * of a walk from the start. Only the events of the steps are kept (the harness replays them).
 */
const simplePaths = (
  logic: AnyStateMachine,
  options: TraversalOptions<AnyMachineSnapshot, EventObject, unknown>,
): Array<{ readonly steps: ReadonlyArray<{ readonly event: EventObject }> }> => {
  const adjacency = getAdjacencyMap(logic as never, options as never) as Record<
    string,
    { readonly state: AnyMachineSnapshot; readonly transitions: Record<string, { readonly event: EventObject; readonly state: AnyMachineSnapshot }> }
  >;
  const serializeState = options.serializeState as (state: AnyMachineSnapshot, event?: EventObject, prev?: AnyMachineSnapshot) => string;
  const targets = Object.keys(adjacency);
  const start = targets[0];
  if (start === undefined) return [];
  const found = new Map<string, Array<{ steps: ReadonlyArray<{ event: EventObject }> }>>();
  const states = new Map<string, AnyMachineSnapshot | undefined>([[start, adjacency[start]?.state]]);
  const onPath = new Set<string>();
  const events: EventObject[] = [];
  const walk = (from: string): void => {
    onPath.add(from);
    let paths = found.get(from);
    if (!paths) found.set(from, (paths = []));
    paths.push({ steps: [{ event: { type: "xstate.init" } }, ...events.map((event) => ({ event }))] });
    for (const { state: next, event } of Object.values(adjacency[from]?.transitions ?? {})) {
      const nextKey = serializeState(next, event, states.get(from));
      states.set(nextKey, next);
      if (onPath.has(nextKey)) continue;
      events.push(event);
      walk(nextKey);
      events.pop();
    }
    onPath.delete(from);
  };
  walk(start);
  return targets.flatMap((target) => found.get(target) ?? []);
};

/** The generated paths; `dropped` counts generated paths found infeasible on exact replay. */
export type ModelPaths = ModelPath[] & { readonly dropped: number };

/**
 * The paths generated in this process, by model and options: the model tests, the browser
 * maps' check and the harness's own tests ask for the same machines' paths, and the test
 * files of a worker share its process (vitest.config.ts). A generation is a pure function of
 * the model and its machine, save for inputs made from "today": the pinned day (TEST_NOW),
 * the time zone and the local date are part of the key.
 */
const generated = new WeakMap<MachineModel, Map<string, { readonly paths: ModelPaths; readonly readClock: boolean }>>();

/** The clock-reader watch of the file running, when the run notes which files read the clock (test/setup.ts). */
const clockReadProbe = (): ClockReadProbe | undefined => (globalThis as { clockReadProbe?: ClockReadProbe }).clockReadProbe;

/** Generates the model's paths from its production machine (once per process for a model, strategy and cap). */
export function modelPaths<TMachine extends AnyStateMachine>(model: MachineModel<TMachine>, opts: PathOptions = {}): ModelPaths {
  const m = model as unknown as MachineModel;
  let byOptions = generated.get(m);
  if (!byOptions) generated.set(m, (byOptions = new Map()));
  const now = new Date();
  const key = JSON.stringify([opts.strategy ?? "shortest", opts.maxPaths ?? null, process.env.TEST_NOW ?? null, process.env.TZ ?? null, now.toDateString()]);
  let made = byOptions.get(key);
  const probe = clockReadProbe();
  if (!made) {
    // Generating may read "today" (a model's inputs): a later file that reuses these paths reads it as well.
    if (probe) Object.assign(probe, { active: true, read: false });
    try {
      made = { paths: generatePaths(model, opts), readClock: probe?.read ?? false };
    } finally {
      if (probe) probe.active = false;
    }
    byOptions.set(key, made);
  } else if (made.readClock) probe?.markReader();
  const paths = made.paths;
  // A copy of the list (the paths themselves are read-only), so a caller that reorders it changes no other's.
  return Object.assign([...paths], { dropped: paths.dropped });
}

function generatePaths<TMachine extends AnyStateMachine>(model: MachineModel<TMachine>, opts: PathOptions): ModelPaths {
  const strategy = opts.strategy ?? "shortest";
  const tuning = model.strategies?.[strategy];
  const observe = tuning && "observe" in tuning ? tuning.observe : model.observe;
  const maxPaths = opts.maxPaths ?? tuning?.maxPaths ?? DEFAULT_MAX_PATHS[strategy];
  const coverTransitions = tuning?.transitions ?? strategy === "shortest";
  // The simple paths carry only their steps' events, all the harness reads of a path.
  const generate = strategy === "shortest" ? getShortestPaths : (simplePaths as unknown as typeof getShortestPaths);
  const m = model as unknown as MachineModel;

  const raw: Array<{ input: string; plan: PlanStep[] }> = [];
  let dropped = 0;
  for (const [inputLabel, makeInput] of model.inputs) {
    const input = makeInput(createRig());
    const actions = new WeakMap<object, StepAction>();
    const interned = new Map<string, EventObject>();
    const intern = (action: StepAction, event: EventObject): EventObject => {
      const key = actionKey(action);
      const found = interned.get(key);
      if (found) return found;
      interned.set(key, event);
      actions.set(event, action);
      return event;
    };

    const events = (snapshot: AnyMachineSnapshot): EventObject[] => {
      const out: EventObject[] = [];
      const handled = new Set(__unsafe_getAllOwnEventDescriptors(snapshot));
      for (const [type, variants] of Object.entries(m.events)) {
        if (!handled.has(type)) continue;
        for (const [label, payload] of variantsOf(variants, snapshot)) {
          const event = { ...payload, type };
          out.push(intern({ kind: "event", event, label }, event));
        }
      }
      for (const node of snapshot._nodes) {
        for (const inv of node.invoke) {
          const outcomes = m.actorOutcomes?.[String(inv.src)];
          if (!outcomes || !(inv.id in snapshot.children)) continue;
          for (const [label, output] of Object.entries(outcomes.resolves ?? {})) {
            const action: StepAction = { kind: "actor", src: String(inv.src), invokeId: inv.id, outcome: "resolves", label, value: output };
            out.push(intern(action, { type: `xstate.done.actor.${inv.id}`, output } as EventObject));
          }
          for (const [label, error] of Object.entries(outcomes.rejects ?? {})) {
            const action: StepAction = { kind: "actor", src: String(inv.src), invokeId: inv.id, outcome: "rejects", label, value: error };
            out.push(intern(action, { type: `xstate.error.actor.${inv.id}`, error } as EventObject));
          }
        }
      }
      const timers = new Map<string, { delay: string | number; ms: number | undefined }>();
      for (const node of snapshot._nodes) {
        for (const t of node.after) {
          // `after` keys are delay names or numbers of milliseconds.
          const delay = t.delay as string | number;
          timers.set(t.eventType, { delay, ms: delayMs(m, delay, snapshot) });
        }
      }
      const known = [...timers.values()].map((t) => t.ms).filter((ms): ms is number => ms !== undefined);
      const soonest = known.length ? Math.min(...known) : undefined;
      for (const [eventType, t] of timers) {
        if (soonest !== undefined && t.ms !== undefined && t.ms > soonest) continue;
        out.push(intern({ kind: "timer", delay: t.delay, eventType, ms: t.ms }, { type: eventType }));
      }
      return out;
    };

    // With transition coverage, a state reached by a transition that changed something
    // (the state value or the observed context) is a different vertex for each such
    // transition, as in @xstate/graph's createTestModel: shortest paths then take every
    // transition at least once, not only reach every state.
    // The graph library serializes the same snapshot, event and previous snapshot objects again and again (the
    // simple paths' walk once per target vertex): each key is a pure function of those objects, so it is made once.
    const baseKeys = new WeakMap<AnyMachineSnapshot, unknown[]>();
    const baseKey = (snapshot: AnyMachineSnapshot): unknown[] => {
      let key = baseKeys.get(snapshot);
      if (!key) {
        key = [snapshot.value, snapshot.status, observe ? observe(snapshot.context as never) : null];
        baseKeys.set(snapshot, key);
      }
      return key;
    };
    const eventKeys = new WeakMap<EventObject, string>();
    const eventKey = (e: EventObject): string => {
      let key = eventKeys.get(e);
      if (key === undefined) eventKeys.set(e, (key = actionKey(actions.get(e))));
      return key;
    };
    const serialized = new WeakMap<AnyMachineSnapshot, Map<EventObject | undefined, Map<AnyMachineSnapshot | undefined, string>>>();
    const serializeState = (snapshot: AnyMachineSnapshot, event?: EventObject, prev?: AnyMachineSnapshot): string => {
      let byEvent = serialized.get(snapshot);
      if (!byEvent) serialized.set(snapshot, (byEvent = new Map()));
      let byPrev = byEvent.get(event);
      if (!byPrev) byEvent.set(event, (byPrev = new Map()));
      const known = byPrev.get(prev);
      if (known !== undefined) return known;
      const key = [...baseKey(snapshot)];
      if (coverTransitions && event && prev) {
        const from = baseKey(prev);
        if (!isDeepStrictEqual(from, key)) key.push(actionKey(actions.get(event)), from);
      }
      const text = JSON.stringify(key);
      byPrev.set(prev, text);
      return text;
    };

    let found;
    try {
      found = generate(withFreshSystems(model.machine as AnyStateMachine), {
        input,
        events,
        serializeState,
        serializeEvent: (e: EventObject) => eventKey(e) as never,
        limit: model.limit ?? DEFAULT_LIMIT,
      });
    } catch (e) {
      if (e instanceof Error && e.message.includes("Traversal limit exceeded")) {
        throw new Error(`model ${model.name}: more than ${model.limit ?? DEFAULT_LIMIT} traversal steps; coarsen 'observe' or the catalogue`);
      }
      throw e;
    }
    // Replay each path exactly with xstate's pure `transition` from the initial snapshot:
    // the expectations are the snapshots this very event sequence reaches (the graph may
    // have merged states that differ only in unobserved context), and a path whose next
    // event is not on offer in the state actually reached is dropped as infeasible.
    const appActions = new Set(m.appActions ?? []);
    const expectation = (snapshot: AnyMachineSnapshot, executed: ReadonlyArray<{ type: string; params?: unknown }>): Expectation => ({
      ...expectationOf(snapshot, observe),
      actions: executed.filter((a) => appActions.has(a.type)).map((a) => ({ name: a.type, params: a.params })),
    });
    // Paths share their beginnings (the simple paths are every path of a depth-first walk): in the order of their
    // steps, each path is replayed from the longest beginning it shares with the one before, so a beginning common to
    // many paths is replayed once, and only the current chain of snapshots is held (as a walk's stack).
    type Replayed = { readonly snapshot: AnyMachineSnapshot; readonly plan: PlanStep[] } | null;
    const [initial, initialActions] = initialTransition(model.machine as AnyStateMachine, input);
    const start: Replayed = {
      snapshot: initial as AnyMachineSnapshot,
      plan: [{ action: { kind: "init", input: inputLabel }, expected: expectation(initial as AnyMachineSnapshot, initialActions) }],
    };
    const replayStep = (from: Replayed, action: StepAction | undefined): Replayed => {
      if (from === null || action === undefined) return null;
      const offered = events(from.snapshot).find((e) => actionKey(actions.get(e)) === actionKey(action));
      if (!offered) return null;
      const taken = transitionsTaken(model.machine as AnyStateMachine, from.snapshot, offered);
      const [next, executed] = transition(model.machine as AnyStateMachine, from.snapshot, offered);
      return { snapshot: next as AnyMachineSnapshot, plan: [...from.plan, { action, expected: expectation(next as AnyMachineSnapshot, executed), taken }] };
    };
    const bySteps = found.map((p, index) => {
      const stepActions = p.steps.slice(1).map((step) => actions.get(step.event));
      return { index, stepActions, keys: stepActions.map((a) => (a ? actionKey(a) : "")) };
    });
    bySteps.sort((a, b) => {
      for (let i = 0; i < Math.min(a.keys.length, b.keys.length); i++) if (a.keys[i] !== b.keys[i]) return (a.keys[i] as string) < (b.keys[i] as string) ? -1 : 1;
      return a.keys.length - b.keys.length;
    });
    const reachedBy: Replayed[] = new Array<Replayed>(found.length).fill(null);
    const chain: Array<{ readonly key: string; readonly reached: Replayed }> = [];
    for (const { index, stepActions, keys } of bySteps) {
      let shared = 0;
      while (shared < chain.length && shared < keys.length && chain[shared]?.key === keys[shared]) shared++;
      chain.length = shared;
      for (let i = shared; i < keys.length; i++) chain.push({ key: keys[i] as string, reached: replayStep(i === 0 ? start : (chain[i - 1]?.reached ?? null), stepActions[i]) });
      reachedBy[index] = keys.length === 0 ? start : (chain[keys.length - 1]?.reached ?? null);
    }
    for (const reached of reachedBy) {
      if (reached) raw.push({ input: inputLabel, plan: reached.plan });
      else dropped++;
    }
  }

  const kept = cap(dedupe(raw), maxPaths).sort(
    (a, b) =>
      model.inputs.findIndex(([l]) => l === a.input) - model.inputs.findIndex(([l]) => l === b.input) ||
      a.plan.length - b.plan.length ||
      a.plan.map((s) => actionKey(s.action)).join("|").localeCompare(b.plan.map((s) => actionKey(s.action)).join("|")),
  );
  const paths = kept.map((p, i): ModelPath => {
    const steps = p.plan.map((s, j) => {
      const prev = p.plan[j - 1];
      const to = formatValue(s.expected.value) + (s.expected.status === "active" ? "" : ` (${s.expected.status})`);
      return prev ? `${formatValue(prev.expected.value)} → ${describeAction(s.action)} → ${to}` : `${describeAction(s.action)} → ${to}`;
    });
    const last = p.plan[p.plan.length - 1];
    const title = `#${i + 1} ${p.plan.slice(1).map((s) => describeAction(s.action)).join(", ") || "start"} ⇒ ${last ? formatValue(last.expected.value) : "?"}`;
    return { id: i + 1, machine: model.name, strategy, input: p.input, plan: p.plan, steps, title };
  });
  return Object.assign(paths, { dropped });
}

// ---------------------------------------------------------------------------------------
// Coverage

export interface Coverage {
  /** Every state node id of the machine that a path must reach (transient and history nodes excluded). */
  readonly expected: ReadonlyArray<string>;
  readonly covered: ReadonlyArray<string>;
  readonly missing: ReadonlyArray<string>;
  /** Nodes left only by an unguarded `always`: never a resting state, not required. */
  readonly transient: ReadonlyArray<string>;
}

export function coverage(model: MachineModel, paths: ReadonlyArray<ModelPath>): Coverage {
  const nodes = getStateNodes(model.machine.root);
  const transient = nodes.filter((n) => n.always?.some((t) => !t.guard)).map((n) => n.id);
  const expected = nodes.filter((n) => n.type !== "history" && !transient.includes(n.id)).map((n) => n.id);
  const seen = new Set(paths.flatMap((p) => p.plan.flatMap((s) => s.expected.nodeIds)));
  return {
    expected,
    covered: expected.filter((id) => seen.has(id)),
    missing: expected.filter((id) => !seen.has(id)),
    transient,
  };
}

// ---------------------------------------------------------------------------------------
// Execution

export class PathFailure extends Error {
  override name = "PathFailure";
}

type ScriptedSnapshot = Snapshot<unknown> & { readonly input: unknown };
type ScriptedEvent = { type: "harness.resolve"; output: unknown } | { type: "harness.reject"; error: unknown };

/** An actor that finishes only when the harness tells it to (its start is recorded). */
const scriptedActor = (src: string, rig: Rig): ActorLogic<ScriptedSnapshot, ScriptedEvent, unknown> => ({
  transition: (snapshot, event) => {
    if (snapshot.status !== "active") return snapshot;
    if (event.type === "harness.resolve") return { ...snapshot, status: "done", output: event.output };
    if (event.type === "harness.reject") return { ...snapshot, status: "error", error: event.error };
    return snapshot;
  },
  getInitialSnapshot: (_scope, input) => ({ status: "active", output: undefined, error: undefined, input }),
  start: (snapshot) => rig.record("actor", src, snapshot.input),
  getPersistedSnapshot: (snapshot) => snapshot,
});

export interface RunOptions {
  /** Extra implementations for this run (e.g. a deliberately broken guard in a harness self-test). */
  readonly provide?: (rig: Rig) => {
    readonly actors?: Record<string, unknown>;
    readonly actions?: Record<string, unknown>;
    readonly guards?: Record<string, unknown>;
    readonly delays?: Record<string, unknown>;
  };
}

export interface RunResult {
  readonly rig: Rig;
  readonly final: AnyMachineSnapshot;
}

/** Runs one generated path against the real machine with fake services and a simulated clock. */
export async function runPath<TMachine extends AnyStateMachine>(
  model: MachineModel<TMachine>,
  path: ModelPath,
  opts: RunOptions = {},
): Promise<RunResult> {
  const m = model as unknown as MachineModel;
  const tuning = model.strategies?.[path.strategy];
  const observe = tuning && "observe" in tuning ? tuning.observe : model.observe;
  const rig = createRig();
  const makeInput = model.inputs.find(([label]) => label === path.input)?.[1];
  if (!makeInput) throw new PathFailure(`${model.name}: unknown input '${path.input}'`);

  const fail = (index: number, message: string): never => {
    const lines = path.steps.map((s, i) => `${i === index ? "✗" : i < index ? "✓" : " "} ${i}. ${s}`);
    throw new PathFailure(`${model.name} path ${path.title}\nstep ${index}: ${message}\n${lines.join("\n")}`);
  };

  const fakes: Record<string, unknown> = {};
  for (const src of Object.keys(m.actorOutcomes ?? {})) fakes[src] = scriptedActor(src, rig);
  const appActionNames = new Set(m.appActions ?? []);
  const appActions: Record<string, unknown> = {};
  for (const name of m.appActions ?? []) {
    appActions[name] = (_args: unknown, params: unknown) => rig.record("action", name, params);
  }
  const extra = model.provide?.(rig) ?? {};
  const override = opts.provide?.(rig) ?? {};
  const machine = (model.machine as AnyStateMachine).provide({
    actors: { ...fakes, ...extra.actors, ...override.actors },
    actions: { ...appActions, ...extra.actions, ...override.actions },
    guards: { ...extra.guards, ...override.guards },
    delays: { ...extra.delays, ...override.delays },
  } as never);

  const errors: unknown[] = [];
  const actor = createActor(machine, { clock: rig.clock, input: makeInput(rig) } as never);
  actor.subscribe({ error: (e) => void errors.push(e) });

  const compare = (index: number, expected: Expectation, when: string) => {
    const snap = actor.getSnapshot() as AnyMachineSnapshot;
    if (errors.length) fail(index, `${when}: the actor failed: ${String(errors[0])}`);
    if (!isDeepStrictEqual(snap.value, expected.value) || snap.status !== expected.status) {
      fail(index, `${when}: expected ${formatValue(expected.value)} (${expected.status}) but the actor is in ${formatValue(snap.value)} (${snap.status})`);
    }
    if (observe) {
      const actual = observe(snap.context as never);
      if (!isDeepStrictEqual(actual, expected.observed)) {
        fail(index, `${when}: observed context differs\n  expected ${compactJson(expected.observed, 2000)}\n  actual   ${compactJson(actual, 2000)}`);
      }
    }
  };

  try {
    let before: AnyMachineSnapshot | undefined;
    for (const [index, step] of path.plan.entries()) {
      rig.step = index;
      const callsBefore = rig.calls.length;
      const action = step.action;
      switch (action.kind) {
        case "init":
          actor.start();
          break;
        case "event": {
          const deliver = (m.deliver as Record<string, ((e: EventObject, r: Rig) => void) | undefined> | undefined)?.[action.event.type];
          if (deliver) deliver(action.event, rig);
          else actor.send(action.event);
          break;
        }
        case "actor": {
          const child = (actor.getSnapshot() as AnyMachineSnapshot).children[action.invokeId] as AnyActorRef | undefined;
          if (!child) fail(index, `the machine is not running '${action.src}' (invoke id ${action.invokeId})`);
          if (child?.getSnapshot().status !== "active") fail(index, `'${action.src}' is not pending any more`);
          child?.send(
            action.outcome === "resolves"
              ? { type: "harness.resolve", output: action.value }
              : { type: "harness.reject", error: action.value },
          );
          break;
        }
        case "timer": {
          const scheduled = Object.values(actor.system.getSnapshot()._scheduledEvents).find((e) => e.event.type === action.eventType);
          if (!scheduled) {
            fail(index, `timer '${String(action.delay)}' is not scheduled`);
            break;
          }
          const expectedMs = typeof action.delay === "string" ? m.delays?.[action.delay] : action.delay;
          if (expectedMs !== undefined && scheduled.delay !== expectedMs) {
            fail(index, `timer '${String(action.delay)}' lasts ${scheduled.delay} ms, the model expects ${expectedMs} ms`);
          }
          const remaining = rig.clock.remaining(scheduled.delay) ?? scheduled.delay;
          const prev = path.plan[index - 1];
          if (remaining > 1 && prev) {
            rig.clock.increment(remaining - 1);
            compare(index, prev.expected, `1 ms before '${String(action.delay)}' is due (nothing may happen yet)`);
            rig.clock.increment(1);
          } else {
            rig.clock.increment(Math.max(remaining, 0));
          }
          break;
        }
      }
      const after = actor.getSnapshot() as SnapshotFrom<TMachine>;
      compare(index, step.expected, describeAction(action));
      if (step.expected.actions) {
        const ran = rig.calls
          .slice(callsBefore)
          .filter((c) => c.kind === "action" && appActionNames.has(c.name))
          .map((c) => ({ name: c.name, params: c.payload }));
        if (!isDeepStrictEqual(ran, step.expected.actions)) {
          fail(index, `app actions differ\n  expected ${compactJson(step.expected.actions, 500)}\n  ran      ${compactJson(ran, 500)}`);
        }
      }
      try {
        model.check?.({ path, index, action, before: before as SnapshotFrom<TMachine> | undefined, after, rig, newCalls: rig.calls.slice(callsBefore) });
      } catch (e) {
        fail(index, `check failed: ${e instanceof Error ? e.message : String(e)}`);
      }
      before = after as AnyMachineSnapshot;
    }
    return { rig, final: actor.getSnapshot() as AnyMachineSnapshot };
  } finally {
    actor.stop();
  }
}

/** Fails with a readable message unless `cond` holds (for models' `check`). */
export function invariant(cond: unknown, message: string): asserts cond {
  if (!cond) throw new Error(message);
}
