/**
 * The ingestion health of a program (docs/engine.md, "Ingestion health"), read from what
 * the ingestion writes record: the tallies of rows sent in per day of the program's
 * offset, kind and outcome, the arrival of each collected event and the marks the
 * incremental processing has not worked off yet.
 */

/** One tally: rows of a kind with an outcome ('accepted', 'duplicate' or a refusal reason) on the day, and the latest arrival. */
export interface IngestionTally {
  readonly kind: string;
  readonly outcome: string;
  readonly rows: number;
  readonly lastAt: number;
}

export interface IngestionHealthRecord {
  /** The day's tallies (the day as YYYY-MM-DD in the program's offset). */
  readonly tallies: ReadonlyArray<IngestionTally>;
  /** The latest arrival of an accepted event, and of an accepted order, on any day. */
  readonly lastEventAt: number | null;
  readonly lastOrderAt: number | null;
  /** Marks not yet processed and when the oldest was made (null when none). */
  readonly pending: number;
  readonly oldestPendingAt: number | null;
}

export interface IngestionHealthQueries {
  health(programId: number, day: string): Promise<IngestionHealthRecord>;
}
