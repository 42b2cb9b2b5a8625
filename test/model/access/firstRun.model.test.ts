import { modelSuite } from "../modelSuite";
import { firstRunModel } from "./firstRun.model";

modelSuite(firstRunModel, {
  mustInclude: [
    "checking → setupStatus resolves [needed] → editing.fresh",
    "checking → setupStatus resolves [exposedDemo] → notNeeded.exposedDemo",
    "checking → setupStatus rejects [network] → checkFailed",
    "editing.fresh → firstRun.submitted [shortPassword] → editing.refused",
    "submitting → createFirstAdmin resolves [ok] → signedIn (done)",
    "submitting → createFirstAdmin rejects [400] → editing.refused",
    "submitting → createFirstAdmin rejects [409] → setUpMeanwhile",
  ],
});
