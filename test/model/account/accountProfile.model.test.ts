import { modelSuite } from "../modelSuite";
import { accountProfileModel } from "./accountProfile.model";

modelSuite(accountProfileModel, {
  mustInclude: [
    "editing → account.profileSubmitted [valid] → savingProfile",
    "editing → account.profileSubmitted [blankName] → editing",
    "editing → account.profileSubmitted [badEmail] → editing",
    "savingProfile → changeProfile resolves [renamed] → editing",
    "savingProfile → changeProfile rejects [emailTaken] → editing",
    "savingProfile → changeProfile rejects [nameTaken] → editing",
    "editing → account.passwordSubmitted [keep] → changingPassword",
    "editing → account.passwordSubmitted [mismatch] → editing",
    "editing → account.passwordSubmitted [tooShort] → editing",
    "editing → account.passwordSubmitted [noCurrent] → editing",
    "changingPassword → changePassword resolves [ok] → editing",
    "changingPassword → changePassword resolves [ok] → signedOut (done)",
    "changingPassword → changePassword rejects [wrong] → editing",
    "changingPassword → changePassword rejects [throttled] → editing",
    "editing → account.signOutEverywhereAsked → signingOutEverywhere",
    "signingOutEverywhere → signOutEverywhere resolves [ok] → signedOut (done)",
    "signingOutEverywhere → signOutEverywhere rejects [network] → editing",
  ],
});
