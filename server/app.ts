import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { strongScryptCost, type ScryptCost } from "./auth/passwords";
import {
  loginFailureLimit,
  loginFailuresPerAddress,
  resetLinkChecksPerAddress,
  resetRequestsPerAddress,
  resetRequestsPerEmail,
} from "./auth/policy";
import { SlidingWindowLimit } from "./auth/throttle";
import { BackgroundWork } from "./http/backgroundWork";
import type { EngineHooks } from "./engine/engine";
import type { CollectionLoadTiming, CollectionLog } from "./engine/collectionLog";
import { createEngine } from "./engine/createEngine";
import { storesOf } from "./engine/stores";
import { createCostRefresher, type CostRefreshTiming } from "./engine/costRefresher";
import { createIngestionProcessor, type IngestionTiming } from "./engine/ingestionProcessor";
import { refuse, refusals, refuseTooLarge } from "./http/answers";
import { noStore } from "./http/cacheControl";
import { clientAddressOf } from "./http/clientAddress";
import { securityHeaders } from "./http/securityHeaders";
import { serveSpa } from "./http/spa";
import { consoleLog, type Log } from "./log";
import type { Outbox } from "./outbox/outbox";
import { accountRoutes } from "./routes/accountRoutes";
import { authRoutes } from "./routes/authRoutes";
import { collectRoutes } from "./routes/collectRoutes";
import { orderFeedRoutes } from "./routes/orderFeedRoutes";
import { columnSetRoutes } from "./routes/columnSetRoutes";
import { connectorRoutes } from "./routes/connectorRoutes";
import { messageRoutes } from "./routes/messageRoutes";
import { passwordRoutes } from "./routes/passwordRoutes";
import { invitationRoutes, peopleRoutes } from "./routes/peopleRoutes";
import { auditRoutes } from "./routes/auditRoutes";
import { programAdminRoutes } from "./routes/programAdminRoutes";
import { programRoutes } from "./routes/programRoutes";
import { setupRoutes } from "./routes/setupRoutes";
import type { Clock } from "./clock";
import type { ServerContext } from "./serverContext";
import type { Warehouse } from "./warehouse/warehouse";

export interface AppDeps {
  readonly warehouse: Warehouse;
  /** Defaults to the engine over `warehouse`. */
  readonly engine?: EngineHooks;
  readonly outbox: Outbox;
  readonly clock: Clock;
  /** The built SPA (dist/); null or absent serves the API only. */
  readonly staticDir?: string | null;
  /** Defaults to the console. */
  readonly log?: Log;
  /** Base of links in emails; defaults to http://localhost:8080. */
  readonly publicUrl?: string;
  /** scrypt cost of new password hashes; defaults to strongScryptCost. Tests lower it for speed. */
  readonly passwordCost?: ScryptCost;
  /** Peers whose X-Forwarded-For is believed (TRUSTED_PROXIES); none by default. */
  readonly trustedProxies?: ReadonlySet<string>;
  /** Where work after the answer runs; defaults to a new queue (tests pass one to await it). */
  readonly background?: BackgroundWork;
  /** How long a program's cost facts refresh waits after spend writes; defaults to costRefreshTiming. */
  readonly costRefreshTiming?: CostRefreshTiming;
  /** How long the incremental processing waits after collection writes; defaults to ingestionTiming. */
  readonly ingestionTiming?: IngestionTiming;
  /** Requests per write key and client (POST /collect, the order feed); defaults to collectionLimit. */
  readonly collectionLimit?: { readonly limit: number; readonly windowMs: number };
  /** The most lines an export of the audit trail holds; defaults to auditExportMaximum (tests lower it). */
  readonly auditExportMaximum?: number;
  /** A demo reachable from other machines: GET /auth/setup says so, for the login page's warning. Defaults to false. */
  readonly exposedDemo?: boolean;
  /** Where POST /collect appends its events (opened and loaded by the caller); absent: each request is stored in the warehouse. */
  readonly collectionLog?: CollectionLog | null;
  /** When the collection log loads into the warehouse on its own; absent: only when told (tests call `load`). */
  readonly collectionLoadTiming?: CollectionLoadTiming;
}

