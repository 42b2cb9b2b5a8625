/** The classification tree a program's editor saved (one JSON document per program). */
export interface ClassificationQueries {
  /** The saved tree as JSON text, or null when the program never saved one. */
  find(programId: number): Promise<string | null>;
  /** Replaces the program's tree. */
  save(programId: number, tree: string, at: number): Promise<void>;
}
