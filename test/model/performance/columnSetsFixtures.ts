/** Shared data for the column sets machine's scenario test, model and view test. */
import type { ColumnSet, ColumnSetList } from "../../../src/domain/performance/columnSets";
import type { Created } from "../../../src/domain/report/configuration";
import { defaultColumns } from "../../../src/domain/report/metrics";

export const revenueFocus: ColumnSet = {
  id: 1,
  name: "Revenue focus",
  columns: ["clicks", "attributed_sales", "attributed_revenue", "attributed_conversion_rate", "attributed_aov"],
};
export const costFocus: ColumnSet = {
  id: 2,
  name: "Cost & efficiency",
  columns: ["total_cost", "variable_cost", "fixed_cost", "clicks", "cpa", "roas"],
};

/** Two saved sets, the second the favourite (as the demo user has). */
export const twoSetsCostFavourite: ColumnSetList = { data: [revenueFocus, costFocus], favourite: 2 };
/** The same sets, the built-in set the favourite. */
export const twoSetsDefaultFavourite: ColumnSetList = { data: [revenueFocus, costFocus], favourite: 0 };

export const createdThree: Created = { data: { id: 3 } };

/** The default columns in another order (still set 0). */
export const defaultColumnsReversed: ReadonlyArray<string> = [...defaultColumns].reverse();
/** Revenue focus's columns in another order (still set 1). */
export const revenueColumnsShuffled: ReadonlyArray<string> = ["attributed_aov", "clicks", "attributed_revenue", "attributed_sales", "attributed_conversion_rate"];
/** A selection no set holds. */
export const customColumns: ReadonlyArray<string> = ["clicks", "roi"];
