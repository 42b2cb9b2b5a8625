import { modelSuite } from "../modelSuite";
import { performanceReportModel } from "./performanceReport.model";

modelSuite(performanceReportModel, {
  transient: ["performanceReport.open.choosing"],
  mustInclude: [
    "start (input: levelOne) → open.levelOne",
    "start (input: signedOutSearch) → waiting",
    "waiting → session.scopeChanged [signedIn] → open.search",
    "open.levelOne → session.scopeChanged [program] → open.levelOne",
    "open.levelOne → session.scopeChanged [dates] → open.levelOne",
    "open.taxonomy → session.scopeChanged [filter] → open.taxonomy",
    "open.search → session.scopeChanged [filter] → open.search",
    "open.levelFourChart → session.scopeChanged [signedOut] → waiting",
    "open.taxonomy → report.csvRequested → open.taxonomy",
    "open.levelOne → spend.created [created] → open.levelOne",
    "open.levelOne → spendBatch.finished [finished] → open.levelOne",
    "open.levelOne → report.csvRequested → open.levelOne",
  ],
});
