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

export const ProgramSettings = Schema.Struct({
  attribution_model: AttributionModel,
  lookback_days: LookbackDays,
});
export type ProgramSettings = typeof ProgramSettings.Type;

/** A program that never saved settings attributes linearly over 30 days. */
export const defaultProgramSettings: ProgramSettings = { attribution_model: "linear", lookback_days: 30 };

export const ProgramSettingsAnswer = Schema.Struct({ data: ProgramSettings });
export type ProgramSettingsAnswer = typeof ProgramSettingsAnswer.Type;

/** A change of one or both settings. */
export const ProgramSettingsPatch = Schema.Struct({
  attribution_model: Schema.optional(AttributionModel),
  lookback_days: Schema.optional(LookbackDays),
}).pipe(
  Schema.filter((patch) =>
    patch.attribution_model === undefined && patch.lookback_days === undefined
      ? "Expected attribution_model, lookback_days or both"
      : undefined,
  ),
);
export type ProgramSettingsPatch = typeof ProgramSettingsPatch.Type;
