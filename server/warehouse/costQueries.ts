import type { Frequency } from "../../src/domain/spend/costs";
import type { AuditBy } from "./auditQueries";
import type { DateRange } from "../../src/domain/report/dateRange";

/** A fixed spend configuration as stored: empty levels are 'None', single ones have no end date. */
export interface FixedCostValues {
  readonly taxonomy_1: string;
  readonly taxonomy_2: string;
  readonly taxonomy_3: string;
  readonly taxonomy_4: string;
  readonly cost: number;
  readonly start_date: string;
  readonly end_date: string | null;
  readonly frequency: Frequency;
  readonly original_frequency: Frequency;
}

export interface FixedCostRecord extends FixedCostValues {
  readonly id: number;
  /** 1 when created, one more with each edit. */
  readonly version: number;
}

/** An edit's outcome: stored (its new version), no such configuration, or refused as stale (the stored version). */
export type FixedCostUpdate =
  | { readonly outcome: "updated"; readonly version: number }
  | { readonly outcome: "notFound" }
  | { readonly outcome: "stale"; readonly version: number };

export interface VariableCostValues {
  readonly taxonomy_1: string;
  readonly cost: number;
  readonly date: string;
  readonly cost_link: string;
}

export interface VariableCostRecord extends VariableCostValues {
  readonly id: number;
}

/** The create routes that take an `Idempotency-Key`: spend (POST fixed-costs, also with a variable row; POST variable-costs) and custom reports (POST reports). */
export type IdempotentRoute = "fixed-costs" | "variable-costs" | "reports";

/** An answer as it was sent: its status and its JSON body. */
export interface StoredAnswer {
  readonly status: number;
  readonly body: string;
}

/** A stored key counts for 24 hours after its create; after that the key is free again. */
export const idempotencyKeyLifetime = 24 * 60 * 60 * 1000;

/** A create's `Idempotency-Key`, scoped to the user, the program and the route. */
export interface IdempotencyClaim {
  readonly userId: number;
  readonly route: IdempotentRoute;
  readonly key: string;
  /** The SHA-256 of the request body as sent. */
  readonly bodyDigest: string;
  /** When the create is asked for (epoch ms): keys older than `idempotencyKeyLifetime` are deleted. */
  readonly at: number;
  /** The answer to a create of the record `id`, stored with the key. */
  readonly answerOf: (id: number) => StoredAnswer;
}

/**
 * A create under a key: `created` (the record, its cost facts and the key are one
 * transaction), `repeated` (the key came with the same body before: nothing is created,
 * the first answer is answered again) or `keyReused` (the key came with another body).
 */
export type KeyedCreate =
  | { readonly outcome: "created"; readonly answer: StoredAnswer }
  | { readonly outcome: "repeated"; readonly answer: StoredAnswer }
  | { readonly outcome: "keyReused" };

/**
 * Fixed and variable spend of a program (the spend screens and the Add Spend batch import). Lists are by id descending.
 * Every write that changes a program's spend marks the program's cost facts due for a refresh in its own transaction
 * (the facts themselves are rewritten by the engine's `refreshCosts`, which clears the mark in its transaction), so a
 * crash never leaves spend stored whose cost facts are stale without the mark that says so.
 */
export interface CostQueries {
  /** The configurations overlapping the range (a single one on its start date), or all when `range` is null. */
  fixedInRange(programId: number, range: DateRange | null): Promise<ReadonlyArray<FixedCostRecord>>;
  findFixed(programId: number, id: number): Promise<FixedCostRecord | null>;
  /** Answers the new id. */
  addFixed(programId: number, values: FixedCostValues, at: number, by?: AuditBy): Promise<number>;
  /** `addFixed` under an `Idempotency-Key` (created at `claim.at`). */
  addFixedOnce(programId: number, values: FixedCostValues, claim: IdempotencyClaim, by?: AuditBy): Promise<KeyedCreate>;
  /** Stores the edit when the stored version is still `basedOn`, in one transaction (see FixedCostUpdate). */
  updateFixed(programId: number, id: number, values: FixedCostValues, basedOn: number, by?: AuditBy): Promise<FixedCostUpdate>;
  /** False when the program has no such configuration. */
  removeFixed(programId: number, id: number, by?: AuditBy): Promise<boolean>;
  /** Variable rows dated inside the range, or all when `range` is null. */
  variableInRange(programId: number, range: DateRange | null): Promise<ReadonlyArray<VariableCostRecord>>;
  /** Answers the new id. */
  addVariable(programId: number, values: VariableCostValues, by?: AuditBy): Promise<number>;
  /** `addVariable` under an `Idempotency-Key`. */
  addVariableOnce(programId: number, values: VariableCostValues, claim: IdempotencyClaim, by?: AuditBy): Promise<KeyedCreate>;
  /** False when the program has no such row. */
  removeVariable(programId: number, id: number, by?: AuditBy): Promise<boolean>;
  /** Of `keys`, those the user used for creates on the route in the program that have not expired at `at` (epoch ms), in the order asked. */
  storedKeys(programId: number, userId: number, route: IdempotentRoute, keys: ReadonlyArray<string>, at: number): Promise<ReadonlyArray<string>>;
  /** The programs whose spend changed since their cost facts were last written (by id). */
  programsWithCostsDue(): Promise<ReadonlyArray<number>>;
}
