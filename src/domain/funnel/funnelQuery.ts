import { columnListText, oneOfChoice, pageChoice, queryChoice, reportQueryDefaults, withReportQuery, type QueryChoice, type ReportQueryShape } from "../report/reportQuery";
import type { SortDirection } from "../table/tableSort";
import { funnelColumnNames, funnelDefaultColumns, funnelDefaultSort, funnelLevelColumn, funnelModes, type FunnelMode } from "./funnelReport";

/** Every choice on a funnel page, as its link carries it. */
export interface FunnelChoices {
  readonly mode: FunnelMode;
  readonly sort: string;
  readonly direction: SortDirection;
  readonly page: number;
  readonly columns: ReadonlyArray<string>;
}

/**
 * A column list choice: the chosen names joined by commas, read back keeping only the
 * names offered (in the order written, without repeats); none of them: not valid.
 */
export const columnListChoice = (key: string, offered: ReadonlyArray<string>, fallback: ReadonlyArray<string>): QueryChoice<ReadonlyArray<string>> =>
  queryChoice(key, columnListText(offered), fallback);

/** The funnel's choices under a taxonomy path: the sort's default is the level's taxonomy column, ascending. */
export const funnelQueryShape = (path: ReadonlyArray<string>): ReportQueryShape<FunnelChoices> => {
  const sort = funnelDefaultSort(path);
  return {
    mode: oneOfChoice("mode", funnelModes, "revenue"),
    sort: oneOfChoice("sort", [funnelLevelColumn(path), ...funnelColumnNames], sort.column),
    direction: oneOfChoice<SortDirection>("direction", ["asc", "desc"], sort.direction),
    page: pageChoice(),
    columns: columnListChoice("columns", funnelColumnNames, funnelDefaultColumns),
  };
};

/**
 * The query of a row's link one level deeper: the mode and the columns go along; the sort
 * and page start afresh, since the deeper page lists another taxonomy column.
 */
export const funnelDrillQuery = (choices: FunnelChoices, to: ReadonlyArray<string>): string => {
  const shape = funnelQueryShape(to);
  return withReportQuery("", shape, { ...reportQueryDefaults(shape), mode: choices.mode, columns: choices.columns });
};
