import { modelSuite } from "../modelSuite";
import { customReportBuilderModel } from "./customReports.model";

modelSuite(customReportBuilderModel, {
  transient: ["customReportBuilder.preview.asking"],
});
