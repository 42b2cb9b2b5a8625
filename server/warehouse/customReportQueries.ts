import type { Actor, Removal } from "../../src/domain/access/authorship";
import type { DataSet, ReportLevel } from "../../src/domain/customReports/customReports";
import type { IdempotencyClaim, KeyedCreate } from "./costQueries";

/** A registered report as stored: `rules` and `meta` are JSON documents. */
export interface CustomReportRecord {
  readonly id: number;
  readonly name: string;
  readonly level: ReportLevel | string;
  readonly rules: string;
  readonly meta: string;
}

export interface CustomReportValues {
  readonly name: string;
  readonly level: ReportLevel;
  readonly rules: string;
  readonly meta: string;
}

/** Custom reports registered for a program, and the data sets it registers. */
export interface CustomReportQueries {
  /** By id. */
  list(programId: number): Promise<ReadonlyArray<CustomReportRecord>>;
  /** Null when the program has no such report (it has no access to it). */
  find(programId: number, id: number): Promise<CustomReportRecord | null>;
  /** Answers the new id. */
  add(programId: number, values: CustomReportValues, createdBy: number, at: number): Promise<number>;
  /** `add` under an `Idempotency-Key` (created by `claim.userId` at `claim.at`): the report and the key commit together. */
  addOnce(programId: number, values: CustomReportValues, claim: IdempotencyClaim): Promise<KeyedCreate>;
  /** Removes the report when the actor created it or is an admin (src/domain/access/authorship.ts). */
  remove(programId: number, id: number, actor: Actor): Promise<Removal>;
  /** How many of the program's reports the person created. */
  countBy(programId: number, userId: number): Promise<number>;
  /** The program's registered data sets, by id. */
  dataSets(programId: number): Promise<ReadonlyArray<DataSet>>;
}
