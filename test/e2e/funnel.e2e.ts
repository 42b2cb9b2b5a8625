import { expect, test, type Page } from "./fixtures";
import { csvRecords, downloadBy } from "./downloads";
import { readTable, screenNumber } from "./screenTable";
import { signInAs } from "./support";

const funnelTable = (page: Page) => page.getByRole("table", { name: "Funnel table" });
const chartTable = (page: Page) => page.locator(".visually-hidden table", { has: page.locator("caption", { hasText: "Funnel roles'" }) });
const modeSelect = (page: Page) => page.getByLabel("Show");

/** The linked names of the table's rows ('None' is never a link). */
const linkedNames = async (page: Page): Promise<string[]> => funnelTable(page).locator("tbody th a").allTextContents();

test("the funnel report: menu, drill-down and back by breadcrumb, every control in the URL, a shared link, and an export that matches the screen", async ({ page, context }) => {
  await signInAs(page, "demo");
  await page.getByRole("link", { name: "Funnel", exact: true }).click();
  await expect(page).toHaveURL(/\/funnel(\?|$)/);
  await expect(page.getByRole("heading", { name: "Funnel Report" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText("All Channels");

  // Level one: the 12 funnel columns, at most 8 rows, the chart's numbers in its hidden table.
  const table = funnelTable(page);
  await expect(table.getByRole("columnheader", { name: /Taxonomy 1/ })).toBeVisible();
  const first = await readTable(table);
  expect(first.headers).toHaveLength(13);
  expect(first.headers).toContain("Lower Funnel Credit");
  expect(first.rows.length).toBeGreaterThan(0);
  expect(first.rows.length).toBeLessThanOrEqual(8);
  const chartRows = await readTable(chartTable(page));
  expect(chartRows.rows.map((r) => r.name)).toEqual(first.rows.map((r) => r.name));

  // Drill down three levels; the level-four rows link nowhere.
  const channel = (await linkedNames(page))[0] as string;
  await funnelTable(page).getByRole("link", { name: channel, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/funnel/taxonomy_one/${encodeURIComponent(channel).replace(/[()]/g, "\\$&")}(\\?|$)`));
  await expect(page.getByRole("heading", { name: `${channel} Funnel Report` })).toBeVisible();
  await expect(table.getByRole("columnheader", { name: /Taxonomy 2/ })).toBeVisible();
  const two = (await linkedNames(page))[0] as string;
  await funnelTable(page).getByRole("link", { name: two, exact: true }).click();
  await expect(table.getByRole("columnheader", { name: /Taxonomy 3/ })).toBeVisible();
  const three = (await linkedNames(page))[0] as string;
  await funnelTable(page).getByRole("link", { name: three, exact: true }).click();
  await expect(table.getByRole("columnheader", { name: /Taxonomy 4/ })).toBeVisible();
  await expect(page).toHaveURL(/taxonomy_three\/[^/?]+(\?|$)/);
  expect((await readTable(table)).rows.length).toBeGreaterThan(0);
  expect(await linkedNames(page)).toEqual([]);
  const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(crumbs.getByRole("listitem")).toHaveText(["All Channels", channel, two, three]);
  // Back by the breadcrumb: the channel's page, then All Channels.
  await crumbs.getByRole("link", { name: channel }).click();
  await expect(table.getByRole("columnheader", { name: /Taxonomy 2/ })).toBeVisible();
  await crumbs.getByRole("link", { name: "All Channels" }).click();
  await expect(page).toHaveURL(/\/funnel(\?|$)/);
  await expect(table.getByRole("columnheader", { name: /Taxonomy 1/ })).toBeVisible();

  // Revenue Percent: each bar sums to 100.
  await modeSelect(page).selectOption({ label: "Revenue Percent" });
  await expect(page).toHaveURL(/mode=revenue_percent/);
  const percentBars = await readTable(chartTable(page));
  expect(percentBars.headers.slice(1)).toEqual(["Solo Revenue %", "Upper Funnel Revenue %", "Mid Funnel Revenue %", "Lower Funnel Revenue %"]);
  for (const bar of percentBars.rows) {
    const sum = bar.cells.reduce((s, c) => s + (screenNumber(c) ?? 0), 0);
    if (sum !== 0) expect(Math.abs(sum - 100)).toBeLessThan(0.05);
  }
  await modeSelect(page).selectOption({ label: "Credit" });
  await expect(page).toHaveURL(/mode=credit/);
  expect((await readTable(chartTable(page))).headers.slice(1)).toEqual(["Solo Credit", "Upper Funnel Credit", "Mid Funnel Credit", "Lower Funnel Credit"]);

  // Sort by Mid Funnel Revenue, biggest first.
  await table.getByRole("button", { name: /Mid Funnel Revenue$/ }).click();
  await expect(table.getByRole("columnheader", { name: /Mid Funnel Revenue$/ })).toHaveAttribute("aria-sort", "descending");
  await expect(page).toHaveURL(/sort=mid_funnel_revenue/);
  await expect(page).toHaveURL(/direction=desc/);

  // The column chooser: Solo Credit off.
  await page.getByRole("button", { name: "Columns" }).click();
  const chooser = page.getByRole("dialog", { name: "Column Selection" });
  await chooser.getByRole("checkbox", { name: "Solo Credit" }).uncheck();
  await chooser.getByRole("button", { name: "Close" }).click();
  await expect(table.getByRole("columnheader", { name: /Solo Credit/ })).toHaveCount(0);
  await expect(page).toHaveURL(/columns=/);

  // A second page when there are more than 8 rows.
  const pager = page.getByRole("navigation", { name: "Funnel table pages" });
  const pages = await pager.getByRole("button", { name: /^Page \d+$/ }).count();
  if (pages > 1) {
    await pager.getByRole("button", { name: "Page 2" }).click();
    await expect(page).toHaveURL(/page=2/);
  }
  const shown = await readTable(table);

  // The link shared: another tab opens the same view.
  const shared = await context.newPage();
  await shared.goto(page.url());
  await expect(funnelTable(shared).getByRole("columnheader", { name: /Mid Funnel Revenue$/ })).toHaveAttribute("aria-sort", "descending");
  await expect(modeSelect(shared)).toHaveValue("credit");
  await expect.poll(async () => readTable(funnelTable(shared))).toEqual(shown);
  await shared.close();

  // Export: the CSV holds every row in the table's sort; the shown page's rows are in it with the same numbers.
  await page.getByRole("button", { name: "Export", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Export Data" });
  const reportName = await dialog.getByLabel("Report Name").inputValue();
  expect(reportName).toMatch(/^northwind_outfitters_funnel_report_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}$/);
  await dialog.getByRole("button", { name: "Reset to visible" }).click();
  const csv = await downloadBy(page, () => dialog.getByRole("button", { name: "Download CSV" }).click());
  expect(csv.suggestedFilename()).toBe(`${reportName}.csv`);
  const records = await csvRecords(csv);
  const header = records[0] as string[];
  expect(header).toEqual(shown.headers);
  const offset = (pages > 1 ? 1 : 0) * 8;
  shown.rows.forEach((row, i) => {
    const record = records[1 + offset + i] as string[];
    expect(record[0]).toBe(row.name);
    row.cells.forEach((cell, c) => {
      const label = header[c + 1] as string;
      const onScreen = screenNumber(cell) as number;
      const inFile = Number(record[c + 1]);
      // Percent fields are written divided by 100.
      const asShown = label.endsWith("%") ? inFile * 100 : inFile;
      expect(Math.abs(asShown - onScreen), `${row.name} ${label}`).toBeLessThanOrEqual(0.0051);
    });
  });

  // One level deeper keeps the mode and the columns; the sort starts again from the level's column.
  if (pages > 1) await pager.getByRole("button", { name: "Page 1" }).click();
  await expect(funnelTable(page).locator("tbody th a").first()).toBeVisible();
  const deeper = (await linkedNames(page))[0] as string;
  await funnelTable(page).getByRole("link", { name: deeper, exact: true }).click();
  await expect(table.getByRole("columnheader", { name: /Taxonomy 2/ })).toHaveAttribute("aria-sort", "ascending");
  await expect(modeSelect(page)).toHaveValue("credit");
  await expect(table.getByRole("columnheader", { name: /Solo Credit/ })).toHaveCount(0);
  await expect(page).toHaveURL(/mode=credit/);
});
