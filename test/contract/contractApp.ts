import { expect } from "vitest";
import { Schema } from "effect";
import type { Hono } from "hono";
import { ApiError } from "../../src/domain/shell/apiError";
import { LoginResponse } from "../../src/domain/access/auth";
import { createApp, type AppDeps } from "../../server/app";
import { BackgroundWork } from "../../server/http/backgroundWork";
import type { ScryptCost } from "../../server/auth/passwords";
import { silentLog } from "../../server/log";
import { MemoryOutbox } from "../../server/outbox/outbox";
import { generateDemoData } from "../../server/seed/demoData";
import { plantDemoData } from "../../server/seed/plantDemoData";
import { openFreshWarehouse } from "../warehouseUnderTest";
import { plantedWarehouses } from "../support/plantedWarehouse";
import type { Warehouse } from "../../server/warehouse/warehouse";

/** A clock the test moves by hand. */
export class FakeClock {
  constructor(public now: number = Date.UTC(2025, 5, 2, 9, 0, 0)) {}
  readonly read = (): number => this.now;
  advance(ms: number): void {
    this.now += ms;
  }
}

export const minute = 60_000;
export const hour = 60 * minute;

export interface CallOptions {
  readonly token?: string;
  /** Sent as JSON. */
  readonly json?: unknown;
  /** Sent as is (malformed bodies). */
  readonly body?: string;
  readonly headers?: Record<string, string>;
  /** The client's socket address (the throttles' key); "local" when absent. */
  readonly address?: string;
}

export interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  /** The body parsed as JSON (throws when it is not JSON). */
  readonly json: unknown;
}

