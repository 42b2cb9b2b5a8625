/** Reading a report table as a person sees it, for the browser tests that compare files and totals with the screen. */
import type { Locator } from "@playwright/test";
import { metricDefinitions, metricNames, type MetricDefinition } from "../../src/domain/report/metrics";

export interface ScreenRow {
  /** The row header: the row's name, or its taxonomies in the search table (joined by " › "). */
  readonly name: string;
  /** The metric cells' texts, in column order. */
  readonly cells: ReadonlyArray<string>;
}

export interface ScreenTable {
  /** Column headers (without sort arrows), the name column first. */
  readonly headers: ReadonlyArray<string>;
  readonly rows: ReadonlyArray<ScreenRow>;
  /** The footer 'Total' cells, if the table has one. */
  readonly footer: ReadonlyArray<string> | null;
}

/**
 * The table's header, its top-level body rows (rows nested under an open row are left out)
 * and its footer, as text. The name of a row is its row header without its buttons; the
 * search table's breadcrumb items are joined by " › ".
 */
export const readTable = (table: Locator): Promise<ScreenTable> =>
  table.evaluate((el) => {
    const text = (node: Element) => (node.textContent ?? "").replace(/[▲▼↕▸]/g, "").replace(/\s+/g, " ").trim();
    const nameOf = (th: Element): string => {
      const crumbs = th.querySelectorAll("li");
      if (crumbs.length > 0) return [...crumbs].map(text).join(" › ");
      const copy = th.cloneNode(true) as Element;
      copy.querySelectorAll("button").forEach((b) => b.remove());
      return text(copy);
    };
    const headers = [...el.querySelectorAll("thead th")].map(text);
    const rows = [...el.querySelectorAll("tbody tr")]
      .filter((tr) => tr.querySelector('th[scope="row"]') !== null && (tr.getAttribute("data-depth") ?? "0") === "0")
      .map((tr) => ({ name: nameOf(tr.querySelector('th[scope="row"]') as Element), cells: [...tr.querySelectorAll("td")].map(text) }));
    const total = el.querySelector("tfoot tr");
    return { headers, rows, footer: total ? [...total.querySelectorAll("td")].map(text) : null };
  });

/** A number as the screen shows it ("£1,234.50", "-12.5%", "1,071"); null for the missing value. */
export const screenNumber = (text: string): number | null => {
  const cleaned = text.replace(/[^0-9.\-]/g, "");
  return cleaned === "" || cleaned === "-" ? null : Number(cleaned);
};

const byLabel = new Map<string, MetricDefinition>(metricNames.map((m) => [metricDefinitions[m].label.toLowerCase(), metricDefinitions[m]]));

/** The metric a column header names. */
export const metricOfLabel = (label: string): MetricDefinition => {
  const metric = byLabel.get(label.toLowerCase());
  if (!metric) throw new Error(`no metric is labelled '${label}'`);
  return metric;
};

/** How far a value shown with `decimals` decimals may be from the exact one. */
export const roundingOf = (decimals: number): number => 0.5 * 10 ** -decimals + 1e-9;
