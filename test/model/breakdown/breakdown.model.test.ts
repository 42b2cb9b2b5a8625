import { modelSuite } from "../modelSuite";
import { breakdownModel } from "./breakdown.model";

modelSuite(breakdownModel, {
  transient: ["breakdown.open.loaded"],
  mustInclude: [
    "open.loading → loadBreakdown resolves [fourteen] → open.ready",
    "open.loading → loadBreakdown resolves [none] → open.empty",
    "open.loading → loadBreakdown rejects [server] → open.failed",
    "open.ready → breakdown.intervalChanged [week] → open.loading",
  ],
});
