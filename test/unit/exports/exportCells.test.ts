import { describe, expect, it } from "vitest";
import { metricNames } from "../../../src/domain/report/metrics";
import { metricFormat } from "../../../src/domain/report/numberFormat";
import {
  chartExportRows,
  csvField,
  exportColumns,
  exportDecimals,
  exportValue,
  isDividedForExport,
  removeAllColumns,
  resetToVisible,
  roundedNumber,
  safeText,
  selectAllColumns,
  tableExportRows,
  toCell,
  toCsv,
  toggleExportColumn,
  utf8Bom,
  type Cell,
} from "../../../src/domain/exports/exportCells";

/** Every form of a formula trigger, each as the first character of a cell. */
const triggerForms: ReadonlyArray<readonly [string, string]> = [
  ["equals", "="],
  ["plus", "+"],
  ["hyphen-minus", "-"],
  ["at", "@"],
  ["full-width equals U+FF1D", "\uFF1D"],
  ["full-width plus U+FF0B", "\uFF0B"],
  ["full-width hyphen-minus U+FF0D", "\uFF0D"],
  ["full-width at U+FF20", "\uFF20"],
  ["small equals U+FE66", "\uFE66"],
  ["small plus U+FE62", "\uFE62"],
  ["small hyphen-minus U+FE63", "\uFE63"],
  ["small at U+FE6B", "\uFE6B"],
  ["superscript equals U+207C", "\u207C"],
  ["subscript equals U+208C", "\u208C"],
  ["superscript plus U+207A", "\u207A"],
  ["subscript plus U+208A", "\u208A"],
  ["superscript minus U+207B", "\u207B"],
  ["subscript minus U+208B", "\u208B"],
  ["minus sign U+2212", "\u2212"],
  ["hyphen U+2010", "\u2010"],
  ["non-breaking hyphen U+2011", "\u2011"],
  ["figure dash U+2012", "\u2012"],
  ["en dash U+2013", "\u2013"],
  ["em dash U+2014", "\u2014"],
  ["horizontal bar U+2015", "\u2015"],
  ["small em dash U+FE58", "\uFE58"],
  ["two-em dash U+2E3A", "\u2E3A"],
  ["three-em dash U+2E3B", "\u2E3B"],
  ["wave dash U+301C", "\u301C"],
  ["armenian hyphen U+058A", "\u058A"],
  ["katakana long vowel mark U+30FC", "\u30FC"],
  ["half-width katakana long vowel mark U+FF70", "\uFF70"],
];

/** What may stand before a trigger and be ignored by a spreadsheet. */
const ignorableLeads: ReadonlyArray<readonly [string, string]> = [
  ["space", " "],
  ["two spaces", "  "],
  ["line feed", "\n"],
  ["no-break space U+00A0", "\u00A0"],
  ["ideographic space U+3000", "\u3000"],
  ["em space U+2003", "\u2003"],
  ["line separator U+2028", "\u2028"],
  ["zero-width space U+200B", "\u200B"],
  ["zero-width non-joiner U+200C", "\u200C"],
  ["zero-width joiner U+200D", "\u200D"],
  ["word joiner U+2060", "\u2060"],
  ["byte-order mark U+FEFF", "\uFEFF"],
  ["left-to-right mark U+200E", "\u200E"],
  ["right-to-left mark U+200F", "\u200F"],
  ["left-to-right embedding U+202A", "\u202A"],
  ["right-to-left override U+202E", "\u202E"],
  ["first strong isolate U+2068", "\u2068"],
  ["space, zero-width space, ideographic space", " \u200B\u3000"],
];

