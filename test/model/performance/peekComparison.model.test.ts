import { modelSuite } from "../modelSuite";
import { peekComparisonModel } from "./peekComparison.model";

modelSuite(peekComparisonModel, {
  transient: ["peekComparison.starting"],
  mustInclude: [
    "loading → loadPeekComparison resolves [three] → loaded",
    "loading → loadPeekComparison rejects [server] → failed",
    "loaded → peekComparison.rangeChanged [off] → off",
    "off → peekComparison.rangeChanged [december] → loading",
    "failed → peekComparison.rangeChanged [lastYear] → loading",
  ],
});
