import { describe, expect, it } from "vitest";
import { decodeReportLink, performanceQueryLink, readReportLink, reportLinkParams, withReportLink, type ReportChoices } from "../../../src/domain/performance/reportLink";

const stored: ReportChoices = {
  interval: "day",
  chartType: "area",
  metricOne: "clicks",
  metricTwo: "attributed_revenue",
  filter: "default",
  comparison: null,
  columns: ["total_cost", "clicks", "attributed_revenue"],
  sort: { column: "attributed_revenue", direction: "desc" },
  paging: { page: 1, perPage: 10 },
  notesShown: true,
  notesTableOpen: false,
  searchFilter: null,
};

/** The taxonomy-two table's rows-per-page options. */
const offered = [10, 15, 30];

const chosen: ReportChoices = {
  interval: "week",
  chartType: "bar",
  metricOne: "total_cost",
  metricTwo: "roas",
  filter: "returning",
  comparison: { from: "2026-09-01", to: "2026-09-30" },
  columns: ["roas", "total_cost", "cpa"],
  sort: { column: "taxonomy_1", direction: "asc" },
  paging: { page: 3, perPage: 30 },
  notesShown: false,
  notesTableOpen: true,
  searchFilter: null,
};

describe("report link: every choice survives serialise → parse", () => {
  it.each<[string, Partial<ReportChoices>]>([
    ["the interval (week)", { interval: "week" }],
    ["the interval (month)", { interval: "month" }],
    ["the chart type", { chartType: "bar" }],
    ["the chart metrics", { metricOne: "impressions", metricTwo: "cpa" }],
    ["the named filter", { filter: "new" }],
    ["Compare on with its dates", { comparison: { from: "2025-10-01", to: "2025-10-31" } }],
    ["Compare on for one day", { comparison: { from: "2025-10-01", to: "2025-10-01" } }],
    ["the columns, in their order", { columns: ["cpa", "clicks", "total_cost"] }],
    ["one column", { columns: ["proportional_credit"] }],
    ["the sort column and direction", { sort: { column: "clicks", direction: "asc" } }],
    ["a sort by a taxonomy level", { sort: { column: "taxonomy_3", direction: "desc" } }],
    ["the page", { paging: { page: 2, perPage: 10 } }],
    ["rows per page", { paging: { page: 1, perPage: 15 } }],
    ["a far page with 30 a page", { paging: { page: 12, perPage: 30 } }],
    ["'Campaign Notes' off", { notesShown: false }],
    ["the notes table open", { notesTableOpen: true }],
    ["the default notes toggles (read back against non-default ones)", {}],
    ["every choice at once", chosen],
  ])("%s", (_, change) => {
    const choices = { ...stored, ...change };
    // Read against other fallbacks: what comes back must be the link's, not the fallback's.
    expect(readReportLink(withReportLink("", choices), { ...chosen, comparison: null, interval: "month" }, offered)).toEqual(choices);
  });

  it("keeps every other parameter (program and dates) and writes each choice once", () => {
    const search = withReportLink("program=bluepeak&date_from=2026-10-01&date_to=2026-10-31&interval=day", chosen);
    const q = new URLSearchParams(search);
    expect(q.get("program")).toBe("bluepeak");
    expect(q.get("date_from")).toBe("2026-10-01");
    expect(q.getAll("interval")).toEqual(["week"]);
  });

  it("removes the comparison dates when Compare is turned off", () => {
    const on = withReportLink("", chosen);
    const off = withReportLink(on, { ...chosen, comparison: null });
    expect(new URLSearchParams(off).has("compare_from")).toBe(false);
    expect(new URLSearchParams(off).has("compare_to")).toBe(false);
    expect(readReportLink(off, stored).comparison).toBeNull();
  });

  it("names each part readably", () => {
    expect(reportLinkParams(chosen)).toEqual({
      interval: "week",
      chart: "bar",
      metrics: "total_cost,roas",
      filter: "returning",
      compare_from: "2026-09-01",
      compare_to: "2026-09-30",
      columns: "roas,total_cost,cpa",
      sort: "taxonomy_1",
      order: "asc",
      page: "3",
      per_page: "30",
      notes: "off",
      notes_table: "on",
    });
  });

  it("writes the notes toggles only when not the default, and no paging on a page without a table", () => {
    const q = new URLSearchParams(withReportLink("", { ...stored, paging: null }));
    expect(["page", "per_page", "notes", "notes_table"].filter((k) => q.has(k))).toEqual([]);
    expect(readReportLink(q.toString(), { ...stored, paging: null }, offered).paging).toBeNull();
  });

  it("removes the notes toggles when they are set back, and the paging when the page has no table", () => {
    const chosenLink = withReportLink("program=bluepeak", chosen);
    const back = new URLSearchParams(withReportLink(chosenLink, { ...chosen, paging: null, notesShown: true, notesTableOpen: false }));
    expect(["page", "per_page", "notes", "notes_table"].filter((k) => back.has(k))).toEqual([]);
    expect(back.get("program")).toBe("bluepeak");
  });

  it("writes page 1 when the page goes back to 1", () => {
    const onTwo = withReportLink("", { ...stored, paging: { page: 2, perPage: 10 } });
    expect(new URLSearchParams(withReportLink(onTwo, stored)).get("page")).toBe("1");
  });
});

