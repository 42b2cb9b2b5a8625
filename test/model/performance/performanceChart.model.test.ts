import { modelSuite } from "../modelSuite";
import { performanceChartModel } from "./performanceChart.model";

modelSuite(performanceChartModel, {
  transient: ["performanceChart.series.opening", "performanceChart.chartType.opening"],
  mustInclude: [
    "series.(day.loading) + chartType.area → loadChart resolves [threeDays] → series.(day.loaded) + chartType.area",
    "series.(day.loading) + chartType.area → loadChart resolves [quiet] → series.(day.empty) + chartType.area",
    "series.(day.loading) + chartType.area → loadChart rejects [server] → series.(day.empty) + chartType.area",
    "series.(day.loaded) + chartType.area → chart.intervalChosen [week] → series.(week.loading) + chartType.area",
    "series.(day.loaded) + chartType.area → chart.scopeChanged [february] → series.(day.loading) + chartType.area",
    "series.(day.loaded) + chartType.area → chart.typeToggled → series.(day.loaded) + chartType.bar",
    "series.(day.loaded) + chartType.area → chart.reloaded → series.(day.loading) + chartType.area",
    "series.(day.empty) + chartType.area → chart.reloaded → series.(day.loading) + chartType.area",
    "series.(day.loaded) + chartType.bar → chart.typeToggled → series.(day.loaded) + chartType.area",
  ],
});
