import { describe, expect, it } from "vitest";
import { funnelDrillQuery, funnelQueryShape, type FunnelChoices } from "../../../src/domain/funnel/funnelQuery";
import { funnelDefaultColumns } from "../../../src/domain/funnel/funnelReport";
import { initiatorDrillQuery, initiatorQueryShape } from "../../../src/domain/initiatorRating/initiatorRatingQuery";
import { readReportQuery, withReportQuery } from "../../../src/domain/report/reportQuery";

const choices = (over: Partial<FunnelChoices> = {}): FunnelChoices => ({
  mode: "revenue",
  sort: "solo_revenue",
  direction: "desc",
  page: 3,
  columns: funnelDefaultColumns,
  ...over,
});

describe("funnelQueryShape: a funnel link's choices", () => {
  it.each<[string, ReadonlyArray<string>, string, Partial<FunnelChoices>]>([
    ["no query: the defaults (the level's column A to Z)", ["Email"], "", { mode: "revenue", sort: "taxonomy_2", direction: "asc", page: 1 }],
    ["every choice", [], "mode=credit&sort=lower_funnel_credit&direction=desc&page=4&columns=solo_credit,solo_revenue", { mode: "credit", sort: "lower_funnel_credit", direction: "desc", page: 4, columns: ["solo_credit", "solo_revenue"] }],
    ["another level's column is no sort here", ["Email"], "sort=taxonomy_1", { sort: "taxonomy_2" }],
    ["unknown columns dropped, repeats once", [], "columns=clicks,mid_funnel_credit,mid_funnel_credit", { columns: ["mid_funnel_credit"] }],
  ])("%s", (_, path, query, expected) => {
    expect(readReportQuery(query, funnelQueryShape(path))).toMatchObject(expected);
  });

  it("writes nothing for the defaults and reads back what it writes", () => {
    const shape = funnelQueryShape([]);
    expect(withReportQuery("program=northwind", shape, readReportQuery("", shape))).toBe("program=northwind");
    const chosen = choices({ mode: "revenue_percent", columns: ["upper_funnel_credit", "solo_revenue"] });
    expect(readReportQuery(withReportQuery("", shape, chosen), shape)).toEqual(chosen);
  });
});

describe("drill-down links keep the mode and the columns, not the sort or the page", () => {
  it.each<[string, FunnelChoices, string]>([
    ["defaults: no query", choices({ mode: "revenue" }), ""],
    ["credit mode", choices({ mode: "credit" }), "mode=credit"],
    ["percent mode and two columns", choices({ mode: "revenue_percent", columns: ["solo_credit", "mid_funnel_revenue"] }), "mode=revenue_percent&columns=solo_credit%2Cmid_funnel_revenue"],
  ])("funnel: %s", (_, chosen, expected) => {
    expect(funnelDrillQuery(chosen, ["Email"])).toBe(expected);
  });

  it.each<[ReadonlyArray<string>, string]>([
    [["upper_solo_revenue", "total_funnel_revenue", "upper_solo_revenue_percent"], ""],
    [["mid_lower_revenue"], "columns=mid_lower_revenue"],
  ])("initiator: columns %j → '%s'", (columns, expected) => {
    const shape = initiatorQueryShape([]);
    expect(initiatorDrillQuery({ ...readReportQuery("", shape), sort: "upper_solo_revenue", page: 2, columns }, ["Email"])).toBe(expected);
  });
});
