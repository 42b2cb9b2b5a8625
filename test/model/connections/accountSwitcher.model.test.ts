import { modelSuite } from "../modelSuite";
import { accountSwitcherModel } from "./accountSwitcher.model";

modelSuite(accountSwitcherModel, {
  mustInclude: [
    "listing → listAccounts resolves [two] → listed.idle",
    "listing → listAccounts resolves [empty] → listed.idle",
    "listing → listAccounts resolves [redirect] → consentNeeded",
    "listing → listAccounts rejects [server] → retrying",
    "retrying → after listingRetry (1000 ms) → listing",
    "listing → listAccounts rejects [unauthorized] → failed",
    "redeeming → consentReturn resolves [redeemed] → listed.idle",
    "redeeming → consentReturn resolves [refused] → refused",
    "listed.idle → accounts.switchPressed [first] → listed.switching",
    "listed.switching → switchAccountSync resolves [ok] → listed.idle",
    "listed.switching → switchAccountSync rejects [server] → listed.idle",
    "failed → accounts.retryPressed → listing",
    "refused → accounts.retryPressed → listing",
    "waiting → session.scopeChanged [signedIn] → listing",
  ],
});
