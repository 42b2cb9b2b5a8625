import { modelSuite } from "./modelSuite";
import { signInModel } from "./models/signIn.model";

modelSuite(signInModel, {
  mustInclude: [
    "editing → signIn.submitted [valid] → submitting",
    "submitting → login resolves [ok] → signedIn (done)",
    "submitting → login rejects [401] → failed",
    "submitting → login rejects [429] → failed",
    "submitting → login rejects [500] → editing",
    "failed → signIn.alertClosed → editing",
  ],
});
