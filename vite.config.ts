import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

// The API base URL defaults to "/api"; in `npm run dev` Vite proxies it to the
// reference server (API_PORT, default 8081) so the app and the API share an origin.
const apiPort = process.env.API_PORT ?? "8081";

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: "dist",
    sourcemap: true,
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
