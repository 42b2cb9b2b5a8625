import { resolve } from "node:path";
import { defineConfig } from "vite";

/**
 * Builds the exports bench page (bench/exportsPage.html) into .bench/pages, with the
 * app's services and their workers bundled as the app bundles them.
 */
const benchDir = import.meta.dirname;

export default defineConfig({
  root: benchDir,
  base: "./",
  logLevel: "warn",
  publicDir: false,
  build: {
    outDir: resolve(benchDir, "../.bench/pages"),
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 2000,
    rolldownOptions: { input: resolve(benchDir, "exportsPage.html") },
  },
  worker: { format: "es" },
});
