import { modelSuite } from "../modelSuite";
import { spendBatchModel } from "./spendBatch.model";

modelSuite(spendBatchModel, {
  // Passed through on every new sheet or option: refused or preview.
  transient: ["spendBatch.checking"],
  mustInclude: [
    "preview → batch.sent → sending",
    "preview → batch.sent → finished",
    "sending → batch.rowSettled [row 4 saved] → finished",
    "sending → batch.rowSettled [row 0 failed] → sending",
    "sending → batch.cleared → empty",
    "empty → batch.sheetLoaded [forbidden] → refused",
    "preview → batch.optionsChanged [noHeader] → refused",
  ],
});
