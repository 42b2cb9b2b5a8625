import { modelSuite } from "../modelSuite";
import { resetPasswordModel } from "./resetPassword.model";

modelSuite(resetPasswordModel, {
  transient: ["resetPassword.checkingLink"],
  mustInclude: [
    "start (input: noToken) → badLink",
    "validating → validateLink rejects [expired] → badLink",
    "badLink → after badLinkRedirect (5000 ms) → redirected (done)",
    "authorised.editing → reset.submitted [mismatched] → authorised.mismatch",
    "authorised.mismatch → reset.submitted [matching] → authorised.submitting",
    "authorised.editing → reset.submitted [tooShort] → authorised.tooShort",
    "authorised.tooShort → reset.submitted [mismatched] → authorised.mismatch",
    "authorised.tooShort → reset.submitted [matching] → authorised.submitting",
    "authorised.submitting → resetPassword rejects [server] → authorised.editing",
    "thankYou → after thankYouRedirect (3000 ms) → redirected (done)",
  ],
});
