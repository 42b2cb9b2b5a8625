import { modelSuite } from "../modelSuite";
import { spendFormModel } from "./spendForm.model";

modelSuite(spendFormModel, {
  mustInclude: [
    "editing.idle → spend.saved → editing.invalid",
    "editing.invalid → spend.fieldChanged [spendMended] → editing.invalid",
    "editing.invalid → spend.fieldChanged [start] → editing.idle",
    "editing.idle → spend.saved → submitting",
    "submitting → createSpend resolves [created] → editing.created",
    "submitting → createSpend rejects [refused] → editing.failed",
    "editing.failed → spend.fieldChanged [taxonomy1Corrected] → editing.failed",
    "editing.failed → spend.saved → submitting",
    "editing.created → spend.fieldChanged [nextOne] → editing.idle",
  ],
});