describe("report link: a missing or bad part falls back to the stored choice", () => {
  it.each<[string, string, Partial<ReportChoices>]>([
    ["no query", "", {}],
    ["an unknown interval", "interval=year", {}],
    ["an interval in capitals", "interval=Week", {}],
    ["an unknown chart type", "chart=pie", {}],
    ["one metric only", "metrics=clicks", {}],
    ["the same metric twice", "metrics=clicks,clicks", {}],
    ["an unknown metric", "metrics=clicks,hacks", {}],
    ["three metrics", "metrics=clicks,cpa,roas", {}],
    ["an unknown filter", "filter=everyone", {}],
    ["a reversed comparison range (Compare stays off)", "compare_from=2026-10-10&compare_to=2026-10-01", {}],
    ["a comparison start only", "compare_from=2026-10-01", {}],
    ["an impossible comparison date", "compare_from=2026-02-30&compare_to=2026-03-01", {}],
    ["no known column", "columns=evil,%3Cscript%3E", {}],
    ["empty columns", "columns=", {}],
    ["unknown and repeated columns dropped", "columns=cpa,evil,cpa,clicks", { columns: ["cpa", "clicks"] }],
    ["an unknown sort column", "sort=password&order=asc", { sort: { column: "attributed_revenue", direction: "asc" } }],
    ["an unknown direction", "sort=clicks&order=up", { sort: { column: "clicks", direction: "desc" } }],
    ["a taxonomy level out of range", "sort=taxonomy_5", {}],
    ["page 0", "page=0", {}],
    ["a negative page", "page=-2", {}],
    ["a fractional page", "page=1.5", {}],
    ["a page with a leading zero", "page=02", {}],
    ["a page in words", "page=two", {}],
    ["an absurdly large page", "page=99999999999", {}],
    ["an empty page", "page=", {}],
    ["rows per page not offered", "per_page=20", {}],
    ["rows per page not a number", "per_page=all", {}],
    ["rows per page 0", "per_page=0", {}],
    ["rows per page with spaces", "per_page=%2015", {}],
    ["a bad page keeps good rows per page", "page=x&per_page=30", { paging: { page: 1, perPage: 30 } }],
    ["notes neither on nor off", "notes=hidden", {}],
    ["notes in capitals", "notes=OFF", {}],
    ["the notes table neither on nor off", "notes_table=1", {}],
  ])("%s", (_, search, change) => {
    expect(readReportLink(search, stored, offered)).toEqual({ ...stored, ...change });
  });

  it("rows per page only from the table's own options", () => {
    expect(readReportLink("per_page=30", { ...stored, paging: { page: 1, perPage: 15 } }, [15]).paging).toEqual({ page: 1, perPage: 15 });
  });

  it("the notes toggles from a link or as by default, never from the fallback", () => {
    expect(readReportLink("", { ...stored, notesShown: false, notesTableOpen: true }, offered)).toMatchObject({ notesShown: true, notesTableOpen: false });
    expect(readReportLink("notes=on&notes_table=off", stored, offered)).toMatchObject({ notesShown: true, notesTableOpen: false });
  });

  it("never turns Compare on from the fallback: a link without comparison dates is off", () => {
    expect(readReportLink("interval=week", { ...stored, comparison: { from: "2026-01-01", to: "2026-01-31" } }).comparison).toBeNull();
  });
});

