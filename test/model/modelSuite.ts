import { describe, expect, it } from "vitest";
import { coverage, modelPaths, runPath, type MachineModel, type Strategy } from "./harness";

export interface ModelSuiteOptions {
  /** State nodes the machine only passes through (unguarded `always`); stated so a new one is noticed. */
  readonly transient?: ReadonlyArray<string>;
  /** Steps (as printed by `npm run paths`) that the shortest paths must contain. */
  readonly mustInclude?: ReadonlyArray<string>;
}

/**
 * The standard model-based suite of a machine: for shortest and simple paths, the path
 * set reaches every state node of the machine, and every path runs green against the
 * real machine.
 */
export function modelSuite(model: MachineModel, opts: ModelSuiteOptions = {}): void {
  describe.each(["shortest", "simple"] as const satisfies ReadonlyArray<Strategy>)(`${model.name} model (%s paths)`, (strategy) => {
    const paths = modelPaths(model, { strategy });

    it("reaches every state node of the machine", () => {
      const c = coverage(model, paths);
      expect(paths.length).toBeGreaterThan(0);
      expect(c.transient).toEqual(opts.transient ?? []);
      expect(c.missing).toEqual([]);
      expect(c.covered).toEqual(c.expected);
    });

    if (strategy === "shortest" && opts.mustInclude?.length) {
      it("covers the transitions the spec names", () => {
        const steps = new Set(paths.flatMap((p) => p.steps));
        for (const s of opts.mustInclude ?? []) expect(steps, s).toContain(s);
      });
    }

    it.each(paths.map((p) => [p.title, p] as const))("%s", async (_title, path) => {
      await runPath(model, path);
    });
  });
}
