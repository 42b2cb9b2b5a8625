import { modelSuite } from "../modelSuite";
import { journeyFilterModel } from "./journeyFilter.model";

modelSuite(journeyFilterModel, {
  mustInclude: [
    "editing → journeyFilter.connectorChosen [and] → editing",
    "editing → journeyFilter.immediatelySet [immediately] → editing",
    "editing → journeyFilter.entryRemoved [pair] → editing",
    "editing → journeyFilter.closed → closed (done)",
  ],
});
