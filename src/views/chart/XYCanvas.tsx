import {
  BarController,
  BarElement,
  Chart as ChartJS,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartData,
  type ChartDataset,
  type ChartOptions,
} from "chart.js";
import { useMemo } from "react";
import { Chart } from "react-chartjs-2";
import "./chart.css";

// Points, lines, filled bands and bars on two linear axes, tooltips and the legend.
ChartJS.register(LineController, BarController, LineElement, PointElement, BarElement, LinearScale, Filler, Tooltip, Legend);

/** A point of a dataset. */
export interface XYPoint {
  readonly x: number;
  readonly y: number;
}

/**
 * What the canvas draws, by kind: `points` (a scatter), `line` (solid, or `dashed`),
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

export interface XYCanvasProps {
  readonly datasets: ReadonlyArray<XYDataset>;
  readonly x: XYAxis;
  readonly y: XYAxis;
  /** The canvas's accessible name (a canvas is not readable: the report draws a data table beside it). */
  readonly name: string;
  readonly height?: number;
  /** Whether x values are periods drawn as bars (offset by half a bar at both ends, whole ticks only). */
  readonly periods?: boolean;
}

type Kind = "line" | "bar";
type Dataset = ChartDataset<Kind, XYPoint[]> & { readonly describe?: (index: number) => string };

/** Semi-transparent fill (#rrggbb + alpha). */
const fillOf = (colour: string, alpha = "33"): string => `${colour}${alpha}`;

const datasetsOf = (sets: ReadonlyArray<XYDataset>): Dataset[] =>
  sets.flatMap((set): Dataset[] => {
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
 * The analysis reports' chart of numbers against numbers: a scatter with its fitted curve,
 * band and extrapolation (diminishing returns), or bars and lines over periods (funnel
 * trends). Colours come from the report (#36E7A6 and #2799FF first). No animation, no
 * parsing (the points are already {x, y}); the report puts a visually hidden data table
 * with the same numbers beside it.
 */
export const XYCanvas = ({ datasets, x, y, name, height = 350, periods = false }: XYCanvasProps) => {
  const data = useMemo((): ChartData<Kind, XYPoint[]> => ({ datasets: datasetsOf(datasets) }), [datasets]);
  const stacked = datasets.some((d) => d.kind === "bar" && d.stack !== undefined);
  const options = useMemo(
    (): ChartOptions<Kind> => ({
      animation: false,
      parsing: false,
      normalized: true,
      responsive: true,
      maintainAspectRatio: false,
      interaction: periods ? { mode: "index", intersect: false } : { mode: "nearest", intersect: true },
      plugins: {
        legend: { position: "bottom", labels: { usePointStyle: true, filter: (item) => item.text !== "" } },
        tooltip: {
          filter: (item) => item.dataset.label !== "",
          callbacks: {
            title: (items) => (periods ? x.format(items[0]?.parsed.x ?? 0) : ""),
            label: (item) => {
              const set = item.dataset as Dataset;
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
          grid: { display: !periods, color: "#eef1f5" },
          title: { display: true, text: x.title },
          ticks: { maxRotation: 0, autoSkip: true, maxTicksLimit: periods ? 12 : 8, ...(periods ? { precision: 0, stepSize: 1 } : {}), callback: (value) => x.format(Number(value)) },
        },
        y: {
          type: "linear",
          stacked,
          beginAtZero: true,
          ...(y.min === undefined ? {} : { min: y.min }),
          ...(y.max === undefined ? {} : { max: y.max }),
          grid: { color: "#eef1f5" },
          title: { display: true, text: y.title },
          ticks: { maxTicksLimit: 6, callback: (value) => y.format(Number(value)) },
        },
      },
    }),
    [x, y, periods, stacked],
  );
  return (
    <div className="chart-canvas" style={{ height }}>
      <Chart type="line" data={data as ChartData<"line", XYPoint[]>} options={options as ChartOptions<"line">} aria-label={name} role="img" />
    </div>
  );
};
