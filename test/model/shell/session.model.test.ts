import { modelSuite } from "../modelSuite";
import { sessionModel } from "./session.model";

modelSuite(sessionModel, {
  mustInclude: [
    "signedOut.idle → session.signedIn [alice] → signedIn.loadingProfile",
    "signedOut.idle → session.signedIn [aliceWithPrograms] → signedIn.ready",
    "signedIn.loadingProfile → loadProfile resolves [profile] → signedIn.ready",
    "signedIn.loadingProfile → loadProfile rejects [401] → signedOut.expired",
    "signedIn.loadingProfile → loadProfile rejects [500] → signedIn.unavailable",
    "signedIn.unavailable → session.retried → signedIn.loadingProfile",
    "signedIn.ready → http.failed [unauthorized] → signedOut.expired",
    "signedIn.ready → session.signOutRequested → signedIn.signingOut",
    "signedIn.signingOut → endSession resolves [ok] → signedOut.idle",
    "signedIn.signingOut → endSession rejects [network] → signedOut.idle",
    "signedIn.ready → session.resumed → signedIn.loadingProfile",
    "signedIn.ready → session.userChanged [newEmail] → signedIn.ready",
    "signedIn.ready → session.programSelected [known] → signedIn.ready",
    "signedIn.ready → session.datesChanged [january] → signedIn.ready",
    "signedIn.loadingProfile → session.linkOpened [january] → signedIn.loadingProfile",
  ],
});
