import { expect, test, type Page } from "./fixtures";
import { midWeekRange } from "./days";
import { csvRecords, downloadBy } from "./downloads";
import { readTable, screenNumber } from "./screenTable";
import { signInAs } from "./support";

/** Twenty whole weeks, enough for the trendline, and a part week at each end whatever the weekday today. */
const range = midWeekRange(20, 20);
const dates = new URLSearchParams({ date_from: range.from, date_to: range.to }).toString();

const weeksTable = (page: Page) => page.getByRole("table", { name: "Weeks", exact: true });
const chartTable = (page: Page) => page.locator(".visually-hidden table", { has: page.locator("caption", { hasText: "Weekly spend and revenue" }) });
const sidebar = (page: Page) => page.getByRole("navigation", { name: "Taxonomies" });
const segments = (page: Page) => page.getByRole("group", { name: "Data segments" });
const warning = "Not enough data to show trendline. Try expanding the dates, including more data segments or choosing another Taxonomy.";

/** The ISO dates of the weeks table's rows. */
const shownDates = (page: Page): Promise<string[]> => weeksTable(page).locator("tbody time").evaluateAll((els) => els.map((e) => e.getAttribute("datetime") ?? ""));

test("diminishing returns: menu, sidebar, drill-down and back by breadcrumb, every control in the URL, a shared link, and an export that matches the screen", { tag: "@dates" }, async ({ page, context }) => {
  await signInAs(page, "demo");
  await page.getByRole("link", { name: "Diminishing Returns", exact: true }).click();
  await expect(page).toHaveURL(/\/diminishing-returns(\?|$)/);
  await expect(page.getByRole("heading", { name: "Diminishing Returns", exact: true })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText("All Channels");

  // About twenty weeks: the first channel is chosen; Paid Search, with spend every week, has its curve fitted.
  await page.goto(`/diminishing-returns?${dates}`);
  const first = sidebar(page).locator('[aria-current="page"]');
  await expect(first).toHaveCount(1);
  const channel = (await first.textContent()) ?? "";
  expect(channel).toBe((await sidebar(page).locator("li").first().textContent())?.replace("›", "").trim());
  const otherName = "Paid Search";
  await sidebar(page).getByRole("link", { name: otherName, exact: true }).click();
  await expect(page).toHaveURL(/\/diminishing-returns\/Paid%20Search\?/);
  await expect(sidebar(page).locator('[aria-current="page"]')).toHaveText(otherName);
  await expect(page.getByText("a correlation of spend and revenue, not a causal model")).toBeVisible();
  await expect(page.getByText(warning)).toHaveCount(0);
  await expect(page.locator('[data-figure="equation"]')).toContainText("× ln(weekly spend)");
  const weeks = Number(await page.locator('[data-figure="weeks"]').textContent());
  expect(weeks).toBeGreaterThanOrEqual(10);
  const rSquared = Number(await page.locator('[data-figure="r-squared"]').textContent());
  expect(rSquared).toBeGreaterThanOrEqual(0);
  expect(rSquared).toBeLessThanOrEqual(1);
  await expect(page.locator('[data-figure="marginal-return"]')).toContainText("of revenue per 1 of spend");
  await expect(page.locator('[data-figure="average-return"]')).toContainText("of revenue per 1 of spend");
  // The chart's hidden table lists the weeks the table lists, with the fitted revenue.
  const chartRows = await readTable(chartTable(page));
  expect(chartRows.headers).toEqual(["Week Commencing", "Spend", "Attributed Revenue", "Fitted revenue"]);
  // The range starts and ends mid-week: those two part weeks are listed but not fitted (nor is a whole week without spend).
  await expect(page.getByText("they are shown in grey and left out of the curve")).toBeVisible();
  const listed = Number(/of (\d+)/.exec((await page.getByRole("navigation", { name: "Weeks pages" }).textContent()) ?? "")?.[1]);
  expect(weeks).toBeLessThanOrEqual(listed - 2);
  const firstPage = await shownDates(page);
  expect(firstPage).toHaveLength(Math.min(listed, 20));
  expect(chartRows.rows.map((r) => r.name).slice(0, firstPage.length)).toEqual(firstPage);

  // Segments: every checkbox on; all off leaves no weeks and the warning; each one reaches the URL.
  const boxes = segments(page).getByRole("checkbox");
  const labels = await segments(page).locator("label").allTextContents();
  expect(labels.at(-1)).toBe("Untagged");
  for (const box of await boxes.all()) await expect(box).toBeChecked();
  await segments(page).getByLabel("Untagged").uncheck();
  await expect(page).toHaveURL(/untagged=off/);
  for (const label of labels.slice(0, -1)) await segments(page).getByLabel(label, { exact: true }).uncheck();
  await expect(page.getByText(warning)).toBeVisible();
  if (labels.length > 1) await expect(page).toHaveURL(/hide_seasons=/);
  await expect(page.locator('[data-figure="equation"]')).toHaveCount(0);
  for (const label of labels) await segments(page).getByLabel(label, { exact: true }).check();
  await expect(page.getByText(warning)).toHaveCount(0);
  await expect(page).not.toHaveURL(/untagged=|hide_seasons=/);

  // The what-if spend: far beyond the weeks seen, an extrapolation with its band.
  await page.getByLabel("What if weekly spend were").fill("1000000");
  await expect(page).toHaveURL(/what_if=1000000/);
  await expect(page.locator('[data-figure="what-if-revenue"]')).toBeVisible();
  await expect(page.getByText("This spend is outside the weekly spends seen: an extrapolation.")).toBeVisible();
  await expect(page.getByText("Dashed: extrapolation beyond the weekly spends seen.")).toBeVisible();
  await page.getByLabel("What if weekly spend were").fill("lots");
  await expect(page.getByText("Type a weekly spend above 0.")).toBeVisible();
  await page.getByLabel("What if weekly spend were").fill("1000000");

  // Rows per page: 20, 50 or 100.
  await page.getByRole("navigation", { name: "Weeks pages" }).getByRole("combobox").selectOption("50");
  await expect(page).toHaveURL(/per_page=50/);

  // Another channel of the sidebar: the trailing selected taxonomy, the choices kept.
  await sidebar(page).getByRole("link", { name: channel, exact: true }).click();
  await expect(page).toHaveURL(/per_page=50/);
  await expect(page).toHaveURL(/what_if=1000000/);
  await expect(sidebar(page).locator('[aria-current="page"]')).toHaveText(channel);
  await sidebar(page).getByRole("link", { name: otherName, exact: true }).click();

  // Drill down by Explore three levels, then back by the breadcrumb.
  let path: string[] = [];
  for (let level = 0; level < 3; level++) {
    await expect(sidebar(page).locator('[aria-current="page"]')).toHaveCount(1);
    const explore = sidebar(page).locator("a.taxonomy-sidebar-explore").first();
    if ((await explore.count()) === 0) break;
    const name = ((await explore.getAttribute("aria-label")) ?? "").replace(/^Explore /, "");
    await explore.click();
    path = [...path, name];
    await expect(page.getByRole("heading", { name: `${name} Diminishing Returns` })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(["taxonomy_one", "taxonomy_two", "taxonomy_three"][level] as string));
  }
  expect(path.length).toBeGreaterThanOrEqual(2);
  const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(crumbs.getByRole("listitem")).toHaveText(["All Channels", ...path]);
  await sidebar(page).getByRole("link", { name: `← Back to ${path.at(-2)}` }).click();
  await expect(page.getByRole("heading", { name: `${path.at(-2)} Diminishing Returns` })).toBeVisible();
  await crumbs.getByRole("link", { name: "All Channels" }).click();
  await expect(page).toHaveURL(/\/diminishing-returns(\?|$)/);
  await expect(sidebar(page).locator('[aria-current="page"]')).toHaveText(channel);

  // A shared link opens the same view: the channel, the segments, the what-if spend, 50 a page (the breadcrumb opened All Channels afresh).
  const season = labels[0] as string;
  await segments(page).getByLabel(season, { exact: true }).uncheck();
  await sidebar(page).getByRole("link", { name: otherName, exact: true }).click();
  await expect(page).toHaveURL(/hide_seasons=/);
  await expect(page.locator('[data-figure="equation"]')).toBeVisible();
  await page.getByLabel("What if weekly spend were").fill("1000000");
  await page.getByRole("navigation", { name: "Weeks pages" }).getByRole("combobox").selectOption("50");
  await expect(page).toHaveURL(/what_if=1000000.*per_page=50|per_page=50.*what_if=1000000/);
  const shownUrl = page.url();
  const shownTable = await readTable(weeksTable(page));
  const shared = await context.newPage();
  await shared.goto(shownUrl);
  await expect(sidebar(shared).locator('[aria-current="page"]')).toHaveText(otherName);
  await expect(segments(shared).getByLabel(season, { exact: true })).not.toBeChecked();
  await expect(segments(shared).getByLabel("Untagged")).toBeChecked();
  await expect(shared.getByLabel("What if weekly spend were")).toHaveValue("1000000");
  await expect(shared.getByRole("navigation", { name: "Weeks pages" }).getByRole("combobox")).toHaveValue("50");
  await expect.poll(async () => readTable(weeksTable(shared))).toEqual(shownTable);
  await shared.close();

  // Export: every shown week, with the channel and the week, the same numbers as the table.
  await page.getByRole("button", { name: "Export", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Export Data" });
  const reportName = await dialog.getByLabel("Report Name").inputValue();
  expect(reportName).toMatch(/^northwind_outfitters_diminishing_returns_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}$/);
  const csv = await downloadBy(page, () => dialog.getByRole("button", { name: "Download CSV" }).click());
  expect(csv.suggestedFilename()).toBe(`${reportName}.csv`);
  const records = await csvRecords(csv);
  expect(records[0]).toEqual(["Taxonomy 1", "Week Commencing", "Spend", "Attributed Revenue", "Seasonality"]);
  const isoDates = await shownDates(page);
  expect(records.slice(1).map((r) => r[1])).toEqual(isoDates);
  shownTable.rows.forEach((row, i) => {
    const record = records[1 + i] as string[];
    expect(record[0]).toBe(otherName);
    expect(Math.abs(Number(record[2]) - (screenNumber(row.cells[0] ?? "") as number))).toBeLessThanOrEqual(0.0051);
    expect(Math.abs(Number(record[3]) - (screenNumber(row.cells[1] ?? "") as number))).toBeLessThanOrEqual(0.0051);
    expect(record[4]).toBe(row.cells[2]);
  });
});
