/**
 * A count per program of the writes that may have changed its hits, touches or their
 * classification (a rebuild: reclassify, reattribute, cost refresh, materialise), and one
 * for writes that may touch any program (raw data appended, the demo data loaded). What is
 * remembered from a program's data (the classification preview's groups) is kept under the
 * program's generation, so it is never used again once one of those writes is done. The
 * warehouse owns every such write and counts it after it committed (or failed): a reader
 * that saw the old generation may have read the new data, never the other way round.
 */
export const createDataGenerations = () => {
  let all = 0;
  const programs = new Map<number, number>();
  const bump = (programId?: number): void => {
    if (programId === undefined) all += 1;
    else programs.set(programId, (programs.get(programId) ?? 0) + 1);
  };
  return {
    /** The program's generation now: changes with every counted write that may touch it. */
    of: (programId: number): string => `${all}.${programs.get(programId) ?? 0}`,
    /** `write`'s answer, the program's (or, without one, every program's) generation bumped once it settled. */
    after: <T>(write: Promise<T>, programId?: number): Promise<T> => write.finally(() => bump(programId)),
  };
};

export type DataGenerations = ReturnType<typeof createDataGenerations>;
