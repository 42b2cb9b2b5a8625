import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

/**
 * Two projects over one pool of forks, one per core (vitest's own default leaves a core
 * idle). "node" (unit, machines, model, engine, contract, fault) shares one process per
 * worker across files: each file's own hooks close what it opens and undo the globals it
 * stubs. "views" keeps a fresh process and jsdom per file, since a rendered tree, the
 * address and storage would otherwise carry over from one file to the next.
 */
export default defineConfig({
  test: {
    pool: "forks",
    maxWorkers: availableParallelism(),
    setupFiles: ["test/setup.ts"],
    // Guards against a hang only: a test's outcome never depends on how fast the machine is, and a busy machine
    // (the whole suite beside other work on 2 cores) may take minutes where a quiet one takes seconds.
    testTimeout: 600_000,
    hookTimeout: 600_000,
    projects: [
      {
        extends: true,
        test: {
          name: "node",
          include: ["test/unit/**/*.test.ts", "test/machines/**/*.test.ts", "test/model/**/*.test.ts", "test/contract/**/*.test.ts", "test/engine/**/*.test.ts", "test/fault/**/*.test.ts"],
          environment: "node",
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "views",
          include: ["test/views/**/*.test.tsx"],
          environment: "jsdom",
          isolate: true,
        },
      },
    ],
  },
});
