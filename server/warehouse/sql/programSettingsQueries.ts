import { Schema } from "effect";
import { AttributionModel, MarkovOrder, defaultProgramSettings, levelNumberOf, modelLevels } from "../../../src/domain/settings/programSettings";
import { numberOf, type StatementLine } from "../statements";
import type { ProgramSettingsQueries } from "../programSettingsQueries";

const isModel = Schema.is(AttributionModel);
const isOrder = Schema.is(MarkovOrder);

export const sqlProgramSettingsQueries = (line: StatementLine): ProgramSettingsQueries => ({
  find: (programId) =>
    line.exclusive(async (sql) => {
      const row = (
        await sql.rows(
          "SELECT attribution_model, lookback_days, model_level, markov_order FROM program_settings WHERE program_id = $1",
          [programId],
        )
      )[0];
      if (!row) return null;
      const model = row["attribution_model"];
      const order = Number(row["markov_order"]);
      return {
        attribution_model: isModel(model) ? model : defaultProgramSettings.attribution_model,
        lookback_days: numberOf(row["lookback_days"]),
        model_level: modelLevels[Number(row["model_level"]) - 1] ?? defaultProgramSettings.model_level,
        markov_order: isOrder(order) ? order : defaultProgramSettings.markov_order,
      };
    }),

  save: (programId, settings) =>
    line.transaction(async (sql) => {
      await sql.run("DELETE FROM program_settings WHERE program_id = $1", [programId]);
      await sql.run(
        "INSERT INTO program_settings (program_id, attribution_model, lookback_days, model_level, markov_order) VALUES ($1, $2, $3, $4, $5)",
        [programId, settings.attribution_model, settings.lookback_days, levelNumberOf(settings.model_level), settings.markov_order],
      );
    }),
});
