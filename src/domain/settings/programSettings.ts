import { Schema } from "effect";

/** A program's attribution settings (docs/engine.md, attribution). */

export const attributionModels = ["linear", "position_based", "time_decay", "markov", "shapley"] as const;
export const AttributionModel = Schema.Literal(...attributionModels);
export type AttributionModel = typeof AttributionModel.Type;

/** The models whose channel weights are learnt from the program's journeys (docs/engine.md, "Data-driven models"). */
export const dataDrivenModels = ["markov", "shapley"] as const satisfies ReadonlyArray<AttributionModel>;
export type DataDrivenModel = (typeof dataDrivenModels)[number];
export const isDataDriven = (model: AttributionModel): model is DataDrivenModel =>
  (dataDrivenModels as ReadonlyArray<string>).includes(model);

export const shortestLookback = 1;
export const longestLookback = 90;

export const LookbackDays = Schema.Number.pipe(
  Schema.int({ message: () => "Expected a whole number of days" }),
  Schema.between(shortestLookback, longestLookback, {
    message: () => `Expected a lookback window of ${shortestLookback} to ${longestLookback} days`,
  }),
);

/** The taxonomy level whose channels a data-driven model is fitted at and credits by (docs/engine.md, "Data-driven models"). */
export const modelLevels = ["taxonomy_1", "taxonomy_2"] as const;
export const ModelLevel = Schema.Literal(...modelLevels);
export type ModelLevel = typeof ModelLevel.Type;

/** The order of the Markov chain: how many of the last touches a state remembers. */
export const markovOrders = [1, 2, 3] as const;
export const MarkovOrder = Schema.Literal(...markovOrders);
export type MarkovOrder = typeof MarkovOrder.Type;

/** The level's number (1 for taxonomy_1), as program_settings stores it. */
export const levelNumberOf = (level: ModelLevel): number => modelLevels.indexOf(level) + 1;

export const ProgramSettings = Schema.Struct({
  attribution_model: AttributionModel,
  lookback_days: LookbackDays,
  model_level: ModelLevel,
  markov_order: MarkovOrder,
});
export type ProgramSettings = typeof ProgramSettings.Type;

/** A program that never saved settings attributes linearly over 30 days (a data-driven model: at level 1, Markov of order 1). */
export const defaultProgramSettings: ProgramSettings = {
  attribution_model: "linear",
  lookback_days: 30,
  model_level: "taxonomy_1",
  markov_order: 1,
};

export const ProgramSettingsAnswer = Schema.Struct({ data: ProgramSettings });
export type ProgramSettingsAnswer = typeof ProgramSettingsAnswer.Type;

/** A change of one or more settings. */
export const ProgramSettingsPatch = Schema.Struct({
  attribution_model: Schema.optional(AttributionModel),
  lookback_days: Schema.optional(LookbackDays),
  model_level: Schema.optional(ModelLevel),
  markov_order: Schema.optional(MarkovOrder),
}).pipe(
  Schema.filter((patch) =>
    patch.attribution_model === undefined &&
    patch.lookback_days === undefined &&
    patch.model_level === undefined &&
    patch.markov_order === undefined
      ? "Expected attribution_model, lookback_days, model_level or markov_order"
      : undefined,
  ),
);
export type ProgramSettingsPatch = typeof ProgramSettingsPatch.Type;
