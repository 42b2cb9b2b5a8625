import type { ChartData, ChartDataset, ChartOptions } from "chart.js";
import type { StackedBars } from "../../domain/funnel/funnelReport";
import { chartColours, type ChartPoint, type ChartSeries } from "../../domain/performance/performanceChart";
import type { ChartType } from "../../domain/shell/session";

/**
 * The report charts' kinds as chart.js data and options, built from what a report
 * describes (pure: no canvas, no React). `ChartCanvas` draws any of them; the kinds differ
 * only here. Every kind: no animation, the legend at the bottom with point-style keys,
 * grid lines #eef1f5.
 */

/** The chart.js chart types the kinds use. */
export type ChartKind = "line" | "bar" | "doughnut";

/** Every chart: drawn at once (no animation), sized by its box rather than its aspect ratio. */
const sizeOptions = { animation: false, responsive: true, maintainAspectRatio: false } as const;

/** Charts of {x, y} points: the points are given parsed and sorted, so chart.js reads them as they are. */
const pointOptions = { ...sizeOptions, parsing: false, normalized: true } as const;

/** A chart as `ChartCanvas` draws it: chart.js's type, data and options. */
export interface ChartDrawing {
  readonly type: ChartKind;
  readonly data: ChartData<ChartKind, Array<ChartPoint | number>, string>;
  readonly options: ChartOptions<ChartKind>;
}

/** A row's name in a chart's data table: text, or a period (YYYY-MM-DD) with the text it reads as. */
export type ChartRowName = string | { readonly date: string; readonly text: string };

export interface ChartTableColumn {
  readonly header: string;
  /** The value of row `i`, as the chart's tooltip shows it. */
  readonly cell: (i: number) => string;
}

/** What a chart shows, as the visually hidden table beside its canvas: one row per point of the category axis, one column per series. */
export interface ChartTable {
  readonly caption: string;
  /** The header of the row names (a date, a channel name). */
  readonly rowHeader: string;
  readonly rowNames: ReadonlyArray<ChartRowName>;
  readonly columns: ReadonlyArray<ChartTableColumn>;
}

const gridColour = "#eef1f5";

/** Semi-transparent fill (#rrggbb + alpha). */
const fillOf = (colour: string, alpha = "33"): string => `${colour}${alpha}`;

// ---------------------------------------------------------------------------------------
// Two metrics over periods (the performance chart, the breakdown's cards, the attribution comparison)

export interface TimeSeriesDescription {
  readonly series: ChartSeries;
  readonly labels: { readonly one: string; readonly two: string };
  readonly chartType: ChartType;
  /** A value as the report shows it, for tooltips and axes. */
  readonly format: (value: number, which: "one" | "two") => string;
  /** A period's date (YYYY-MM-DD) as people read it, for the x axis and the tooltips. */
  readonly dateLabel: (date: string) => string;
  /** Both metrics on the left axis (two figures in the same unit, compared bar by bar); by default metric two has its own right axis. */
  readonly sharedAxis?: boolean;
  /** Which metrics are whole numbers (counts): their axis steps by whole numbers, never 0, 0, 0, 1, 1, 1 over a small range. */
  readonly wholeNumbers?: { readonly one: boolean; readonly two: boolean };
}

/** Line series longer than this draw no points (and are decimated). */
const denseSeries = 60;

/**
 * Two metrics over periods: metric one (#36E7A6) on the left axis, metric two (#2799FF) on
 * the right (or both on the left, `sharedAxis`), as areas or bars. No parsing (the points
 * are already {x, y}), straight segments between the periods, long line series decimated.
 */
