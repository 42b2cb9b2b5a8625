import { isCalendarDate } from "../report/configuration";
import { metricDefinitions, metricNames, type MetricName } from "../report/metrics";
import { periodStart, type Interval, type PerformanceRow } from "./performance";

/**
 * The performance chart: which two metrics
 * it draws, its series, and where campaign notes sit on it. Pure.
 */

/** Colours of metric one and metric two. */
export const chartColours = { metricOne: "#36E7A6", metricTwo: "#2799FF" } as const;

/** Height of the main chart in pixels. */
export const chartHeight = 350;

/** The metrics drawn when none is chosen. */
export const defaultChartMetrics = { metricOne: "clicks", metricTwo: "attributed_revenue" } as const satisfies Record<string, MetricName>;

export const isChartMetric = (name: string): name is MetricName => (metricNames as ReadonlyArray<string>).includes(name);

/** The label of a metric (clicks is 'Page Lands'); an unknown name shows itself. */
export const chartMetricLabel = (name: string): string => (isChartMetric(name) ? metricDefinitions[name].label : name);

export interface ChartMetricPair {
  readonly metricOne: string;
  readonly metricTwo: string;
}

/**
 * The two metrics the chart draws: a missing or unknown one takes its default; the two
 * are never the same (when they would be, metric two takes the first other metric of
 * its default and metric one's default).
 */
export const chartMetrics = (metricOne: string | null | undefined, metricTwo: string | null | undefined): ChartMetricPair => {
  const one = metricOne && isChartMetric(metricOne) ? metricOne : defaultChartMetrics.metricOne;
  const wanted = metricTwo && isChartMetric(metricTwo) ? metricTwo : defaultChartMetrics.metricTwo;
  if (wanted !== one) return { metricOne: one, metricTwo: wanted };
  const fallback = [defaultChartMetrics.metricTwo, defaultChartMetrics.metricOne].find((m) => m !== one) as string;
  return { metricOne: one, metricTwo: fallback };
};

/** Whether `metric` may be chosen where the other list holds `other`: a known metric, not the other one. */
export const canChooseChartMetric = (metric: string, other: string): boolean => isChartMetric(metric) && metric !== other;

export interface ChartMetricChoice {
  readonly name: MetricName;
  readonly label: string;
  /** Chosen in the other list, so not available in this one. */
  readonly disabled: boolean;
}

/** One metric list: every metric in the catalogue's order, the other list's choice disabled. */
export const chartMetricChoices = (other: string): ReadonlyArray<ChartMetricChoice> =>
  metricNames.map((name) => ({ name, label: metricDefinitions[name].label, disabled: name === other }));

/** A point as chart.js reads it without parsing: x is the period's position, y the value. */
export interface ChartPoint {
  readonly x: number;
  readonly y: number;
}

export interface ChartSeries {
  /** The period starts, ascending: point i of each series is at dates[i]. */
  readonly dates: ReadonlyArray<string>;
  readonly one: ReadonlyArray<ChartPoint>;
  readonly two: ReadonlyArray<ChartPoint>;
}

const valueOf = (row: PerformanceRow, metric: string): number => {
  const v = isChartMetric(metric) ? row[metric] : Number.NaN;
  return Number.isFinite(v) ? v : 0;
};

/**
 * The two series of a chart answer: rows with a conversion_date, ordered by it ascending
 * (chart.js without parsing needs sorted x values), one point per row.
 */
export const chartSeries = (rows: ReadonlyArray<PerformanceRow>, metricOne: string, metricTwo: string): ChartSeries => {
  const dated = rows
    .filter((r): r is PerformanceRow & { conversion_date: string } => typeof r.conversion_date === "string" && r.conversion_date !== "")
    .map((row, index) => ({ row, index }))
    .sort((a, b) => (a.row.conversion_date < b.row.conversion_date ? -1 : a.row.conversion_date > b.row.conversion_date ? 1 : a.index - b.index))
    .map((k) => k.row);
  return {
    dates: dated.map((r) => r.conversion_date),
    one: dated.map((r, x) => ({ x, y: valueOf(r, metricOne) })),
    two: dated.map((r, x) => ({ x, y: valueOf(r, metricTwo) })),
  };
};

