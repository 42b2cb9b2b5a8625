import { modelSuite } from "../modelSuite";
import { attributionComparisonModel } from "./attributionComparison.model";

modelSuite(attributionComparisonModel, {
  transient: ["attributionComparison.open.loaded"],
  mustInclude: [
    "open.loading → loadTable resolves [twenty] → open.ready",
    "open.loading → loadTable resolves [none] → open.empty",
    "open.loading → loadTable rejects [server] → open.failed",
    "open.failed → attribution.retried → open.loading",
  ],
});
