import { modelSuite } from "../modelSuite";
import { fixedSpendFormModel } from "./fixedSpendForm.model";

modelSuite(fixedSpendFormModel, {
  transient: ["fixedSpendForm.starting", "fixedSpendForm.saving.choosing"],
  mustInclude: [
    "loading → findSpend resolves [seven] → editing.idle",
    "loading → findSpend rejects [forbidden] → forbidden (done)",
    "loading → findSpend rejects [notFound] → notFound",
    "loading → findSpend rejects [server] → loadFailed",
    "loadFailed → spend.loadRetried → loading",
    "editing.idle → spend.saved → saving.creating",
    "editing.idle → spend.saved → saving.updating",
    "saving.creating → createSpend resolves [created] → saved (done)",
    "saving.creating → createSpend rejects [network] → editing.failed",
    "saving.updating → updateSpend rejects [forbidden] → forbidden (done)",
    "editing.idle → spend.removeAsked → confirming",
    "confirming → spend.removeCancelled → editing.idle",
    "confirming → spend.removeConfirmed → removing",
    "removing → removeSpend resolves [ok] → removed (done)",
    "removing → removeSpend rejects [notFound] → notFound",
    "waiting → session.scopeChanged [signedIn] → editing.idle",
    "editing.idle → session.scopeChanged [program] → loading",
  ],
});
