/** Shared data for the performance chart and campaign notes machines' tests and models. */
import type { Annotation, AnnotationList } from "../../../src/domain/performance/annotations";
import type { Created } from "../../../src/domain/report/configuration";
import type { ChartResponse, PerformanceRow } from "../../../src/domain/performance/performance";
import { columnHeaders, metricNames, type MetricName } from "../../../src/domain/report/metrics";
import type { ChartParams } from "../../../src/machines/performance/performanceChart.machine";
import type { NotesScope } from "../../../src/machines/performance/campaignNotes.machine";
import { signedInApi } from "../fixtures";

const zeros = Object.fromEntries(metricNames.map((m) => [m, 0])) as Record<MetricName, number>;

/** A chart point: every metric 0 but those given. */
export const point = (date: string, values: Partial<Record<MetricName, number>> = {}): PerformanceRow => ({
  ...zeros,
  conversion_date: date,
  ...values,
});

export const january: ChartParams = {
  api: signedInApi,
  program: "acme",
  range: { from: "2026-01-01", to: "2026-01-31" },
  path: [],
  filter: "default",
};

export const february: ChartParams = { ...january, range: { from: "2026-02-01", to: "2026-02-28" } };

/** The taxonomy-two page of Paid Search, 'new' customers only. */
export const paidSearchNew: ChartParams = { ...january, path: ["Paid Search"], filter: "new" };

/** Three days of traffic (out of date order, as a server may send them). */
export const threeDays: ChartResponse = {
  data: [
    point("2026-01-02", { clicks: 20, attributed_revenue: 200, roas: 2 }),
    point("2026-01-01", { clicks: 10, attributed_revenue: 100, roas: 1 }),
    point("2026-01-03", { clicks: 30, attributed_revenue: 300, roas: 3 }),
  ],
  column_headers: columnHeaders(),
};

/** Every period present, nothing happened. */
export const quietDays: ChartResponse = { data: [point("2026-01-01"), point("2026-01-02")], column_headers: columnHeaders() };

export const noRows: ChartResponse = { data: [], column_headers: columnHeaders() };

export const notesScope: NotesScope = { api: signedInApi, program: "acme", range: { from: "2026-01-01", to: "2026-01-31" } };
export const februaryNotes: NotesScope = { ...notesScope, range: { from: "2026-02-01", to: "2026-02-28" } };

export const launchNote: Annotation = { id: 7, date: "2026-01-05", colour: "#ff0000", text: "Spring launch", programcode: "acme", can_delete: true };
export const tvNote: Annotation = { id: 8, date: "2026-01-05", colour: "#00ff00", text: "TV slot", programcode: "acme", can_delete: true };
/** A note another member wrote: listed, not deletable by the person asking. */
export const othersNote: Annotation = { id: 10, date: "2026-01-06", colour: "#0000ff", text: "Their note", programcode: "acme", can_delete: false };
export const twoNotes: AnnotationList = { data: [launchNote, tvNote] };
export const noNotes: AnnotationList = { data: [] };
export const created: Created = { data: { id: 9 } };
