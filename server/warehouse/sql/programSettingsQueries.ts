import { Schema } from "effect";
import { AttributionModel, MarkovOrder, defaultProgramSettings, levelNumberOf, modelLevels } from "../../../src/domain/settings/programSettings";
import type { ProgramSettings } from "../../../src/domain/settings/programSettings";
import { audit } from "../auditQueries";
import { numberOf, type StatementLine, type Statements } from "../statements";
import type { ProgramSettingsQueries } from "../programSettingsQueries";

const isModel = Schema.is(AttributionModel);
const isOrder = Schema.is(MarkovOrder);

const settingsIn = async (sql: Statements, programId: number): Promise<ProgramSettings | null> => {
  const row = (
    await sql.rows("SELECT attribution_model, lookback_days, model_level, markov_order FROM program_settings WHERE program_id = $1", [programId])
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
};

/** Whether two settings differ in any field. */
const differ = (a: ProgramSettings, b: ProgramSettings): boolean => (Object.keys(a) as Array<keyof ProgramSettings>).some((key) => a[key] !== b[key]);

export const sqlProgramSettingsQueries = (line: StatementLine): ProgramSettingsQueries => ({
  find: (programId) => line.exclusive((sql) => settingsIn(sql, programId)),

  save: (programId, settings, by) =>
    line.transaction(async (sql) => {
      const before = (await settingsIn(sql, programId)) ?? defaultProgramSettings;
      await sql.run("DELETE FROM program_settings WHERE program_id = $1", [programId]);
      await sql.run(
        "INSERT INTO program_settings (program_id, attribution_model, lookback_days, model_level, markov_order) VALUES ($1, $2, $3, $4, $5)",
        [programId, settings.attribution_model, settings.lookback_days, levelNumberOf(settings.model_level), settings.markov_order],
      );
      const after: ProgramSettings = {
        attribution_model: settings.attribution_model,
        lookback_days: settings.lookback_days,
        model_level: settings.model_level,
        markov_order: settings.markov_order,
      };
      if (by && differ(before, after)) await audit(sql, { by, kind: "settings", programId, object: programId, action: "changed", before, after });
    }),
});