export const timeSeriesChart = ({ series, labels, chartType, format, dateLabel, sharedAxis = false, wholeNumbers }: TimeSeriesDescription): ChartDrawing => {
  const kind: ChartKind = chartType === "bar" ? "bar" : "line";
  const area = kind === "line";
  const dense = series.dates.length > denseSeries;
  const dataset = (which: "one" | "two") => {
    const colour = which === "one" ? chartColours.metricOne : chartColours.metricTwo;
    return {
      label: labels[which],
      data: [...series[which]],
      yAxisID: which === "one" || sharedAxis ? "yOne" : "yTwo",
      borderColor: colour,
      backgroundColor: area ? fillOf(colour) : colour,
      fill: area ? "origin" : false,
      borderWidth: 2,
      pointRadius: area && !dense ? 2 : 0,
      pointHoverRadius: 4,
      // Straight segments between the periods: a smoothed curve would draw values no day had.
      tension: 0,
      cubicInterpolationMode: "default" as const,
    };
  };
  const dates = series.dates.map(dateLabel);
  const axis = (which: "one" | "two", position: "left" | "right") => ({
    type: "linear" as const,
    position,
    beginAtZero: true,
    grid: { drawOnChartArea: which === "one", color: gridColour },
    title: { display: true, text: labels[which], color: which === "one" ? "#1f9e70" : "#1f6fb8" },
    ticks: {
      maxTicksLimit: 6,
      // A shared axis is whole only when both metrics are.
      ...((sharedAxis ? wholeNumbers?.one && wholeNumbers.two : wholeNumbers?.[which]) ? { precision: 0 } : {}),
      callback: (value: number | string) => format(Number(value), which),
    },
  });
  return {
    type: kind,
    data: { datasets: [dataset("one"), dataset("two")] as ChartDrawing["data"]["datasets"] },
    options: {
      ...pointOptions,
      interaction: { mode: "index", intersect: false },
      plugins: {
        decimation: { enabled: true, algorithm: "min-max" },
        legend: { position: "bottom", labels: { usePointStyle: true } },
        tooltip: {
          callbacks: {
            title: (items) => dates[items[0]?.parsed.x ?? -1] ?? "",
            label: (item) => `${item.dataset.label ?? ""}: ${format(item.parsed.y ?? 0, item.datasetIndex === 0 ? "one" : "two")}`,
          },
        },
      },
      scales: {
        x: {
          type: "linear",
          min: 0,
          max: Math.max(dates.length - 1, 0),
          offset: kind === "bar",
          grid: { display: false },
          ticks: { precision: 0, maxRotation: 0, autoSkip: true, maxTicksLimit: 12, callback: (value) => dates[Number(value)] ?? "" },
        },
        yOne: sharedAxis ? { ...axis("one", "left"), title: { display: false } } : axis("one", "left"),
        yTwo: { ...axis("two", "right"), display: !sharedAxis },
      },
    },
  };
};

/**
 * The data table of two metrics over periods: a row per period (a date that reads as the
 * axis does, or, `dated: false`, a plain name), the two metrics as the tooltips show them.
 */
export const timeSeriesTable = ({
  caption,
  rowHeader,
  series,
  labels,
  format,
  dateLabel,
  dated = true,
}: Pick<TimeSeriesDescription, "series" | "labels" | "format" | "dateLabel"> & { readonly caption: string; readonly rowHeader: string; readonly dated?: boolean }): ChartTable => ({
  caption,
  rowHeader,
  rowNames: series.dates.map((date) => (dated ? { date, text: dateLabel(date) } : dateLabel(date))),
  columns: [
    { header: labels.one, cell: (i) => format(series.one[i]?.y ?? 0, "one") },
    { header: labels.two, cell: (i) => format(series.two[i]?.y ?? 0, "two") },
  ],
});

// ---------------------------------------------------------------------------------------
// Numbers against numbers (diminishing returns' scatter and curve, funnel trends' periods)

/** A point of a dataset. */
export type XYPoint = ChartPoint;

/**
 * What an xy chart draws, by kind: `points` (a scatter), `line` (solid, or `dashed`),
 * `bar` (stacked with the other bars of the same `stack`), `band` (the area between two
 * runs, `low` and `high`, at the same x values).
 */
export type XYDataset =
  | {
      readonly kind: "points" | "line" | "bar";
      readonly label: string;
      readonly colour: string;
      readonly points: ReadonlyArray<XYPoint>;
      readonly dashed?: boolean;
      readonly stack?: string;
      /** A point's tooltip text (default: its y value formatted). */
      readonly describe?: (index: number) => string;
    }
  | {
      readonly kind: "band";
      readonly label: string;
      readonly colour: string;
      readonly low: ReadonlyArray<XYPoint>;
      readonly high: ReadonlyArray<XYPoint>;
    };

export interface XYAxis {
  readonly title: string;
  /** A tick's text. */
  readonly format: (value: number) => string;
  readonly min?: number;
  readonly max?: number;
}

