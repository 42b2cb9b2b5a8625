import type { Actor, Removal } from "../../src/domain/access/authorship";
import type { DateRange } from "../../src/domain/report/dateRange";

export interface AnnotationValues {
  readonly date: string;
  readonly colour: string;
  readonly text: string;
}

export interface AnnotationRecord extends AnnotationValues {
  readonly id: number;
  /** Who wrote it (null: stored before authors were recorded, so only an admin may delete it). */
  readonly createdBy: number | null;
}

/** Campaign notes of a program. */
export interface AnnotationQueries {
  /** Notes dated inside the range (or all when null), by date then id. */
  inRange(programId: number, range: DateRange | null): Promise<ReadonlyArray<AnnotationRecord>>;
  /** Answers the new id. */
  add(programId: number, values: AnnotationValues, createdBy: number, at: number): Promise<number>;
  /** Removes the note when the actor wrote it or is an admin (src/domain/access/authorship.ts). */
  remove(programId: number, id: number, actor: Actor): Promise<Removal>;
}
