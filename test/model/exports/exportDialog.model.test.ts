import { modelSuite } from "../modelSuite";
import { exportDialogModel } from "./exportDialog.model";

modelSuite(exportDialogModel, {
  mustInclude: [
    // A failed download returns to the ordering mode it was asked from (history).
    "open.(writing.excel) → writeExcel rejects [failed] → open.(editing.customOrder)",
    "open.(writing.csv) → writeCsv rejects [failed] → open.(editing.standardOrder)",
    "open.(writing.csv) → writeCsv resolves [saved] → closed",
    "open.(writing.excel) → export.cancelled → closed",
    "open.(editing.customOrder) → export.columnMoved [cpaUp] → open.(editing.customOrder)",
  ],
});
