import {
  BarController,
  BarElement,
  Chart as ChartJS,
  Decimation,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartData,
  type ChartOptions,
  type Plugin,
} from "chart.js";
import { useEffect, useMemo, useRef } from "react";
import { Chart } from "react-chartjs-2";
import { chartColours, chartHeight, type ChartPoint, type ChartSeries, type NoteMarker } from "../../domain/performance/performanceChart";
import type { ChartType } from "../../domain/shell/session";

// Only what this chart draws: lines (areas) and bars on linear scales, the area fill,
// decimation of long series, tooltips and the legend.
ChartJS.register(LineController, BarController, LineElement, PointElement, BarElement, LinearScale, Filler, Decimation, Tooltip, Legend);

type Kind = "line" | "bar";

export interface ChartCanvasProps {
  readonly series: ChartSeries;
  readonly labels: { readonly one: string; readonly two: string };
  readonly chartType: ChartType;
  readonly markers: ReadonlyArray<NoteMarker>;
  /** The canvas's accessible name (a canvas is not readable: the data table beside it is). */
  readonly name: string;
  /** A value as the report shows it, for tooltips and axes. */
  readonly format: (value: number, which: "one" | "two") => string;
  /** A period's date (YYYY-MM-DD) as people read it, for the x axis and the tooltips. */
  readonly dateLabel: (date: string) => string;
}

/** Semi-transparent fill of an area (#rrggbb + alpha). */
const fillOf = (colour: string): string => `${colour}33`;

const labelFont = "11px system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";
const longestLabel = 40;

/** Draws each campaign note as a dashed vertical line with its text, stacked notes 20 px lower each. */
const notesPlugin = (markers: { current: ReadonlyArray<NoteMarker> }): Plugin<Kind> => ({
  id: "campaignNotes",
  afterDatasetsDraw: (chart) => {
    const x = chart.scales.x;
    const area = chart.chartArea;
    if (!x || !area) return;
    const ctx = chart.ctx;
    for (const m of markers.current) {
      const px = x.getPixelForValue(m.x);
      if (!Number.isFinite(px) || px < area.left - 1 || px > area.right + 1) continue;
      ctx.save();
      ctx.strokeStyle = m.colour;
      ctx.lineWidth = 1.5;
      ctx.setLineDash([4, 3]);
      ctx.beginPath();
      ctx.moveTo(px, area.top);
      ctx.lineTo(px, area.bottom);
      ctx.stroke();
      ctx.setLineDash([]);
      ctx.font = labelFont;
      const text = m.text.length > longestLabel ? `${m.text.slice(0, longestLabel - 1)}…` : m.text;
      const width = ctx.measureText(text).width + 10;
      // Labels in the last quarter open to the left of the line (the same side for every note of a stack).
      const left = px > area.left + area.width * 0.75 ? px - 4 - width : px + 4;
      const top = area.top + 4 + m.offset;
      ctx.fillStyle = "rgba(255, 255, 255, 0.92)";
      ctx.fillRect(left, top, width, 16);
      ctx.strokeStyle = m.colour;
      ctx.lineWidth = 1;
      ctx.strokeRect(left, top, width, 16);
      ctx.fillStyle = "#1b2430";
      ctx.textBaseline = "middle";
      ctx.fillText(text, left + 5, top + 8);
      ctx.restore();
    }
  },
});

/**
 * The chart itself: metric one (#36E7A6) on the left axis, metric two (#2799FF) on the
 * right, as areas or bars, 350 px high. No animation, no parsing (the points are already
 * {x, y}), long line series decimated.
 */
export const ChartCanvas = ({ series, labels, chartType, markers, name, format, dateLabel }: ChartCanvasProps) => {
  const chartRef = useRef<ChartJS<Kind, ChartPoint[]> | null>(null);
  const markersRef = useRef(markers);
  const plugin = useMemo(() => notesPlugin(markersRef), []);
  const kind: Kind = chartType === "bar" ? "bar" : "line";

  // New notes (or 'Campaign Notes' toggled) only need a redraw.
  useEffect(() => {
    markersRef.current = markers;
    chartRef.current?.draw();
  }, [markers]);

  const data = useMemo((): ChartData<Kind, ChartPoint[]> => {
    const area = kind === "line";
    const dense = series.dates.length > 60;
    const dataset = (which: "one" | "two") => {
      const colour = which === "one" ? chartColours.metricOne : chartColours.metricTwo;
      return {
        label: labels[which],
        data: [...series[which]],
        yAxisID: which === "one" ? "yOne" : "yTwo",
        borderColor: colour,
        backgroundColor: area ? fillOf(colour) : colour,
        fill: area ? "origin" : false,
        borderWidth: 2,
        pointRadius: area && !dense ? 2 : 0,
        pointHoverRadius: 4,
        tension: 0.25,
        cubicInterpolationMode: "monotone" as const,
      };
    };
    return { datasets: [dataset("one"), dataset("two")] };
  }, [series, labels, kind]);

  const options = useMemo((): ChartOptions<Kind> => {
    const dates = series.dates.map(dateLabel);
    const axis = (which: "one" | "two", position: "left" | "right") => ({
      type: "linear" as const,
      position,
      beginAtZero: true,
      grid: { drawOnChartArea: which === "one", color: "#eef1f5" },
      title: { display: true, text: labels[which], color: which === "one" ? "#1f9e70" : "#1f6fb8" },
      ticks: { maxTicksLimit: 6, callback: (value: number | string) => format(Number(value), which) },
    });
    return {
      animation: false,
      parsing: false,
      normalized: true,
      responsive: true,
      maintainAspectRatio: false,
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
        yOne: axis("one", "left"),
        yTwo: axis("two", "right"),
      },
    };
  }, [series.dates, labels, kind, format, dateLabel]);

  return (
    <div className="chart-canvas" style={{ height: chartHeight }}>
      <Chart ref={chartRef} type={kind} data={data} options={options} plugins={[plugin]} aria-label={name} />
    </div>
  );
};
