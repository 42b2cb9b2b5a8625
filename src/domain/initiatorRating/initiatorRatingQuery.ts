import { columnListChoice } from "../funnel/funnelQuery";
import { funnelLevelColumn } from "../funnel/funnelReport";
import { oneOfChoice, pageChoice, reportQueryDefaults, withReportQuery, type ReportQueryShape } from "../report/reportQuery";
import type { SortDirection } from "../table/tableSort";
import { initiatorDefaultColumns, initiatorDefaultSort, initiatorFieldNames } from "./initiatorRating";

/** Every choice on an initiator rating page, as its link carries it. */
export interface InitiatorChoices {
  readonly sort: string;
  readonly direction: SortDirection;
  readonly page: number;
  readonly columns: ReadonlyArray<string>;
}

/** The initiator rating's choices under a taxonomy path: total funnel revenue, biggest first, page 1 and the default columns at first. */
export const initiatorQueryShape = (path: ReadonlyArray<string>): ReportQueryShape<InitiatorChoices> => ({
  sort: oneOfChoice("sort", [funnelLevelColumn(path), ...initiatorFieldNames], initiatorDefaultSort.column),
  direction: oneOfChoice<SortDirection>("direction", ["asc", "desc"], initiatorDefaultSort.direction),
  page: pageChoice(),
  columns: columnListChoice("columns", initiatorFieldNames, initiatorDefaultColumns),
});

/** The query of a row's link one level deeper: the columns go along; the sort and page start afresh. */
export const initiatorDrillQuery = (choices: InitiatorChoices, to: ReadonlyArray<string>): string => {
  const shape = initiatorQueryShape(to);
  return withReportQuery("", shape, { ...reportQueryDefaults(shape), columns: choices.columns });
};
