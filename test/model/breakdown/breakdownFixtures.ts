/** Shared data for the channel breakdown's unit, scenario and model tests. */
import type { MultiChartResponse, PerformanceRow } from "../../../src/domain/performance/performance";
import { columnHeaders, metricsFromSums, zeroSums, type MetricSums } from "../../../src/domain/report/metrics";

/** A chart point: a date and a few summed bases, every ratio derived as the server does. */
export const point = (date: string, sums: Partial<MetricSums>): PerformanceRow => ({ conversion_date: date, ...metricsFromSums({ ...zeroSums, ...sums }) });

export const multiOf = (data: MultiChartResponse["data"]): MultiChartResponse => ({ data, column_headers: columnHeaders() });

/** Three channels and 'None' over two days (the dates out of order, as an answer may be). */
export const channels = multiOf([
  { name: "Email", data: [point("2026-01-02", { clicks: 30, attributed_revenue: 10 }), point("2026-01-01", { clicks: 20, attributed_revenue: 5 })] },
  { name: "None", data: [point("2026-01-01", { clicks: 900, attributed_revenue: 900 })] },
  { name: "Paid Search", data: [point("2026-01-01", { clicks: 100, attributed_revenue: 300, variable_cost: 40 }), point("2026-01-02", { clicks: 60, attributed_revenue: 0 })] },
  { name: "Display", data: [point("2026-01-01", { clicks: 5, attributed_revenue: 1000 })] },
]);

/** `n` channels: channel i has i·10 clicks on one day. */
export const manyChannels = (n: number): MultiChartResponse =>
  multiOf(Array.from({ length: n }, (_, i) => ({ name: `Channel ${i + 1}`, data: [point("2026-01-01", { clicks: 10 * (i + 1), attributed_revenue: i })] })));

export const noChannels = multiOf([]);
