// @vitest-environment jsdom
import { act, cleanup, render, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ChartSeries } from "../../../src/domain/performance/performanceChart";
import { ChartCanvas } from "../../../src/views/chart/ChartCanvas";
import { stackedBarChart, stackedBarTable, timeSeriesChart, timeSeriesTable, xyChart, type ChartDrawing } from "../../../src/views/chart/chartKinds";

// jsdom has no canvas: react-chartjs-2's chart is replaced by one that keeps what it is given.
type Given = { type: string; data: unknown; options: unknown; plugins: unknown[]; role?: string; "aria-label"?: string };
const given: Given[] = [];
vi.mock("react-chartjs-2", () => ({
  Chart: (props: Given) => {
    given.push(props);
    return <canvas role={props.role} aria-label={props["aria-label"]} />;
  },
}));

afterEach(() => {
  cleanup();
  given.length = 0;
});

const series: ChartSeries = {
  dates: ["2026-01-01", "2026-01-02"],
  one: [
    { x: 0, y: 10 },
    { x: 1, y: 40 },
  ],
  two: [
    { x: 0, y: 100 },
    { x: 1, y: 20 },
  ],
};
const labels = { one: "Page Lands", two: "Attributed Revenue" };
const format = (v: number) => String(v);
const dateLabel = (d: string) => `day ${d.slice(8)}`;
const axis = { title: "t", format };
const bars = { names: ["Email", "SEO"], stacks: [{ key: "upper", label: "Upper", values: [30, 50] }], max: 100 };

/** Every kind through the one component, with the table each report gives it. */
const kinds: ReadonlyArray<[string, ChartDrawing, Parameters<typeof ChartCanvas>[0]["table"], ReadonlyArray<ReadonlyArray<string>>]> = [
  [
    "two metrics over periods",
    timeSeriesChart({ series, labels, chartType: "area", format, dateLabel }),
    timeSeriesTable({ caption: "Chart data", rowHeader: "Date", series, labels, format, dateLabel }),
    [
      ["Date", "Page Lands", "Attributed Revenue"],
      ["day 01", "10", "100"],
      ["day 02", "40", "20"],
    ],
  ],
  [
    "numbers against numbers",
    xyChart({ datasets: [{ kind: "points", label: "Weeks", colour: "#2799FF", points: [{ x: 5, y: 7 }] }], x: axis, y: axis }),
    { caption: "Chart data", rowHeader: "Week", rowNames: ["2026-01-05"], columns: [{ header: "Spend", cell: () => "5" }] },
    [
      ["Week", "Spend"],
      ["2026-01-05", "5"],
    ],
  ],
  [
    "stacked bars",
    stackedBarChart({ bars, format }),
    stackedBarTable({ bars, format, caption: "Chart data", rowHeader: "Taxonomy 1" }),
    [
      ["Taxonomy 1", "Upper"],
      ["Email", "30"],
      ["SEO", "50"],
    ],
  ],
];

describe("ChartCanvas", () => {
  it.each(kinds)("draws %s as chart.js's chart it is given, named, at its height, beside its hidden table", (_kind, chart, table, rows) => {
    const view = render(<ChartCanvas chart={chart} name="A chart" height={160} table={table} />);
    const last = given.at(-1) as Given;
    expect([last.type, last.data, last.options]).toEqual([chart.type, chart.data, chart.options]);
    expect(view.getByRole("img", { name: "A chart" }).tagName).toBe("CANVAS");
    expect((view.container.querySelector(".chart-canvas") as HTMLElement).style.height).toBe("160px");
    const hidden = view.getByRole("table", { name: "Chart data" });
    // Hidden by a block around it: on the table itself the 1px width does not hold (a table is as wide as its text).
    expect(hidden.parentElement?.className).toBe("visually-hidden");
    expect(within(hidden).getAllByRole("row").map((r) => [...r.querySelectorAll("th, td")].map((c) => c.textContent))).toEqual(rows);
  });

  it("is 350 px high unless told, and draws no table when given none", () => {
    const view = render(<ChartCanvas chart={timeSeriesChart({ series, labels, chartType: "bar", format, dateLabel })} name="A chart" />);
    expect((view.container.querySelector(".chart-canvas") as HTMLElement).style.height).toBe("350px");
    expect(view.queryByRole("table")).toBeNull();
    expect(given.at(-1)?.type).toBe("bar");
  });

  it("dates a period's row as the axis reads it, its ISO date kept", () => {
    const view = render(<ChartCanvas chart={timeSeriesChart({ series, labels, chartType: "area", format, dateLabel })} name="A chart" table={timeSeriesTable({ caption: "Chart data", rowHeader: "Date", series, labels, format, dateLabel })} />);
    expect([...view.container.querySelectorAll("time")].map((t) => [t.getAttribute("datetime"), t.textContent])).toEqual([
      ["2026-01-01", "day 01"],
      ["2026-01-02", "day 02"],
    ]);
  });

  it("keeps one notes plugin across new charts and notes (the chart is updated, not made again)", () => {
    const view = render(<ChartCanvas chart={timeSeriesChart({ series, labels, chartType: "area", format, dateLabel })} name="A chart" />);
    const plugin = given.at(-1)?.plugins[0];
    view.rerender(
      <ChartCanvas chart={timeSeriesChart({ series, labels, chartType: "bar", format, dateLabel })} name="A chart" notes={[{ id: 1, date: "2026-01-02", colour: "#ff0000", text: "Sale", x: 1 }]} />,
    );
    expect(given.at(-1)?.plugins).toEqual([plugin]);
    expect((plugin as { id: string }).id).toBe("campaignNotes");
  });

  it("draws the chart only once its canvas comes near the window: until then an empty canvas of the same name and height, the data table already there", () => {
    let seen: (entries: Array<{ isIntersecting: boolean }>) => void = () => {};
    const observed: Element[] = [];
    vi.stubGlobal(
      "IntersectionObserver",
      class {
        constructor(callback: (entries: Array<{ isIntersecting: boolean }>) => void) {
          seen = callback;
        }
        observe(element: Element) {
          observed.push(element);
        }
        disconnect() {}
      },
    );
    try {
      const view = render(<ChartCanvas chart={timeSeriesChart({ series, labels, chartType: "area", format, dateLabel })} name="A chart" height={120} table={timeSeriesTable({ caption: "Chart data", rowHeader: "Date", series, labels, format, dateLabel })} />);
      expect(given).toHaveLength(0);
      expect(view.getByRole("img", { name: "A chart" }).tagName).toBe("CANVAS");
      expect(view.getByRole("table", { name: "Chart data" })).toBeTruthy();
      expect(observed).toEqual([view.container.querySelector(".chart-canvas")]);
      act(() => seen([{ isIntersecting: false }]));
      expect(given).toHaveLength(0);
      act(() => seen([{ isIntersecting: true }]));
      expect(given.at(-1)?.type).toBe("line");
      expect(view.getAllByRole("img", { name: "A chart" })).toHaveLength(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
