import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

const repositoryRoot = fileURLToPath(new URL("../..", import.meta.url));

/** The real server (`node --import tsx server/main.ts`) as a child process on 127.0.0.1. */
export interface ServerProcess {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  /** Everything it wrote to stdout and stderr so far. */
  log(): string;
  /** Kills it with SIGKILL (no shutdown code runs) and waits for it to be gone. */
  kill(): Promise<void>;
  /** SIGKILL without waiting: for the moment a write is acknowledged. */
  killNow(): void;
}

const listening = /listening on 127\.0\.0\.1:(\d+)/;

/**
 * Starts the server on `dataDir` and resolves once it listens. The port is the one asked
 * for, or one the system chooses (`port` 0), read back from the start-up line. It serves
 * the API alone unless given the built app's folder (`distDir`). The fault tests and the
 * browser test of the production start (test/e2e/productionStart.e2e.ts) use it.
 */
export const startServer = (options: {
  readonly dataDir: string;
  readonly port: number;
  /** DEMO_SCALE, for a demo start. */
  readonly demoScale?: string;
  readonly startTimeoutMs: number;
  /** The built app to serve (DIST_DIR); none by default. */
  readonly distDir?: string;
  /** More settings of the server's (COLLECT_LOG, DEMO, SMTP_URL…). */
  readonly env?: Readonly<Record<string, string>>;
}): Promise<ServerProcess> => {
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: repositoryRoot,
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: "127.0.0.1",
      DATA_DIR: options.dataDir,
      // No built app unless asked: the API alone, whatever dist/ holds.
      DIST_DIR: options.distDir ?? options.dataDir,
      ...(options.demoScale === undefined ? {} : { DEMO_SCALE: options.demoScale }),
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const server = (origin: string): ServerProcess => ({
    origin,
    log: () => output,
    killNow: () => {
      child.kill("SIGKILL");
    },
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
    },
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`the server did not listen within ${options.startTimeoutMs} ms:\n${output}`));
    }, options.startTimeoutMs);
    const read = (chunk: Buffer): void => {
      output += chunk.toString("utf8");
      const port = listening.exec(output)?.[1];
      if (port !== undefined) {
        clearTimeout(timer);
        resolve(server(`http://127.0.0.1:${port}`));
      }
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the server stopped before listening (code ${code}, signal ${signal}):\n${output}`));
    });
  });
};

/** The lines a server logged at error level. */
export const errorLines = (log: string): ReadonlyArray<string> =>
  log.split("\n").filter((line) => /^\S+ error /.test(line) || /\bFAILED\b|cannot open|WAL|replay/i.test(line));