export interface XYDescription {
  readonly datasets: ReadonlyArray<XYDataset>;
  readonly x: XYAxis;
  readonly y: XYAxis;
  /** Whether x values are periods drawn as bars (offset by half a bar at both ends, whole ticks only). */
  readonly periods?: boolean;
}

type XYChartDataset = ChartDataset<ChartKind, XYPoint[]> & { readonly describe?: (index: number) => string };

const xyDatasets = (sets: ReadonlyArray<XYDataset>): XYChartDataset[] =>
  sets.flatMap((set): XYChartDataset[] => {
    if (set.kind === "band") {
      const edge = { type: "line" as const, borderWidth: 0, pointRadius: 0, pointHoverRadius: 0, borderColor: "transparent", tension: 0 };
      return [
        { ...edge, label: set.label, data: [...set.high], backgroundColor: fillOf(set.colour), fill: "+1" },
        // The band's lower edge: no legend entry of its own.
        { ...edge, label: "", data: [...set.low], backgroundColor: fillOf(set.colour), fill: false },
      ];
    }
    if (set.kind === "bar") {
      return [{ type: "bar", label: set.label, data: [...set.points], backgroundColor: set.colour, borderWidth: 0, stack: set.stack ?? set.label, describe: set.describe }];
    }
    const points = set.kind === "points";
    return [
      {
        type: "line",
        label: set.label,
        data: [...set.points],
        borderColor: set.colour,
        backgroundColor: points ? fillOf(set.colour, "cc") : set.colour,
        showLine: !points,
        borderWidth: 2,
        borderDash: set.dashed ? [6, 4] : [],
        pointRadius: points ? 4 : 0,
        pointHoverRadius: points ? 6 : 3,
        fill: false,
        tension: 0,
        describe: set.describe,
      },
    ];
  });

/**
 * Numbers against numbers: a scatter with its fitted curve, band and dashed extrapolation,
 * or bars and lines over periods (`periods`). Colours come from the report; no parsing
 * (the points are already {x, y}). Bars given a `stack` are stacked, on both axes.
 */
export const xyChart = ({ datasets, x, y, periods = false }: XYDescription): ChartDrawing => {
  const stacked = datasets.some((d) => d.kind === "bar" && d.stack !== undefined);
  return {
    type: "line",
    data: { datasets: xyDatasets(datasets) as ChartDrawing["data"]["datasets"] },
    options: {
      ...pointOptions,
      interaction: periods ? { mode: "index", intersect: false } : { mode: "nearest", intersect: true },
      plugins: {
        legend: { position: "bottom", labels: { usePointStyle: true, filter: (item) => item.text !== "" } },
        tooltip: {
          filter: (item) => item.dataset.label !== "",
          callbacks: {
            title: (items) => (periods ? x.format(items[0]?.parsed.x ?? 0) : ""),
            label: (item) => {
              const set = item.dataset as XYChartDataset;
              return set.describe ? set.describe(item.dataIndex) : `${set.label ?? ""}: ${y.format(item.parsed.y ?? 0)}`;
            },
          },
        },
      },
      scales: {
        x: {
          type: "linear",
          offset: periods,
          stacked,
          ...(x.min === undefined ? {} : { min: x.min }),
          ...(x.max === undefined ? {} : { max: x.max }),
          grid: { display: !periods, color: gridColour },
          title: { display: true, text: x.title },
          ticks: { maxRotation: 0, autoSkip: true, maxTicksLimit: periods ? 12 : 8, ...(periods ? { precision: 0, stepSize: 1 } : {}), callback: (value) => x.format(Number(value)) },
        },
        y: {
          type: "linear",
          stacked,
          beginAtZero: true,
          ...(y.min === undefined ? {} : { min: y.min }),
          ...(y.max === undefined ? {} : { max: y.max }),
          grid: { color: gridColour },
          title: { display: true, text: y.title },
          ticks: { maxTicksLimit: 6, callback: (value) => y.format(Number(value)) },
        },
      },
    },
  };
};

// ---------------------------------------------------------------------------------------
// Parts of a whole per row (the funnel roles, the initiator rating)

export interface StackedBarDescription {
  readonly bars: StackedBars;
  /** A value as the report shows it (axis, tooltips and the data table), by its stack's key. */
  readonly format: (value: number, key: string) => string;
}

