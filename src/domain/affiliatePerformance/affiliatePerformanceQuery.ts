import { columnListChoice } from "../funnel/funnelQuery";
import { Schema } from "effect";
import { oneOfChoice, pageChoice, queryChoice, type QueryChoice, type ReportQueryShape } from "../report/reportQuery";
import type { SortDirection } from "../table/tableSort";
import { affiliateColumnNames, affiliateSearchLimit, affiliateDefaultColumns, affiliateDefaultSort, affiliateSortColumns } from "./affiliatePerformance";

/** Every choice on the affiliate performance report, as its link carries it. */
export interface AffiliateChoices {
  readonly search: string;
  readonly sort: string;
  readonly direction: SortDirection;
  readonly page: number;
  readonly columns: ReadonlyArray<string>;
}

/** The search as typed (at most `affiliateSearchLimit` characters kept); none at first. */
const searchChoice: QueryChoice<string> = queryChoice(
  "search",
  Schema.transform(Schema.String, Schema.String, { strict: true, decode: (raw) => raw.slice(0, affiliateSearchLimit), encode: (value) => value }),
  "",
);

/** The report's choices: no search, attributed revenue biggest first, page 1, every column. */
export const affiliateQueryShape: ReportQueryShape<AffiliateChoices> = {
  search: searchChoice,
  sort: oneOfChoice("sort", affiliateSortColumns, affiliateDefaultSort.column),
  direction: oneOfChoice<SortDirection>("direction", ["asc", "desc"], affiliateDefaultSort.direction),
  page: pageChoice(),
  columns: columnListChoice("columns", affiliateColumnNames, affiliateDefaultColumns),
};
