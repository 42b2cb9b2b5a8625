import { describe, expect, it } from "vitest";
import { Schema } from "effect";
import { consentQueryLink } from "../../../src/domain/connections/connections";
import { unreadableDraftKeys } from "../../../src/domain/customReports/reportDraft";
import { diminishingQuery } from "../../../src/domain/diminishingReturns/diminishingQuery";
import { journeysQueryShape } from "../../../src/domain/journeys/journeysQuery";
import { unreadableReportLinkKeys } from "../../../src/domain/performance/reportLink";
import {
  decodeReportQuery,
  historyEntryOf,
  numberOfChoice,
  oneOfChoice,
  pageChoice,
  pushingHistory,
  queryChoice,
  readReportQuery,
  reportQueryDefaults,
  reportQueryLink,
  reportQuerySchema,
  withReportQuery,
  type ReportQueryShape,
} from "../../../src/domain/report/reportQuery";
import { reportTexts } from "../../../src/domain/report/reportTexts";

interface Choices {
  readonly mode: "lcr" | "spend";
  readonly page: number;
  readonly perPage: number;
}

const shape: ReportQueryShape<Choices> = {
  mode: oneOfChoice("comparisonMetric", ["lcr", "spend"], "lcr"),
  page: pageChoice(),
  perPage: numberOfChoice("per_page", [8, 16, 32]),
};

describe("readReportQuery", () => {
  it.each([
    ["", { mode: "lcr", page: 1, perPage: 8 }],
    ["comparisonMetric=spend&page=3&per_page=32", { mode: "spend", page: 3, perPage: 32 }],
    ["comparisonMetric=roas&page=0&per_page=10", { mode: "lcr", page: 1, perPage: 8 }],
    ["page=01&per_page=16", { mode: "lcr", page: 1, perPage: 16 }],
    ["page=-2", { mode: "lcr", page: 1, perPage: 8 }],
    ["page=2.5&comparisonMetric=", { mode: "lcr", page: 1, perPage: 8 }],
    ["program=nw&date_from=2026-01-01&page=12", { mode: "lcr", page: 12, perPage: 8 }],
  ])("%s reads as %o", (search, expected) => {
    expect(readReportQuery(search, shape)).toEqual(expected);
  });

  it("reads the defaults from an empty query", () => {
    expect(readReportQuery("", shape)).toEqual(reportQueryDefaults(shape));
  });
});

describe("withReportQuery", () => {
  it.each([
    ["", { mode: "lcr", page: 1, perPage: 8 }, ""],
    ["", { mode: "spend", page: 2, perPage: 16 }, "comparisonMetric=spend&page=2&per_page=16"],
    ["program=nw&page=4", { mode: "lcr", page: 1, perPage: 8 }, "program=nw"],
    ["program=nw&date_from=2026-01-01", { mode: "lcr", page: 5, perPage: 8 }, "program=nw&date_from=2026-01-01&page=5"],
  ] as const)("%s with %o is %s", (search, choices, expected) => {
    expect(withReportQuery(search, shape, choices)).toBe(expected);
  });

  // A choice whose Schema refuses its own default or the value as typed (the what-if spend:
  // "" for none, "lots" while typing) is left out of the query rather than failing the screen.
  it.each([
    ["no what-if", "", "program=nw"],
    ["a what-if being typed", "lots", "program=nw"],
    ["a what-if spend", "1,500", "program=nw&what_if=1500"],
  ] as const)("diminishing returns with %s writes %s", (_name, whatIf, expected) => {
    const choices = { hiddenSeasons: [], untagged: true, page: 1, perPage: diminishingQuery.perPage.fallback, whatIf };
    expect(withReportQuery("program=nw", diminishingQuery, choices)).toBe(expected);
  });

  it("round-trips every choice", () => {
    const choices: Choices = { mode: "spend", page: 7, perPage: 32 };
    expect(readReportQuery(withReportQuery("program=x", shape, choices), shape)).toEqual(choices);
  });
});

