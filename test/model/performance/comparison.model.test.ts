import { modelSuite } from "../modelSuite";
import { comparisonModel } from "./comparison.model";

modelSuite(comparisonModel, {
  transient: ["comparison.opening"],
  mustInclude: [
    "off → comparison.toggled → on.(dates.previousPeriod + picker.closed + data.loading)",
    "on.(dates.previousPeriod + picker.closed + data.loading) → loadComparison resolves [february] → on.(dates.previousPeriod + picker.closed + data.loaded)",
    "on.(dates.previousPeriod + picker.closed + data.loading) → loadComparison rejects [server] → on.(dates.previousPeriod + picker.closed + data.failed)",
    "on.(dates.previousPeriod + picker.closed + data.loaded) → comparison.toggled → off",
    "on.(dates.previousPeriod + picker.closed + data.loaded) → comparison.reloaded → on.(dates.previousPeriod + picker.closed + data.loading)",
    "on.(dates.previousPeriod + picker.closed + data.failed) → comparison.reloaded → on.(dates.previousPeriod + picker.closed + data.loading)",
    "on.(dates.previousPeriod + picker.open + data.loaded) → comparison.shortcutChosen [yearOnYear] → on.(dates.yearOnYear + picker.closed + data.loading)",
    "on.(dates.previousPeriod + picker.open + data.loaded) → comparison.pickerApplied → on.(dates.custom + picker.closed + data.loading)",
    "on.(dates.previousPeriod + picker.closed + data.loaded) → comparison.scopeChanged [aprilPaidSearch] → on.(dates.previousPeriod + picker.closed + data.loading)",
  ],
});
