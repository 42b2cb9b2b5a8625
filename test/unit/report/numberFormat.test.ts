import { describe, expect, it, vi } from "vitest";
import {
  formatMetric,
  formatMoney,
  formatNumber,
  formatPercent,
  isMetricName,
  metricFormat,
  metricFormats,
  metricNames,
  missingValue,
  moneySymbol,
  normaliseLocale,
  type MetricFormat,
} from "../../../src/domain/report/numberFormat";

const nbsp = "\u00a0";
const nnbsp = "\u202f";

describe("metric catalogue", () => {
  it("holds the 25 metrics of a performance row, once each, in the standard order", () => {
    expect(metricNames).toHaveLength(25);
    expect(metricNames.slice(0, 5)).toEqual(["variable_cost", "fixed_cost", "total_cost", "clicks", "impressions"]);
    expect(metricNames.slice(-2)).toEqual(["sales_including", "proportional_credit"]);
    expect(new Set(metricNames).size).toBe(25);
    expect(Object.keys(metricFormats).sort()).toEqual([...metricNames].sort());
  });

  it.each([
    ["clicks", "count", 0],
    ["impressions", "count", 0],
    ["sales_including", "count", 0],
    ["variable_cost", "money", 2],
    ["fixed_cost", "money", 2],
    ["total_cost", "money", 2],
    ["first_click_revenue", "money", 2],
    ["last_click_revenue", "money", 2],
    ["attributed_revenue", "money", 2],
    ["first_click_aov", "money", 2],
    ["last_click_aov", "money", 2],
    ["attributed_aov", "money", 2],
    ["attributed_revenue_variance", "money", 2],
    ["cpa", "money", 2],
    // First- and last-click sales are whole orders; attributed sales are fractional credits.
    ["first_click_sales", "count", 0],
    ["last_click_sales", "count", 0],
    ["attributed_sales", "count", 2],
    ["introducer_ratio", "rate", 2],
    ["roas", "rate", 2],
    ["roi", "rate", 2],
    ["proportional_credit", "percent", 1],
    ["first_click_conversion_rate", "percent", 2],
    ["last_click_conversion_rate", "percent", 2],
    ["attributed_conversion_rate", "percent", 2],
    ["attributed_revenue_variance_percent", "percent", 1],
    ["no_such_metric", "number", 2],
    ["", "number", 2],
    ["toString", "number", 2],
  ])("%s is %s with %i decimals", (metric, kind, decimals) => {
    expect(metricFormat(metric)).toEqual({ kind, decimals });
  });

  it.each([
    ["clicks", true],
    ["proportional_credit", true],
    ["Clicks", false],
    ["constructor", false],
    ["__proto__", false],
    ["", false],
  ])("isMetricName(%j) is %s", (name, expected) => {
    expect(isMetricName(name)).toBe(expected);
  });
});

describe("normaliseLocale", () => {
  it.each([
    ["en-GB", "en-GB"],
    ["en_GB", "en-GB"],
    ["de-DE", "de-DE"],
    [" fr-FR ", "fr-FR"],
    ["", "en-GB"],
    [null, "en-GB"],
    [undefined, "en-GB"],
    ["not a locale!", "en-GB"],
    ["xx", "en-GB"],
  ])("%j -> %s", (locale, expected) => {
    expect(normaliseLocale(locale)).toBe(expected);
  });
});

