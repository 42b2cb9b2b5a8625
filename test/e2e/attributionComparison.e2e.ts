import { expect, test, type Locator, type Page } from "./fixtures";
import { readTable, screenNumber } from "./screenTable";
import { csvRecords, downloadBy } from "./downloads";
import { signInAs } from "./support";

const crumbs = (page: Page) => page.getByRole("navigation", { name: "Breadcrumb" });
const controls = (page: Page) => page.getByRole("toolbar", { name: /Attribution Comparison controls$/ });

/** The comparison table, once its rows are there. */
const loadedTable = async (page: Page): Promise<Locator> => {
  const table = page.getByRole("table", { name: "Attribution comparison", exact: true });
  await expect(table.locator("tbody th[scope=row]").first()).toBeVisible();
  return table;
};

/** The chart's data table (visually hidden, for screen readers), as text rows. */
const chartRows = (page: Page) =>
  page
    .getByRole("region", { name: "Attribution comparison chart" })
    .locator("table tbody tr")
    .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => (c.textContent ?? "").trim())));


test("the attribution comparison: load, drill down and back by the breadcrumb, every control in the link, export matches the screen and the performance report", async ({ page }) => {
  await signInAs(page, "demo");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Attribution Comparison", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Attribution Comparison", exact: true })).toBeVisible();
  let table = await loadedTable(page);
  let screen = await readTable(table);
  expect(screen.headers).toEqual(["Name", "Attributed Revenue", "Last TouchRevenue", "Credit Shift", "Credit Shift %"]);
  expect(screen.rows.length).toBeGreaterThan(0);
  expect(screen.rows.length).toBeLessThanOrEqual(8);
  // Sorted by attributed revenue, descending, 'None' last.
  const named = screen.rows.filter((r) => r.name !== "None");
  const revenues = named.map((r) => screenNumber(r.cells[0] as string) as number);
  expect(revenues).toEqual([...revenues].sort((a, b) => b - a));
  // The credit shift is attributed minus last-click revenue, as shown.
  for (const row of screen.rows) {
    const [attributed, lastClick, shift] = row.cells.map((c) => screenNumber(c) as number);
    expect(Math.abs((attributed as number) - (lastClick as number) - (shift as number))).toBeLessThan(0.011);
  }
  // The chart's data table holds the page's values, in the same order.
  expect((await chartRows(page)).map((r) => r[0])).toEqual(screen.rows.map((r) => r.name));
  expect((await chartRows(page)).map((r) => r[1])).toEqual(screen.rows.map((r) => r.cells[0]));

  // The same channel and dates on the performance report: the same attributed revenue.
  const first = screen.rows[0];
  if (!first) throw new Error("no rows");
  const search = new URL(page.url()).search;
  await page.goto(`/performance${search}`);
  const performance = page.getByRole("table", { name: "Taxonomy 1", exact: true });
  await expect(performance.locator("tbody th[scope=row]").first()).toBeVisible();
  const perf = await readTable(performance);
  const column = perf.headers.indexOf("Attributed Revenue") - 1;
  expect(perf.rows.find((r) => r.name === first.name)?.cells[column]).toBe(first.cells[0]);
  await page.goBack();
  table = await loadedTable(page);

  // Down one level by the table's link, and back by the breadcrumb.
  await table.getByRole("link", { name: first.name, exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === `/attribution-comparison/taxonomy_one/${encodeURIComponent(first.name)}`);
  await expect(page.getByRole("heading", { name: `${first.name} Attribution Comparison` })).toBeVisible();
  await expect(crumbs(page).getByRole("link", { name: "All Channels" })).toBeVisible();
  table = await loadedTable(page);
  const second = (await readTable(table)).rows.find((r) => r.name !== "None");
  if (second) {
    await table.getByRole("link", { name: second.name, exact: true }).click();
    await expect(page.getByRole("heading", { name: `${second.name} Attribution Comparison` })).toBeVisible();
    await expect(crumbs(page).getByRole("link", { name: first.name, exact: true })).toBeVisible();
    await crumbs(page).getByRole("link", { name: first.name, exact: true }).click();
    await expect(page.getByRole("heading", { name: `${first.name} Attribution Comparison` })).toBeVisible();
  }
  await crumbs(page).getByRole("link", { name: "All Channels" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/attribution-comparison");
  table = await loadedTable(page);

  // Every control reaches the URL, and a reload shows the same view.
  await controls(page).getByLabel("Compare with").selectOption({ label: "Spend" });
  await expect(page).toHaveURL(/comparisonMetric=spend/);
  await expect(table.getByRole("columnheader", { name: /Spend/ })).toBeVisible();
  await expect(table.getByRole("columnheader", { name: /Last TouchRevenue/ })).toHaveCount(0);
  await controls(page).getByLabel("Sort by").selectOption({ label: "Credit Shift" });
  await expect(page).toHaveURL(/sort=credit_shift/);
  await expect(table.getByRole("columnheader", { name: /^Credit Shift(?! %)/ })).toHaveAttribute("aria-sort", "descending");
  await controls(page).getByRole("button", { name: /Sort direction/ }).click();
  await expect(page).toHaveURL(/order=asc/);
  await expect(table.getByRole("columnheader", { name: /^Credit Shift(?! %)/ })).toHaveAttribute("aria-sort", "ascending");
  const shifts = (await readTable(table)).rows.filter((r) => r.name !== "None").map((r) => screenNumber(r.cells[2] as string) as number);
  expect(shifts).toEqual([...shifts].sort((a, b) => a - b));
  await page.getByRole("navigation", { name: "Attribution comparison pages" }).getByRole("combobox").selectOption("16");
  await expect(page).toHaveURL(/per_page=16/);
  const before = await readTable(table);
  await page.reload();
  table = await loadedTable(page);
  await expect(controls(page).getByLabel("Compare with")).toHaveValue("spend");
  await expect(controls(page).getByLabel("Sort by")).toHaveValue("credit_shift");
  expect(await readTable(table)).toEqual(before);
  // Back to last-click: a sort on Spend falls back to Name.
  await table.getByRole("button", { name: /^Spend/ }).click();
  await expect(page).toHaveURL(/sort=total_cost/);
  await controls(page).getByLabel("Compare with").selectOption({ label: "Last Touch Revenue" });
  await expect(controls(page).getByLabel("Sort by")).toHaveValue("name");
  await expect(page).not.toHaveURL(/comparisonMetric/);

  // Export Data: the file holds every row in the screen's order, with the screen's numbers.
  screen = await readTable(table);
  await controls(page).getByRole("button", { name: "Export Data" }).click();
  const dialog = page.getByRole("dialog", { name: "Export Data" });
  await expect(dialog.getByLabel("Report Name")).toHaveValue(/_attribution_comparison_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}$/);
  const download = await downloadBy(page, () => dialog.getByRole("button", { name: "Download CSV" }).click());
  const [header, ...rows] = await csvRecords(download);
  expect(header).toEqual(["Taxonomy 1", "Attributed Revenue", "Last TouchRevenue", "Credit Shift", "Credit Shift %"]);
  expect(rows.slice(0, screen.rows.length).map((r) => r[0])).toEqual(screen.rows.map((r) => r.name));
  screen.rows.forEach((row, i) => {
    const file = rows[i] ?? [];
    expect(Number(file[1])).toBeCloseTo(screenNumber(row.cells[0] as string) as number, 2);
    expect(Number(file[2])).toBeCloseTo(screenNumber(row.cells[1] as string) as number, 2);
    // Percent fields are divided by 100 in exports.
    expect(Number(file[4]) * 100).toBeCloseTo(screenNumber(row.cells[3] as string) as number, 6);
  });
});
