import { modelSuite } from "../modelSuite";
import { diminishingReturnsModel } from "./diminishingReturns.model";

modelSuite(diminishingReturnsModel, {
  transient: ["diminishingReturns.settled"],
  mustInclude: [
    "loading → loadDiminishing resolves [levelOne] → ready",
    "loading → loadDiminishing resolves [empty] → empty",
    "loading → loadDiminishing rejects [server] → failed",
    "failed → report.retried → loading",
    "ready → session.scopeChanged [noDates] → waiting",
  ],
});
