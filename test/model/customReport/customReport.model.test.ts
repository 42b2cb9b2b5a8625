import { modelSuite } from "../modelSuite";
import { customReportModel } from "./customReport.model";

modelSuite(customReportModel, {
  transient: ["customReport.open.loaded", "customReport.open.ready.comparison.settling"],
  mustInclude: [
    "opening → loadReportAccess resolves [denied] → denied",
    "open.loading → loadCustomReportData rejects [server] → open.failed",
  ],
});
