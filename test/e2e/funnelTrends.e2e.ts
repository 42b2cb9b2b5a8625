import { expect, test, type Page } from "./fixtures";
import { daysAgo } from "./days";
import { csvRecords, downloadBy } from "./downloads";
import { readTable, screenNumber } from "./screenTable";
import { signInAs } from "./support";


/** Twenty days: one more than a page of 15. */
const from = daysAgo(59);
const to = daysAgo(40);
const dates = new URLSearchParams({ date_from: from, date_to: to }).toString();

const daysTable = (page: Page) => page.getByRole("table", { name: "Funnel roles by day", exact: true });
const chartTable = (page: Page) => page.locator(".visually-hidden table", { has: page.locator("caption", { hasText: "The chart's numbers by day" }) });
const sidebar = (page: Page) => page.getByRole("navigation", { name: "Taxonomies" });
const modeSelect = (page: Page) => page.getByLabel("Show");
const pager = (page: Page) => page.getByRole("navigation", { name: "Days pages" });

/** The ISO dates of the days table's rows. */
const shownDates = (page: Page): Promise<string[]> => daysTable(page).locator("tbody time").evaluateAll((els) => els.map((e) => e.getAttribute("datetime") ?? ""));

test("funnel trends: menu, sidebar, drill-down and back by breadcrumb, every control in the URL, a shared link, and an export that matches the screen", { tag: "@dates" }, async ({ page, context }) => {
  await signInAs(page, "demo");
  await page.getByRole("link", { name: "Funnel Trends", exact: true }).click();
  await expect(page).toHaveURL(/\/funnel-trends(\?|$)/);
  await expect(page.getByRole("heading", { name: "Funnel Trends", exact: true })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText("All Channels");

  // Twenty days: every day has a row (days without revenue as zero rows), 15 a page; the four percent columns by default.
  await page.goto(`/funnel-trends?${dates}`);
  await expect(sidebar(page).locator('[aria-current="page"]')).toHaveCount(1);
  const channel = ((await sidebar(page).locator('[aria-current="page"]').textContent()) ?? "").trim();
  await expect(pager(page)).toContainText("1–15 of 20");
  const table = await readTable(daysTable(page));
  expect(table.headers).toEqual(["Date", "Solo Revenue %", "Upper Funnel Revenue %", "Mid Funnel Revenue %", "Lower Funnel Revenue %"]);
  expect((await shownDates(page))[0]).toBe(from);
  // Revenue (the default): the chart's table holds the four roles' revenue for all twenty days.
  await expect(modeSelect(page)).toHaveValue("revenue");
  const bars = await readTable(chartTable(page));
  expect(bars.headers).toEqual(["Date", "Solo Revenue", "Upper Funnel Revenue", "Mid Funnel Revenue", "Lower Funnel Revenue"]);
  expect(bars.rows).toHaveLength(20);
  expect(bars.rows.at(-1)?.name).toBe(to);

  // Revenue Percent: lines of the four percents, each day's summing to 100 or, on a day without revenue, 0.
  await modeSelect(page).selectOption({ label: "Revenue Percent" });
  await expect(page).toHaveURL(/mode=revenue_percent/);
  const lines = await readTable(chartTable(page));
  expect(lines.headers.slice(1)).toEqual(["Solo Revenue %", "Upper Funnel Revenue %", "Mid Funnel Revenue %", "Lower Funnel Revenue %"]);
  for (const day of lines.rows) {
    const sum = day.cells.reduce((s, c) => s + (screenNumber(c) ?? 0), 0);
    expect(Math.abs(sum - 100) < 0.05 || sum === 0, `${day.name}: ${sum}`).toBe(true);
  }

  // Table Settings: add Solo Revenue, take Lower Funnel Revenue % away.
  await page.getByRole("button", { name: "Table Settings" }).click();
  const settings = page.getByRole("dialog", { name: "Table Settings" });
  await settings.getByLabel("Solo Revenue", { exact: true }).check();
  await settings.getByLabel("Lower Funnel Revenue %").uncheck();
  await settings.getByRole("button", { name: "Done" }).click();
  await expect(settings).toHaveCount(0);
  await expect(page).toHaveURL(/columns=solo_revenue%2Csolo_revenue_percent%2Cupper_funnel_revenue_percent%2Cmid_funnel_revenue_percent/);
  expect((await readTable(daysTable(page))).headers).toEqual(["Date", "Solo Revenue", "Solo Revenue %", "Upper Funnel Revenue %", "Mid Funnel Revenue %"]);

  // Paging: page 2 holds the last five days; 30 a page holds all twenty.
  await pager(page).getByRole("button", { name: "Page 2", exact: true }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(pager(page)).toContainText("16–20 of 20");
  expect((await shownDates(page)).at(-1)).toBe(to);
  await pager(page).getByRole("combobox").selectOption("30");
  await expect(page).toHaveURL(/per_page=30/);
  await expect(pager(page)).toContainText("1–20 of 20");

  // Another channel of the sidebar: its series, the choices kept (but the page).
  const other = ((await sidebar(page).locator("li a:not(.taxonomy-sidebar-explore):not([aria-current])").first().textContent()) ?? "").trim();
  await sidebar(page).getByRole("link", { name: other, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/funnel-trends/${encodeURIComponent(other).replace(/[()]/g, "\\$&")}\\?`));
  await expect(page).toHaveURL(/mode=revenue_percent/);
  await expect(sidebar(page).locator('[aria-current="page"]')).toHaveText(other);

  // Drill down by Explore, then back by the parent link and the breadcrumb.
  let path: string[] = [];
  for (let level = 0; level < 3; level++) {
    await expect(sidebar(page).locator('[aria-current="page"]')).toHaveCount(1);
    const explore = sidebar(page).locator("a.taxonomy-sidebar-explore").first();
    if ((await explore.count()) === 0) break;
    const name = ((await explore.getAttribute("aria-label")) ?? "").replace(/^Explore /, "");
    await explore.click();
    path = [...path, name];
    await expect(page.getByRole("heading", { name: `${name} Funnel Trends` })).toBeVisible();
  }
  expect(path.length).toBeGreaterThanOrEqual(2);
  const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(crumbs.getByRole("listitem")).toHaveText(["All Channels", ...path]);
  await sidebar(page).getByRole("link", { name: `← Back to ${path.at(-2)}` }).click();
  await expect(page.getByRole("heading", { name: `${path.at(-2)} Funnel Trends` })).toBeVisible();
  await crumbs.getByRole("link", { name: "All Channels" }).click();
  await expect(page).toHaveURL(/\/funnel-trends(\?|$)/);
  await expect(sidebar(page).locator('[aria-current="page"]')).toHaveText(channel);

  // A shared link opens the same view.
  await sidebar(page).getByRole("link", { name: other, exact: true }).click();
  await modeSelect(page).selectOption({ label: "Revenue Percent" });
  await page.getByRole("button", { name: "Table Settings" }).click();
  await page.getByRole("dialog", { name: "Table Settings" }).getByLabel("Upper Funnel Credit").check();
  await page.getByRole("dialog", { name: "Table Settings" }).getByRole("button", { name: "Done" }).click();
  await expect(page).toHaveURL(/columns=/);
  const shownTable = await readTable(daysTable(page));
  const shared = await context.newPage();
  await shared.goto(page.url());
  await expect(sidebar(shared).locator('[aria-current="page"]')).toHaveText(other);
  await expect(modeSelect(shared)).toHaveValue("revenue_percent");
  await expect.poll(async () => readTable(daysTable(shared))).toEqual(shownTable);
  await shared.close();

  // Export: every day, the Table Settings columns, the same numbers as the table (percents divided by 100).
  await page.getByRole("button", { name: "Export", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Export Data" });
  const reportName = await dialog.getByLabel("Report Name").inputValue();
  expect(reportName).toMatch(/^northwind_outfitters_funnel_trends_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}$/);
  await dialog.getByRole("button", { name: "Reset to visible" }).click();
  const csv = await downloadBy(page, () => dialog.getByRole("button", { name: "Download CSV" }).click());
  expect(csv.suggestedFilename()).toBe(`${reportName}.csv`);
  const records = await csvRecords(csv);
  const header = records[0] as string[];
  expect(header).toEqual(["Taxonomy 1", ...shownTable.headers]);
  expect(records).toHaveLength(21);
  const isoDates = await shownDates(page);
  shownTable.rows.forEach((row, i) => {
    const record = records[1 + i] as string[];
    expect(record[0]).toBe(other);
    expect(record[1]).toBe(isoDates[i]);
    row.cells.forEach((cell, c) => {
      const label = header[c + 2] as string;
      const inFile = Number(record[c + 2]);
      const asShown = label.endsWith("%") ? inFile * 100 : inFile;
      expect(Math.abs(asShown - (screenNumber(cell) as number)), `${row.name} ${label}`).toBeLessThanOrEqual(0.0051);
    });
  });
});
