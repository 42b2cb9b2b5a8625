import { modelSuite } from "../modelSuite";
import { programReportsModel } from "./customReports.model";

modelSuite(programReportsModel, {
  mustInclude: [
    "loading → loadReports resolves [withReport] → ready",
    "loading → loadReports rejects [network] → failed",
    "failed → programReports.retried → loading",
    "ready → session.scopeChanged [otherProgram] → loading",
  ],
});
