// @vitest-environment jsdom
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ChartSeries } from "../../../src/domain/performance/performanceChart";
import { ChartCanvas } from "../../../src/views/chart/ChartCanvas";

// jsdom has no canvas: react-chartjs-2's chart is replaced by one that keeps the data it is given.
const given: Array<{ type: string; data: { datasets: Array<Record<string, unknown>> } }> = [];
vi.mock("react-chartjs-2", () => ({
  Chart: (props: { type: string; data: { datasets: Array<Record<string, unknown>> } }) => {
    given.push(props);
    return <canvas />;
  },
}));

const series: ChartSeries = {
  dates: ["2026-01-01", "2026-01-02", "2026-01-03"],
  one: [
    { x: 0, y: 10 },
    { x: 1, y: 40 },
    { x: 2, y: 15 },
  ],
  two: [
    { x: 0, y: 100 },
    { x: 1, y: 20 },
    { x: 2, y: 300 },
  ],
};

const draw = (chartType: "area" | "bar") =>
  render(
    <ChartCanvas
      series={series}
      labels={{ one: "Page Lands", two: "Attributed Revenue" }}
      chartType={chartType}
      markers={[]}
      name="Performance chart"
      format={(v) => String(v)}
      dateLabel={(d) => d}
    />,
  );

afterEach(() => {
  cleanup();
  given.length = 0;
});

describe("ChartCanvas", () => {
  it("draws each series as straight segments between the periods (no curve smoothing)", () => {
    draw("area");
    const datasets = given.at(-1)?.data.datasets ?? [];
    expect(datasets).toHaveLength(2);
    for (const d of datasets) {
      expect(d.tension).toBe(0);
      expect(d.cubicInterpolationMode ?? "default").toBe("default");
      expect(d.stepped ?? false).toBe(false);
    }
  });

  it("bars carry the same points, unsmoothed", () => {
    draw("bar");
    const last = given.at(-1);
    expect(last?.type).toBe("bar");
    expect(last?.data.datasets.map((d) => d.tension)).toEqual([0, 0]);
  });
});
