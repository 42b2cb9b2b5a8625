import { modelSuite } from "../modelSuite";
import { customReportListModel } from "./customReports.model";

modelSuite(customReportListModel);