describe("report link: the search results' Filter and paging", () => {
  /** A search results page: its paging (15 a page, the only option) and no unticked leaf by default. */
  const search: ReportChoices = { ...stored, paging: { page: 1, perPage: 15 }, searchFilter: [] };
  const leaf = (...levels: string[]) => levels.join("\u001f");

  it.each<[string, Partial<ReportChoices>]>([
    ["one unticked leaf", { searchFilter: [leaf("Paid Search", "Brand")] }],
    ["leaves at every depth, with commas, slashes and spaces", { searchFilter: [leaf("Display"), leaf("Paid Search", "Brand, Shoes", "a/b", "Q4 & more")] }],
    ["the page with a filter", { paging: { page: 4, perPage: 15 }, searchFilter: [leaf("Email", "News")] }],
    ["no unticked leaf", { searchFilter: [] }],
  ])("round trip: %s", (_, change) => {
    const choices = { ...search, ...change };
    expect(readReportLink(withReportLink("", choices), search, [15])).toEqual(choices);
  });

  it("writes no search_filter while every leaf is ticked, and removes it when the Filter is reset", () => {
    expect(reportLinkParams(search)).not.toHaveProperty("search_filter");
    const filtered = withReportLink("program=bluepeak", { ...search, searchFilter: [leaf("Display")] });
    expect(new URLSearchParams(filtered).get("search_filter")).toBe("Display");
    const reset = new URLSearchParams(withReportLink(filtered, search));
    expect(reset.has("search_filter")).toBe(false);
    expect(reset.get("program")).toBe("bluepeak");
  });

  it.each<[string, string, Partial<ReportChoices>]>([
    ["an empty level is dropped", `search_filter=${encodeURIComponent(`${leaf("Display")}\u001e${leaf("Email", "")}`)}`, { searchFilter: [leaf("Display")] }],
    ["a path deeper than four levels is dropped", `search_filter=${encodeURIComponent(leaf("a", "b", "c", "d", "e"))}`, { searchFilter: [] }],
    ["an empty filter", "search_filter=", { searchFilter: [] }],
    ["a leaf named twice counts once", `search_filter=${encodeURIComponent(`${leaf("Display")}\u001e${leaf("Display")}`)}`, { searchFilter: [leaf("Display")] }],
    ["rows per page not offered and a bad page fall back", "page=0&per_page=30", { paging: { page: 1, perPage: 15 } }],
  ])("bad values: %s", (_, query, expected) => {
    expect(readReportLink(query, search, [15])).toEqual({ ...search, ...expected });
  });

  it("reads no Filter on a page without search results", () => {
    expect(readReportLink(`search_filter=Display`, stored, offered).searchFilter).toBeNull();
    expect(reportLinkParams({ ...stored, searchFilter: null })).not.toHaveProperty("search_filter");
  });
});

