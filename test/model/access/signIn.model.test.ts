import { modelSuite } from "../modelSuite";
import { signInModel } from "./signIn.model";

modelSuite(signInModel, {
  mustInclude: [
    "editing → signIn.submitted [valid] → submitting",
    "submitting → login resolves [ok] → signedIn (done)",
    "submitting → login rejects [401] → failed.wrongCredentials",
    "submitting → login rejects [429] → failed.throttled",
    "submitting → login rejects [500] → editing",
    "failed.wrongCredentials → signIn.alertClosed → editing",
    "failed.throttled → signIn.alertClosed → editing",
  ],
});