describe("decodeReportQuery: valid keys kept, each invalid one dropped and named", () => {
  it.each([
    ["valid values", "comparisonMetric=spend&page=3&per_page=32", { mode: "spend", page: 3, perPage: 32 }, []],
    ["no query", "", { mode: "lcr", page: 1, perPage: 8 }, []],
    ["a word not offered", "comparisonMetric=roas&page=2", { mode: "lcr", page: 2, perPage: 8 }, ["comparisonMetric"]],
    ["an empty word", "comparisonMetric=&per_page=16", { mode: "lcr", page: 1, perPage: 16 }, ["comparisonMetric"]],
    ["page 0", "page=0", { mode: "lcr", page: 1, perPage: 8 }, ["page"]],
    ["a negative page", "page=-2", { mode: "lcr", page: 1, perPage: 8 }, ["page"]],
    ["a fraction", "page=2.5", { mode: "lcr", page: 1, perPage: 8 }, ["page"]],
    ["a leading zero", "page=01", { mode: "lcr", page: 1, perPage: 8 }, ["page"]],
    ["a page past 999,999", "page=1000000", { mode: "lcr", page: 1, perPage: 8 }, ["page"]],
    ["rows per page not offered", "per_page=10", { mode: "lcr", page: 1, perPage: 8 }, ["per_page"]],
    ["every key invalid, in the shape's order", "per_page=x&page=x&comparisonMetric=x", { mode: "lcr", page: 1, perPage: 8 }, ["comparisonMetric", "page", "per_page"]],
    ["unknown keys are never read nor dropped", "program=nw&date_from=2026-01-01&tab=other&page=12", { mode: "lcr", page: 12, perPage: 8 }, []],
  ] as const)("%s: %s", (_name, search, choices, dropped) => {
    expect(decodeReportQuery(search, shape)).toEqual({ choices, dropped });
  });

  it.each([
    ["a JSON filter that is not JSON", "journey_search=%7Bfirst", journeysQueryShape, ["journey_search"]],
    ["a JSON filter of the wrong shape", "journey_search=%7B%22first%22%3A3%7D", journeysQueryShape, ["journey_search"]],
    ["a path that is not a path", "path=%5B1%2C2%5D", journeysQueryShape, ["path"]],
    ["a level not offered", "level=1&sort=journey_length", journeysQueryShape, ["level"]],
    ["on/off that is neither", "untagged=maybe", diminishingQuery, ["untagged"]],
    ["names that are not texts", "hide_seasons=%5B1%5D", diminishingQuery, ["hide_seasons"]],
    ["a what-if that is no spend", "what_if=lots", diminishingQuery, ["what_if"]],
  ] as const)("%s is dropped with its key", (_name, search, queryShape, dropped) => {
    expect(decodeReportQuery(search, queryShape as ReportQueryShape<unknown>).dropped).toEqual(dropped);
  });

  it("is one Schema of optional keys with defaults", () => {
    const decode = Schema.decodeUnknownSync(reportQuerySchema(shape));
    expect(decode({})).toEqual(reportQueryDefaults(shape));
    expect(decode({ mode: "spend", perPage: "16" })).toEqual({ mode: "spend", page: 1, perPage: 16 });
    expect(() => decode({ page: "0" })).toThrow();
  });

  it("names the dropped keys to the person", () => {
    expect(reportTexts.toasts.unreadableLink(["page"])).toBe("This link's page could not be read, so the default is shown.");
    expect(reportTexts.toasts.unreadableLink(["sort", "page", "per_page"])).toBe("This link's sort, page and per_page could not be read, so the defaults are shown.");
  });
});

describe("reportQueryLink: what the screen frame reads and writes", () => {
  const link = reportQueryLink(shape);
  it.each([
    ["defaults are left out", "", { mode: "lcr", page: 1, perPage: 8 }, ""],
    ["a choice replaces the link's invalid value", "page=x&program=nw", { mode: "lcr", page: 2, perPage: 8 }, "page=2&program=nw"],
    ["unknown keys are kept untouched, in place", "z=%E2%9C%93&comparisonMetric=spend&a=1", { mode: "lcr", page: 1, perPage: 8 }, "z=%E2%9C%93&a=1"],
  ] as const)("%s", (_name, search, choices, expected) => {
    expect(link.written(search, choices)).toBe(expected);
  });

  it("tells the person the keys it drops, and nothing of a link it reads whole", () => {
    expect(link.unreadable("page=x&per_page=16")).toBe("This link's page could not be read, so the default is shown.");
    expect(link.unreadable("page=2&per_page=16&other=x")).toBeNull();
  });
});

