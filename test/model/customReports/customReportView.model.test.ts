import { modelSuite } from "../modelSuite";
import { customReportViewModel } from "./customReports.model";

modelSuite(customReportViewModel);