/** Whether a chart answer has anything to draw: a dated row with any metric not zero. */
export const hasChartData = (rows: ReadonlyArray<PerformanceRow>): boolean =>
  rows.some((r) => typeof r.conversion_date === "string" && metricNames.some((m) => r[m] !== 0 && Number.isFinite(r[m])));

/** A campaign note as the chart draws it. */
export interface NoteMarkerSource {
  readonly id: number;
  readonly date: string;
  readonly colour: string;
  readonly text: string;
}

export interface NoteMarker extends NoteMarkerSource {
  /** The position on the x axis: the index of the period holding the note's date. */
  readonly x: number;
}

/**
 * Where notes sit on a chart of `dates` (period starts at `interval`): each note goes to
 * the period holding its date (the day, the Monday of its week, the 1st of its month);
 * notes outside the chart are left out; the markers come in x order, notes of one period
 * in date order (then in the given order), which is the order their labels take rows in.
 */
export const noteMarkers = (notes: ReadonlyArray<NoteMarkerSource>, dates: ReadonlyArray<string>, interval: Interval): NoteMarker[] => {
  const position = new Map(dates.map((d, i) => [d, i]));
  const placed = notes
    .map((note, index) => {
      const day = note.date.slice(0, 10);
      const start = isCalendarDate(day) ? periodStart(day, interval) : null;
      return { note, index, day, x: start === null ? undefined : position.get(start) };
    })
    .filter((p): p is typeof p & { x: number } => p.x !== undefined)
    .sort((a, b) => a.x - b.x || (a.day < b.day ? -1 : a.day > b.day ? 1 : a.index - b.index));
  return placed.map((p) => ({ id: p.note.id, date: p.note.date, colour: p.note.colour, text: p.note.text, x: p.x }));
};

/** A note label as measured on the chart: where its note's line is and how wide its text is, in pixels. */
export interface NoteLabelSize {
  readonly x: number;
  readonly width: number;
}

/** Where a note label is drawn in the band above the plot, in pixels from the band's top left. */
export interface NoteLabelBox {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
  /** 0 for the band's top row, 1 for the next... */
  readonly row: number;
}

export interface NoteLabelLayout {
  readonly boxes: ReadonlyArray<NoteLabelBox>;
  /** How many rows the band needs (0 without labels). */
  readonly rows: number;
  /** The band's height: rows times the row height. */
  readonly height: number;
}

/** A note label's row height, the room kept between two labels of a row, and the widest a label gets (its text is cut, the whole text in its tooltip). */
export const noteLabelRow = { height: 20, gap: 6, maxWidth: 220 } as const;

/**
 * Where the campaign notes' labels go, in a band above the plot (so no label covers the
 * plot): a label starts at its note's line, or ends at the band's right edge when it
 * would run past it, and is never wider than `maxWidth` or the band; each takes the first
 * row (from the top) where it keeps `gap` from every label already there. So no two
 * boxes overlap and none leaves the band. The boxes come in the labels' order.
 */
export const noteLabelLayout = (
  labels: ReadonlyArray<NoteLabelSize>,
  band: { readonly left: number; readonly right: number },
  row: { readonly height: number; readonly gap: number; readonly maxWidth: number } = noteLabelRow,
): NoteLabelLayout => {
  const room = Math.max(0, band.right - band.left);
  const taken: Array<Array<{ readonly left: number; readonly right: number }>> = [];
  const boxes = labels.map((label): NoteLabelBox => {
    const width = Math.max(0, Math.min(label.width, row.maxWidth, room));
    const left = Math.max(band.left, Math.min(label.x, band.right - width));
    const right = left + width;
    const clear = (rowBoxes: ReadonlyArray<{ left: number; right: number }>) => rowBoxes.every((b) => right + row.gap <= b.left || left >= b.right + row.gap);
    let index = taken.findIndex(clear);
    if (index === -1) index = taken.push([]) - 1;
    taken[index]?.push({ left, right });
    return { left, top: index * row.height, width, height: row.height - 2, row: index };
  });
  return { boxes, rows: taken.length, height: taken.length * row.height };
};
