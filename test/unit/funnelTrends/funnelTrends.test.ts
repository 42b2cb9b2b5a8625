import { describe, expect, it } from "vitest";
import {
  checkTrendSeries,
  chosenTrend,
  defaultTrendColumns,
  fillMissingDays,
  knownTrendColumns,
  refusalMessages,
  toggleTrendColumn,
  trendFields,
  zeroPoint,
} from "../../../src/domain/funnelTrends/funnelTrends";

const point = (date: string, revenue = 10) => ({
  ...zeroPoint(date),
  solo_revenue: revenue,
  solo_revenue_percent: 100,
});

describe("checkTrendSeries", () => {
  it.each([
    ["a good series is kept", [{ name: "Email", data: [point("2026-01-01")] }], ["Email"], []],
    ["children are kept with it", [{ name: "Email", children: ["A"], data: [] }], ["Email"], []],
    ["an empty name is refused", [{ name: "", data: [] }], [], [{ name: null, problem: "name: Expected a non empty string, actual \"\"" }]],
    ["a text where a number belongs is refused, the others kept", [{ name: "Email", data: [point("2026-01-01")] }, { name: "SEO", data: [{ ...point("2026-01-01"), mid_funnel_revenue: "12" }] }], ["Email"], [{ name: "SEO", problem: "data.0.mid_funnel_revenue: Expected number, actual \"12\"" }]],
    ["an empty date is refused", [{ name: "SEO", data: [{ ...point("2026-01-01"), conversion_date: "" }] }], [], [{ name: "SEO", problem: "data.0.conversion_date: Expected a non empty string, actual \"\"" }]],
    ["a missing field is refused", [{ name: "SEO", data: [{ conversion_date: "2026-01-01" }] }], [], [{ name: "SEO", problem: "data.0.solo_revenue: is missing" }]],
    ["something that is not a series is refused", [42, null, ["x"]], [], [0, 1, 2].map(() => ({ name: null, problem: "not a series (an object with a name and its data)" }))],
  ] as const)("%s", (_name, data, kept, refused) => {
    const checked = checkTrendSeries(data);
    expect(checked.series.map((s) => s.name)).toEqual(kept);
    expect(checked.refused).toEqual(refused);
  });

  it("words each refusal as one line naming the series", () => {
    expect(refusalMessages([{ name: "SEO", problem: "data.0.solo_revenue: is missing" }, { name: null, problem: "name: is missing" }])).toEqual([
      "'SEO' was refused: data.0.solo_revenue: is missing.",
      "A series without a name was refused: name: is missing.",
    ]);
  });
});

describe("fillMissingDays", () => {
  it.each([
    ["days missing in the middle and at both ends get zero rows", [point("2026-01-02", 5), point("2026-01-04", 7)], "2026-01-01", "2026-01-05", [0, 5, 0, 7, 0]],
    ["a full series is unchanged", [point("2026-01-01", 1), point("2026-01-02", 2)], "2026-01-01", "2026-01-02", [1, 2]],
    ["days outside the range are dropped", [point("2025-12-31", 9), point("2026-01-01", 1)], "2026-01-01", "2026-01-01", [1]],
    ["an empty series is all zero rows", [], "2026-02-27", "2026-03-01", [0, 0, 0]],
    ["a day sent twice keeps its first row", [point("2026-01-01", 1), point("2026-01-01", 2)], "2026-01-01", "2026-01-01", [1]],
  ] as const)("%s", (_name, points, from, to, revenue) => {
    const filled = fillMissingDays(points, from, to);
    expect(filled.map((p) => p.solo_revenue)).toEqual(revenue);
    expect(filled.map((p) => p.conversion_date)).toEqual(filled.map((p) => p.conversion_date).slice().sort());
  });
  it("fills a zero row with every funnel field at 0", () => {
    const row = fillMissingDays([], "2026-01-01", "2026-01-01")[0]!;
    expect(Object.entries(row).filter(([k]) => k !== "conversion_date").every(([, v]) => v === 0)).toBe(true);
    expect(Object.keys(row)).toHaveLength(13);
  });
});

describe("trend columns", () => {
  it("defaults to the four percent columns", () => {
    expect(defaultTrendColumns).toEqual(["solo_revenue_percent", "upper_funnel_revenue_percent", "mid_funnel_revenue_percent", "lower_funnel_revenue_percent"]);
  });
  it("draws the four revenue fields in revenue mode", () => {
    expect(trendFields("revenue")).toEqual(["solo_revenue", "upper_funnel_revenue", "mid_funnel_revenue", "lower_funnel_revenue"]);
  });
  it.each([
    ["unknown columns dropped, standard order", ["mid_funnel_credit", "bogus", "solo_revenue"], ["solo_revenue", "mid_funnel_credit"]],
    ["nothing known: the default", ["bogus"], defaultTrendColumns],
  ] as const)("%s", (_name, columns, expected) => expect(knownTrendColumns(columns)).toEqual(expected));
  it("toggles columns, never hiding the last", () => {
    expect(toggleTrendColumn(["solo_revenue_percent"], "solo_revenue")).toEqual(["solo_revenue", "solo_revenue_percent"]);
    expect(toggleTrendColumn(["solo_revenue", "solo_revenue_percent"], "solo_revenue")).toEqual(["solo_revenue_percent"]);
    expect(toggleTrendColumn(["solo_revenue_percent"], "solo_revenue_percent")).toEqual(["solo_revenue_percent"]);
  });
  it("chooses the selected series, else the first", () => {
    const level = [{ name: "A", data: [] }, { name: "B", data: [] }];
    expect(chosenTrend(level, null)?.name).toBe("A");
    expect(chosenTrend(level, "B")?.name).toBe("B");
    expect(chosenTrend(level, "C")).toBeNull();
  });
});
