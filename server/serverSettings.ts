import { resolve } from "node:path";
import { isoInstantMs } from "../src/domain/ingestion/isoInstant";
import { trustedProxiesFrom } from "./http/clientAddress";
import { warehouseEngineOf, type WarehouseSettings } from "./warehouse/openWarehouse";

/**
 * What `npm run serve` reads from its environment:
 * PORT (8080); HOST (127.0.0.1: this machine only, since the demo sign-ins are known;
 * `HOST=0.0.0.0` opens every interface); DATA_DIR (./data); PUBLIC_URL
 * (the address the start banner prints, http://127.0.0.1:PORT by default: the base of every
 * link the server makes, reset mails and the Google Ads consent's return); TRUSTED_PROXIES (none: X-Forwarded-For is ignored);
 * WAREHOUSE (duckdb, the default; chdb: ClickHouse embedded, data in DATA_DIR/clickhouse;
 * clickhouse: a ClickHouse server at CLICKHOUSE_URL with CLICKHOUSE_USER,
 * CLICKHOUSE_PASSWORD and CLICKHOUSE_DATABASE, default attribution); DUCKDB_MEMORY_LIMIT
 * (DuckDB's memory_limit, e.g. 8GB; DuckDB's default is 80% of the machine's memory);
 * CLOCK_START (unset: the machine's clock; an ISO instant such as 2026-11-28T10:00:00Z:
 * the server's clock starts there and runs on, so the demo's "today" and every date the
 * server reads are that day's; the browser tests pin their servers this way); DEMO (on, the
 * default: a new database gets the demo programs, data and sign-ins; off: the production
 * start, an empty database and no accounts until the first admin is made); COLLECT_LOG (on, the
 * default: each POST /collect's events are appended to the collection log in
 * DATA_DIR/collection-log, answered once fsynced and loaded into the warehouse in bulk,
 * docs/engine.md "Collection log"; off: each request is stored in the warehouse before its answer).
 */
export interface ServerSettings {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly publicUrl: string;
  readonly trustedProxies: ReadonlySet<string>;
  /** The warehouse to open; a message instead when WAREHOUSE or the ClickHouse server's settings are wrong. */
  readonly warehouse: Omit<WarehouseSettings, "clock" | "dataDir"> | { readonly refused: string };
  /** The server's clock: the machine's, or one that started at CLOCK_START; a message instead when CLOCK_START is not an instant. */
  readonly clock: (() => number) | { readonly refused: string };
  /** Whether this is the demo (DEMO unset or on) or the production start (DEMO=off); a message instead for another value. */
  readonly demo: boolean | { readonly refused: string };
  /** Whether POST /collect goes through the collection log (COLLECT_LOG=on); a message instead for another value. */
  readonly collectionLog: boolean | { readonly refused: string };
}

/** An on/off setting: `on`, `true` or `1`; `off`, `false` or `0`; unset is `unset`; anything else is refused with `refusal`. */
const switchOf = (raw: string | undefined, unset: boolean, refusal: string): boolean | { readonly refused: string } => {
  const value = (raw ?? "").trim().toLowerCase();
  if (value === "") return unset;
  if (value === "on" || value === "true" || value === "1") return true;
  if (value === "off" || value === "false" || value === "0") return false;
  return { refused: refusal };
};

/** DEMO: unset, `on`, `true` or `1` is the demo; `off`, `false` or `0` the production start. */
export const demoOf = (raw: string | undefined): boolean | { readonly refused: string } =>
  switchOf(raw, true, "DEMO is neither on nor off (DEMO=off starts without demo data and sign-ins)");

/** COLLECT_LOG: unset or on appends each /collect request to the collection log; off stores it in the warehouse at once. */
export const collectionLogOf = (raw: string | undefined): boolean | { readonly refused: string } =>
  switchOf(raw, true, "COLLECT_LOG is neither on nor off");

