import { modelSuite } from "../modelSuite";
import { peekTableModel } from "./peekTable.model";

modelSuite(peekTableModel, {
  mustInclude: [
    "loading → loadPeek resolves [eleven] → loaded",
    "loading → loadPeek rejects [server] → failed",
    "loaded → peek.paramsChanged [later] → loading",
    "failed → peek.reloaded → loading",
  ],
});
