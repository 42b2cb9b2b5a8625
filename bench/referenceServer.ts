import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

export interface RunningServer {
  readonly url: string;
  readonly stop: () => Promise<void>;
}

const root = resolve(import.meta.dirname, "..");

/** Starts the reference server on a port of its own with a fresh data folder, and waits until it answers. */
export const startReferenceServer = async (port: number, dataDir?: string): Promise<RunningServer> => {
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), "bench-data-"));
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (b: Buffer) => (output += b.toString()));
  child.stderr?.on("data", (b: Buffer) => (output += b.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The reference server stopped while starting:\n${output}`);
    try {
      const res = await fetch(`${url}/api/system-messages`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`The reference server did not answer within 120 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    stop: async () => {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
      if (!dataDir) rmSync(dir, { recursive: true, force: true });
    },
  };
};
