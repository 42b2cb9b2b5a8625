import type { Context } from "hono";
import type { ScryptCost } from "./auth/passwords";
import type { BackgroundWork } from "./http/backgroundWork";
import type { SlidingWindowLimit } from "./auth/throttle";
import type { Log } from "./log";
import type { Outbox } from "./outbox/outbox";
import type { Clock } from "./clock";
import type { CollectionLog } from "./engine/collectionLog";
import type { Stores } from "./engine/stores";

/** What every route may use: the app's dependencies plus the app's own throttles. */
export interface ServerContext {
  /** Every record the routes read and write; writes that change reports run the engine (engine/stores.ts). */
  readonly stores: Stores;
  /** Where POST /collect appends its events (COLLECT_LOG=on; engine/collectionLog.ts); null: each request is stored in the warehouse. */
  readonly collectionLog: CollectionLog | null;
  readonly outbox: Outbox;
  readonly clock: Clock;
  readonly log: Log;
  /** Where links in emails point: scheme, host and port, no trailing slash. */
  readonly publicUrl: string;
  /** The scrypt cost of new password hashes (and of the decoy checked for unknown users). */
  readonly passwordCost: ScryptCost;
  /** The address the per-address throttles key on (http/clientAddress.ts). */
  readonly clientAddress: (c: Context) => string;
  /** Work done after the answer (the reset mail). */
  readonly background: BackgroundWork;
  /** Failed sign-ins per username and per client address. */
  readonly loginFailures: SlidingWindowLimit;
  readonly loginFailuresByAddress: SlidingWindowLimit;
  readonly resetRequestsByEmail: SlidingWindowLimit;
  readonly resetRequestsByAddress: SlidingWindowLimit;
  /** password/validate and password/reset per client address. */
  readonly resetLinkChecksByAddress: SlidingWindowLimit;
}
