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
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Chart } from "react-chartjs-2";
import { chartColours, chartHeight, noteLabelLayout, type ChartPoint, type ChartSeries, type NoteMarker } from "../../domain/performance/performanceChart";
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
  /** The canvas's height in pixels (the report chart's 350 by default; smaller on cards). */
  readonly height?: number;
  /** Both metrics on the left axis (two figures in the same unit, compared bar by bar); by default metric two has its own right axis. */
  readonly sharedAxis?: boolean;
}

/** Semi-transparent fill of an area (#rrggbb + alpha). */
const fillOf = (colour: string): string => `${colour}33`;

/** The note labels' font (as .chart-note-label in chart.css), to measure their text. */
const labelFont = "11px system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";
/** A label's padding and border around its text, in pixels (as .chart-note-label). */
const labelPadding = 12;

/** A note on the chart as drawn: its line's x position and its label's width, in pixels from the canvas's left. */
interface PlacedNote {
  readonly marker: NoteMarker;
  readonly x: number;
  readonly width: number;
}

/**
 * Draws each campaign note as a dashed vertical line from the top of the canvas through
 * the plot, and tells `place` where the lines are and how wide their labels' text is
 * (the labels are drawn above the canvas, never over the plot).
 */
const notesPlugin = (markers: { current: ReadonlyArray<NoteMarker> }, place: { current: (notes: ReadonlyArray<PlacedNote>, width: number) => void }): Plugin<Kind> => ({
  id: "campaignNotes",
  afterDatasetsDraw: (chart) => {
    const x = chart.scales.x;
    const area = chart.chartArea;
    if (!x || !area) return;
    const ctx = chart.ctx;
    const placed: PlacedNote[] = [];
    ctx.save();
    ctx.font = labelFont;
    ctx.lineWidth = 1.5;
    ctx.setLineDash([4, 3]);
    for (const m of markers.current) {
      const px = x.getPixelForValue(m.x);
      if (!Number.isFinite(px) || px < area.left - 1 || px > area.right + 1) continue;
      ctx.strokeStyle = m.colour;
      ctx.beginPath();
      ctx.moveTo(px, 0);
      ctx.lineTo(px, area.bottom);
      ctx.stroke();
      placed.push({ marker: m, x: Math.round(px), width: Math.ceil(ctx.measureText(m.text).width) + labelPadding });
    }
    ctx.restore();
    place.current(placed, chart.width);
  },
});

/**
 * The campaign notes' labels, in rows above the chart (noteLabelLayout: no two overlap,
 * none covers the plot); a label too long for its box is cut, its whole text in the
 * tooltip. Hidden from screen readers: the notes table lists the notes.
 */
const NoteLabels = ({ notes, width }: { readonly notes: ReadonlyArray<PlacedNote>; readonly width: number }) => {
  const layout = noteLabelLayout(notes, { left: 0, right: width });
  if (layout.rows === 0) return null;
  return (
    <div className="chart-note-labels" style={{ height: layout.height }} aria-hidden="true">
      {layout.boxes.map((box, i) => {
        const marker = (notes[i] as PlacedNote).marker;
        return (
          <span
            key={marker.id}
            className="chart-note-label"
            data-note-label={marker.id}
            title={marker.text}
            style={{ left: box.left, top: box.top, width: box.width, height: box.height, borderColor: marker.colour }}
          >
            {marker.text}
          </span>
        );
      })}
    </div>
  );
};

/** The notes as last drawn, kept while they have not moved (a key of ids, positions and widths). */
const placedKey = (notes: ReadonlyArray<PlacedNote>, width: number): string => `${width}|${notes.map((n) => `${n.marker.id}:${n.x}:${n.width}`).join(",")}`;

/**
 * The chart itself: metric one (#36E7A6) on the left axis, metric two (#2799FF) on the
 * right, as areas or bars, 350 px high. No animation, no parsing (the points are already
 * {x, y}), long line series decimated.
 */
export const ChartCanvas = ({ series, labels, chartType, markers, name, format, dateLabel, height = chartHeight, sharedAxis = false }: ChartCanvasProps) => {
  const chartRef = useRef<ChartJS<Kind, ChartPoint[]> | null>(null);
  const markersRef = useRef(markers);
  const [placed, setPlaced] = useState<{ readonly notes: ReadonlyArray<PlacedNote>; readonly width: number; readonly key: string }>({ notes: [], width: 0, key: "" });
  const place = useCallback((notes: ReadonlyArray<PlacedNote>, width: number) => {
    const key = placedKey(notes, width);
    setPlaced((was) => (was.key === key ? was : { notes, width, key }));
  }, []);
  const placeRef = useRef(place);
  const plugin = useMemo(() => notesPlugin(markersRef, placeRef), []);
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
    return { datasets: [dataset("one"), dataset("two")] };
  }, [series, labels, kind, sharedAxis]);

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
        yOne: sharedAxis ? { ...axis("one", "left"), title: { display: false } } : axis("one", "left"),
        yTwo: { ...axis("two", "right"), display: !sharedAxis },
      },
    };
  }, [series.dates, labels, kind, format, dateLabel, sharedAxis]);

  return (
    <>
      <NoteLabels notes={placed.notes} width={placed.width} />
      <div className="chart-canvas" style={{ height }}>
        <Chart ref={chartRef} type={kind} data={data} options={options} plugins={[plugin]} aria-label={name} />
      </div>
    </>
  );
};
