import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  Decimation,
  DoughnutController,
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
import { chartHeight, noteLabelLayout, type NoteMarker } from "../../domain/performance/performanceChart";
import type { ChartDrawing, ChartKind, ChartTable } from "./chartKinds";
import { ChartDataTable } from "./ChartDataTable";
import "./chart.css";

// The one registration of chart.js parts, for every kind (chartKinds.ts): lines, areas,
// points and bars on linear and category scales, rings of shares (doughnut, arcs), the
// area fill, decimation of long series, tooltips and the legend.
ChartJS.register(LineController, BarController, DoughnutController, LineElement, PointElement, BarElement, ArcElement, LinearScale, CategoryScale, Filler, Decimation, Tooltip, Legend);

type Kind = ChartKind;

export interface ChartCanvasProps {
  /** What to draw: a kind's data and options (`timeSeriesChart`, `xyChart`, `stackedBarChart`). */
  readonly chart: ChartDrawing;
  /** The canvas's accessible name (a canvas is only a picture: the data table beside it is readable). */
  readonly name: string;
  /** The canvas's height in pixels (the report chart's 350 by default; smaller on cards). */
  readonly height?: number;
  /** The visually hidden table of the chart's numbers, drawn after the canvas. */
  readonly table?: ChartTable;
  /** Campaign notes drawn as dashed lines at their periods, their labels above the canvas. */
  readonly notes?: ReadonlyArray<NoteMarker>;
}

const noNotes: ReadonlyArray<NoteMarker> = [];

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

/** The notes as last drawn, kept while they have not moved (a key of ids, positions and widths; none is always the same, so a chart without notes never re-renders for them). */
const placedKey = (notes: ReadonlyArray<PlacedNote>, width: number): string => (notes.length === 0 ? "" : `${width}|${notes.map((n) => `${n.marker.id}:${n.x}:${n.width}`).join(",")}`);

/** How far outside the window a chart starts drawing, so it is drawn by the time it is scrolled to. */
const drawAheadMargin = "300px";

/**
 * Whether the element has come near the window (and so stays): a page of many charts (the
 * custom report's cards: an area and two rings each) draws only those in sight at once, not
 * all of them in the task that shows the page (issue 27, "Ready fast"). Where the browser
 * cannot say, at once.
 */
const useNearWindow = (ref: { readonly current: Element | null }): boolean => {
  const [near, setNear] = useState(() => typeof IntersectionObserver === "undefined");
  useEffect(() => {
    const element = ref.current;
    if (near || element === null) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        setNear(true);
      },
      { rootMargin: drawAheadMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, ref]);
  return near;
};

/**
 * The one chart component: any kind of chartKinds.ts on a canvas of the height given,
 * named for screen readers (role img), with its data table and campaign notes when given.
 * No animation (the kinds' options); a new chart only updates the canvas it has. The chart
 * is drawn once its canvas comes near the window (an empty canvas of the same name and size
 * until then); the data table is there at once.
 */
export const ChartCanvas = ({ chart, name, height = chartHeight, table, notes = noNotes }: ChartCanvasProps) => {
  const chartRef = useRef<ChartJS<Kind, unknown[]> | null>(null);
  const markersRef = useRef(notes);
  const [placed, setPlaced] = useState<{ readonly notes: ReadonlyArray<PlacedNote>; readonly width: number; readonly key: string }>({ notes: [], width: 0, key: "" });
  const place = useCallback((drawn: ReadonlyArray<PlacedNote>, width: number) => {
    const key = placedKey(drawn, width);
    setPlaced((was) => (was.key === key ? was : { notes: drawn, width, key }));
  }, []);
  const placeRef = useRef(place);
  const plugin = useMemo(() => notesPlugin(markersRef, placeRef), []);
  const boxRef = useRef<HTMLDivElement>(null);
  const drawn = useNearWindow(boxRef);

  // New notes (or 'Campaign Notes' toggled) only need a redraw.
  useEffect(() => {
    markersRef.current = notes;
    chartRef.current?.draw();
  }, [notes]);

  return (
    <>
      <NoteLabels notes={placed.notes} width={placed.width} />
      <div className="chart-canvas" style={{ height }} ref={boxRef}>
        {drawn ? (
          <Chart
            ref={chartRef}
            type={chart.type}
            data={chart.data as ChartData<Kind, unknown[]>}
            options={chart.options as ChartOptions<Kind>}
            plugins={[plugin]}
            aria-label={name}
            role="img"
          />
        ) : (
          <canvas aria-label={name} role="img" style={{ display: "block", width: "100%", height }} />
        )}
      </div>
      {table ? <ChartDataTable {...table} /> : null}
    </>
  );
};
