import { modelSuite } from "../modelSuite";
import { customReportBuilderModel, customReportListModel, customReportViewModel } from "./customReports.model";

modelSuite(customReportListModel);
modelSuite(customReportBuilderModel, {
  transient: ["customReportBuilder.preview.asking"],
});
modelSuite(customReportViewModel);
