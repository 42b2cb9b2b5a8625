import { numberOfChoice, oneOfChoice, pageChoice, queryChoice, queryText, type QueryChoice, type ReportQueryShape } from "../report/reportQuery";
import { funnelFieldNames } from "../analysis/analysis";
import { defaultTrendColumns, trendModes, trendsPerPageOptions, type FunnelField, type TrendMode } from "./funnelTrends";

/** The choices a person makes on the funnel trends page, as its URL carries them. */
export interface FunnelTrendsChoices {
  readonly mode: TrendMode;
  /** The Table Settings columns, in the standard order. */
  readonly columns: ReadonlyArray<FunnelField>;
  readonly page: number;
  readonly perPage: number;
}

/** The table's columns as a comma-separated list of funnel fields (unknown fields dropped). */
const columnsChoice: QueryChoice<ReadonlyArray<FunnelField>> = queryChoice(
  "columns",
  queryText<ReadonlyArray<FunnelField>>(
    "a list of known columns",
    (raw) => {
      const chosen = new Set(raw.split(","));
      const known = funnelFieldNames.filter((f) => chosen.has(f));
      return known.length === 0 ? null : known;
    },
    (columns) => columns.join(","),
  ),
  defaultTrendColumns,
);

export const funnelTrendsQuery: ReportQueryShape<FunnelTrendsChoices> = {
  mode: oneOfChoice("mode", trendModes, "revenue"),
  columns: columnsChoice,
  page: pageChoice(),
  perPage: numberOfChoice("per_page", trendsPerPageOptions as readonly [number, ...number[]]),
};