/** Largest request body accepted, in bytes. */
export const bodySizeLimit = 1024 * 1024;

/** The app's dependencies with defaults applied and its own throttles. */
export const createServerContext = (deps: AppDeps): ServerContext => {
  const log = deps.log ?? consoleLog;
  const engine = deps.engine ?? createEngine({ warehouse: deps.warehouse, clock: deps.clock, log });
  const trustedProxies = deps.trustedProxies ?? new Set<string>();
  const limit = (rule: { readonly limit: number; readonly windowMs: number }) => new SlidingWindowLimit(rule.limit, rule.windowMs);
  return {
    stores: storesOf(
      deps.warehouse,
      engine,
      log,
      createCostRefresher({ refresh: engine.refreshCosts, log, ...(deps.costRefreshTiming ? { timing: deps.costRefreshTiming } : {}) }),
      createIngestionProcessor({ process: engine.processIngested, log, ...(deps.ingestionTiming ? { timing: deps.ingestionTiming } : {}) }),
    ),
    collectionLog: deps.collectionLog ?? null,
    outbox: deps.outbox,
    clock: deps.clock,
    log,
    publicUrl: (deps.publicUrl ?? "http://localhost:8080").replace(/\/+$/, ""),
    passwordCost: deps.passwordCost ?? strongScryptCost,
    clientAddress: (c) => clientAddressOf(c, trustedProxies),
    background: deps.background ?? new BackgroundWork(log),
    loginFailures: limit(loginFailureLimit),
    loginFailuresByAddress: limit(loginFailuresPerAddress),
    resetRequestsByEmail: limit(resetRequestsPerEmail),
    resetRequestsByAddress: limit(resetRequestsPerAddress),
    resetLinkChecksByAddress: limit(resetLinkChecksPerAddress),
  };
};

/**
 * The reference API (under /api) and the built SPA, as a Hono app. No listening here:
 * main.ts serves it, tests call `app.request()`.
 */
export const createApp = (deps: AppDeps): Hono => {
  const context = createServerContext(deps);
  const { log } = context;
  // The loader stores through the stores, so each load tells the ingestion processor as a /collect write does.
  if (deps.collectionLog && deps.collectionLoadTiming) deps.collectionLog.startLoading(context.stores.ingestion, deps.collectionLoadTiming);

  const api = new Hono();
  api.use("*", bodyLimit({ maxSize: bodySizeLimit, onError: (c) => refuseTooLarge(c) }));
  api.route("/auth", authRoutes(context));
  api.route("/auth/password", passwordRoutes(context));
  api.route("/auth/setup", setupRoutes(context, deps.exposedDemo ?? false));
  api.route("/account", accountRoutes(context));
  // The order feed authenticates with a write key, so it is routed before the session-checked program routes.
  api.route("/programs", orderFeedRoutes(context, deps.collectionLimit));
  api.route("/programs", programRoutes(context));
  api.route("/admin/programs", programAdminRoutes(context));
  api.route("/admin/people", peopleRoutes(context));
  api.route("/admin/audit", auditRoutes(context, deps.auditExportMaximum));
  api.route("/auth/invitation", invitationRoutes(context));
  api.route("/", messageRoutes(context));
  api.route("/column-sets", columnSetRoutes(context));

  const app = new Hono();
  app.use("*", securityHeaders);
  app.use("/api", noStore);
  app.use("/api/*", noStore);
  app.use("/connectors/*", noStore);
  app.use("/api/*", async (c, next) => {
    const started = performance.now();
    await next();
    log.info("request", {
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round(performance.now() - started),
    });
  });
  app.route("/api", api);
  app.route("/", collectRoutes(context, deps.collectionLimit));
  app.route("/connectors", connectorRoutes(context));
  if (deps.staticDir) app.on(["GET", "HEAD"], "*", serveSpa(deps.staticDir));

  app.notFound((c) => refuse(c, refusals.notFound));
  app.onError((error, c) => {
    if (error instanceof HTTPException && error.status < 500) {
      return refuse(c, { status: error.status, error: "bad_request", message: error.message || "Bad request." });
    }
    log.error("unhandled error", { method: c.req.method, path: c.req.path, error });
    return refuse(c, refusals.serverError);
  });
  return app;
};
