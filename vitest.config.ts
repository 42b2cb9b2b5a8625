import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

/**
 * Two projects over one pool of forks, one per core (vitest's own default leaves a core
 * idle). Both share one process per worker across files (a fresh one per file would load
 * the libraries and jsdom again for each, most of a view file's time): each file's own
 * hooks close what it opens and undo the globals it stubs. "views" also shares the worker's
 * jsdom, which test/setup.ts leaves as a fresh one after each file (no rendered tree, nodes
 * or storage, the first address), so nothing carries over from one file to the next.
 */
export default defineConfig({
  test: {
    pool: "forks",
    maxWorkers: availableParallelism(),
    setupFiles: ["test/setup.ts"],
    // The run's folder for the contract tests' planted warehouses (test/support/plantedWarehouse.ts).
    globalSetup: ["test/support/plantedFolder.ts"],
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
          isolate: false,
        },
      },
    ],
  },
});
