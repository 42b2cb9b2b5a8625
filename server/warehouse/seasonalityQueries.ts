import type { Actor, Removal } from "../../src/domain/access/authorship";
import type { DateRange } from "../../src/domain/report/dateRange";

export interface SeasonalityTypeRecord {
  readonly id: number;
  readonly name: string;
  /** Mondays of the tagged weeks, ascending. */
  readonly weeks: ReadonlyArray<string>;
}

/** Seasonality types and weekly tags of a program. */
export interface SeasonalityQueries {
  /**
   * Every type (by id) with its tagged weeks that overlap the range (a week from its
   * Monday to the Sunday after), or all its weeks when `range` is null.
   */
  typesWithWeeks(programId: number, range: DateRange | null): Promise<ReadonlyArray<SeasonalityTypeRecord>>;
  /** Answers the new id, or "duplicate" when the program has a type of that name (trimmed, any case). */
  addType(programId: number, name: string, createdBy: number): Promise<number | "duplicate">;
  /** Removes the type and its tags when the actor created it or is an admin (src/domain/access/authorship.ts). */
  removeType(programId: number, id: number, actor: Actor): Promise<Removal>;
  /** Tags the week (its Monday) with the type, replacing an earlier tag; false when the type is unknown. */
  tagWeek(programId: number, week: string, typeId: number): Promise<boolean>;
  /** Removes the week's tag (nothing when it has none). */
  untagWeek(programId: number, week: string): Promise<void>;
}
