import { assign, setup } from "xstate";
import { describe, expect, it } from "vitest";
import { coveringPaths, pathCoverage } from "./browserPaths";
import { defineMachineModel, modelPaths, type ModelPath } from "./harness";

/**
 * A machine with two regions side by side and a guarded event: each region's transition is
 * one transition whatever the other region is doing, so the browser need not drive it in
 * every combination; a guarded alternative counts apart.
 */
const twoRegions = setup({
  types: { context: {} as { count: number }, events: {} as { type: "a.toggled" } | { type: "b.toggled" } | { type: "b.bumped"; by: number } },
  guards: { positive: (_, params: { by: number }) => params.by > 0, small: (_, params: { by: number }) => params.by > 0 && params.by < 10 },
  actions: { bump: assign({ count: ({ context }, params: { by: number }) => context.count + params.by }) },
}).createMachine({
  id: "twoRegions",
  context: { count: 0 },
  type: "parallel",
  states: {
    a: { initial: "off", states: { off: { on: { "a.toggled": "on" } }, on: { on: { "a.toggled": "off" } } } },
    b: {
      initial: "off",
      states: {
        off: { on: { "b.toggled": "on" } },
        on: {
          on: {
            "b.toggled": "off",
            "b.bumped": [
              { guard: { type: "small", params: ({ event }) => ({ by: event.by }) }, actions: { type: "bump", params: ({ event }) => ({ by: event.by }) } },
              { guard: { type: "positive", params: ({ event }) => ({ by: event.by }) }, target: "off" },
            ],
          },
        },
      },
    },
  },
});

const model = defineMachineModel({
  name: "twoRegions",
  machine: twoRegions,
  events: { "a.toggled": [{}], "b.toggled": [{}], "b.bumped": { small: { by: 1 }, large: { by: 20 }, none: { by: 0 } } },
});

describe("the paths the browser drives", () => {
  const generated = modelPaths(model);
  const taken = (label: string) =>
    generated.flatMap((p) => p.plan.filter((s) => s.action.kind === "event" && s.action.label === label).flatMap((s) => s.taken ?? []));

  it("name each step's transition by its source state and its place among the guarded alternatives", () => {
    expect(new Set(taken("small"))).toEqual(new Set(["twoRegions.b.on b.bumped #0"]));
    expect(new Set(taken("large"))).toEqual(new Set(["twoRegions.b.on b.bumped #1"]));
    // An event every guard refuses changes nothing: no shortest path takes it.
    expect(taken("none")).toEqual([]);
  });

  it("cover every transition with every example, and every state, in fewer paths than every combination of the regions", () => {
    const driven = coveringPaths(generated);
    const keys = (paths: ReadonlyArray<ModelPath>) => new Set(paths.flatMap((p) => [...pathCoverage(p)]));
    expect(keys(driven)).toEqual(keys(generated));
    expect(driven.length).toBeLessThan(generated.length);
    // Region a's two transitions, region b's two toggles and its two guarded alternatives, each with its example.
    expect([...keys(driven)].filter((k) => k.startsWith("transition ")).length).toBe(6);
  });
});
