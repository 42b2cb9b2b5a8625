/**
 * What the account routes ask of the attribution engine when configuration changes
 * (ENGINE.md "Speed and scale": attribution is computed when data arrives or the
 * classification or model changes, not per request).
 */
export interface EngineHooks {
  /** Re-classifies the program's hits with its saved classification, then re-attributes. */
  reclassify(programId: number): Promise<void>;
  /** Recomputes journeys, credits and facts after the attribution model or lookback changed. */
  reattribute(programId: number): Promise<void>;
  /** Recomputes the program's daily cost facts after a fixed or variable cost changed. */
  refreshCosts(programId: number): Promise<void>;
}
