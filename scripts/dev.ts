/**
 * `npm run dev`: the reference API on API_PORT (default 8081) and Vite's dev server
 * (default http://localhost:5173) proxying /api and /connectors to it.
 * `VITE_INSPECT=1 npm run dev` attaches the Stately browser inspector.
 */
import { spawn } from "node:child_process";
import { resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const apiPort = process.env.API_PORT ?? "8081";

const api = spawn(process.execPath, ["--import", "tsx", "--watch", "server/main.ts"], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, PORT: apiPort, HOST: "127.0.0.1", SERVE_APP: "false", PUBLIC_URL: process.env.PUBLIC_URL ?? "http://localhost:5173" },
});
const vite = spawn(process.execPath, [resolve(root, "node_modules/vite/bin/vite.js")], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, API_PORT: apiPort },
});

const stop = () => {
  api.kill("SIGTERM");
  vite.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
api.on("exit", (code) => {
  if (code) console.error(`The API server stopped (exit ${code}).`);
  vite.kill("SIGTERM");
});
vite.on("exit", () => api.kill("SIGTERM"));
