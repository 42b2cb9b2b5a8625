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
    // A 503 waits for a retry, the retry sends the row again; a 422 ends it at once.
    "sending → batch.rowSettled [row 0 unavailable] → sending",
    "sending → batch.retryDue [row 0 retry due] → sending",
    "sending → batch.rowSettled [row 0 refused] → sending",
    // The fifth 503 of a row ends it as an error.
    "sending → batch.rowSettled [row 0 unavailable on its last attempt] → sending",
    "sending → batch.cleared → empty",
    "empty → batch.sheetLoaded [forbidden] → refused",
    "preview → batch.optionsChanged [noHeader] → refused",
  ],
});
