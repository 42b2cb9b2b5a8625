import { describe, expect, it } from "vitest";
import {
  canChooseChartMetric,
  chartMetricChoices,
  chartMetricLabel,
  chartMetrics,
  chartSeries,
  hasChartData,
  noteMarkers,
  noteLabelLayout,
  type NoteLabelSize,
  type NoteMarkerSource,
} from "../../../src/domain/performance/performanceChart";
import type { Interval } from "../../../src/domain/performance/performance";
import { point } from "../../model/performance/chartFixtures";

const note = (id: number, date: string): NoteMarkerSource => ({ id, date, colour: "#ff0000", text: `note ${id}` });

describe("noteMarkers", () => {
  const days = ["2026-01-05", "2026-01-06", "2026-01-07"];
  const weeks = ["2025-12-29", "2026-01-05", "2026-01-12"];
  const months = ["2026-01-01", "2026-02-01"];
  it.each<[string, ReadonlyArray<NoteMarkerSource>, ReadonlyArray<string>, Interval, ReadonlyArray<[number, number]>]>([
    ["one note on its day", [note(1, "2026-01-06")], days, "day", [[1, 1]]],
    ["two notes on one day, in the given order", [note(1, "2026-01-06"), note(2, "2026-01-06")], days, "day", [[1, 1], [2, 1]]],
    ["three on one day, one on another", [note(1, "2026-01-05"), note(2, "2026-01-07"), note(3, "2026-01-05"), note(4, "2026-01-05")], days, "day", [[1, 0], [3, 0], [4, 0], [2, 2]]],
    ["outside the chart: left out", [note(1, "2025-12-31"), note(2, "2026-01-08")], days, "day", []],
    ["a note at a time of day", [note(1, "2026-01-07T10:00:00Z")], days, "day", [[1, 2]]],
    ["not a date: left out", [note(1, "soon"), note(2, "2026-02-30")], days, "day", []],
    ["weekly: the Monday of its week, in date order", [note(1, "2026-01-11"), note(2, "2026-01-05"), note(3, "2026-01-04")], weeks, "week", [[3, 0], [2, 1], [1, 1]]],
    ["monthly: the 1st of its month", [note(1, "2026-02-14"), note(2, "2026-01-31"), note(3, "2026-01-01")], months, "month", [[3, 0], [2, 0], [1, 1]]],
  ])("%s", (_label, notes, dates, interval, expected) => {
    expect(noteMarkers(notes, dates, interval).map((m) => [m.id, m.x])).toEqual(expected);
  });

  it("keeps the note's date, colour and text", () => {
    expect(noteMarkers([note(1, "2026-01-05")], days, "day")).toEqual([{ id: 1, date: "2026-01-05", colour: "#ff0000", text: "note 1", x: 0 }]);
  });
});

describe("noteLabelLayout", () => {
  const band = { left: 0, right: 1000 };
  const row = { height: 20, gap: 6, maxWidth: 220 };
  const label = (x: number, width: number): NoteLabelSize => ({ x, width });
  /** Each box as [left, row, width]. */
  const placed = (labels: ReadonlyArray<NoteLabelSize>, within = band) => noteLabelLayout(labels, within, row).boxes.map((b) => [b.left, b.row, b.width]);

  it.each<[string, ReadonlyArray<NoteLabelSize>, ReadonlyArray<[number, number, number]>]>([
    ["none", [], []],
    ["one label starts at its line", [label(100, 80)], [[100, 0, 80]]],
    ["far apart: one row", [label(100, 80), label(300, 80)], [[100, 0, 80], [300, 0, 80]]],
    ["neighbouring days: the second goes a row down", [label(100, 80), label(120, 80)], [[100, 0, 80], [120, 1, 80]]],
    ["the same day three times: three rows", [label(100, 50), label(100, 50), label(100, 50)], [[100, 0, 50], [100, 1, 50], [100, 2, 50]]],
    ["exactly the gap apart: one row", [label(100, 80), label(186, 80)], [[100, 0, 80], [186, 0, 80]]],
    ["one pixel short of the gap: a row down", [label(100, 80), label(185, 80)], [[100, 0, 80], [185, 1, 80]]],
    ["a freed row is used again", [label(100, 80), label(120, 80), label(200, 80)], [[100, 0, 80], [120, 1, 80], [200, 0, 80]]],
    ["past the right edge: ends at the edge", [label(980, 80)], [[920, 0, 80]]],
    ["left of the band: starts at its edge", [label(-30, 80)], [[0, 0, 80]]],
    ["wider than the widest: cut to it", [label(100, 900)], [[100, 0, 220]]],
    ["moved in from the edge, it still keeps clear of its neighbour", [label(900, 80), label(990, 80)], [[900, 0, 80], [920, 1, 80]]],
  ])("%s", (_name, labels, expected) => {
    expect(placed(labels)).toEqual(expected);
  });

  it("no label is wider than a narrow band", () => {
    expect(placed([label(10, 200)], { left: 0, right: 150 })).toEqual([[0, 0, 150]]);
  });

  it("the band is as tall as its rows", () => {
    expect(noteLabelLayout([], band, row)).toEqual({ boxes: [], rows: 0, height: 0 });
    const layout = noteLabelLayout([label(100, 80), label(110, 80), label(120, 80)], band, row);
    expect(layout.rows).toBe(3);
    expect(layout.height).toBe(60);
    expect(layout.boxes.map((b) => b.top)).toEqual([0, 20, 40]);
    expect(layout.boxes.every((b) => b.height < row.height)).toBe(true);
  });

  it("no two boxes overlap and none leaves the band, whatever the labels", () => {
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let run = 0; run < 100; run++) {
      const labels = Array.from({ length: 1 + Math.floor(next() * 12) }, () => label(Math.floor(next() * 1100) - 50, 20 + Math.floor(next() * 400)));
      const boxes = noteLabelLayout(labels, band, row).boxes;
      for (const b of boxes) {
        expect(b.left).toBeGreaterThanOrEqual(band.left);
        expect(b.left + b.width).toBeLessThanOrEqual(band.right);
      }
      for (let i = 0; i < boxes.length; i++)
        for (let j = i + 1; j < boxes.length; j++) {
          const [a, b] = [boxes[i], boxes[j]] as [NonNullable<(typeof boxes)[number]>, NonNullable<(typeof boxes)[number]>];
          const apart = a.top + a.height <= b.top || b.top + b.height <= a.top || a.left + a.width <= b.left || b.left + b.width <= a.left;
          expect(apart).toBe(true);
        }
    }
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
