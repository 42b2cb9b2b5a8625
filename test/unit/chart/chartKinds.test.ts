import { describe, expect, it } from "vitest";
import type { StackedBars } from "../../../src/domain/funnel/funnelReport";
import type { ChartSeries } from "../../../src/domain/performance/performanceChart";
import { isWholeMetric } from "../../../src/domain/report/metrics";
import { shareChart, sharesOf, shareTable, stackedBarChart, stackedBarTable, timeSeriesChart, timeSeriesTable, xyChart, type ChartDrawing, type ChartTable, type XYDataset } from "../../../src/views/chart/chartKinds";

/** A drawing's options as plain records, to read the scales and plugins the kinds set. */
type Scale = Record<string, unknown> & { readonly ticks?: { readonly callback?: (value: number) => string } };
const scalesOf = (d: ChartDrawing) => d.options.scales as Record<string, Scale>;
const datasetsOf = (d: ChartDrawing) => d.data.datasets as unknown as Array<Record<string, unknown>>;
const tick = (scale: Scale | undefined, value: number) => scale?.ticks?.callback?.(value);
/** A table as text rows, its header row first. */
const rowsOf = (table: ChartTable) => [
  [table.rowHeader, ...table.columns.map((c) => c.header)],
  ...table.rowNames.map((name, i) => [typeof name === "string" ? name : `${name.date}=${name.text}`, ...table.columns.map((c) => c.cell(i))]),
];

const series = (days: number): ChartSeries => ({
  dates: Array.from({ length: days }, (_, i) => `2026-01-${String(i + 1).padStart(2, "0")}`),
  one: Array.from({ length: days }, (_, x) => ({ x, y: 10 * x })),
  two: Array.from({ length: days }, (_, x) => ({ x, y: 100 + x })),
});
const labels = { one: "Page Lands", two: "Attributed Revenue" };
const format = (value: number, which: "one" | "two") => `${which}:${value}`;
const dateLabel = (date: string) => `d${date.slice(8)}`;

describe("timeSeriesChart", () => {
  it.each([
    // chartType, days, sharedAxis: chart.js type, fill, point radius, second axis, offset x
    ["area", 3, false, "line", "origin", 2, "yTwo", false],
    ["area", 61, false, "line", "origin", 0, "yTwo", false],
    ["bar", 3, false, "bar", false, 0, "yTwo", true],
    ["bar", 3, true, "bar", false, 0, "yOne", true],
  ] as const)("%s over %i periods, sharedAxis %s: a %s chart", (chartType, days, sharedAxis, type, fill, pointRadius, secondAxis, offset) => {
    const drawing = timeSeriesChart({ series: series(days), labels, chartType, format, dateLabel, sharedAxis });
    expect(drawing.type).toBe(type);
    const [one, two] = datasetsOf(drawing);
    expect(one).toMatchObject({ label: "Page Lands", yAxisID: "yOne", borderColor: "#36E7A6", fill, pointRadius, tension: 0, cubicInterpolationMode: "default" });
    expect(two).toMatchObject({ label: "Attributed Revenue", yAxisID: secondAxis, borderColor: "#2799FF", fill, pointRadius, tension: 0 });
    expect(one?.["backgroundColor"]).toBe(type === "line" ? "#36E7A633" : "#36E7A6");
    const scales = scalesOf(drawing);
    expect(scales["x"]).toMatchObject({ type: "linear", min: 0, max: days - 1, offset });
    expect(scales["yTwo"]?.["display"]).toBe(!sharedAxis);
    expect(drawing.options.animation).toBe(false);
  });

  it.each([
    // wholeNumbers, sharedAxis: precision of the left and the right axis
    [undefined, false, undefined, undefined],
    [{ one: true, two: false }, false, 0, undefined],
    [{ one: false, two: true }, false, undefined, 0],
    [{ one: true, two: false }, true, undefined, undefined],
    [{ one: true, two: true }, true, 0, 0],
  ] as const)("whole-number metrics %j (shared axis %s) step by whole numbers: precision %s and %s", (wholeNumbers, sharedAxis, one, two) => {
    const scales = scalesOf(timeSeriesChart({ series: series(3), labels, chartType: "bar", format, dateLabel, sharedAxis, wholeNumbers }));
    expect((scales["yOne"]?.ticks as Record<string, unknown> | undefined)?.["precision"]).toBe(one);
    expect((scales["yTwo"]?.ticks as Record<string, unknown> | undefined)?.["precision"]).toBe(two);
  });

  it.each([
    ["clicks", true],
    ["last_click_sales", true],
    ["sales_including", true],
    ["attributed_sales", false],
    ["attributed_revenue", false],
    ["attributed_conversion_rate", false],
  ] as const)("%s takes whole values only: %s", (metric, whole) => {
    expect(isWholeMetric(metric)).toBe(whole);
  });

  it("reads the x axis as the periods' labels and each y axis in its metric's format", () => {
    const drawing = timeSeriesChart({ series: series(3), labels, chartType: "area", format, dateLabel });
    const scales = scalesOf(drawing);
    expect([0, 1, 2, 3].map((i) => tick(scales["x"], i))).toEqual(["d01", "d02", "d03", ""]);
    expect(tick(scales["yOne"], 5)).toBe("one:5");
    expect(tick(scales["yTwo"], 5)).toBe("two:5");
    expect(scales["yOne"]?.["title"]).toMatchObject({ display: true, text: "Page Lands" });
  });

  it("an empty series still has an x axis from 0", () => {
    const drawing = timeSeriesChart({ series: series(0), labels, chartType: "area", format, dateLabel });
    expect(scalesOf(drawing)["x"]).toMatchObject({ min: 0, max: 0 });
    expect(datasetsOf(drawing).map((d) => d["data"])).toEqual([[], []]);
  });
});

