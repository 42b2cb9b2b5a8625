import { modelSuite } from "../modelSuite";
import { recoverPasswordModel } from "./recoverPassword.model";

modelSuite(recoverPasswordModel, {
  mustInclude: [
    "submitted → after confirmationRedirect (4000 ms) → redirected (done)",
    "failed → after failureRedirect (5000 ms) → redirected (done)",
    "submitting → requestReset rejects [network] → failed",
  ],
});