describe("historyEntryOf: which changes push a history entry and which replace it", () => {
  interface Tabbed {
    readonly tab: "visual" | "tabular";
    readonly sort: "name" | "revenue";
    readonly page: number;
    readonly search: string;
  }
  /** A tab pushes (Back undoes it); a sort, a page and a typed search replace. */
  const tabbed: ReportQueryShape<Tabbed> = {
    tab: pushingHistory(oneOfChoice("tab", ["visual", "tabular"], "visual")),
    sort: oneOfChoice("sort", ["name", "revenue"], "name"),
    page: pageChoice(),
    search: queryChoice("search", Schema.String, ""),
  };
  it.each([
    ["a tab chosen", "", "tab=tabular", "push"],
    ["a tab chosen back to its default", "tab=tabular", "", "push"],
    ["a tab chosen with the page reset", "tab=tabular&page=3", "page=1", "push"],
    ["a sort", "tab=tabular", "tab=tabular&sort=revenue", "replace"],
    ["a page", "sort=revenue", "sort=revenue&page=2", "replace"],
    ["a typed search", "search=sho", "search=shoe", "replace"],
    ["nothing of the shape (the session's dates)", "date_from=2026-01-01", "date_from=2026-02-01", "replace"],
    ["a link's unreadable tab written over by its default", "tab=bogus&program=nw", "program=nw", "replace"],
    ["the default tab written out", "tab=visual", "", "replace"],
  ] as const)("%s: %s → %s %s", (_name, from, to, entry) => {
    expect(historyEntryOf(tabbed, from, to)).toBe(entry);
    expect(reportQueryLink(tabbed).entry?.(from, to)).toBe(entry);
  });

  it("every choice of a shape replaces unless it is made to push", () => {
    expect(Object.values(shape).map((choice) => (choice as { history: string }).history)).toEqual(["replace", "replace", "replace"]);
    expect(tabbed.tab.history).toBe("push");
  });

  it("reads the choices of a query Back or Forward brings", () => {
    expect(reportQueryLink(tabbed).read?.("tab=tabular&page=x&program=nw")).toEqual({ tab: "tabular", sort: "name", page: 1, search: "" });
  });
});

describe("the other screens' links", () => {
  it.each([
    ["a valid link", "interval=week&chart=bar&metrics=clicks,attributed_revenue&order=asc&page=2&per_page=30&notes=off", []],
    ["unknown words", "interval=hour&chart=pie&filter=vip&order=up", ["interval", "chart", "filter", "order"]],
    ["one metric, or the same one twice", "metrics=clicks", ["metrics"]],
    ["no known column", "columns=nope,nada", ["columns"]],
    ["an unknown sort column", "sort=taxonomy_5", ["sort"]],
    ["comparison dates out of order", "compare_from=2026-02-01&compare_to=2026-01-01", ["compare_from", "compare_to"]],
    ["a page and rows per page no table offers", "page=0&per_page=20", ["page", "per_page"]],
    ["notes toggles that are neither on nor off", "notes=no&notes_table=yes", ["notes", "notes_table"]],
  ] as const)("performance: %s", (_name, search, dropped) => {
    expect(unreadableReportLinkKeys(search, [10, 15, 30])).toEqual(dropped);
  });

  it.each([
    ["a valid draft", "name=X&level=taxonomy_2&rules=%5B%5D", []],
    ["an unknown level", "level=taxonomy_9", ["level"]],
    ["rules that are not JSON", "rules=%5B", ["rules"]],
    ["a rule that is no rule", "rules=%5B%7B%22field%22%3A%22x%22%7D%5D", ["rules"]],
  ] as const)("custom report draft: %s", (_name, search, dropped) => {
    expect(unreadableDraftKeys(search)).toEqual(dropped);
  });

  it("the consent page's return stays while held and leaves once settled", () => {
    expect(consentQueryLink.written("program=nw&code=c&state=s", { code: "c", state: "s" })).toBe("program=nw&code=c&state=s");
    expect(consentQueryLink.written("program=nw&code=c&state=s", null)).toBe("program=nw");
    expect(consentQueryLink.unreadable("code=c")).toBeNull();
  });
});
