import { describe, expect, it } from "vitest";
import { headlineFigures, headlineMetrics } from "../../../src/domain/performance/headlineFigures";
import { metricsFromSums, totalsOf, zeroSums, type MetricSums, type Metrics } from "../../../src/domain/report/metrics";
import { formatMetric } from "../../../src/domain/report/numberFormat";

/** A row as the table gets it: every metric derived from its bases. */
const row = (sums: Partial<MetricSums>): Metrics => metricsFromSums({ ...zeroSums, ...sums });

const paidSearch = row({ variable_cost: 100, fixed_cost: 50, attributed_sales: 3.5, attributed_revenue: 600, clicks: 40 });
const social = row({ variable_cost: 50, attributed_sales: 1.25, attributed_revenue: 50, clicks: 10 });
const rows = [paidSearch, social];
const footer = totalsOf(rows);

const values = (figures: ReturnType<typeof headlineFigures>) => figures.map((f) => [f.label, f.value]);
const changes = (figures: ReturnType<typeof headlineFigures>) => figures.map((f) => (f.change ? [f.change.text, f.change.tone] : null));

describe("headlineFigures", () => {
  it("shows cost, attributed sales, attributed revenue and ROAS of the footer, as the footer reads them", () => {
    expect(headlineMetrics).toEqual(["total_cost", "attributed_sales", "attributed_revenue", "roas"]);
    const figures = headlineFigures(footer, null);
    expect(values(figures)).toEqual([
      ["Total Cost", "£200.00"],
      ["Attributed Sales", "4.75"],
      ["Attributed Revenue", "£650.00"],
      ["ROAS", "3.25"],
    ]);
    expect(changes(figures)).toEqual([null, null, null, null]);
    // The same text the footer's cells show.
    for (const f of figures) expect(f.value).toBe(formatMetric(footer[f.metric], f.metric));
  });

  it("ROAS is recomputed from the summed revenue and cost, never averaged from the rows", () => {
    // Rows' ROAS 4 and 1: their mean would be 2.5; the footer's is 650 / 200.
    expect([paidSearch.roas, social.roas]).toEqual([4, 1]);
    expect(headlineFigures(footer, null)[3]?.value).toBe("3.25");
  });

  it.each([
    ["USD, en-US", { currency: "USD", locale: "en-US" }, ["$200.00", "4.75", "$650.00", "3.25"]],
    ["EUR, de-DE", { currency: "EUR", locale: "de-DE" }, ["200,00\u00a0€", "4,75", "650,00\u00a0€", "3,25"]],
  ])("reads in the program's currency and locale (%s)", (_, format, expected) => {
    expect(headlineFigures(footer, null, format).map((f) => f.value)).toEqual(expected);
  });

  it.each([
    [
      "each figure up, down or unchanged against the comparison totals",
      [row({ variable_cost: 100, attributed_sales: 4.75, attributed_revenue: 800 })],
      [
        ["100.00%", "green"],
        ["0.00%", "yellow"],
        ["-18.75%", "red"],
        ["-59.38%", "red"],
      ],
    ],
    [
      "comparison rows loading or failed (none): the change against zero, as the footer shows it",
      [],
      [
        ["20,000.00%", "green"],
        ["475.00%", "green"],
        ["65,000.00%", "green"],
        ["325.00%", "green"],
      ],
    ],
    [
      "a negative previous total shows P or N",
      [row({ variable_cost: 250, attributed_sales: 5, attributed_revenue: -10 })],
      [
        ["-20.00%", "red"],
        ["-5.00%", "red"],
        ["P", "green"],
        ["P", "green"],
      ],
    ],
  ])("%s", (_, previousRows, expected) => {
    const figures = headlineFigures(footer, previousRows);
    expect(changes(figures)).toEqual(expected);
    // The values stay the current period's.
    expect(figures.map((f) => f.value)).toEqual(["£200.00", "4.75", "£650.00", "3.25"]);
  });

  it("a change reads in the program's locale", () => {
    const previous = [row({ variable_cost: 100, attributed_sales: 4.75, attributed_revenue: 800 })];
    expect(headlineFigures(footer, previous, { locale: "de-DE" })[2]?.change).toEqual({ text: "-18,75%", tone: "red" });
  });

  it("an empty table heads with zeros", () => {
    expect(headlineFigures(totalsOf([]), null).map((f) => f.value)).toEqual(["£0.00", "0.00", "£0.00", "0.00"]);
  });
});
