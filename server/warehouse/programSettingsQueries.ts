import type { ProgramSettings } from "../../src/domain/settings/programSettings";
import type { AuditBy } from "./auditQueries";

/** A program's attribution settings. */
export interface ProgramSettingsQueries {
  /** The saved settings, or null when the program never saved any (the defaults apply). */
  find(programId: number): Promise<ProgramSettings | null>;
  /** Stores the settings; with `by` (an admin's call), and when they differ from the stored ones, the audit line too, in the same transaction. */
  save(programId: number, settings: ProgramSettings, by?: AuditBy): Promise<void>;
}
