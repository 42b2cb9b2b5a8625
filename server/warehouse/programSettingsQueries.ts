import type { ProgramSettings } from "../../src/domain/settings/programSettings";

/** A program's attribution settings. */
export interface ProgramSettingsQueries {
  /** The saved settings, or null when the program never saved any (the defaults apply). */
  find(programId: number): Promise<ProgramSettings | null>;
  save(programId: number, settings: ProgramSettings): Promise<void>;
}
