import { modelSuite } from "../modelSuite";
import { connectionsOverviewModel } from "./connectionsOverview.model";

modelSuite(connectionsOverviewModel, {
  mustInclude: [
    "checking → checkGoogleAds resolves [connected] → ready.idle",
    "checking → checkGoogleAds resolves [redirect] → ready.idle",
    "checking → checkGoogleAds rejects [server] → ready.idle",
    "ready.idle → connections.addPressed [affiliate] → ready.accountManagerNotice",
    "ready.accountManagerNotice → connections.noticeClosed → ready.idle",
    "ready.idle → connections.editPressed [facebook] → ready.confirmingEdit",
    "ready.confirmingEdit → connections.editConfirmed → ready.idle",
    "ready.confirmingEdit → connections.editCancelled → ready.idle",
  ],
});
