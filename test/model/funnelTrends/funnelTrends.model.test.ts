import { modelSuite } from "../modelSuite";
import { funnelTrendsModel } from "./funnelTrends.model";

modelSuite(funnelTrendsModel, {
  transient: ["funnelTrends.data.settled"],
  mustInclude: [
    "data.loading + settings.closed → loadFunnelTrends resolves [january] → data.ready + settings.closed",
    "data.loading + settings.closed → loadFunnelTrends rejects [network] → data.failed + settings.closed",
    "data.failed + settings.closed → report.retried → data.loading + settings.closed",
  ],
});
