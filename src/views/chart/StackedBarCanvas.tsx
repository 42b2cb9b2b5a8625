import { BarController, BarElement, CategoryScale, Chart as ChartJS, Legend, LinearScale, Tooltip, type ChartData, type ChartOptions } from "chart.js";
import { useMemo } from "react";
import { Chart } from "react-chartjs-2";
import type { StackedBars } from "../../domain/funnel/funnelReport";
import { chartColours } from "../../domain/performance/performanceChart";
import "./stackedBars.css";

// Horizontal bars on a category axis (the rows) and a linear one (the values), tooltips and the legend.
ChartJS.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

/** The stacks' colours in drawing order: the product's two chart colours first. */
const stackColours = [chartColours.metricOne, chartColours.metricTwo, "#F5A524", "#8B6CEF"] as const;

export interface StackedBarCanvasProps {
  readonly bars: StackedBars;
  /** The chart's accessible name; also the caption of its data table. */
  readonly name: string;
  /** A value as the report shows it (axis, tooltips and the data table), by its stack's key. */
  readonly format: (value: number, key: string) => string;
  /** The canvas's height in pixels. */
  readonly height: number;
  /** The header of the data table's first column (the rows' names). */
  readonly rowHeader: string;
}

/**
 * The chart kind of the reports that compare parts of a whole per channel (the funnel
 * roles, the initiator rating): one horizontal bar per row, its parts stacked, beside a
 * visually hidden table with the same numbers for screen readers (the canvas is only a
 * picture). No animation; the value axis ends at `bars.max` when set (100 for percents).
 */
export const StackedBarCanvas = ({ bars, name, format, height, rowHeader }: StackedBarCanvasProps) => {
  const data = useMemo(
    (): ChartData<"bar", number[], string> => ({
      labels: [...bars.names],
      datasets: bars.stacks.map((stack, i) => ({
        label: stack.label,
        data: [...stack.values],
        backgroundColor: stackColours[i % stackColours.length],
        borderWidth: 0,
        stack: "parts",
      })),
    }),
    [bars],
  );
  const keys = useMemo(() => bars.stacks.map((s) => s.key), [bars]);
  const options = useMemo(
    (): ChartOptions<"bar"> => ({
      indexAxis: "y",
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
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
          grid: { color: "#eef1f5" },
          ticks: { maxTicksLimit: 6, callback: (value) => format(Number(value), keys[0] ?? "") },
        },
        y: { type: "category", stacked: true, grid: { display: false } },
      },
    }),
    [bars.max, format, keys],
  );
  return (
    <figure className="stacked-bar-chart">
      <div className="chart-canvas" style={{ height }}>
        <Chart type="bar" data={data} options={options} aria-label={name} role="img" />
      </div>
      <table className="visually-hidden">
        <caption>{name}</caption>
        <thead>
          <tr>
            <th scope="col">{rowHeader}</th>
            {bars.stacks.map((stack) => (
              <th key={stack.key} scope="col">
                {stack.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {bars.names.map((rowName, row) => (
            <tr key={`${row}-${rowName}`}>
              <th scope="row">{rowName}</th>
              {bars.stacks.map((stack) => (
                <td key={stack.key}>{format(stack.values[row] ?? 0, stack.key)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
};
