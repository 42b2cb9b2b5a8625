import { modelSuite } from "../modelSuite";
import { variableSpendListModel } from "./variableSpendList.model";

modelSuite(variableSpendListModel, {
  mustInclude: [
    "loading → loadVariableCosts resolves [forty] → loaded.idle",
    "loading → loadVariableCosts rejects [server] → failed",
    "loaded.idle → variableSpend.searchChanged [paid] → loaded.idle",
    "loaded.idle → variableSpend.sortChanged [cost] → loaded.idle",
    "loaded.idle → variableSpend.pageChanged [second] → loaded.idle",
    "loaded.idle → variableSpend.removeAsked [shown] → loaded.confirming",
    "loaded.confirming → variableSpend.removeCancelled → loaded.idle",
    "loaded.confirming → variableSpend.removeConfirmed → loaded.removing",
    "loaded.removing → deleteVariableCost resolves [ok] → loaded.idle",
    "loaded.removing → deleteVariableCost rejects [notFound] → loaded.idle",
    "loaded.removing → deleteVariableCost rejects [server] → loaded.idle",
    "loaded.idle → session.scopeChanged [dates] → loaded.idle",
    "loaded.idle → session.scopeChanged [program] → loading",
    "loaded.removing → session.scopeChanged [program] → loading",
    "loaded.idle → session.scopeChanged [signedOut] → waiting",
    "waiting → session.scopeChanged [signedIn] → loading",
    "failed → session.scopeChanged [program] → loading",
  ],
});
