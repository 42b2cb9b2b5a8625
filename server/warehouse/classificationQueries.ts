import type { AuditBy } from "./auditQueries";
import type { ClassificationPlan } from "./classificationPlan";

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
   * changes and the outcome carries the stored version. With `by` (an admin's call), a save
   * writes its audit line in the same transaction (auditQueries.ts); a refused one writes none.
   */
  save(programId: number, tree: string, at: number, basedOn?: number, by?: AuditBy): Promise<ClassificationSaveOutcome>;
  /**
   * A dry run of `plan` over the program's hits of the `days` days ending on its latest
   * hit day, beside their stored taxonomy; stores nothing. Null when the program has no hits.
   */
  preview(programId: number, plan: ClassificationPlan, days: number, sampleLimit: number): Promise<ClassificationPreviewRows | null>;
}

/**
 * Rule bits: one character per rule of `planRules(plan)`, '1' where the rule holds. Branch
 * bits: one per plan branch, '1' where all its rule groups hold. Branch: the 1-based index
 * of the first branch that holds (the one that classifies), 0 for none.
 */
export interface PreviewOutcome {
  readonly branch: number;
  readonly ruleBits: string;
  readonly branchBits: string;
}

/** Where a stored classification puts a hit (or an order's last click): levels one and two. */
export interface PreviewStored {
  readonly taxonomy1: string;
  readonly taxonomy2: string;
}

/** Hits of the window with one stored pair and one outcome of the plan. */
export interface PreviewHitGroup extends PreviewStored, PreviewOutcome {
  readonly hits: number;
}

/** Valid orders of the window (by order date) with one stored pair of their last click and one outcome; outcome null for orders without a click. */
export interface PreviewOrderGroup extends PreviewStored {
  readonly outcome: PreviewOutcome | null;
  readonly orders: number;
}

/** A hit of the window whose pair the plan changes. */
export interface PreviewSampleRow extends PreviewStored, PreviewOutcome {
  readonly hitId: number;
  readonly date: string;
  readonly fields: Readonly<Record<"source" | "medium" | "campaign" | "content" | "term" | "referrer" | "landing_url" | "publisher_id" | "cost_link", string | null>> & {
    readonly event_type: string;
  };
}

/** The raw figures of a dry run; the engine turns them into the answer. */
export interface ClassificationPreviewRows {
  /** The window, YYYY-MM-DD. */
  readonly from: string;
  readonly to: string;
  readonly hits: ReadonlyArray<PreviewHitGroup>;
  readonly orders: ReadonlyArray<PreviewOrderGroup>;
  /** Up to `sampleLimit` per pair the plan gives, newest first (ties by hit id). */
  readonly samples: ReadonlyArray<PreviewSampleRow>;
}