describe("timeSeriesTable", () => {
  it.each([
    [true, [["Date", "Page Lands", "Attributed Revenue"], ["2026-01-01=d01", "one:0", "two:100"], ["2026-01-02=d02", "one:10", "two:101"]]],
    [false, [["Date", "Page Lands", "Attributed Revenue"], ["d01", "one:0", "two:100"], ["d02", "one:10", "two:101"]]],
  ])("dated %s", (dated, rows) => {
    const table = timeSeriesTable({ caption: "Chart data", rowHeader: "Date", series: series(2), labels, format, dateLabel, dated });
    expect(table.caption).toBe("Chart data");
    expect(rowsOf(table)).toEqual(rows);
  });
});

describe("xyChart", () => {
  const axis = { title: "t", format: (v: number) => `v${v}` };

  it.each<[string, XYDataset, ReadonlyArray<Record<string, unknown>>]>([
    [
      "a band between two edges, the lower one out of the legend",
      { kind: "band", label: "90% band", colour: "#36E7A6", low: [{ x: 1, y: 1 }], high: [{ x: 1, y: 3 }] },
      [
        { type: "line", label: "90% band", fill: "+1", data: [{ x: 1, y: 3 }], backgroundColor: "#36E7A633", borderWidth: 0 },
        { type: "line", label: "", fill: false, data: [{ x: 1, y: 1 }] },
      ],
    ],
    ["a solid curve", { kind: "line", label: "Trendline", colour: "#1f9e70", points: [{ x: 1, y: 2 }] }, [{ type: "line", showLine: true, borderDash: [], pointRadius: 0, borderColor: "#1f9e70" }]],
    ["a dashed extrapolation", { kind: "line", label: "Extrapolation", colour: "#1f9e70", dashed: true, points: [{ x: 2, y: 2.5 }] }, [{ showLine: true, borderDash: [6, 4] }]],
    ["a scatter", { kind: "points", label: "Weeks", colour: "#2799FF", points: [{ x: 1, y: 2.2 }] }, [{ type: "line", showLine: false, pointRadius: 4, backgroundColor: "#2799FFcc" }]],
    ["a bar of its own stack", { kind: "bar", label: "Solo", colour: "#36E7A6", points: [{ x: 0, y: 1 }] }, [{ type: "bar", stack: "Solo", backgroundColor: "#36E7A6" }]],
  ])("%s", (_label, set, expected) => {
    const drawn = datasetsOf(xyChart({ datasets: [set], x: axis, y: axis }));
    expect(drawn).toHaveLength(expected.length);
    expected.forEach((e, i) => expect(drawn[i]).toMatchObject(e));
  });

  it.each([
    // periods, stacked bars, y max: x offset, stacked, x grid, interaction
    [false, false, undefined, false, false, true, "nearest"],
    [true, true, 100, true, true, false, "index"],
    [true, false, undefined, true, false, false, "index"],
  ] as const)("periods %s, stacked %s, y max %s", (periods, stacked, max, offset, isStacked, grid, mode) => {
    const datasets: XYDataset[] = ["Solo", "Upper"].map((label) => ({ kind: "bar", label, colour: "#36E7A6", points: [{ x: 0, y: 1 }], ...(stacked ? { stack: "roles" } : {}) }));
    const drawing = xyChart({ datasets, x: axis, y: max === undefined ? axis : { ...axis, max }, periods });
    expect(drawing.type).toBe("line");
    const scales = scalesOf(drawing);
    expect(scales["x"]).toMatchObject({ offset, stacked: isStacked, grid: { display: grid } });
    expect(scales["y"]).toMatchObject({ stacked: isStacked, beginAtZero: true });
    expect(scales["y"]?.["max"]).toBe(max);
    expect(drawing.options.interaction?.mode).toBe(mode);
    expect(tick(scales["x"], 3)).toBe("v3");
  });
});

