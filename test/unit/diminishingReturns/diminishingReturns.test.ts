import { describe, expect, it } from "vitest";
import {
  chosenSeries,
  knownHidden,
  readWhatIfSpend,
  segmentsOf,
  shownWeeks,
  tableRowsOf,
  toggleSegment,
  untaggedSegment,
} from "../../../src/domain/diminishingReturns/diminishingReturns";
import type { DiminishingSeries } from "../../../src/domain/analysis/analysis";

const series: DiminishingSeries = {
  name: "Email",
  children: ["Newsletter"],
  data: [
    { conversion_date: "2026-01-12", total_cost: 20, attributed_revenue: 200, seasonality: "Black Friday" },
    { conversion_date: "2026-01-05", total_cost: 10, attributed_revenue: 100, seasonality: null },
    { conversion_date: "2026-01-19", total_cost: 30, attributed_revenue: 250, seasonality: "Summer" },
  ],
};

describe("segmentsOf", () => {
  it("offers one checkbox per seasonality type, in the list's order, then Untagged", () => {
    expect(segmentsOf([{ id: 2, name: "Summer", weeks: [] }, { id: 1, name: "Black Friday", weeks: ["2026-01-12"] }])).toEqual([
      { key: "Summer", label: "Summer" },
      { key: "Black Friday", label: "Black Friday" },
      { key: untaggedSegment, label: "Untagged" },
    ]);
  });
  it("offers Untagged alone without types", () => expect(segmentsOf([])).toEqual([{ key: untaggedSegment, label: "Untagged" }]));
});

describe("shownWeeks", () => {
  it.each([
    ["every segment shown: all weeks in date order", [], ["2026-01-05", "2026-01-12", "2026-01-19"]],
    ["Untagged hidden", [untaggedSegment], ["2026-01-12", "2026-01-19"]],
    ["two types hidden", ["Summer", "Black Friday"], ["2026-01-05"]],
    ["everything hidden", ["Summer", "Black Friday", untaggedSegment], []],
  ] as const)("%s", (_name, hidden, dates) => {
    expect(shownWeeks(series, hidden).map((w) => w.date)).toEqual(dates);
  });
  it("has no weeks without a series", () => expect(shownWeeks(null, [])).toEqual([]));
  it("names the untagged segment in the table's rows", () => {
    expect(tableRowsOf(shownWeeks(series, [])).map((r) => r.seasonality)).toEqual(["Untagged", "Black Friday", "Summer"]);
  });
});

describe("chosenSeries", () => {
  const level = [series, { name: "Direct", data: [] }];
  it.each([
    ["no choice: the first", null, "Email"],
    ["a named choice", "Direct", "Direct"],
    ["a name the level lacks", "Display", null],
  ] as const)("%s", (_name, selected, expected) => expect(chosenSeries(level, selected)?.name ?? null).toBe(expected));
  it("has none on an empty level", () => expect(chosenSeries([], null)).toBeNull());
});

describe("readWhatIfSpend", () => {
  it.each([
    ["1500", 1500],
    ["1,500.50", 1500.5],
    [" £2 000 ", 2000],
    ["0", null],
    ["-5", null],
    ["abc", null],
    ["", null],
    ["1e5", null],
    ["12.", null],
  ] as const)("'%s' reads %s", (text, expected) => expect(readWhatIfSpend(text)).toBe(expected));
});

describe("segment choices", () => {
  const segments = segmentsOf([{ id: 1, name: "Summer", weeks: [] }]);
  it("keeps only offered, distinct hidden segments", () => {
    expect(knownHidden(["Summer", "Gone", "Summer", untaggedSegment], segments)).toEqual(["Summer", untaggedSegment]);
  });
  it("toggles a segment off and on", () => {
    expect(toggleSegment([], "Summer")).toEqual(["Summer"]);
    expect(toggleSegment(["Summer", untaggedSegment], "Summer")).toEqual([untaggedSegment]);
  });
});
