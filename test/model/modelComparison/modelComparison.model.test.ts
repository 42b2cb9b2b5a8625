import { modelSuite } from "../modelSuite";
import { modelComparisonModel } from "./modelComparison.model";

modelSuite(modelComparisonModel, {
  transient: ["modelComparison.open.loaded"],
  mustInclude: [
    "open.loading → loadComparison resolves [three] → open.ready",
    "open.loading → loadComparison resolves [none] → open.empty",
    "open.loading → loadComparison rejects [server] → open.failed",
    "open.failed → modelComparison.retried → open.loading",
    "open.ready → modelComparison.levelChanged [two] → open.loading",
  ],
});