describe("formatNumber", () => {
  it.each([
    [0, 2, "en-GB", "0.00"],
    [1, 0, "en-GB", "1"],
    [1234.5, 2, "en-GB", "1,234.50"],
    [1234567.891, 2, "en-GB", "1,234,567.89"],
    [-1234.5, 2, "en-GB", "-1,234.50"],
    [0.005, 2, "en-GB", "0.01"],
    [2.5, 0, "en-GB", "3"],
    [-0.4, 0, "en-GB", "0"],
    [-0.001, 2, "en-GB", "0.00"],
    [-0, 2, "en-GB", "0.00"],
    [1234.5, 2, "de-DE", "1.234,50"],
    [1234567, 0, "en-IN", "12,34,567"],
    [1234.5, 1, "en_GB", "1,234.5"],
    [1234.5, 2, "bogus locale", "1,234.50"],
    [Number.NaN, 2, "en-GB", missingValue],
    [Number.POSITIVE_INFINITY, 2, "en-GB", missingValue],
    [Number.NEGATIVE_INFINITY, 0, "en-GB", missingValue],
    [null, 2, "en-GB", missingValue],
    [undefined, 2, "en-GB", missingValue],
  ])("formatNumber(%s, %i, %s) = %j", (value, decimals, locale, expected) => {
    expect(formatNumber(value, decimals, locale)).toBe(expected);
  });

  it("defaults to en-GB", () => {
    expect(formatNumber(1234.5, 2)).toBe("1,234.50");
  });
});

describe("moneySymbol", () => {
  it.each([
    ["GBP", "£"],
    ["gbp", "£"],
    ["EUR", "€"],
    ["USD", "$"],
    ["JPY", "¥"],
    ["AUD", "A$"],
    ["CAD", "CA$"],
    ["", "£"],
    [null, "£"],
    [undefined, "£"],
    ["  ", "£"],
    ["pounds", "£"],
    ["INR", "₹"],
    ["CHF", "CHF"],
  ])("%j -> %s", (currency, expected) => {
    expect(moneySymbol(currency)).toBe(expected);
  });
});

describe("formatMoney", () => {
  it.each([
    [1234.5, 2, {}, "£1,234.50"],
    [0, 2, {}, "£0.00"],
    [-1234.5, 2, {}, "-£1,234.50"],
    [-0.001, 2, {}, "£0.00"],
    [1234.5, 2, { currency: "GBP", locale: "en-GB" }, "£1,234.50"],
    [1234.5, 2, { currency: "USD", locale: "en-GB" }, "$1,234.50"],
    [1234.5, 2, { currency: "USD", locale: "en-US" }, "$1,234.50"],
    [-3, 2, { currency: "USD", locale: "en-US" }, "-$3.00"],
    [1234.5, 2, { currency: "EUR", locale: "de-DE" }, `1.234,50${nbsp}€`],
    [1234.5, 2, { currency: "EUR", locale: "fr-FR" }, `1${nnbsp}234,50${nbsp}€`],
    // At most the currency's own decimals: the yen and the Icelandic króna have none.
    [1234.5, 2, { currency: "JPY", locale: "ja-JP" }, "¥1,235"],
    [1234.5, 2, { currency: "JPY", locale: "en-GB" }, "¥1,235"],
    [1234.5, 2, { currency: "ISK", locale: "en-GB" }, `ISK${nbsp}1,235`],
    [1234.5, 2, { currency: "EUR", locale: "en-GB" }, "€1,234.50"],
    [1234.5, 2, { currency: "BHD", locale: "en-GB" }, `BHD${nbsp}1,234.50`],
    [1234.5, 2, { currency: "INR", locale: "en-IN" }, "₹1,234.50"],
    [1234567.5, 2, { currency: "INR", locale: "en-IN" }, "₹12,34,567.50"],
    [5, 2, { currency: "CHF", locale: "en-GB" }, `CHF${nbsp}5.00`],
    [5, 2, { currency: "", locale: "de-DE" }, `5,00${nbsp}£`],
    [5, 2, { currency: "nonsense", locale: "en-GB" }, "£5.00"],
    [5, 2, { currency: null, locale: null }, "£5.00"],
    [5, 0, { currency: "GBP" }, "£5"],
    [Number.NaN, 2, { currency: "GBP" }, missingValue],
    [null, 2, { currency: "GBP" }, missingValue],
  ])("formatMoney(%s, %i, %j) = %j", (value, decimals, options, expected) => {
    expect(formatMoney(value, decimals, options)).toBe(expected);
  });
});

