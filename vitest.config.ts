import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/unit/**/*.test.ts", "test/machines/**/*.test.ts", "test/model/**/*.test.ts", "test/contract/**/*.test.ts", "test/engine/**/*.test.ts", "test/fault/**/*.test.ts", "test/views/**/*.test.tsx"],
    environment: "node",
    pool: "forks",
    setupFiles: ["test/setup.ts"],
    testTimeout: 20000,
    hookTimeout: 60000,
  },
});