describe("report link: decoded with the report's query Schema, each invalid key dropped and named", () => {
  it.each<[string, string, Partial<ReportChoices>, ReadonlyArray<string>]>([
    ["a valid link", "interval=week&chart=bar&metrics=clicks,cpa&filter=new&sort=clicks&order=asc&page=2&per_page=30&notes=off&notes_table=on", { interval: "week", chartType: "bar", metricOne: "clicks", metricTwo: "cpa", filter: "new", sort: { column: "clicks", direction: "asc" }, paging: { page: 2, perPage: 30 }, notesShown: false, notesTableOpen: true }, []],
    ["the session's parameters are neither read nor dropped", "program=x&date_from=nope&tab=other", {}, []],
    ["an unknown interval", "interval=year", {}, ["interval"]],
    ["an empty chart type", "chart=", {}, ["chart"]],
    ["metrics with a trailing comma", "metrics=clicks,", {}, ["metrics"]],
    ["metrics named in capitals", "metrics=CLICKS,CPA", {}, ["metrics"]],
    ["a filter with a space", "filter=%20new", {}, ["filter"]],
    ["a comparison date that is no date, with a good end", "compare_from=soon&compare_to=2026-10-01", {}, ["compare_from", "compare_to"]],
    ["a comparison end only", "compare_to=2026-10-01", {}, ["compare_to"]],
    ["comparison dates out of order", "compare_from=2026-10-10&compare_to=2026-10-01", {}, ["compare_from", "compare_to"]],
    ["a comparison date with a time", "compare_from=2026-10-01T00:00&compare_to=2026-10-02", {}, ["compare_from", "compare_to"]],
    ["good comparison dates", "compare_from=2026-10-01&compare_to=2026-10-02", { comparison: { from: "2026-10-01", to: "2026-10-02" } }, []],
    ["columns that are all unknown", "columns=%3Cscript%3E", {}, ["columns"]],
    ["some unknown columns are left out, not dropped", "columns=cpa,evil", { columns: ["cpa"] }, []],
    ["a sort by a column that is no metric", "sort=password", {}, ["sort"]],
    ["a direction in capitals", "order=ASC", {}, ["order"]],
    ["a page in exponent notation", "page=1e3", {}, ["page"]],
    ["a page past 999,999", "page=1000000", {}, ["page"]],
    ["rows per page the table does not offer", "per_page=50", {}, ["per_page"]],
    ["notes as a number", "notes=0", {}, ["notes"]],
    ["the notes table as yes", "notes_table=yes", {}, ["notes_table"]],
    ["every key invalid, named in the link's order", "notes_table=x&page=x&interval=x&per_page=x&chart=x", {}, ["interval", "chart", "page", "per_page", "notes_table"]],
    ["a search filter is never refused whole", `search_filter=${encodeURIComponent("\u001f\u001e")}`, {}, []],
  ])("%s", (_name, search, change, dropped) => {
    expect(decodeReportLink(search, stored, offered)).toEqual({ choices: { ...stored, ...change }, dropped });
  });

  it.each([
    ["nothing dropped: no message", "interval=week&per_page=15", null],
    ["one key", "interval=year", "This link's interval could not be read, so the default is shown."],
    ["the comparison's two dates", "compare_from=2026-10-10&compare_to=2026-10-01", "This link's compare_from and compare_to could not be read, so the defaults are shown."],
    ["rows per page any of the report's tables offers", "per_page=10", null],
    ["rows per page none of them offers", "per_page=11", "This link's per_page could not be read, so the default is shown."],
  ] as const)("the toast for a shared link: %s", (_name, search, message) => {
    expect(performanceQueryLink.unreadable(search)).toBe(message);
  });

  // Links people already have: the same parameter names and values open the same view.
  it.each([
    ["a week chart compared with September", "program=northwind&date_from=2026-10-01&date_to=2026-10-31&interval=week&chart=bar&metrics=total_cost%2Croas&filter=returning&compare_from=2026-09-01&compare_to=2026-09-30&columns=roas%2Ctotal_cost%2Ccpa&sort=taxonomy_1&order=asc&page=3&per_page=30&notes=off&notes_table=on", chosen],
    ["the stored choices written out", "interval=day&chart=area&metrics=clicks%2Cattributed_revenue&filter=default&columns=total_cost%2Cclicks%2Cattributed_revenue&sort=attributed_revenue&order=desc&page=1&per_page=10", stored],
  ] as const)("an existing link: %s", (_name, search, expected) => {
    expect(readReportLink(search, { ...stored, interval: "month", chartType: "bar" }, offered)).toEqual(expected);
    const written = withReportLink("", expected);
    const params = [...new URLSearchParams(search)].filter(([key]) => !["program", "date_from", "date_to"].includes(key));
    expect([...new URLSearchParams(written)]).toEqual(params);
  });
});