const warehouseOf = (env: Readonly<Record<string, string | undefined>>): ServerSettings["warehouse"] => {
  const engine = warehouseEngineOf(env.WAREHOUSE);
  if (engine === null) return { refused: `WAREHOUSE=${env.WAREHOUSE ?? ""} is none of duckdb, chdb, clickhouse` };
  if (engine === "duckdb") return env.DUCKDB_MEMORY_LIMIT?.trim() ? { engine, duckdbMemoryLimit: env.DUCKDB_MEMORY_LIMIT.trim() } : { engine };
  if (engine !== "clickhouse") return { engine };
  const url = env.CLICKHOUSE_URL?.trim();
  if (!url) return { refused: "WAREHOUSE=clickhouse needs CLICKHOUSE_URL (http://host:8123)" };
  return {
    engine,
    clickhouse: {
      url,
      ...(env.CLICKHOUSE_USER ? { username: env.CLICKHOUSE_USER } : {}),
      ...(env.CLICKHOUSE_PASSWORD ? { password: env.CLICKHOUSE_PASSWORD } : {}),
      ...(env.CLICKHOUSE_DATABASE ? { database: env.CLICKHOUSE_DATABASE } : {}),
    },
  };
};

export const defaultHost = "127.0.0.1";

export const numberFrom = (raw: string | undefined, fallback: number): number => {
  const parsed = raw === undefined || raw === "" ? NaN : Number(raw);
  return Number.isFinite(parsed) ? parsed : fallback;
};

export const serverSettingsOf = (env: Readonly<Record<string, string | undefined>>): ServerSettings => {
  const port = numberFrom(env.PORT, 8080);
  const host = env.HOST?.trim() || defaultHost;
  return {
    port,
    host,
    dataDir: resolve(env.DATA_DIR || "./data"),
    publicUrl: env.PUBLIC_URL?.trim().replace(/\/+$/, "") || printedAddressOf(host, port),
    trustedProxies: trustedProxiesFrom(env.TRUSTED_PROXIES),
    warehouse: warehouseOf(env),
    clock: clockOf(env.CLOCK_START),
    demo: demoOf(env.DEMO),
    collectionLog: collectionLogOf(env.COLLECT_LOG),
  };
};

/**
 * The server's clock. Unset, the machine's. An ISO instant (with its offset or Z): a clock
 * that reads that instant at start and runs on at the machine's pace from there.
 */
export const clockOf = (
  start: string | undefined,
  machine: () => number = Date.now,
): (() => number) | { readonly refused: string } => {
  if (start === undefined || start.trim() === "") return machine;
  const text = start.trim();
  const at = isoInstantMs(text);
  if (at === null) return { refused: "CLOCK_START is not an instant with its offset, such as 2026-11-28T10:00:00Z" };
  const shift = at - machine();
  return () => machine() + shift;
};

/** Whether the server answers other machines (anything but a loopback address). */
export const listensBeyondThisMachine = (host: string): boolean =>
  !(host === "localhost" || host === "::1" || /^127\./.test(host));

/** The words of the warning a demo server reachable from other machines shows, in its banner and on its login page. */
export const exposedDemoWarning = "This demo server is reachable from other machines and has demo sign-ins: anyone who can reach it can sign in.";

const red = (line: string): string => `\u001b[1;31m${line}\u001b[0m`;

/**
 * The address the start banner tells people to open for HOST and PORT (every interface:
 * localhost), and so PUBLIC_URL's default: a link the server makes (a reset mail, the
 * Google Ads consent's return) comes back to the origin the person opened, where their
 * session is.
 */
export const printedAddressOf = (host: string, port: number): string => {
  const shown = host === "0.0.0.0" || host === "::" ? "localhost" : host.includes(":") ? `[${host}]` : host;
  return `http://${shown}:${port}`;
};

/**
 * The start banner's first lines: where to open the app, who can reach it, and the
 * address the links the server makes use (PUBLIC_URL, the printed address unless set).
 * A demo reachable from other machines says so in red (its sign-ins are known).
 */
export const listeningLines = (host: string, port: number, demo = true, publicUrl = printedAddressOf(host, port)): ReadonlyArray<string> => {
  const beyond = listensBeyondThisMachine(host);
  return [
    `Attribution analytics on ${printedAddressOf(host, port)}/ (listening on ${host}:${port})`,
    beyond && demo
      ? red(`${exposedDemoWarning} (HOST=${host}; start with DEMO=off for your own accounts)`)
      : beyond
        ? `Reachable from other machines (HOST=${host})`
        : "Reachable from this machine only; HOST=0.0.0.0 opens every interface",
    publicUrl === printedAddressOf(host, port)
      ? `Links in mails and the Google Ads consent come back to ${publicUrl}/: open the app there (or set PUBLIC_URL)`
      : `Links in mails and the Google Ads consent come back to ${publicUrl}/ (PUBLIC_URL): open the app there`,
  ];
};
