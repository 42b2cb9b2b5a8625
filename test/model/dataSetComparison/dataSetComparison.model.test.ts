import { modelSuite } from "../modelSuite";
import { dataSetComparisonModel } from "./dataSetComparison.model";

modelSuite(dataSetComparisonModel, {
  transient: ["dataSetComparison.open.loaded", "dataSetComparison.open.ready.comparison.settling"],
  mustInclude: [
    "opening → loadReportAccess resolves [denied] → denied",
    "open.loading → loadDataSetComparisonData rejects [server] → open.failed",
  ],
});
