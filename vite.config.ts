import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

// The API base URL defaults to "/api"; in `npm run dev` Vite proxies it to the
// reference server (API_PORT, default 8081) so the app and the API share an origin.
const apiPort = process.env.API_PORT ?? "8081";

export default defineConfig({
  plugins: [react()],
  resolve: {
    // wouter and @xstate/react import use-sync-external-store's shim, written for Reacts
    // before 18: with React 19 it hands back React's own hook, but its fallback still sat in
    // the /login entry chunk. The package's plain entries use React's hook directly.
    alias: [
      { find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: "use-sync-external-store/with-selector" },
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: "use-sync-external-store" },
    ],
  },
  build: {
    outDir: "dist",
    // Maps are written beside the bundle for the operator (error tracking, debugging) but not referenced from it,
    // and the server never serves a .map file (server/http/spa.ts): the source is not published.
    sourcemap: "hidden",
    chunkSizeWarningLimit: 600,
    // Every browser the app supports knows <link rel="modulepreload">: no polyfill in the entry chunk.
    modulePreload: { polyfill: false },
  },
  worker: { format: "es" },
  server: {
    port: Number(process.env.DEV_PORT ?? 5173),
    proxy: {
      "/api": `http://127.0.0.1:${apiPort}`,
      "/connectors": `http://127.0.0.1:${apiPort}`,
    },
  },
});
