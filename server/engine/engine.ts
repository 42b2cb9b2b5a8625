import type { AttributionSettings, StoredModelWeights } from "../warehouse/engineQueries";

/**
 * What the engine's stores ask of the attribution engine when configuration changes
 * (docs/engine.md, "When it runs": attribution is computed when data arrives or the
 * classification, model or costs change, never per request).
 */
export interface EngineHooks {
  /** Re-classifies the program's hits with its saved classification, then re-attributes. */
  reclassify(programId: number): Promise<void>;
  /** Recomputes journeys, credits and facts after the attribution model or lookback changed. */
  reattribute(programId: number): Promise<void>;
  /**
   * Recomputes the program's daily cost facts from its stored spend and clears its mark of
   * cost facts due: run by the cost refresher after a burst of spend writes, before a report
   * reads a program whose facts are due, and at start for every program still marked.
   */
  refreshCosts(programId: number): Promise<void>;
  /**
   * Folds the program's ingested events and orders not yet processed into its facts
   * (docs/engine.md, "Ingestion"): run by the ingestion processor after a burst of
   * collection writes, and at start for every program with changes left.
   */
  processIngested(programId: number): Promise<void>;
  /**
   * Fits the program's data-driven model (markov, shapley) again from its journeys and re-attributes when its
   * weights changed, answering the fit; null for a rule-based model. Also run after every re-classification and
   * re-attribution, and after processing new data at most every `fitEveryMs` (docs/engine.md, "Data-driven
   * models"); on demand by POST /model/fit.
   */
  fitModel(programId: number): Promise<ModelFitOutcome | null>;
}

/** A fit of a program's data-driven model: the settings it followed, the weights by channel, when it ran. */
export interface ModelFitOutcome {
  readonly settings: AttributionSettings;
  readonly weights: StoredModelWeights["weights"];
  readonly fittedAt: number;
}