describe("safeText", () => {
  it.each(triggerForms)("neutralises a cell starting with the %s", (_name, trigger) => {
    for (const text of [trigger, `${trigger}1+1`, `${trigger}SUM(A1:A2)`, `${trigger}cmd|' /C calc'!A0`]) {
      expect(safeText(text)).toBe(`'${text}`);
      expect(csvField(text).replace(/^"|"$/g, "").startsWith("'")).toBe(true);
    }
  });

  it.each(ignorableLeads)("neutralises a trigger after a leading %s", (_name, lead) => {
    for (const [, trigger] of triggerForms) {
      const text = `${lead}${trigger}1+1`;
      expect(safeText(text), JSON.stringify(text)).toBe(`'${text}`);
    }
  });

  it.each([
    ["tab", "\tindented"],
    ["carriage return", "\rcarriage"],
    ["tab alone", "\t"],
    ["carriage return alone", "\r"],
  ])("neutralises a cell starting with a %s", (_name, text) => {
    expect(safeText(text)).toBe(`'${text}`);
  });

  it.each([
    ["full-width =1+1 (from the issue)", "\uFF1D1+1", "'\uFF1D1+1"],
    ["=SUM(A1:A2)", "=SUM(A1:A2)", "'=SUM(A1:A2)"],
    ["a phone number", "+44 20 7946 0000", "'+44 20 7946 0000"],
    ["a negative number as text", "-5", "'-5"],
    ["a minus-sign number as text", "\u22125", "'\u22125"],
  ])("%s", (_name, text, expected) => {
    expect(safeText(text)).toBe(expected);
  });

  it.each([
    "Paid Search",
    "a=b",
    "1-2",
    "100",
    "1.5",
    "£5",
    "€-5",
    "Brand \u2013 UK",
    "E=mc²",
    "\u30AB\u30FC\u30C9",
    "ab\uFF1Dc",
    "'already",
    "\nnewline first",
    " leading space",
    "\u200Bzero-width first",
    "",
  ])("leaves %j untouched", (text) => {
    expect(safeText(text)).toBe(text);
  });

  it("is idempotent", () => {
    for (const [, trigger] of triggerForms) expect(safeText(safeText(`${trigger}1`))).toBe(`'${trigger}1`);
  });
});

describe("numbers stay numbers", () => {
  it.each([0, 1, -1, -0.5, 12.34, -1234567.89, 1e21, -1e-7])("%d is a number cell, written as a number", (value) => {
    expect(toCell(value)).toBe(value);
    expect(csvField(value)).toBe(String(value));
    expect(toCsv([[value]])).toBe(`${String(value)}\r\n`);
  });
});

describe("toCell", () => {
  it.each([
    [12, 12],
    [-5, -5],
    [0, 0],
    [-0, 0],
    [1.5, 1.5],
    [Number.NaN, null],
    [Number.POSITIVE_INFINITY, null],
    [Number.NEGATIVE_INFINITY, null],
    ["=cmd()", "'=cmd()"],
    ["-5", "'-5"],
    ["text", "text"],
    [true, "true"],
    [false, "false"],
    [null, null],
    [undefined, null],
    [{ a: 1 }, null],
  ])("%j -> %j", (value, expected) => {
    expect(toCell(value)).toStrictEqual(expected);
  });

  it("turns a bigint into a number", () => {
    expect(toCell(10n)).toBe(10);
  });

  it("keeps negative numbers as numbers", () => {
    expect(typeof toCell(-12.5)).toBe("number");
  });
});

describe("exportDecimals and isDividedForExport: each metric's precision", () => {
  it("divides exactly the three conversion rates and the variance percent", () => {
    expect(metricNames.filter(isDividedForExport).sort()).toEqual([
      "attributed_conversion_rate",
      "attributed_revenue_variance_percent",
      "first_click_conversion_rate",
      "last_click_conversion_rate",
    ]);
  });

  it.each([
    ["solo_revenue_percent", true],
    ["upper_solo_revenue_percent", true],
    ["solo_revenue", false],
    ["upper_funnel_credit", false],
    ["proportional_credit", false],
    ["percent_of_nothing", false],
  ])("outside the catalogue, %s is divided: %s", (column, divided) => {
    expect(isDividedForExport(column)).toBe(divided);
  });

  it.each([
    ["first.attributed_conversion_rate", true, 2],
    ["second.last_click_sales", false, 0],
    ["second.cpa", false, 2],
    ["first.nothing", false, 2],
  ] as const)("a side's column %s reads as its metric: divided %s, %i decimals", (column, divided, decimals) => {
    expect(isDividedForExport(column)).toBe(divided);
    expect(exportDecimals(column)).toBe(decimals);
  });

  it("writes a funnel percent with its two extra places (45.678 -> 0.4568)", () => {
    expect(exportValue("mid_funnel_revenue_percent", 45.678)).toBe(0.4568);
  });

  it.each([
    ["total_cost", 2],
    ["attributed_revenue", 2],
    ["cpa", 2],
    ["first_click_aov", 2],
    ["clicks", 0],
    ["impressions", 0],
    ["attributed_sales", 2],
    ["attributed_conversion_rate", 2],
    ["attributed_revenue_variance_percent", 1],
    ["proportional_credit", 1],
    ["roas", 2],
    ["introducer_ratio", 2],
    ["not_a_metric", 2],
  ])("%s keeps %i decimals", (column, decimals) => {
    expect(exportDecimals(column)).toBe(decimals);
  });

  it("is the display precision of every metric", () => {
    for (const m of metricNames) expect(exportDecimals(m), m).toBe(metricFormat(m).decimals);
  });
});

