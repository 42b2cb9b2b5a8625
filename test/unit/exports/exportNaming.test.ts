import { describe, expect, it } from "vitest";
import { exportFileName, fileNameStem, reportName, serverCsvFileName, stripUnsafe } from "../../../src/domain/exports/exportNaming";

describe("stripUnsafe", () => {
  it.each([
    ["Acme Shop", "Acme Shop"],
    ["a/b\\c:d*e?f\"g<h>i|j", "a-b-c-defghi-j"],
    // A separator keeps the words apart, spaced as it was: never a dropped slash and two spaces.
    ["Brand / Generic", "Brand - Generic"],
    ["Brand  /  Generic", "Brand - Generic"],
    ["Brand/Generic", "Brand-Generic"],
    ["a  b", "a b"],
    ["  padded  ", "padded"],
    ["..hidden", "hidden"],
    ["trailing.", "trailing"],
    ["a.b", "a.b"],
    ["tab\there", "tabhere"],
    ["line\nbreak\r", "linebreak"],
    ["nul\u0000x\u007f", "nulx"],
    ["£€ ünïcödé", "£€ ünïcödé"],
    ["///", ""],
    ["/lead and trail/", "lead and trail"],
    ["", ""],
  ])("%j -> %j", (text, expected) => {
    expect(stripUnsafe(text)).toBe(expected);
  });
});

describe("fileNameStem", () => {
  it.each([
    ["Performance Report", "performance_report"],
    ["Acme  Shop", "acme_shop"],
    [" Acme Shop ", "acme_shop"],
    ["ACME/Shop: UK?", "acme-shop-uk"],
    ["Q1 | 2026", "q1-2026"],
    ["Brand / Generic", "brand-generic"],
    ["Ünïcödé Name", "ünïcödé_name"],
    ["already_snake", "already_snake"],
    ["2026-01-01", "2026-01-01"],
    ["", ""],
  ])("%j -> %j", (text, expected) => {
    expect(fileNameStem(text)).toBe(expected);
  });
});

describe("reportName", () => {
  it.each([
    [
      { programName: "Acme Shop", reportKind: "Performance Report", from: "2026-01-01", to: "2026-01-31" },
      "acme_shop_performance_report_2026-01-01_2026-01-31",
    ],
    [
      { programName: "ACME", reportKind: "Performance Chart", from: "2026-02-01", to: "2026-02-01" },
      "acme_performance_chart_2026-02-01_2026-02-01",
    ],
    [
      { programName: "Shoes / Boots: UK", reportKind: "Search", from: "2026-01-01", to: "2026-01-02" },
      "shoes-boots-uk_search_2026-01-01_2026-01-02",
    ],
    [{ programName: "", reportKind: "Performance Report", from: "2026-01-01", to: "2026-01-31" }, "performance_report_2026-01-01_2026-01-31"],
    [{ programName: "<>", reportKind: "Report", from: "2026-01-01", to: "2026-01-31" }, "report_2026-01-01_2026-01-31"],
  ])("%j -> %s", (parts, expected) => {
    expect(reportName(parts)).toBe(expected);
  });
});

describe("exportFileName", () => {
  it.each([
    ["acme_shop_performance_report_2026-01-01_2026-01-31", "csv", "acme_shop_performance_report_2026-01-01_2026-01-31.csv"],
    ["acme_shop_performance_report_2026-01-01_2026-01-31", "xlsx", "acme_shop_performance_report_2026-01-01_2026-01-31.xlsx"],
    ["My Report", "csv", "my_report.csv"],
    ["../../etc/passwd", "csv", "etc-passwd.csv"],
    ["a:b", "xlsx", "a-b.xlsx"],
    ["", "csv", "export.csv"],
    ["???", "xlsx", "export.xlsx"],
  ] as const)("%j as %s -> %s", (name, format, expected) => {
    expect(exportFileName(name, format)).toBe(expected);
  });
});

describe("serverCsvFileName", () => {
  it.each([
    [[], "overview.csv"],
    [["Paid Search"], "Paid Search.csv"],
    [["Paid Search", "Google"], "Paid Search_Google.csv"],
    [["Paid Search", "Google", "Brand"], "Paid Search_Google_Brand.csv"],
    [["Display", "a/b", "c:d"], "Display_a-b_c-d.csv"],
    [["Paid Search", "Google Ads", "Brand / Generic"], "Paid Search_Google Ads_Brand - Generic.csv"],
    [["Email", ""], "Email.csv"],
    [["///"], "overview.csv"],
  ])("%j -> %s", (taxonomies, expected) => {
    expect(serverCsvFileName(taxonomies)).toBe(expected);
  });
});
