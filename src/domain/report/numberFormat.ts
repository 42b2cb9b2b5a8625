import { currencySymbol } from "../shell/program";

/**
 * How the performance report shows numbers: 2 decimals for numbers and money, 0 for rounded values (counts),
 * 1 for attributed_revenue_variance_percent and proportional_credit. Money carries the
 * program's currency symbol and the locale's grouping; percent metrics end with '%'.
 */

import { metricDefinitions, metricNames, type MetricName } from "./metrics";

export { metricNames, type MetricName };

/**
 * count: a rounded whole number; money: an amount in the program's currency;
 * percent: a value already expressed in percent (12.5 means 12.5%); number (or rate, the
 * name metrics.ts uses): anything else. A metrics.ts `MetricDefinition` is a `MetricFormat`.
 */
export type MetricKind = "count" | "money" | "percent" | "number" | "rate";

export interface MetricFormat {
  readonly kind: MetricKind;
  readonly decimals: number;
}

const number: MetricFormat = { kind: "number", decimals: 2 };

/** The display of each metric: the kinds and decimals of the one catalogue, metrics.ts. */
export const metricFormats: Readonly<Record<MetricName, MetricFormat>> = Object.fromEntries(
  metricNames.map((name) => [name, { kind: metricDefinitions[name].kind, decimals: metricDefinitions[name].decimals }]),
) as Record<MetricName, MetricFormat>;

export const isMetricName = (name: string): name is MetricName => Object.prototype.hasOwnProperty.call(metricFormats, name);

/** The format of a metric; an unknown name is a plain number with 2 decimals. */
export const metricFormat = (metric: string): MetricFormat => (isMetricName(metric) ? metricFormats[metric] : number);

/** What a cell shows when there is no value (null, undefined, NaN, ±Infinity). */
export const missingValue = "–";

export const defaultLocale = "en-GB";

export interface NumberFormatOptions {
  /** ISO 4217 code of the program's currency; none means £. */
  readonly currency?: string | null;
  /** BCP 47 locale ("en-GB"; "en_GB" is accepted); none or unknown means en-GB. */
  readonly locale?: string | null;
}

/** Checked locales: a table formats hundreds of cells with the same one. */
const localeCache = new Map<string, string>();

/** A locale Intl accepts: underscores become hyphens; anything Intl refuses becomes en-GB. */
export const normaliseLocale = (locale: string | null | undefined): string => {
  const candidate = (locale ?? "").trim().replace(/_/g, "-");
  if (candidate === "") return defaultLocale;
  const known = localeCache.get(candidate);
  if (known !== undefined) return known;
  let checked = defaultLocale;
  try {
    checked = Intl.NumberFormat.supportedLocalesOf([candidate]).length > 0 ? candidate : defaultLocale;
  } catch {
    checked = defaultLocale;
  }
  if (localeCache.size < 64) localeCache.set(candidate, checked);
  return checked;
};

const isoCurrency = /^[A-Za-z]{3}$/;

/**
 * Formatters by locale, decimals and currency: building an Intl.NumberFormat costs far
 * more than formatting with one, and a sort re-renders every visible cell.
 */
const formatterCache = new Map<string, Intl.NumberFormat>();

const numberFormatter = (locale: string, decimals: number, currency?: string): Intl.NumberFormat => {
  const resolved = normaliseLocale(locale);
  const key = `${resolved}|${decimals}|${currency ?? ""}`;
  const cached = formatterCache.get(key);
  if (cached) return cached;
  const formatter = new Intl.NumberFormat(resolved, {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
    // never show "-0" / "-0.00" for a negative value that rounds to zero
    signDisplay: "negative",
    ...(currency ? { style: "currency", currency } : {}),
  });
  if (formatterCache.size < 256) formatterCache.set(key, formatter);
  return formatter;
};

/** A number with the locale's grouping and exactly `decimals` decimals; "–" when not finite. */
export const formatNumber = (value: number | null | undefined, decimals: number, locale?: string | null): string =>
  value == null || !Number.isFinite(value) ? missingValue : numberFormatter(locale ?? defaultLocale, decimals).format(value);

/** The symbol shown for a currency: `currencySymbol` (program.ts), Intl's, £ for no currency or an unknown one. */
export const moneySymbol = (currency: string | null | undefined): string => currencySymbol(currency);

/** Each currency's decimals, asked of Intl once: every money cell asks, and each Intl.NumberFormat built costs far more than a format. */
const currencyDigitsCache = new Map<string, number>();

/** The decimals a currency has (JPY and ISK none, GBP two, BHD three); two for a code Intl refuses. */
const currencyDigits = (code: string): number => {
  const known = currencyDigitsCache.get(code);
  if (known !== undefined) return known;
  let digits = 2;
  try {
    digits = new Intl.NumberFormat("en", { style: "currency", currency: code }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    digits = 2;
  }
  if (currencyDigitsCache.size < 256) currencyDigitsCache.set(code, digits);
  return digits;
};

/**
 * Money in the locale's layout ("£1,234.50" in en-GB, "1.234,50 €" in de-DE) with the
 * symbol of `moneySymbol`, with at most the currency's own decimals (¥1,235: the yen has
 * none); "–" when not finite.
 */
export const formatMoney = (value: number | null | undefined, decimals: number, options: NumberFormatOptions = {}): string => {
  if (value == null || !Number.isFinite(value)) return missingValue;
  const code = (options.currency ?? "").trim().toUpperCase();
  const layoutCurrency = isoCurrency.test(code) ? code : "GBP";
  const symbol = moneySymbol(options.currency);
  let parts: Intl.NumberFormatPart[];
  try {
    parts = numberFormatter(options.locale ?? defaultLocale, Math.min(decimals, currencyDigits(layoutCurrency)), layoutCurrency).formatToParts(value);
  } catch {
    parts = numberFormatter(options.locale ?? defaultLocale, decimals, "GBP").formatToParts(value);
  }
  return parts.map((p) => (p.type === "currency" ? symbol : p.value)).join("");
};

/** A value in percent units with its decimals and a '%' ("12.35%"); "–" when not finite. */
export const formatPercent = (value: number | null | undefined, decimals: number, locale?: string | null): string => {
  const n = formatNumber(value, decimals, locale);
  return n === missingValue ? n : `${n}%`;
};

/**
 * A metric's value as the report shows it. `metric` is a metric name (an unknown name
 * is a plain number with 2 decimals) or an explicit format.
 */
export const formatMetric = (
  value: number | null | undefined,
  metric: string | MetricFormat,
  options: NumberFormatOptions = {},
): string => {
  const f = typeof metric === "string" ? metricFormat(metric) : metric;
  switch (f.kind) {
    case "money":
      return formatMoney(value, f.decimals, options);
    case "percent":
      return formatPercent(value, f.decimals, options.locale);
    case "count":
    case "number":
    case "rate":
      return formatNumber(value, f.decimals, options.locale);
  }
};
