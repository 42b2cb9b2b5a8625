/**
 * Which of a machine's generated paths the browser drives, and what a browser map must
 * name: shared by the Playwright path suite (test/e2e/paths), its fast map check
 * (test/model/browserMaps.test.ts) and `npm run paths -- <machine> --browser`.
 *
 * The browser runs the fewest generated shortest paths that together take every
 * transition the whole set takes, with every example of its event, and reach every state
 * node it reaches. A transition is one of the machine's transition definitions (its source
 * state node, its event, its place among that node's transitions for the event: a guarded
 * alternative is a transition of its own), so a transition of one region of a parallel
 * state counts once, whatever the other regions are doing; an event's examples (its
 * labels, an actor's outcomes) count apart. The model tests under test/model replay every
 * generated path against the machine; the browser drives this covering subset. The choice
 * is greedy set cover: repeatedly the path that adds the most transitions and states not
 * yet taken (the shorter on a tie), until none is left.
 */
import { getStateNodes } from "@xstate/graph";
import type { AnyStateMachine } from "xstate";
import { describeAction, modelPaths, type MachineModel, type ModelPath, type PlanStep } from "./harness";

/** The transitions a step takes, each with the example that took it ("transition <source> <event> #n by <action>"). */
export const stepTransitions = (step: PlanStep): string[] => (step.taken ?? []).map((t) => `transition ${t} by ${describeAction(step.action)}`);

/** The transitions (with their examples) and state nodes one path takes. */
export const pathCoverage = (path: ModelPath): ReadonlySet<string> =>
  new Set([...path.plan.slice(1).flatMap(stepTransitions), ...path.plan.flatMap((s) => s.expected.nodeIds.map((id) => `state ${id}`))]);

/** Greedy set cover: the fewest paths (in their generated order) that take every transition and state the set takes. */
export const coveringPaths = (paths: ReadonlyArray<ModelPath>): ModelPath[] => {
  const covers = new Map(paths.map((p) => [p, pathCoverage(p)] as const));
  const left = new Set([...covers.values()].flatMap((c) => [...c]));
  const chosen = new Set<ModelPath>();
  while (left.size > 0) {
    let best: ModelPath | undefined;
    let gain = 0;
    for (const [p, c] of covers) {
      if (chosen.has(p)) continue;
      const g = [...c].filter((k) => left.has(k)).length;
      if (g > gain || (g === gain && g > 0 && best !== undefined && p.plan.length < best.plan.length)) [best, gain] = [p, g];
    }
    if (!best) break;
    chosen.add(best);
    for (const k of covers.get(best) ?? []) left.delete(k);
  }
  return paths.filter((p) => chosen.has(p));
};

export interface BrowserPathSet {
  /** Every generated shortest path. */
  readonly generated: ReadonlyArray<ModelPath>;
  /** The paths the browser drives. */
  readonly driven: ReadonlyArray<ModelPath>;
  /** Distinct transitions, each with its examples, that the driven paths take (equal to the generated set's). */
  readonly transitions: number;
  /** State nodes the driven paths reach. */
  readonly states: number;
}

/** The model's shortest paths, and the covering subset the browser drives. */
export const browserPaths = (model: MachineModel): BrowserPathSet => {
  const generated = modelPaths(model, { strategy: "shortest" });
  const driven = coveringPaths(generated);
  const keys = new Set(driven.flatMap((p) => [...pathCoverage(p)]));
  return {
    generated,
    driven,
    transitions: [...keys].filter((k) => k.startsWith("transition ")).length,
    states: [...keys].filter((k) => k.startsWith("state ")).length,
  };
};

/** What a browser map must name for a machine: its event types, state node ids, invoked actors and named delays. */
export interface MachineSurface {
  readonly events: ReadonlyArray<string>;
  readonly states: ReadonlyArray<string>;
  readonly actors: ReadonlyArray<string>;
  readonly delays: ReadonlyArray<string>;
}

export const machineSurface = (machine: AnyStateMachine): MachineSurface => {
  const root = machine.root;
  const nodes = [root, ...getStateNodes(root)];
  return {
    events: [...new Set(root.events)].filter((t) => !t.startsWith("xstate.")).sort(),
    states: nodes.filter((n) => n.type !== "history").map((n) => n.id),
    actors: [...new Set(nodes.flatMap((n) => n.invoke.map((i) => String(i.src))))].sort(),
    delays: [...new Set(nodes.flatMap((n) => n.after.map((t) => t.delay)).filter((d): d is string => typeof d === "string"))].sort(),
  };
};