describe("roundedNumber", () => {
  it.each([
    [1231.3100000000002, 2, 0, 1231.31],
    [446.1290322580645, 2, 0, 446.13],
    [446.1290322580645, 0, 0, 446],
    [0.1 + 0.2, 2, 0, 0.3],
    [12.345, 2, 2, 0.1235],
    [33.33333333333333, 2, 2, 0.3333],
    [0.07, 2, 2, 0.0007],
    [-12.5, 1, 2, -0.125],
    [-0.001, 2, 0, 0],
    [2.5, 0, 0, 3],
    [-2.5, 0, 0, -3],
    [1.005, 2, 0, 1.01],
    [1e-7, 2, 0, 0],
    [12, 2, 2, 0.12],
    [1e22, 2, 2, 1e20],
    [Number.POSITIVE_INFINITY, 2, 0, Number.POSITIVE_INFINITY],
  ])("%d to %i places, shifted by %i -> %d", (value, decimals, shift, expected) => {
    const rounded = roundedNumber(value, decimals, shift);
    expect(rounded).toBe(expected);
    expect(Object.is(rounded, -0)).toBe(false);
  });

  it("agrees with the screen's rounding (Intl.NumberFormat), ties included", () => {
    const values = [1.005, 2.675, 1.115, 10.235, 0.125, 0.375, -1.005, 1231.3100000000002, 446.1290322580645, 99.995, 0.004999, 123456789.125];
    for (let i = 0; i < 2000; i++) values.push(Math.round(Math.sin(i) * 1e7) / 1000 + (i % 7) * 1e-9);
    for (const decimals of [0, 1, 2]) {
      const screen = new Intl.NumberFormat("en", { minimumFractionDigits: decimals, maximumFractionDigits: decimals, useGrouping: false });
      for (const v of values) expect(roundedNumber(v, decimals), `${v} to ${decimals}`).toBe(Number(screen.format(v)) + 0);
    }
  });
});

describe("exportValue (the device's CSV and Excel): rounded, rates divided", () => {

  it.each([
    ["first_click_conversion_rate", 2.5, 0.025],
    ["last_click_conversion_rate", 100, 1],
    ["attributed_conversion_rate", 0, 0],
    ["attributed_revenue_variance_percent", -12.5, -0.125],
    ["attributed_revenue_variance_percent", null, null],
    ["attributed_conversion_rate", Number.NaN, null],
    ["attributed_conversion_rate", "n/a", "n/a"],
    ["clicks", 250, 250],
    ["roi", 0.5, 0.5],
    ["attributed_revenue_variance", -40, -40],
    ["total_cost", 12.34, 12.34],
    ["total_cost", 1231.3100000000002, 1231.31],
    ["attributed_revenue", 0.1 + 0.2, 0.3],
    ["attributed_aov", 446.1290322580645, 446.13],
    ["attributed_conversion_rate", 33.33333333333333, 0.3333],
    ["first_click_conversion_rate", 12.345, 0.1235],
    ["attributed_revenue_variance_percent", 14.285714285714286, 0.143],
    ["proportional_credit", 66.66666666666667, 66.7],
    ["attributed_sales", 1.3333333333333333, 1.33],
    ["clicks", 249.99999999999997, 250],
    ["taxonomy_1", "=HYPERLINK()", "'=HYPERLINK()"],
    ["taxonomy_2", "None", "None"],
  ])("%s %j -> %j", (column, value, expected) => {
    expect(exportValue(column, value)).toStrictEqual(expected);
  });
});

describe("csvField", () => {
  it.each([
    ["plain", "plain"],
    ["with, comma", '"with, comma"'],
    ['say "hi"', '"say ""hi"""'],
    ["line\nbreak", '"line\nbreak"'],
    ["cr\rhere", '"cr\rhere"'],
    ["=1+1", "'=1+1"],
    ["=A1,B1", '"\'=A1,B1"'],
    ["\tx", "'\tx"],
    ["", ""],
    [null, ""],
    [12, "12"],
    [-3.5, "-3.5"],
    [0.025, "0.025"],
  ] satisfies Array<[Cell, string]>)("%j -> %s", (cell, expected) => {
    expect(csvField(cell)).toBe(expected);
  });
});

