import { describe, expect, it } from "vitest";
import { browserMaps } from "../e2e/paths/maps";
import { mapProblems, type BrowserMap } from "../e2e/paths/pathMap";
import { browserPaths } from "./browserPaths";
import { machineModels } from "./machineModels";

/**
 * The browser path suite's maps, checked without a browser: a machine change the map does
 * not follow (a new event, state, call or delay, or a new example in its model) fails
 * here by name, before Playwright starts.
 */
describe.each(browserMaps.map((m) => [m.machine, m] as const))("browser map of %s", (name, map) => {
  const model = machineModels[name];

  it("names every event, state, call and delay of its machine and every example of its model", () => {
    expect(model, `no machine model '${name}'`).toBeDefined();
    if (model) expect(mapProblems(map, model)).toEqual([]);
  });

  it("drives paths that take every transition and reach every state of the generated set", () => {
    if (!model) return;
    const set = browserPaths(model);
    expect(set.driven.length).toBeGreaterThan(0);
    expect(set.driven.length).toBeLessThanOrEqual(set.generated.length);
    // Read off the steps themselves (not through the cover's own keys): each transition taken, with the step's
    // printed action, and each state node reached.
    const keys = (paths: typeof set.generated) =>
      new Set(paths.flatMap((p) => [...p.plan.slice(1).flatMap((s, i) => (s.taken ?? []).map((t) => `${t} by ${p.steps[i + 1]?.split(" → ")[1]}`)), ...p.plan.flatMap((s) => s.expected.nodeIds)]));
    expect(keys(set.driven)).toEqual(keys(set.generated));
    expect(set.generated.every((p) => p.plan.slice(1).every((s) => (s.taken ?? []).length > 0)), "a step that names no transition").toBe(true);
  });
});

describe("map check", () => {
  const signIn = browserMaps.find((m) => m.machine === "signIn") as BrowserMap;
  const model = machineModels.signIn;
  it("names an event, a state and an outcome the map leaves out", () => {
    if (!model) throw new Error("no signIn model");
    const { "signIn.alertClosed": _event, ...events } = signIn.events;
    const { "signIn.failed.throttled": _state, ...states } = signIn.states;
    const login = signIn.actors.login as Extract<BrowserMap["actors"][string], { request: unknown }>;
    const { "429": _outcome, ...rejects } = login.rejects ?? {};
    const broken: BrowserMap = { ...signIn, events, states, actors: { ...signIn.actors, login: { ...login, rejects } } };
    expect(mapProblems(broken, model)).toEqual([
      "signIn: event 'signIn.alertClosed' has no user action in the map",
      "signIn: state 'signIn.failed.throttled' has no view in the map",
      "signIn: no answer for 'login rejects [429]'",
    ]);
  });
});

describe("map check of the comparison map", () => {
  const comparison = browserMaps.find((m) => m.machine === "comparison") as BrowserMap;
  const model = machineModels.comparison;
  it("is among the maps the suite drives", () => {
    expect(comparison).toBeDefined();
  });
  it("names an event, a state and an outcome the map leaves out", () => {
    if (!model) throw new Error("no comparison model");
    const { "comparison.reloaded": _event, ...events } = comparison.events;
    const { "comparison.on.picker.open": _state, ...states } = comparison.states;
    const load = comparison.actors.loadComparison as Extract<BrowserMap["actors"][string], { request: unknown }>;
    const { server: _outcome, ...rejects } = load.rejects ?? {};
    const broken: BrowserMap = { ...comparison, events, states, actors: { loadComparison: { ...load, rejects } } };
    expect(mapProblems(broken, model)).toEqual([
      "comparison: event 'comparison.reloaded' has no user action in the map",
      "comparison: state 'comparison.on.picker.open' has no view in the map",
      "comparison: no answer for 'loadComparison rejects [server]'",
    ]);
  });
});

describe("map check of the classification editor map", () => {
  const editor = browserMaps.find((m) => m.machine === "classificationEditor") as BrowserMap;
  const model = machineModels.classificationEditor;
  it("is among the maps the suite drives", () => {
    expect(editor).toBeDefined();
  });
  it("names an event, a state and an outcome the map leaves out", () => {
    if (!model) throw new Error("no classificationEditor model");
    const { "editor.downloaded": _event, ...events } = editor.events;
    const { "classificationEditor.programSwitched": _state, ...states } = editor.states;
    const save = editor.actors.saveClassification as Extract<BrowserMap["actors"][string], { request: unknown }>;
    const { stale: _outcome, ...rejects } = save.rejects ?? {};
    const broken: BrowserMap = { ...editor, events, states, actors: { ...editor.actors, saveClassification: { ...save, rejects } } };
    expect(mapProblems(broken, model)).toEqual([
      "classificationEditor: event 'editor.downloaded' has no user action in the map",
      "classificationEditor: state 'classificationEditor.programSwitched' has no view in the map",
      "classificationEditor: no answer for 'saveClassification rejects [stale]'",
    ]);
  });
});