export interface ContractApp {
  readonly app: Hono;
  readonly warehouse: Warehouse;
  readonly outbox: MemoryOutbox;
  readonly clock: FakeClock;
  /** Work the app does after answering (the reset mail); `call` waits for it. */
  readonly background: BackgroundWork;
  /** One exchange; answers once the app's work after the answer is done too. */
  call(method: string, path: string, options?: CallOptions): Promise<Answer>;
  /** Signs in (password defaults to the username, as for every demo user) and answers the token. */
  signIn(username: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

/** scrypt at a cost that keeps the suite fast; hashes still go through the real code. */
export const quickScryptCost: ScryptCost = { N: 1024, r: 8, p: 1 };

/** The demo data set every contract test runs against. */
export const contractData = generateDemoData({
  seed: 7,
  // A fifth of the default demo (about 29,000 hits) keeps every suite's fresh database quick to load.
  scale: 0.2,
  // The fake clock's day: the data covers the 400 days before it.
  today: new Date(new FakeClock().now).toISOString().slice(0, 10),
});

/**
 * Fresh warehouses with the contract data: planted once per test process, then each a copy
 * of that one (test/support/plantedWarehouse.ts).
 */
const openPlantedWarehouse = plantedWarehouses(async (warehouse) => {
  await plantDemoData(warehouse, contractData, quickScryptCost);
}, new FakeClock().read);

/**
 * A fresh app over a fresh warehouse of the engine under test with the demo data, an
 * in-memory outbox and a fake clock. Nothing listens: calls go through `app.request()`.
 */
export const openContractApp = async (extra: Partial<Pick<AppDeps, "staticDir" | "publicUrl" | "log" | "engine" | "trustedProxies" | "costRefreshTiming" | "ingestionTiming" | "collectionLimit" | "exposedDemo" | "collectionLog" | "auditExportMaximum">> & {
  readonly warehouse?: (warehouse: Warehouse) => Warehouse;
  /** The production start's database: empty, no programs and no accounts (no demo data planted). */
  readonly empty?: boolean;
  /**
   * An ISO instant to run at instead of the contract day: the clock starts there and a
   * smaller demo data set ends on its (UTC) day (the pinned-day tests).
   */
  readonly at?: string;
} = {}): Promise<ContractApp> => {
  const clock = extra.at === undefined ? new FakeClock() : new FakeClock(Date.parse(extra.at));
  const stored = extra.at === undefined && extra.empty !== true ? await openPlantedWarehouse(clock.read) : await openFreshWarehouse(clock.read);
  if (extra.at !== undefined) {
    await plantDemoData(stored, generateDemoData({ seed: 7, scale: 0.05, today: new Date(clock.now).toISOString().slice(0, 10) }), quickScryptCost);
  }
  const warehouse = extra.warehouse ? extra.warehouse(stored) : stored;
  const outbox = new MemoryOutbox();
  const background = new BackgroundWork(extra.log ?? silentLog);
  const app = createApp({
    background,
    warehouse,
    outbox,
    clock: clock.read,
    log: extra.log ?? silentLog,
    staticDir: extra.staticDir ?? null,
    publicUrl: extra.publicUrl ?? "http://app.test",
    passwordCost: quickScryptCost,
    ...(extra.engine ? { engine: extra.engine } : {}),
    ...(extra.trustedProxies ? { trustedProxies: extra.trustedProxies } : {}),
    ...(extra.costRefreshTiming ? { costRefreshTiming: extra.costRefreshTiming } : {}),
    ...(extra.ingestionTiming ? { ingestionTiming: extra.ingestionTiming } : {}),
    ...(extra.collectionLimit ? { collectionLimit: extra.collectionLimit } : {}),
    ...(extra.exposedDemo ? { exposedDemo: extra.exposedDemo } : {}),
    ...(extra.collectionLog ? { collectionLog: extra.collectionLog } : {}),
    ...(extra.auditExportMaximum === undefined ? {} : { auditExportMaximum: extra.auditExportMaximum }),
  });

  const call = async (method: string, path: string, options: CallOptions = {}): Promise<Answer> => {
    const headers = new Headers(options.headers);
    if (options.token !== undefined) headers.set("Authorization", `Bearer ${options.token}`);
    let body: string | undefined = options.body;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers.set("Content-Type", "application/json");
    }
    const env = options.address === undefined ? undefined : { incoming: { socket: { remoteAddress: options.address } } };
    const response = await app.request(path, { method, headers, body }, env);
    const text = await response.text();
    await background.settled();
    let json: unknown;
    let parsed = false;
    return {
      status: response.status,
      headers: response.headers,
      text,
      get json() {
        if (!parsed) {
          json = JSON.parse(text);
          parsed = true;
        }
        return json;
      },
    };
  };

  const signIn = async (username: string, password: string = username): Promise<string> => {
    const answer = await call("POST", "/api/auth/login", { json: { username, password } });
    expect(answer.status, `sign-in of ${username}`).toBe(200);
    return Schema.decodeUnknownSync(LoginResponse)(answer.json).token;
  };

  return { app, warehouse, outbox, clock, background, call, signIn, close: () => background.settled().then(() => stored.close()) };
};

/** Decodes a successful answer with the shared Schema, after checking its status. */
export const decoded = <A, I>(answer: Answer, schema: Schema.Schema<A, I, never>, status = 200): A => {
  expect(answer.status, answer.text).toBe(status);
  expect(answer.headers.get("Content-Type")).toMatch(/^application\/json/);
  return Schema.decodeUnknownSync(schema)(answer.json);
};

/** Checks an ApiError answer: its status, JSON content type and `error` code. */
export const expectRefusal = (answer: Answer, status: number, error: string): ApiError => {
  expect(answer.status, answer.text).toBe(status);
  expect(answer.headers.get("Content-Type")).toMatch(/^application\/json/);
  const refusal = Schema.decodeUnknownSync(ApiError)(answer.json);
  expect(refusal.error).toBe(error);
  expect(refusal.message.length).toBeGreaterThan(0);
  return refusal;
};

/** A well-shaped token that no session has. */
export const strangerToken = "0123456789abcdef0123456789abcdef";

/** The token and email of the last reset link sent to `to`. */
export const linkParts = (t: ContractApp, to: string): { token: string; email: string } => {
  const link = t.outbox.lastTo(to)?.link;
  if (!link) throw new Error(`no reset link was sent to ${to}`);
  const url = new URL(link);
  return { token: url.pathname.split("/").at(-1) ?? "", email: url.searchParams.get("email") ?? "" };
};