describe("stackedBarChart and stackedBarTable", () => {
  const bars = (max: number | null, stacks = 2): StackedBars => ({
    names: ["Email", "SEO"],
    stacks: Array.from({ length: stacks }, (_, i) => ({ key: `k${i}`, label: `Part ${i}`, values: [10 * (i + 1), 20 * (i + 1)] })),
    max,
  });
  const formatPart = (value: number, key: string) => `${key}:${value}`;

  it.each([
    [100, 2, 100, ["#36E7A6", "#2799FF"]],
    [null, 2, undefined, ["#36E7A6", "#2799FF"]],
    [null, 5, undefined, ["#36E7A6", "#2799FF", "#F5A524", "#8B6CEF", "#36E7A6"]],
  ])("max %s, %i parts: value axis ends at %s, colours in order", (max, stacks, end, colours) => {
    const drawing = stackedBarChart({ bars: bars(max, stacks), format: formatPart });
    expect(drawing.type).toBe("bar");
    expect(drawing.options).toMatchObject({ indexAxis: "y", animation: false });
    expect(drawing.data.labels).toEqual(["Email", "SEO"]);
    const sets = datasetsOf(drawing);
    expect(sets.map((s) => s["backgroundColor"])).toEqual(colours);
    expect(sets.map((s) => s["stack"])).toEqual(colours.map(() => "parts"));
    expect(sets[0]).toMatchObject({ label: "Part 0", data: [10, 20] });
    const scales = scalesOf(drawing);
    expect(scales["x"]).toMatchObject({ type: "linear", stacked: true });
    expect(scales["x"]?.["max"]).toBe(end);
    expect(scales["y"]).toMatchObject({ type: "category", stacked: true });
    expect(tick(scales["x"], 50)).toBe("k0:50");
  });

  it("its table: a row per bar, a column per part, each in its part's format", () => {
    const table = stackedBarTable({ bars: bars(null), format: formatPart, caption: "Initiator chart", rowHeader: "Taxonomy 1" });
    expect(table.caption).toBe("Initiator chart");
    expect(rowsOf(table)).toEqual([
      ["Taxonomy 1", "Part 0", "Part 1"],
      ["Email", "k0:10", "k1:20"],
      ["SEO", "k0:20", "k1:40"],
    ]);
  });
});

describe("shareChart", () => {
  it.each([
    [[3, 1], [75, 25]],
    [[0, 0], [0, 0]],
    [[2, -1], [100, 0]],
    [[1, 1, 2], [25, 25, 50]],
  ])("shares of %j are %j", (values, shares) => {
    expect(sharesOf(values)).toEqual(shares);
  });

  it("draws a ring of the parts in the product's colours, a negative part as 0, tooltips and table with value and share", () => {
    const parts = [{ label: "Valid", value: 3 }, { label: "Cancelled", value: 1 }];
    const formatShare = (value: number, share: number) => `${value} (${share}%)`;
    const drawing = shareChart({ parts, format: formatShare });
    expect(drawing.type).toBe("doughnut");
    expect(drawing.data.labels).toEqual(["Valid", "Cancelled"]);
    expect(datasetsOf(drawing)[0]).toMatchObject({ data: [3, 1], backgroundColor: ["#36E7A6", "#2799FF"] });
    const label = (drawing.options.plugins?.tooltip?.callbacks?.label as unknown as (item: { label: string; dataIndex: number }) => string) ?? (() => "");
    expect(label({ label: "Cancelled", dataIndex: 1 })).toBe("Cancelled: 1 (25%)");
    expect(rowsOf(shareTable({ parts, format: formatShare, caption: "c", rowHeader: "Side", header: "Sales" }))).toEqual([
      ["Side", "Sales"],
      ["Valid", "3 (75%)"],
      ["Cancelled", "1 (25%)"],
    ]);
  });
});
