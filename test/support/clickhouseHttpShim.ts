import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";

/** What the shim process is started with. */
export interface ShimOptions {
  readonly user: string;
  readonly password: string;
  /** chdb's data folder. */
  readonly dataDir: string;
}

/** One request as the shim received it: the statement text, the `param_` values and the database asked for. */
export interface ShimRequest {
  readonly statement: string;
  readonly parameters: Readonly<Record<string, string>>;
  readonly database: string | null;
}

export interface ShimReport {
  readonly requests: ReadonlyArray<ShimRequest>;
}

export interface ClickHouseHttpShim {
  readonly url: string;
  /** Every request received so far. */
  requests(): Promise<ReadonlyArray<ShimRequest>>;
  close(): Promise<void>;
}

const childFile = fileURLToPath(new URL("./clickhouseHttpShimChild.ts", import.meta.url));

/**
 * A stand-in for a ClickHouse server, for tests of the warehouse's HTTP path
 * (`openClickHouseServerWarehouse`): an HTTP server in a process of its own that speaks the part of
 * ClickHouse's HTTP interface `@clickhouse/client` uses and runs each statement on chdb's embedded
 * engine (clickhouseHttpShimChild.ts says what it checks and what only a real server would).
 */
export const startClickHouseHttpShim = (options: ShimOptions): Promise<ClickHouseHttpShim> =>
  new Promise((resolve, reject) => {
    const child = fork(childFile, [JSON.stringify(options)], { execArgv: ["--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"] });
    let reports: Array<(report: ShimReport) => void> = [];
    child.on("message", (message: { port: number } | ShimReport) => {
      if ("port" in message) {
        resolve({
          url: `http://127.0.0.1:${message.port}`,
          requests: () =>
            new Promise((done) => {
              reports.push((report) => done(report.requests));
              child.send("report");
            }),
          close: () =>
            new Promise((done) => {
              child.once("exit", () => done());
              child.send("close");
            }),
        });
        return;
      }
      const waiting = reports;
      reports = [];
      for (const answer of waiting) answer(message);
    });
    child.once("exit", (code) => reject(new Error(`the ClickHouse HTTP shim exited before it listened (${code})`)));
  });
