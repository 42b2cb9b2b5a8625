import type { IngestedHit, StoredRows } from "../ingestionQueries";

/** One sender's events waiting to be stored; concurrent senders' writes are stored together (a group). */
export interface EventWrite {
  readonly programId: number;
  readonly hits: ReadonlyArray<IngestedHit>;
  readonly at: number;
}

/** Events the group sent for one program (accepted plus resent are this many). */
export const sentFor = (group: ReadonlyArray<EventWrite>, programId: number): number =>
  group.reduce((sum, w) => sum + (w.programId === programId ? w.hits.length : 0), 0);

/** Each write's answer: the events it had stored (counted per write), the rest unchanged (resent). */
export const answersOf = (group: ReadonlyArray<EventWrite>, storedByWrite: ReadonlyArray<number>): ReadonlyArray<StoredRows> =>
  group.map((write, r): StoredRows => {
    const stored = storedByWrite[r] ?? 0;
    return { stored, unchanged: write.hits.length - stored };
  });
