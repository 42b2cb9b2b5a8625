import { expect, test, type Locator, type Page } from "./fixtures";
import { csvRecords, downloadBy } from "./downloads";
import { signInAs } from "./support";

const menu = (page: Page) => page.getByRole("navigation", { name: "Main" });
const affiliateTable = (page: Page) => page.getByRole("table", { name: "Affiliate performance table" });

/** A text as the report's search compares it: white space removed, case folded. */
const folded = (text: string) => text.replace(/\s+/gu, "").toLowerCase();

/** An en-GB figure ('£2,330.80', '1,271') as a number. */
const figure = (text: string) => Number(text.replace(/[^0-9.-]/g, ""));

/** The place of a column among a row's cells (the row header first), by its header's words. */
const columnIndex = async (table: Locator, header: string): Promise<number> => {
  const headers = (await table.locator("thead th").allTextContents()).map((h) => h.replace(/[▲▼↕]/gu, "").trim());
  const index = headers.indexOf(header);
  expect(index, `column ${header}`).toBeGreaterThanOrEqual(0);
  return index;
};

const bodyRows = (table: Locator) => table.locator("tbody tr.metric-row");
const cellsOf = (row: Locator) => row.locator("th, td");

test("as admin: opened from the menu, the search (odd case and spaces) keeps matching rows only, the Total adds up, and a taxonomy cell opens the performance drill-down", async ({ page }) => {
  await signInAs(page, "admin");
  await page.goto("/performance?program=northwind");
  await expect(page.getByRole("heading", { name: "Performance Report" })).toBeVisible();
  await menu(page).getByRole("link", { name: "Affiliate Performance", exact: true }).click();
  await expect(page).toHaveURL(/\/affiliate-performance/);
  await expect(page.getByRole("heading", { name: "Affiliate Performance Report", level: 1 })).toBeVisible();
  const table = affiliateTable(page);
  await expect(bodyRows(table).first()).toBeVisible();
  const allRows = await bodyRows(table).count();

  // The search: odd case and spaces, kept in the URL; every row left holds it in its publisher id and taxonomy text.
  const term = "  cONTENT &  rEVIEWS ";
  await page.getByRole("searchbox", { name: "Search affiliates" }).fill(term);
  await expect(page).toHaveURL(/search=/);
  await expect.poll(() => bodyRows(table).count()).toBeLessThan(allRows);
  const rows = await bodyRows(table).all();
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) {
    const named = (await cellsOf(row).allTextContents()).slice(0, 5).join("");
    expect(folded(named)).toContain(folded(term));
  }

  // The Total footer is the sum of the rows shown (all on one page here), column by column.
  for (const header of ["Page Lands", "Attributed Revenue", "Attributed Sales"]) {
    const index = await columnIndex(table, header);
    const values = await Promise.all(rows.map(async (row) => figure((await cellsOf(row).nth(index).textContent()) ?? "")));
    const total = figure((await cellsOf(table.locator("tfoot tr")).nth(index).textContent()) ?? "");
    expect(Math.abs(total - values.reduce((sum, v) => sum + v, 0)), header).toBeLessThanOrEqual(0.01 * values.length);
  }
  await expect(cellsOf(table.locator("tfoot tr")).first()).toHaveText("Total");

  // The column chooser hides a column.
  await page.getByRole("button", { name: "Columns" }).click();
  await page.getByRole("checkbox", { name: "Impressions" }).uncheck();
  await page.getByRole("button", { name: "Close" }).click();
  await expect(table.getByRole("columnheader", { name: "Impressions" })).toHaveCount(0);
  // The export: the matching rows, the publisher id and the four taxonomy columns first, then the visible metrics.
  await page.getByRole("button", { name: "Export", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Export Data" });
  await dialog.getByRole("button", { name: "Reset to visible" }).click();
  const csv = await csvRecords(await downloadBy(page, () => dialog.getByRole("button", { name: "Download CSV" }).click()));
  const [header, ...records] = csv;
  expect(header?.slice(0, 6)).toEqual(["Publisher ID", "Taxonomy 1", "Taxonomy 2", "Taxonomy 3", "Taxonomy 4", "Variable Cost"]);
  expect(header).toContain("Page Lands");
  expect(header).not.toContain("Impressions");
  expect(records).toHaveLength(rows.length);
  for (const record of records) expect(folded(record.slice(0, 5).join(""))).toContain(folded(term));

  // A taxonomy cell links to the performance report's drill-down of its path, values encoded.
  await bodyRows(table).first().getByRole("link", { name: "Content & Reviews", exact: true }).click();
  await expect(page).toHaveURL(/\/performance\/taxonomy_one\/Affiliates\/taxonomy_two\/[^/]+\/taxonomy_three\/Content%20%26%20Reviews(\?|$)/);
  await expect(page.getByRole("heading", { level: 1, name: "Content & Reviews | Performance Report", exact: true })).toBeVisible();
});

test("as demo: the menu has no Affiliate Performance, and the address is refused with 'You don't have access to admin resources'", async ({ page }) => {
  await signInAs(page, "demo");
  await expect(menu(page).getByRole("link", { name: "Affiliate Performance" })).toHaveCount(0);
  await page.goto("/affiliate-performance");
  await expect(page.getByText("You don't have access to admin resources")).toBeVisible();
  await expect(page).toHaveURL(/\/performance/);
  await expect(page.getByRole("heading", { name: "Affiliate Performance Report" })).toHaveCount(0);
});