/** The stacks' colours in drawing order: the product's two chart colours first. */
export const stackColours = [chartColours.metricOne, chartColours.metricTwo, "#F5A524", "#8B6CEF"] as const;

/**
 * One horizontal bar per row, its parts stacked; the value axis ends at `bars.max` when set
 * (100 for percents) and its ticks read as the first stack's values.
 */
export const stackedBarChart = ({ bars, format }: StackedBarDescription): ChartDrawing => {
  const keys = bars.stacks.map((s) => s.key);
  return {
    type: "bar",
    data: {
      labels: [...bars.names],
      datasets: bars.stacks.map((stack, i) => ({
        label: stack.label,
        data: [...stack.values],
        backgroundColor: stackColours[i % stackColours.length],
        borderWidth: 0,
        stack: "parts",
      })),
    },
    options: {
      indexAxis: "y",
      ...sizeOptions,
      plugins: {
        legend: { position: "bottom", labels: { usePointStyle: true } },
        tooltip: { callbacks: { label: (item) => `${item.dataset.label ?? ""}: ${format(Number(item.raw ?? 0), keys[item.datasetIndex] ?? "")}` } },
      },
      scales: {
        x: {
          type: "linear",
          stacked: true,
          beginAtZero: true,
          ...(bars.max === null ? {} : { max: bars.max }),
          grid: { color: gridColour },
          ticks: { maxTicksLimit: 6, callback: (value) => format(Number(value), keys[0] ?? "") },
        },
        y: { type: "category", stacked: true, grid: { display: false } },
      },
    },
  };
};

/** The data table of stacked bars: a row per bar, a column per stack. */
export const stackedBarTable = ({ bars, format, caption, rowHeader }: StackedBarDescription & { readonly caption: string; readonly rowHeader: string }): ChartTable => ({
  caption,
  rowHeader,
  rowNames: bars.names,
  columns: bars.stacks.map((stack) => ({ header: stack.label, cell: (row) => format(stack.values[row] ?? 0, stack.key) })),
});

// ---------------------------------------------------------------------------------------
// Shares of a whole (the custom report's period donuts)

export interface ShareDescription {
  /** Each part: its label and value (drawn in the product's chart colours, in order). */
  readonly parts: ReadonlyArray<{ readonly label: string; readonly value: number }>;
  /** A part as the tooltip and the data table read it, given its value and its share in percent. */
  readonly format: (value: number, share: number) => string;
}

/** Each part's share of the whole in percent (all 0 when the whole is 0). */
export const sharesOf = (values: ReadonlyArray<number>): ReadonlyArray<number> => {
  const whole = values.reduce((sum, v) => sum + Math.max(v, 0), 0);
  return values.map((v) => (whole === 0 ? 0 : (Math.max(v, 0) / whole) * 100));
};

/** A ring of the parts of a whole: no animation, the legend at the bottom, tooltips with value and share. */
export const shareChart = ({ parts, format }: ShareDescription): ChartDrawing => {
  const values = parts.map((p) => Math.max(p.value, 0));
  const shares = sharesOf(values);
  return {
    type: "doughnut",
    data: {
      labels: parts.map((p) => p.label),
      datasets: [{ data: values, backgroundColor: parts.map((_, i) => stackColours[i % stackColours.length] as string), borderWidth: 1 }],
    },
    options: {
      ...sizeOptions,
      plugins: {
        legend: { position: "bottom", labels: { usePointStyle: true } },
        tooltip: { callbacks: { label: (item) => `${item.label}: ${format(values[item.dataIndex] ?? 0, shares[item.dataIndex] ?? 0)}` } },
      },
    },
  };
};

/** The data table of a ring: a row per part, its value and share as the tooltip reads them. */
export const shareTable = ({ parts, format, caption, rowHeader, header }: ShareDescription & { readonly caption: string; readonly rowHeader: string; readonly header: string }): ChartTable => {
  const shares = sharesOf(parts.map((p) => p.value));
  return {
    caption,
    rowHeader,
    rowNames: parts.map((p) => p.label),
    columns: [{ header, cell: (i) => format(Math.max(parts[i]?.value ?? 0, 0), shares[i] ?? 0) }],
  };
};