describe("formatPercent", () => {
  it.each([
    [12.5, 2, "en-GB", "12.50%"],
    [0, 1, "en-GB", "0.0%"],
    [-3.25, 1, "en-GB", "-3.3%"],
    [1234.5, 1, "en-GB", "1,234.5%"],
    [12.5, 2, "de-DE", "12,50%"],
    [Number.NaN, 2, "en-GB", missingValue],
    [undefined, 2, "en-GB", missingValue],
  ])("formatPercent(%s, %i, %s) = %j", (value, decimals, locale, expected) => {
    expect(formatPercent(value, decimals, locale)).toBe(expected);
  });
});

describe("formatMetric", () => {
  const gb = { currency: "GBP", locale: "en-GB" };
  it.each([
    [1234.4, "clicks", gb, "1,234"],
    [1234.6, "clicks", gb, "1,235"],
    [98765, "impressions", gb, "98,765"],
    [12.7, "sales_including", gb, "13"],
    [12.345678, "attributed_sales", gb, "12.35"],
    [2, "first_click_sales", gb, "2"],
    [3, "last_click_sales", gb, "3"],
    [1234.5, "total_cost", gb, "£1,234.50"],
    [10, "variable_cost", gb, "£10.00"],
    [10, "fixed_cost", gb, "£10.00"],
    [99.999, "attributed_revenue", gb, "£100.00"],
    [-250, "attributed_revenue_variance", gb, "-£250.00"],
    [45.678, "cpa", gb, "£45.68"],
    [61.2, "last_click_aov", gb, "£61.20"],
    [3.14159, "roas", gb, "3.14"],
    [-0.5, "roi", gb, "-0.50"],
    [0.333, "introducer_ratio", gb, "0.33"],
    [2.04, "first_click_conversion_rate", gb, "2.04%"],
    [2.5, "attributed_conversion_rate", gb, "2.50%"],
    [12.34, "attributed_revenue_variance_percent", gb, "12.3%"],
    [-7.77, "attributed_revenue_variance_percent", gb, "-7.8%"],
    [0.26, "proportional_credit", gb, "0.3%"],
    [1234.5, "total_cost", { currency: "EUR", locale: "de-DE" }, `1.234,50${nbsp}€`],
    [1234.5, "clicks", { currency: "EUR", locale: "de-DE" }, "1.235"],
    [1234.5, "total_cost", {}, "£1,234.50"],
    [1.5, "unknown_metric", gb, "1.50"],
    [null, "total_cost", gb, missingValue],
    [Number.NaN, "clicks", gb, missingValue],
  ])("formatMetric(%s, %s, %j) = %j", (value, metric, options, expected) => {
    expect(formatMetric(value, metric, options)).toBe(expected);
  });

  it.each([
    [{ kind: "money", decimals: 0 }, 1234.5, "£1,235"],
    [{ kind: "percent", decimals: 0 }, 12.5, "13%"],
    [{ kind: "count", decimals: 0 }, 7.2, "7"],
    [{ kind: "number", decimals: 3 }, 1.23456, "1.235"],
    [{ kind: "rate", decimals: 2 }, 3.14159, "3.14"],
  ] satisfies Array<[MetricFormat, number, string]>)("an explicit format %j formats %s as %j", (format, value, expected) => {
    expect(formatMetric(value, format)).toBe(expected);
  });
});

describe("formatters are built once (issue 27, 'Ready fast': a page of money cells built an Intl.NumberFormat for each)", () => {
  it.each(["GBP", "JPY", "BHD", "EUR"])("%s: 200 money cells after the first build no formatter", (currency) => {
    const first = formatMoney(1, 2, { currency, locale: "en-GB" });
    const built = vi.spyOn(Intl, "NumberFormat");
    try {
      const cells = Array.from({ length: 200 }, (_, i) => formatMoney(i + 0.5, 2, { currency, locale: "en-GB" }));
      expect(built).not.toHaveBeenCalled();
      expect(cells[0]?.length).toBeGreaterThan(0);
      expect(formatMoney(1, 2, { currency, locale: "en-GB" })).toBe(first);
    } finally {
      built.mockRestore();
    }
  });
});