describe("toCsv", () => {
  it.each([
    [[], {}, ""],
    [[["a"]], {}, "a\r\n"],
    [
      [
        ["taxonomy_1", "clicks"],
        ["Paid, Search", 12],
      ],
      {},
      'taxonomy_1,clicks\r\n"Paid, Search",12\r\n',
    ],
    [[["x", null, -1]], {}, "x,,-1\r\n"],
    [[["£5"]], { bom: true }, `${utf8Bom}£5\r\n`],
    [[["£5"]], { bom: false }, "£5\r\n"],
    [[["=evil()", "+1", "@x"]], {}, "'=evil(),'+1,'@x\r\n"],
    [[["\uFF1D1+1", "\uFE62\u200B", -1]], {}, "'\uFF1D1+1,'\uFE62\u200B,-1\r\n"],
    [[["multi\r\nline"]], {}, '"multi\r\nline"\r\n'],
  ] satisfies Array<[Cell[][], { bom?: boolean }, string]>)("%j (%j)", (rows, options, expected) => {
    expect(toCsv(rows, options)).toBe(expected);
  });

  it("starts with the BOM only when asked", () => {
    expect(toCsv([["a"]], { bom: true }).charCodeAt(0)).toBe(0xfeff);
    expect(toCsv([["a"]]).charCodeAt(0)).toBe("a".charCodeAt(0));
  });
});

describe("chartExportRows", () => {
  const rows = [
    { conversion_date: "2026-01-03", clicks: 3, attributed_revenue: 30, attributed_conversion_rate: 3 },
    { conversion_date: "2026-01-01", clicks: 1, attributed_revenue: 10, attributed_conversion_rate: 1 },
    { conversion_date: "2026-01-10", clicks: 10, attributed_revenue: 100, attributed_conversion_rate: 10 },
    { conversion_date: "2026-01-02", clicks: 2, attributed_revenue: 20, attributed_conversion_rate: 2 },
  ];

  it.each([
    [
      ["clicks", "attributed_revenue"],
      {},
      [
        ["conversion_date", "clicks", "attributed_revenue"],
        ["2026-01-01", 1, 10],
        ["2026-01-02", 2, 20],
        ["2026-01-03", 3, 30],
        ["2026-01-10", 10, 100],
      ],
    ],
    [
      ["attributed_conversion_rate"],
      { conversion_date: "Date", attributed_conversion_rate: "Conversion Rate" },
      [
        ["Date", "Conversion Rate"],
        ["2026-01-01", 0.01],
        ["2026-01-02", 0.02],
        ["2026-01-03", 0.03],
        ["2026-01-10", 0.1],
      ],
    ],
    [["conversion_date", "clicks"], {}, [["conversion_date", "clicks"], ["2026-01-01", 1], ["2026-01-02", 2], ["2026-01-03", 3], ["2026-01-10", 10]]],
    [["missing_metric"], {}, [["conversion_date", "missing_metric"], ["2026-01-01", null], ["2026-01-02", null], ["2026-01-03", null], ["2026-01-10", null]]],
  ])("metrics %j", (metrics, labels, expected) => {
    expect(chartExportRows(rows, metrics, labels)).toEqual(expected);
  });

  it.each([
    [[], [["conversion_date", "clicks"]]],
    [
      [
        { conversion_date: "2026-01-02", clicks: 1 },
        { clicks: 9 },
        { conversion_date: "2026-01-02", clicks: 2 },
        { conversion_date: "2025-12-31", clicks: 3 },
      ],
      [
        ["conversion_date", "clicks"],
        ["2025-12-31", 3],
        ["2026-01-02", 1],
        ["2026-01-02", 2],
        [null, 9],
      ],
    ],
  ])("orders %j ascending, ties stable, undated last", (input, expected) => {
    expect(chartExportRows(input, ["clicks"])).toEqual(expected);
  });
});

describe("exportColumns", () => {
  const standardOrder = ["total_cost", "clicks", "attributed_sales", "attributed_revenue", "cpa"];

  it.each([
    ["off: standard order", ["taxonomy_1"], ["cpa", "clicks", "total_cost"], false, ["taxonomy_1", "total_cost", "clicks", "cpa"]],
    ["on: chosen order", ["taxonomy_1"], ["cpa", "clicks", "total_cost"], true, ["taxonomy_1", "cpa", "clicks", "total_cost"]],
    ["nothing chosen: taxonomies only", ["taxonomy_1", "taxonomy_2"], [], false, ["taxonomy_1", "taxonomy_2"]],
    ["nothing chosen, custom: taxonomies only", ["taxonomy_1"], [], true, ["taxonomy_1"]],
    ["unknown columns dropped (off)", ["taxonomy_1"], ["clicks", "bogus"], false, ["taxonomy_1", "clicks"]],
    ["unknown columns dropped (on)", ["taxonomy_1"], ["bogus", "clicks"], true, ["taxonomy_1", "clicks"]],
    ["repeats dropped", ["taxonomy_1"], ["cpa", "cpa", "clicks"], true, ["taxonomy_1", "cpa", "clicks"]],
    ["taxonomy in chosen not repeated", ["taxonomy_1"], ["taxonomy_1", "cpa"], true, ["taxonomy_1", "cpa"]],
    [
      "four taxonomy columns first",
      ["taxonomy_1", "taxonomy_2", "taxonomy_3", "taxonomy_4"],
      ["attributed_revenue"],
      false,
      ["taxonomy_1", "taxonomy_2", "taxonomy_3", "taxonomy_4", "attributed_revenue"],
    ],
  ])("%s", (_name, taxonomyColumns, chosen, customOrdering, expected) => {
    expect(exportColumns({ taxonomyColumns, standardOrder, chosen, customOrdering })).toEqual(expected);
  });
});

