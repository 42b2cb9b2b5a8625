import { expect, test, type Page } from "./fixtures";
import { csvRecords, downloadBy } from "./downloads";
import { readTable, screenNumber } from "./screenTable";
import { signInAs } from "./support";

const ratingTable = (page: Page) => page.getByRole("table", { name: "Initiator rating table" });
const chartTable = (page: Page) => page.locator(".visually-hidden table", { has: page.locator("caption", { hasText: "Upper funnel and solo revenue" }) });
const linkedNames = async (page: Page): Promise<string[]> => ratingTable(page).locator("tbody th a").allTextContents();

test("the initiator rating: menu, drill-down and back by breadcrumb, sort and columns in the URL, a shared link, and an export that matches the screen", async ({ page, context }) => {
  await signInAs(page, "demo");
  await page.getByRole("link", { name: "Initiator Rating", exact: true }).click();
  await expect(page).toHaveURL(/\/initiator-rating(\?|$)/);
  await expect(page.getByRole("heading", { name: "Initiator Rating" })).toBeVisible();

  // Level one: the default columns, total funnel revenue biggest first, at most 10 rows.
  const table = ratingTable(page);
  await expect(table.getByRole("columnheader", { name: /Total Funnel Revenue/ })).toHaveAttribute("aria-sort", "descending");
  const first = await readTable(table);
  expect(first.headers).toEqual(["Taxonomy 1", "Upper Funnel + Solo Revenue", "Total Funnel Revenue", "Upper Funnel + Solo Revenue %"]);
  expect(first.rows.length).toBeGreaterThan(0);
  expect(first.rows.length).toBeLessThanOrEqual(10);
  const totals = first.rows.filter((r) => r.name !== "None").map((r) => screenNumber(r.cells[1] as string) as number);
  expect([...totals].sort((a, b) => b - a)).toEqual(totals);
  // The chart: a bar per row (100 px plus 30 a bar), its two parts adding up to the row's total.
  const bars = await readTable(chartTable(page));
  expect(bars.rows.map((r) => r.name)).toEqual(first.rows.map((r) => r.name));
  bars.rows.forEach((bar, i) => {
    const sum = bar.cells.reduce((s, c) => s + (screenNumber(c) ?? 0), 0);
    expect(Math.abs(sum - (screenNumber(first.rows[i]?.cells[1] as string) as number))).toBeLessThanOrEqual(0.011);
  });
  await expect(page.locator(".stacked-bar-chart .chart-canvas")).toHaveCSS("height", `${100 + 30 * first.rows.length}px`);

  // Drill down two levels, then back by the breadcrumb.
  const channel = (await linkedNames(page))[0] as string;
  await table.getByRole("link", { name: channel, exact: true }).click();
  await expect(page.getByRole("heading", { name: `${channel} Initiator Rating` })).toBeVisible();
  await expect(table.getByRole("columnheader", { name: /Taxonomy 2/ })).toBeVisible();
  const two = (await linkedNames(page))[0] as string;
  await table.getByRole("link", { name: two, exact: true }).click();
  await expect(table.getByRole("columnheader", { name: /Taxonomy 3/ })).toBeVisible();
  const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(crumbs.getByRole("listitem")).toHaveText(["All Channels", channel, two]);
  await crumbs.getByRole("link", { name: "All Channels" }).click();
  await expect(table.getByRole("columnheader", { name: /Taxonomy 1/ })).toBeVisible();

  // Sort by the upper + solo share, then add Mid + Lower Funnel Revenue %.
  await table.getByRole("button", { name: /Upper Funnel \+ Solo Revenue %/ }).click();
  await expect(table.getByRole("columnheader", { name: /Upper Funnel \+ Solo Revenue %/ })).toHaveAttribute("aria-sort", "descending");
  await expect(page).toHaveURL(/sort=upper_solo_revenue_percent/);
  await page.getByRole("button", { name: "Columns" }).click();
  const chooser = page.getByRole("dialog", { name: "Column Selection" });
  await chooser.getByRole("checkbox", { name: "Mid + Lower Funnel Revenue %" }).check();
  await chooser.getByRole("button", { name: "Close" }).click();
  await expect(table.getByRole("columnheader", { name: /Mid \+ Lower Funnel Revenue %/ })).toBeVisible();
  await expect(page).toHaveURL(/columns=/);
  const shown = await readTable(table);
  // Shares add up to 100 on every row with revenue.
  for (const row of shown.rows) {
    const up = screenNumber(row.cells[shown.headers.indexOf("Upper Funnel + Solo Revenue %") - 1] as string) as number;
    const low = screenNumber(row.cells[shown.headers.indexOf("Mid + Lower Funnel Revenue %") - 1] as string) as number;
    if (up + low !== 0) expect(Math.abs(up + low - 100)).toBeLessThanOrEqual(0.011);
  }

  // The shared link opens the same view.
  const shared = await context.newPage();
  await shared.goto(page.url());
  await expect.poll(async () => readTable(ratingTable(shared))).toEqual(shown);
  await shared.close();

  // Export: 'Reset to visible', then the CSV holds the rows in the table's order with the same numbers (percents divided by 100).
  await page.getByRole("button", { name: "Export", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Export Data" });
  const reportName = await dialog.getByLabel("Report Name").inputValue();
  expect(reportName).toMatch(/^northwind_outfitters_initiator_rating_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}$/);
  await dialog.getByRole("button", { name: "Reset to visible" }).click();
  const csv = await downloadBy(page, () => dialog.getByRole("button", { name: "Download CSV" }).click());
  expect(csv.suggestedFilename()).toBe(`${reportName}.csv`);
  const records = await csvRecords(csv);
  const header = records[0] as string[];
  expect(header).toEqual(shown.headers);
  shown.rows.forEach((row, i) => {
    const record = records[1 + i] as string[];
    expect(record[0]).toBe(row.name);
    row.cells.forEach((cell, c) => {
      const label = header[c + 1] as string;
      const inFile = Number(record[c + 1]);
      const asShown = label.endsWith("%") ? inFile * 100 : inFile;
      expect(Math.abs(asShown - (screenNumber(cell) as number)), `${row.name} ${label}`).toBeLessThanOrEqual(0.0051);
    });
  });
});

test("the initiator rating follows the session's dates and says so when they hold no sales", async ({ page }) => {
  await signInAs(page, "demo");
  await page.getByRole("link", { name: "Initiator Rating", exact: true }).click();
  await expect(ratingTable(page)).toBeVisible();
  // Other dates in the address (as back and forward bring them): the session takes them and the rating loads again.
  await page.evaluate(() => {
    history.pushState(null, "", "/initiator-rating?program=northwind&date_from=2001-01-01&date_to=2001-01-31");
    dispatchEvent(new PopStateEvent("popstate"));
  });
  await expect(page.getByText("There are no results, try expanding the dates of your search.")).toBeVisible();
  await expect(ratingTable(page)).toHaveCount(0);
});

test("a link with other dates, opened afresh, shows those dates' rating", async ({ page }) => {
  await signInAs(page, "demo");
  await page.goto("/initiator-rating?program=northwind&date_from=2001-01-01&date_to=2001-01-31");
  await expect(page.getByText("There are no results, try expanding the dates of your search.")).toBeVisible();
  await expect(page).toHaveURL(/date_from=2001-01-01/);
});
