import { modelSuite } from "../modelSuite";
import { performanceTableModel } from "./performanceTable.model";

modelSuite(performanceTableModel, {
  mustInclude: [
    "idle → table.paramsChanged [laterDates] → loading",
    "loading → loadTable resolves [forty] → loaded",
    "loading → loadTable rejects [server] → failed",
    "loaded → table.reloaded → loading",
    "failed → table.reloaded → loading",
    "loaded → table.paramsChanged [none] → idle",
    "loaded → table.sortChanged [clicks] → loaded",
    "loaded → table.perPageChanged [p30] → loaded",
  ],
});
