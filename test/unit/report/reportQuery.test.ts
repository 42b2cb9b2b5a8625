import { describe, expect, it } from "vitest";
import { numberOfChoice, oneOfChoice, pageChoice, readReportQuery, reportQueryDefaults, withReportQuery, type ReportQueryShape } from "../../../src/domain/report/reportQuery";

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

  it("round-trips every choice", () => {
    const choices: Choices = { mode: "spend", page: 7, perPage: 32 };
    expect(readReportQuery(withReportQuery("program=x", shape, choices), shape)).toEqual(choices);
  });
});
