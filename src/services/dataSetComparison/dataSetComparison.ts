import { Effect } from "effect";
import {
  dataSetComparisonLevel,
  levelPrefix,
  reportSource,
  seriesFromDailyRows,
  sides,
  type DataSetComparisonSource,
  type Side,
  type SideTables,
} from "../../domain/dataSetComparison/dataSetComparison";
import { CustomReportAnswer, DataSetList, type CustomReport } from "../../domain/customReports/customReports";
import { ChartResponse, MultiChartResponse, TableResponse, type ChartSeries, type PerformanceRow } from "../../domain/performance/performance";
import { previousPeriod } from "../../domain/report/comparison";
import type { DateRange } from "../../domain/report/dateRange";
import { taxonomyLevels } from "../../domain/report/taxonomyLevels";
import { request, type ApiCall } from "../http/http";
import { dayQuery, rangeQuery, requestRows } from "../http/reportRequest";
import type { HttpError } from "../http/httpErrors";
import { silentReportFailures } from "../performance/performance";

/**
 * The custom report screen's calls. The report itself (GET /programs/{program}/reports/{id},
 * 404 when the program has no such report: the no-access screen) and the program's data
 * sets tell where its numbers come from (`reportSource`); then, under
 * `performance/named/{data_set_tag}` (new source) or `performance/meta/{daily|grouped}`
 * with `meta` one filter (old source), six loads: each side's chart by day and its table
 * in the current and in the previous period. Every failure is the caller's (silent).
 */

/** What the screen is opened with: a program it may read, or none. */
export type ReportAccess =
  | { readonly kind: "granted"; readonly report: CustomReport; readonly source: DataSetComparisonSource }
  | { readonly kind: "denied" };

export const loadReportAccess = (program: string, reportId: string): Effect.Effect<ReportAccess, HttpError, ApiCall> =>
  Effect.gen(function* () {
    const [answer, dataSets] = yield* Effect.all(
      [
        request({ segments: ["programs", program, "reports", reportId], response: CustomReportAnswer, handles: silentReportFailures }),
        request({ segments: ["programs", program, "data-sets"], response: DataSetList, handles: silentReportFailures }),
      ],
      { concurrency: 2 },
    );
    return { kind: "granted", report: answer.data, source: reportSource(answer.data.meta, dataSets.data) } as const;
  }).pipe(Effect.catchTag("NotFound", () => Effect.succeed({ kind: "denied" } as const)));

/** taxonomy_1/{t1}/… up to the level, then the level listed. */
const levelSegments = (path: ReadonlyArray<string>): Array<string> => {
  const prefix = levelPrefix(path);
  return [...prefix.flatMap((value, i) => [taxonomyLevels[i] as string, value]), taxonomyLevels[dataSetComparisonLevel(path) - 1] as string];
};

const sideQuery = (source: DataSetComparisonSource, side: Side, range: DateRange) =>
  source.kind === "meta" ? { ...rangeQuery(range), meta: JSON.stringify([source.rules[side]]) } : rangeQuery(range);

const sideBase = (program: string, source: DataSetComparisonSource, side: Side): Array<string> =>
  source.kind === "named" ? ["programs", program, "performance", "named", source.tags[side]] : ["programs", program, "performance", "meta"];

/** A side's table of the level over a range. */
export const loadSideTable = (program: string, source: DataSetComparisonSource, side: Side, path: ReadonlyArray<string>, range: DateRange): Effect.Effect<ReadonlyArray<PerformanceRow>, HttpError, ApiCall> =>
  requestRows({
    segments: [...sideBase(program, source, side), ...(source.kind === "named" ? ["table", "single"] : ["grouped"]), ...levelSegments(path)],
    query: sideQuery(source, side, range),
    response: TableResponse,
    handles: silentReportFailures,
  }).pipe(Effect.map((answer) => answer.data));

/** A side's series per value of the level, by day. */
export const loadSideChart = (program: string, source: DataSetComparisonSource, side: Side, path: ReadonlyArray<string>, range: DateRange): Effect.Effect<ReadonlyArray<ChartSeries>, HttpError, ApiCall> =>
  source.kind === "named"
    ? requestRows({
        segments: [...sideBase(program, source, side), "chart", "multi", ...levelSegments(path)],
        query: dayQuery(range),
        response: MultiChartResponse,
        handles: silentReportFailures,
      }).pipe(Effect.map((answer) => answer.data))
    : requestRows({
        segments: [...sideBase(program, source, side), "daily", ...levelSegments(path)],
        query: sideQuery(source, side, range),
        response: ChartResponse,
        handles: silentReportFailures,
      }).pipe(Effect.map((answer) => seriesFromDailyRows(answer.data, dataSetComparisonLevel(path))));

/** The screen's data: each side's charts and its current and previous period tables. */
export interface DataSetComparisonData {
  readonly charts: Readonly<Record<Side, ReadonlyArray<ChartSeries>>>;
  readonly tables: Readonly<Record<Side, SideTables>>;
}

export interface DataSetComparisonLoad {
  readonly program: string;
  readonly source: DataSetComparisonSource;
  readonly path: ReadonlyArray<string>;
  readonly range: DateRange;
}

/** The six loads, all at once: none needs another's answer (the previous period's tables waited for the current ones). */
export const loadDataSetComparisonData = ({ program, source, path, range }: DataSetComparisonLoad): Effect.Effect<DataSetComparisonData, HttpError, ApiCall> => {
  const previous = previousPeriod(range);
  const side = (s: Side) =>
    Effect.all(
      {
        chart: loadSideChart(program, source, s, path, range),
        current: loadSideTable(program, source, s, path, range),
        previous: loadSideTable(program, source, s, path, previous),
      },
      { concurrency: "unbounded" },
    );
  return Effect.all({ first: side(sides[0]), second: side(sides[1]) }, { concurrency: 2 }).pipe(
    Effect.map(({ first, second }) => ({
      charts: { first: first.chart, second: second.chart },
      tables: { first: { current: first.current, previous: first.previous }, second: { current: second.current, previous: second.previous } },
    })),
  );
};

/** The comparison period's tables of both sides (the table's previous values while comparing). */
export const loadComparisonTables = ({ program, source, path, range }: DataSetComparisonLoad): Effect.Effect<Readonly<Record<Side, ReadonlyArray<PerformanceRow>>>, HttpError, ApiCall> =>
  Effect.all(
    { first: loadSideTable(program, source, "first", path, previousPeriod(range)), second: loadSideTable(program, source, "second", path, previousPeriod(range)) },
    { concurrency: 2 },
  );
