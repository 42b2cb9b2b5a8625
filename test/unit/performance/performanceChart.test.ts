import { describe, expect, it } from "vitest";
import {
  canChooseChartMetric,
  chartMetricChoices,
  chartMetricLabel,
  chartMetrics,
  chartSeries,
  hasChartData,
  noteMarkers,
  stackedLabelOffsets,
  type NoteMarkerSource,
} from "../../../src/domain/performance/performanceChart";
import type { Interval } from "../../../src/domain/performance/performance";
import { point } from "../../model/performance/chartFixtures";

describe("stackedLabelOffsets", () => {
  it.each([
    [[], []],
    [["2026-01-01"], [0]],
    [["2026-01-01", "2026-01-02"], [0, 0]],
    [["2026-01-01", "2026-01-01"], [0, 20]],
    [["2026-01-01", "2026-01-01", "2026-01-01"], [0, 20, 40]],
    [["2026-01-01", "2026-01-02", "2026-01-01", "2026-01-02", "2026-01-01"], [0, 0, 20, 20, 40]],
    [[3, 3, 4, 3], [0, 20, 0, 40]],
  ] as const)("%j -> %j", (positions, expected) => {
    expect(stackedLabelOffsets(positions)).toEqual(expected);
  });

  it("takes another step", () => {
    expect(stackedLabelOffsets(["a", "a", "a"], 12)).toEqual([0, 12, 24]);
  });
});

const note = (id: number, date: string): NoteMarkerSource => ({ id, date, colour: "#ff0000", text: `note ${id}` });

describe("noteMarkers", () => {
  const days = ["2026-01-05", "2026-01-06", "2026-01-07"];
  const weeks = ["2025-12-29", "2026-01-05", "2026-01-12"];
  const months = ["2026-01-01", "2026-02-01"];
  it.each<[string, ReadonlyArray<NoteMarkerSource>, ReadonlyArray<string>, Interval, ReadonlyArray<[number, number, number]>]>([
    ["one note on its day", [note(1, "2026-01-06")], days, "day", [[1, 1, 0]]],
    ["two notes on one day stack", [note(1, "2026-01-06"), note(2, "2026-01-06")], days, "day", [[1, 1, 0], [2, 1, 20]]],
    ["three on one day, one on another", [note(1, "2026-01-05"), note(2, "2026-01-07"), note(3, "2026-01-05"), note(4, "2026-01-05")], days, "day", [[1, 0, 0], [3, 0, 20], [4, 0, 40], [2, 2, 0]]],
    ["outside the chart: left out", [note(1, "2025-12-31"), note(2, "2026-01-08")], days, "day", []],
    ["a note at a time of day", [note(1, "2026-01-07T10:00:00Z")], days, "day", [[1, 2, 0]]],
    ["not a date: left out", [note(1, "soon"), note(2, "2026-02-30")], days, "day", []],
    ["weekly: the Monday of its week, stacked in date order", [note(1, "2026-01-11"), note(2, "2026-01-05"), note(3, "2026-01-04")], weeks, "week", [[3, 0, 0], [2, 1, 0], [1, 1, 20]]],
    ["monthly: the 1st of its month", [note(1, "2026-02-14"), note(2, "2026-01-31"), note(3, "2026-01-01")], months, "month", [[3, 0, 0], [2, 0, 20], [1, 1, 0]]],
  ])("%s", (_label, notes, dates, interval, expected) => {
    expect(noteMarkers(notes, dates, interval).map((m) => [m.id, m.x, m.offset])).toEqual(expected);
  });

  it("keeps the note's date, colour and text", () => {
    expect(noteMarkers([note(1, "2026-01-05")], days, "day")).toEqual([{ id: 1, date: "2026-01-05", colour: "#ff0000", text: "note 1", x: 0, offset: 0 }]);
  });
});

describe("chartMetrics", () => {
  it.each([
    [undefined, undefined, "clicks", "attributed_revenue"],
    ["", "", "clicks", "attributed_revenue"],
    ["roas", "cpa", "roas", "cpa"],
    ["bogus", "cpa", "clicks", "cpa"],
    ["roas", "bogus", "roas", "attributed_revenue"],
    ["roas", "roas", "roas", "attributed_revenue"],
    ["attributed_revenue", "attributed_revenue", "attributed_revenue", "clicks"],
    ["clicks", "clicks", "clicks", "attributed_revenue"],
    ["attributed_revenue", null, "attributed_revenue", "clicks"],
  ])("%j + %j -> %s + %s", (one, two, metricOne, metricTwo) => {
    expect(chartMetrics(one, two)).toEqual({ metricOne, metricTwo });
  });
});

describe("metric lists", () => {
  it.each([
    ["roas", "clicks", true],
    ["clicks", "clicks", false],
    ["bogus", "clicks", false],
    ["", "clicks", false],
  ])("%j beside %j may be chosen: %s", (metric, other, expected) => {
    expect(canChooseChartMetric(metric, other)).toBe(expected);
  });

  it("lists the 25 metrics with their labels, the other list's choice disabled", () => {
    const choices = chartMetricChoices("roas");
    expect(choices).toHaveLength(25);
    expect(choices.filter((c) => c.disabled).map((c) => c.name)).toEqual(["roas"]);
    expect(choices.find((c) => c.name === "clicks")?.label).toBe("Page Lands");
  });

  it.each([
    ["clicks", "Page Lands"],
    ["attributed_revenue", "Attributed Revenue"],
    ["mystery", "mystery"],
  ])("label of %s is %s", (name, label) => {
    expect(chartMetricLabel(name)).toBe(label);
  });
});

describe("chartSeries", () => {
  it("orders rows by date, one point per row at its position; rows without a date are left out", () => {
    const rows = [
      point("2026-01-03", { clicks: 3, roas: 0.3 }),
      point("2026-01-01", { clicks: 1, roas: 0.1 }),
      { ...point("", { clicks: 99 }) },
      point("2026-01-02", { clicks: 2, roas: 0.2 }),
    ];
    expect(chartSeries(rows, "clicks", "roas")).toEqual({
      dates: ["2026-01-01", "2026-01-02", "2026-01-03"],
      one: [
        { x: 0, y: 1 },
        { x: 1, y: 2 },
        { x: 2, y: 3 },
      ],
      two: [
        { x: 0, y: 0.1 },
        { x: 1, y: 0.2 },
        { x: 2, y: 0.3 },
      ],
    });
  });

  it("an unknown metric or a value that is not finite draws 0", () => {
    const rows = [point("2026-01-01", { clicks: Number.NaN })];
    expect(chartSeries(rows, "clicks", "bogus")).toEqual({ dates: ["2026-01-01"], one: [{ x: 0, y: 0 }], two: [{ x: 0, y: 0 }] });
  });
});

describe("hasChartData", () => {
  it.each([
    ["no rows", [], false],
    ["only zeros", [point("2026-01-01"), point("2026-01-02")], false],
    ["one value", [point("2026-01-01"), point("2026-01-02", { impressions: 4 })], true],
    ["a negative value", [point("2026-01-01", { roi: -1 })], true],
    ["values on an undated row", [{ ...point("2026-01-01", { clicks: 1 }), conversion_date: undefined }], false],
  ])("%s -> %s", (_label, rows, expected) => {
    expect(hasChartData(rows)).toBe(expected);
  });
});
