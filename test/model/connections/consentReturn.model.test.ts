import { modelSuite } from "../modelSuite";
import { consentReturnModel } from "./consentReturn.model";

modelSuite(consentReturnModel, {
  mustInclude: [
    "redeeming → redeemConsent resolves [accounts] → settled (done)",
    "redeeming → redeemConsent rejects [refused] → settled (done)",
    "redeeming → redeemConsent rejects [network] → settled (done)",
  ],
});
