import type { Frequency } from "../../src/domain/spend/costs";
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
}

export interface VariableCostValues {
  readonly taxonomy_1: string;
  readonly cost: number;
  readonly date: string;
  readonly cost_link: string;
}

export interface VariableCostRecord extends VariableCostValues {
  readonly id: number;
}

/** Fixed and variable spend of a program (the spend screens and the Add Spend batch import). Lists are by id descending. */
export interface CostQueries {
  /** The configurations overlapping the range (a single one on its start date), or all when `range` is null. */
  fixedInRange(programId: number, range: DateRange | null): Promise<ReadonlyArray<FixedCostRecord>>;
  findFixed(programId: number, id: number): Promise<FixedCostRecord | null>;
  /** Answers the new id. */
  addFixed(programId: number, values: FixedCostValues, at: number): Promise<number>;
  /** False when the program has no such configuration. */
  updateFixed(programId: number, id: number, values: FixedCostValues): Promise<boolean>;
  /** False when the program has no such configuration. */
  removeFixed(programId: number, id: number): Promise<boolean>;
  /** Variable rows dated inside the range, or all when `range` is null. */
  variableInRange(programId: number, range: DateRange | null): Promise<ReadonlyArray<VariableCostRecord>>;
  /** Answers the new id. */
  addVariable(programId: number, values: VariableCostValues): Promise<number>;
  /** False when the program has no such row. */
  removeVariable(programId: number, id: number): Promise<boolean>;
}
