/** A program's saved classification tree and its version. */
export interface StoredClassification {
  /** The tree as JSON text. */
  readonly tree: string;
  /** 1 after the first save, one more with each save. */
  readonly version: number;
}

/** What a save did: stored with its new version, or refused because the stored version is not the one it was based on. */
export type ClassificationSaveOutcome =
  | { readonly saved: true; readonly version: number }
  | { readonly saved: false; readonly version: number };

/** The classification tree a program's editor saved (one JSON document per program). */
export interface ClassificationQueries {
  /** The saved tree and its version, or null when the program never saved one (version 0). */
  find(programId: number): Promise<StoredClassification | null>;
  /**
   * Replaces the program's tree and bumps its version, in one transaction. With `basedOn`,
   * only when the stored version (0 when none is stored) is `basedOn`; otherwise nothing
   * changes and the outcome carries the stored version.
   */
  save(programId: number, tree: string, at: number, basedOn?: number): Promise<ClassificationSaveOutcome>;
}
