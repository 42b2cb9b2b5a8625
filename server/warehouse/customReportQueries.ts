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
  add(programId: number, values: CustomReportValues, at: number): Promise<number>;
  /** `add` under an `Idempotency-Key` (created at `claim.at`): the report and the key commit together. */
  addOnce(programId: number, values: CustomReportValues, claim: IdempotencyClaim): Promise<KeyedCreate>;
  /** False when the program has no such report. */
  remove(programId: number, id: number): Promise<boolean>;
  /** The program's registered data sets, by id. */
  dataSets(programId: number): Promise<ReadonlyArray<DataSet>>;
}
