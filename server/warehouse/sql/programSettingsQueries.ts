import { Schema } from "effect";
import { AttributionModel, defaultProgramSettings } from "../../../src/domain/settings/programSettings";
import { numberOf, type StatementLine } from "../statements";
import type { ProgramSettingsQueries } from "../programSettingsQueries";

const isModel = Schema.is(AttributionModel);

export const sqlProgramSettingsQueries = (line: StatementLine): ProgramSettingsQueries => ({
  find: (programId) =>
    line.exclusive(async (sql) => {
      const row = (
        await sql.rows("SELECT attribution_model, lookback_days FROM program_settings WHERE program_id = $1", [programId])
      )[0];
      if (!row) return null;
      const model = row["attribution_model"];
      return {
        attribution_model: isModel(model) ? model : defaultProgramSettings.attribution_model,
        lookback_days: numberOf(row["lookback_days"]),
      };
    }),

  save: (programId, settings) =>
    line.transaction(async (sql) => {
      await sql.run("DELETE FROM program_settings WHERE program_id = $1", [programId]);
      await sql.run("INSERT INTO program_settings (program_id, attribution_model, lookback_days) VALUES ($1, $2, $3)", [
        programId,
        settings.attribution_model,
        settings.lookback_days,
      ]);
    }),
});
