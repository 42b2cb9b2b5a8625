import { modelSuite } from "../modelSuite";
import { spendImportModel } from "./spendImport.model";

modelSuite(spendImportModel, {
  // Passed through on every mapping change: a mapping that cannot be used has no dry run.
  transient: ["spendImport.configuration.dryRun.pending"],
  mustInclude: [
    "upload.idle → import.fileChosen [costs] → upload.reading",
    "options → import.next → configuration.(dryRun.waiting + columns.closed)",
    "configuration.(dryRun.waiting + columns.closed) → after dryRunPause (300 ms) → configuration.(dryRun.checking + columns.closed)",
    "configuration.(dryRun.checking + columns.closed) → checkStoredKeys resolves [firstStored] → configuration.(dryRun.counted + columns.closed)",
    "configuration.(dryRun.counted + columns.closed) → import.modeChanged [costStatic] → configuration.(dryRun.incomplete + columns.closed)",
    // A mapping change leaves the 'Selected Columns (n)' modal as it is.
    "configuration.(dryRun.waiting + columns.open) → import.modeChanged [costStatic] → configuration.(dryRun.incomplete + columns.open)",
    "process → import.rowSettled [row 0 unavailable] → process",
    "process → import.retryDue [row 0 retry due] → process",
    "process → import.rowSettled [row 0 saved] → upload.idle",
    "process → import.rowSettled [row 0 refused] → upload.idle",
    "process → import.rowSettled [row 1 refused] → process",
    // Nothing to send: Process passes straight back to File Upload with the outcome.
    "configuration.(dryRun.waiting + columns.closed) → import.started → upload.idle",
  ],
});
