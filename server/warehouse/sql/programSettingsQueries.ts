import { Schema } from "effect";
import { AttributionModel, defaultProgramSettings } from "../../../src/domain/settings/programSettings";
import type { ProgramSettings } from "../../../src/domain/settings/programSettings";
import { audit } from "../auditQueries";
import { numberOf, type StatementLine, type Statements } from "../statements";
import type { ProgramSettingsQueries } from "../programSettingsQueries";

const isModel = Schema.is(AttributionModel);

const settingsIn = async (sql: Statements, programId: number): Promise<ProgramSettings | null> => {
  const row = (
        await sql.rows("SELECT attribution_model, lookback_days FROM program_settings WHERE program_id = $1", [programId])
      )[0];
      if (!row) return null;
      const model = row["attribution_model"];
      return {
        attribution_model: isModel(model) ? model : defaultProgramSettings.attribution_model,
        lookback_days: numberOf(row["lookback_days"]),
      };
};

export const sqlProgramSettingsQueries = (line: StatementLine): ProgramSettingsQueries => ({
  find: (programId) => line.exclusive((sql) => settingsIn(sql, programId)),

  save: (programId, settings, by) =>
    line.transaction(async (sql) => {
      const before = (await settingsIn(sql, programId)) ?? defaultProgramSettings;
      await sql.run("DELETE FROM program_settings WHERE program_id = $1", [programId]);
      await sql.run("INSERT INTO program_settings (program_id, attribution_model, lookback_days) VALUES ($1, $2, $3)", [
        programId,
        settings.attribution_model,
        settings.lookback_days,
      ]);
      const after = { attribution_model: settings.attribution_model, lookback_days: settings.lookback_days };
      if (by && (before.attribution_model !== after.attribution_model || before.lookback_days !== after.lookback_days))
        await audit(sql, { by, kind: "settings", programId, object: programId, action: "changed", before, after });
    }),
});
