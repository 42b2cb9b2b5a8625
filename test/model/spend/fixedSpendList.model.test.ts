import { modelSuite } from "../modelSuite";
import { fixedSpendListModel } from "./fixedSpendList.model";

modelSuite(fixedSpendListModel, {
  mustInclude: [
    "loading → loadFixedCosts resolves [forty] → loaded",
    "loading → loadFixedCosts rejects [server] → failed",
    "loaded → fixedSpend.searchChanged [email] → loaded",
    "loaded → fixedSpend.sortChanged [cost] → loaded",
    "loaded → fixedSpend.pageChanged [second] → loaded",
    "loaded → session.scopeChanged [dates] → loading",
    "loaded → session.scopeChanged [signedOut] → waiting",
    "waiting → session.scopeChanged [signedIn] → loading",
    "failed → session.scopeChanged [program] → loading",
  ],
});
