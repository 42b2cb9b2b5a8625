import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import { Schema } from "effect";
import { LoginResponse } from "../../src/domain/access/auth";
import type { EngineHooks } from "../../server/engine/engine";
import type { Warehouse } from "../../server/warehouse/warehouse";
import { expectRefusal, openContractApp, type Answer, type CallOptions, type ContractApp } from "./contractApp";

export type EngineHook = keyof EngineHooks;

/** A fake engine that records every hook call; `failing` makes the hooks throw (after recording). */
export class RecordingEngine implements EngineHooks {
  readonly calls: Array<{ readonly hook: EngineHook; readonly programId: number }> = [];
  failing = false;

  private record(hook: EngineHook, programId: number): Promise<void> {
    this.calls.push({ hook, programId });
    return this.failing ? Promise.reject(new Error(`the fake engine fails ${hook}`)) : Promise.resolve();
  }

  readonly reclassify = (programId: number) => this.record("reclassify", programId);
  readonly reattribute = (programId: number) => this.record("reattribute", programId);
  readonly refreshCosts = (programId: number) => this.record("refreshCosts", programId);
  readonly processIngested = (programId: number) => this.record("processIngested", programId);
  readonly fitModel = (programId: number) => this.record("fitModel", programId).then(() => null);

  /** The calls recorded since the last `take`, then forgets them. */
  take(): Array<{ readonly hook: EngineHook; readonly programId: number }> {
    return this.calls.splice(0, this.calls.length);
  }
}

/** The demo data's programs (server/seed/demoData.ts). */
export const northwindId = 1;
export const bluepeakId = 2;

export interface SignedIn {
  readonly token: string;
  readonly id: number;
}

/** Signs in (password = username) and answers the token and the user's id. */
export const signInAs = async (t: ContractApp, username: string): Promise<SignedIn> => {
  const answer = await t.call("POST", "/api/auth/login", { json: { username, password: username } });
  expect(answer.status, answer.text).toBe(200);
  const login = Schema.decodeUnknownSync(LoginResponse)(answer.json);
  return { token: login.token, id: login.user.id };
};

export interface Tokens {
  /** Member of northwind and bluepeak. */
  readonly demo: string;
  /** Member of lumen only. */
  readonly other: string;
  readonly admin: string;
}

export const signInAll = async (t: ContractApp): Promise<Tokens> => {
  const [demo, other, admin] = await Promise.all([t.signIn("demo"), t.signIn("other"), t.signIn("admin")]);
  return { demo, other, admin };
};

export interface RecordingSuite {
  /** Opened before the suite's first test, closed after its last. */
  readonly t: ContractApp;
  readonly tokens: Tokens;
  readonly engine: RecordingEngine;
}

/**
 * The suites' cost refresh waits longer than any suite runs, so a spend write's coalesced
 * `refreshCosts` never lands in a later test's calls (costRefresh.test.ts times it).
 */
const refreshAfterTheSuite = { quietMs: 10 * 60_000, longestWaitMs: 10 * 60_000 };

/**
 * The demo data with `username` (an analyst of the demo data, password = username) an
 * admin too, for calls only admins may make that are scoped per user (the spend creates'
 * Idempotency-Key): the sessions answer the user as an admin.
 */
export const withSecondAdmin =
  (username: string) =>
  (warehouse: Warehouse): Warehouse => ({
    ...warehouse,
    sessions: {
      ...warehouse.sessions,
      findUser: async (tokenDigest, now) => {
        const user = await warehouse.sessions.findUser(tokenDigest, now);
        return user && user.username === username ? { ...user, is_admin: true } : user;
      },
    },
  });

/**
 * A suite's app over a RecordingEngine with demo, other and admin signed in; before each
 * test the engine forgets its calls and stops failing. Call it inside a `describe`.
 * `warehouse` wraps the app's warehouse (`withSecondAdmin`); `auditExportMaximum` lowers the audit export's limit.
 */
export const recordingSuite = (options: { readonly warehouse?: (warehouse: Warehouse) => Warehouse; readonly auditExportMaximum?: number } = {}): RecordingSuite => {
  const engine = new RecordingEngine();
  let opened: { readonly t: ContractApp; readonly tokens: Tokens } | null = null;
  const open = () => {
    if (!opened) throw new Error("the suite's app is opened in beforeAll");
    return opened;
  };
  beforeAll(async () => {
    const t = await openContractApp({ engine, costRefreshTiming: refreshAfterTheSuite, ...(options.warehouse ? { warehouse: options.warehouse } : {}), ...(options.auditExportMaximum === undefined ? {} : { auditExportMaximum: options.auditExportMaximum }) });
    opened = { t, tokens: await signInAll(t) };
  });
  afterAll(() => open().t.close());
  beforeEach(() => {
    engine.failing = false;
    engine.take();
  });
  return {
    get t() {
      return open().t;
    },
    get tokens() {
      return open().tokens;
    },
    engine,
  };
};

/**
 * The access matrix of a northwind route: anonymous 401, a bad token 401, a non-member
 * 403; answers the member's and the admin's answers for the caller to check.
 */
export const refusedToOutsiders = async (
  t: ContractApp,
  tokens: Tokens,
  method: string,
  path: string,
  sent: Omit<CallOptions, "token"> = {},
): Promise<void> => {
  const options = method === "GET" || method === "HEAD" ? { ...sent, json: undefined, body: undefined } : sent;
  expectRefusal(await t.call(method, path, options), 401, "unauthorized");
  expectRefusal(await t.call(method, path, { ...options, token: "0123456789abcdef0123456789abcdef" }), 401, "unauthorized");
  expectRefusal(await t.call(method, path, { ...options, token: tokens.other }), 403, "forbidden");
};

/** Checks a 400 answer with its error code. */
export const expectBadRequest = (answer: Answer, error = "invalid_body"): void => {
  expectRefusal(answer, 400, error);
};
