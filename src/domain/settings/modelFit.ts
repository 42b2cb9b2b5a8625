import { Schema } from "effect";
import { AttributionModel, MarkovOrder, ModelLevel } from "./programSettings";

/**
 * The answer of POST /api/programs/{program}/model/fit (admins of the program): the program's data-driven model
 * fitted again from its journeys now (docs/engine.md, "Data-driven models"), its weights per channel at the
 * model's level (a channel is its taxonomy path: taxonomy_1, and taxonomy_2 at level 2) and when it was fitted
 * (epoch ms). A program with a rule-based model has nothing to fit (409 model_not_data_driven).
 */
export const ModelFit = Schema.Struct({
  attribution_model: AttributionModel,
  model_level: ModelLevel,
  markov_order: MarkovOrder,
  fitted_at: Schema.Number,
  weights: Schema.Array(Schema.Struct({ taxonomy: Schema.Array(Schema.String), weight: Schema.Number })),
});
export type ModelFit = typeof ModelFit.Type;

export const ModelFitAnswer = Schema.Struct({ data: ModelFit });
export type ModelFitAnswer = typeof ModelFitAnswer.Type;