describe("tableExportRows", () => {
  const rows = [
    { taxonomy_2: "None", clicks: 50, attributed_conversion_rate: 5 },
    { taxonomy_2: "Brand", clicks: 10, attributed_conversion_rate: 2.5 },
    { taxonomy_2: "=Generic", clicks: 30, attributed_conversion_rate: 1 },
    { taxonomy_2: "Display", clicks: 20, attributed_conversion_rate: 0 },
  ];
  const columns = ["taxonomy_2", "clicks", "attributed_conversion_rate"];

  it.each([
    [
      "unsorted keeps the order given",
      {},
      [
        ["None", 50, 0.05],
        ["Brand", 10, 0.025],
        ["'=Generic", 30, 0.01],
        ["Display", 20, 0],
      ],
    ],
    [
      "the current sort (clicks desc), 'None' last as on the screen",
      { sort: { column: "clicks", direction: "desc" } },
      [
        ["'=Generic", 30, 0.01],
        ["Display", 20, 0],
        ["Brand", 10, 0.025],
        ["None", 50, 0.05],
      ],
    ],
    [
      "a taxonomy sort ascending (the collation puts punctuation before letters)",
      { sort: { column: "taxonomy_2", direction: "asc" } },
      [
        ["'=Generic", 30, 0.01],
        ["Brand", 10, 0.025],
        ["Display", 20, 0],
        ["None", 50, 0.05],
      ],
    ],
    [
      "a taxonomy sort descending, 'None' still last",
      { sort: { column: "taxonomy_2", direction: "desc" } },
      [
        ["Display", 20, 0],
        ["Brand", 10, 0.025],
        ["'=Generic", 30, 0.01],
        ["None", 50, 0.05],
      ],
    ],
  ] as const)("%s", (_name, options, body) => {
    const [header, ...rest] = tableExportRows(rows, columns, options);
    expect(header).toEqual(columns);
    expect(rest).toEqual(body);
  });

  it("labels the header", () => {
    expect(tableExportRows([], ["taxonomy_2", "clicks"], { labels: { clicks: "Page Lands", taxonomy_2: "Taxonomy 2" } })).toEqual([
      ["Taxonomy 2", "Page Lands"],
    ]);
  });
});

describe("Export Data dialog column choice", () => {
  const tax = ["taxonomy_1", "taxonomy_2"];
  it.each([
    ["Reset to visible", resetToVisible(tax, ["clicks", "cpa"]), ["taxonomy_1", "taxonomy_2", "clicks", "cpa"]],
    ["Reset to visible with a taxonomy listed", resetToVisible(tax, ["taxonomy_2", "clicks"]), ["taxonomy_1", "taxonomy_2", "clicks"]],
    ["Select All", selectAllColumns(tax, ["total_cost", "clicks", "cpa"]), ["taxonomy_1", "taxonomy_2", "total_cost", "clicks", "cpa"]],
    ["Remove All keeps only the taxonomies", removeAllColumns(tax), ["taxonomy_1", "taxonomy_2"]],
    ["tick a metric", toggleExportColumn(tax, ["taxonomy_1", "taxonomy_2", "clicks"], "cpa"), ["taxonomy_1", "taxonomy_2", "clicks", "cpa"]],
    ["untick a metric", toggleExportColumn(tax, ["taxonomy_1", "taxonomy_2", "clicks", "cpa"], "clicks"), ["taxonomy_1", "taxonomy_2", "cpa"]],
    ["a taxonomy cannot be unticked", toggleExportColumn(tax, ["taxonomy_1", "taxonomy_2", "cpa"], "taxonomy_1"), ["taxonomy_1", "taxonomy_2", "cpa"]],
    ["a lost taxonomy comes back", toggleExportColumn(tax, ["cpa"], "clicks"), ["taxonomy_1", "taxonomy_2", "cpa", "clicks"]],
  ])("%s", (_name, actual, expected) => {
    expect(actual).toEqual(expected);
  });
});
