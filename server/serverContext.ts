import type { ScryptCost } from "./auth/passwords";
import type { SlidingWindowLimit } from "./auth/throttle";
import type { Log } from "./log";
import type { Outbox } from "./outbox/outbox";
import type { EngineHooks } from "./engine/engine";
import type { Warehouse } from "./warehouse/warehouse";

/** Epoch milliseconds now. Injected so tests move time. */
export type Clock = () => number;

/** What every route may use: the app's dependencies plus the app's own throttles. */
export interface ServerContext {
  readonly warehouse: Warehouse;
  /** Re-classification, re-attribution and cost facts when configuration changes. */
  readonly engine: EngineHooks;
  readonly outbox: Outbox;
  readonly clock: Clock;
  readonly log: Log;
  /** Where links in emails point: scheme, host and port, no trailing slash. */
  readonly publicUrl: string;
  /** The scrypt cost of new password hashes (and of the decoy checked for unknown users). */
  readonly passwordCost: ScryptCost;
  readonly loginFailures: SlidingWindowLimit;
  readonly resetRequestsByEmail: SlidingWindowLimit;
  readonly resetRequestsByAddress: SlidingWindowLimit;
}
