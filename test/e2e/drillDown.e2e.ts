import { expect, test, type Locator, type Page, type Request } from "./fixtures";
import { totalsOf, type MetricName } from "../../src/domain/report/metrics";
import type { PerformanceRow, TableResponse } from "../../src/domain/performance/performance";
import { metricOfLabel, readTable, roundingOf, screenNumber, type ScreenTable } from "./screenTable";
import { signInAs } from "./support";

const heading = (page: Page, name: string) => page.getByRole("heading", { level: 1, name, exact: true });
const tableOf = (page: Page, name: string) => page.getByRole("table", { name, exact: true });
const crumbs = (page: Page) => page.getByRole("navigation", { name: "Breadcrumb" });

/** The table's call as the app made it: the same URL and token, asked again from the test. */
const engineAnswer = async (page: Page, request: Request): Promise<TableResponse> => {
  const response = await page.request.get(request.url(), { headers: { authorization: (await request.allHeaders()).authorization ?? "" } });
  expect(response.status()).toBe(200);
  return (await response.json()) as TableResponse;
};

/** The app's next table call for a path (given decoded: "/taxonomy_1/Paid Search/taxonomy_2"). */
const tableCall = (page: Page, level: string) =>
  page.waitForRequest((r) => r.method() === "GET" && decodeURIComponent(new URL(r.url()).pathname).endsWith(`/table/single${level}`));

/** Every number of the footer 'Total' agrees with the totals of the engine's rows (rates recomputed from sums). */
const expectFooterAgrees = (shown: ScreenTable, answer: TableResponse) => {
  const totals = totalsOf(answer.data);
  expect(shown.footer).not.toBeNull();
  shown.headers.slice(1).forEach((label, i) => {
    const metric = metricOfLabel(label);
    const value = screenNumber(shown.footer?.[i] ?? "");
    expect(value, label).not.toBeNull();
    expect(Math.abs((value as number) - totals[metric.name]), `${label}: ${shown.footer?.[i]} vs ${totals[metric.name]}`).toBeLessThanOrEqual(roundingOf(metric.decimals));
  });
};

/** The shown cells of a named row, by metric. */
const rowValues = (shown: ScreenTable, name: string): Map<MetricName, number | null> => {
  const row = shown.rows.find((r) => r.name === name);
  expect(row, `row ${name}`).toBeDefined();
  return new Map(shown.headers.slice(1).map((label, i) => [metricOfLabel(label).name, screenNumber(row?.cells[i] ?? "")]));
};

/** A loaded table: its body has a named row. */
const loaded = async (table: Locator) => {
  await expect(table.locator("tbody th[scope=row]").first()).toBeVisible();
  await expect(table).not.toHaveAttribute("aria-busy", "true");
};

test("drill down through the four levels by the table's links and back by the breadcrumb; footers agree with the engine", async ({ page }) => {
  const levelOneCall = tableCall(page, "/taxonomy_1");
  await signInAs(page, "demo");
  await expect(page).toHaveTitle("Performance Report");
  const levelOne = tableOf(page, "Taxonomy 1");
  await loaded(levelOne);
  const levelOneShown = await readTable(levelOne);
  expectFooterAgrees(levelOneShown, await engineAnswer(page, await levelOneCall));
  // 'None' is never a link
  await expect(levelOne.getByRole("rowheader", { name: "None", exact: true }).getByRole("link")).toHaveCount(0);

  // level one → the channel's taxonomy-two table
  const channelCall = tableCall(page, "/taxonomy_1/Paid Search/taxonomy_2");
  await levelOne.getByRole("link", { name: "Paid Search", exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/performance/taxonomy_one/Paid%20Search");
  await expect(heading(page, "Paid Search | Performance Report")).toBeVisible();
  await expect(page).toHaveTitle("Paid Search | Performance Report");
  const channel = tableOf(page, "Taxonomy 2 of Paid Search");
  await loaded(channel);
  const channelShown = await readTable(channel);
  expectFooterAgrees(channelShown, await engineAnswer(page, await channelCall));
  // the parent row on level one equals the sum of its children (additive metrics, as shown)
  const parent = rowValues(levelOneShown, "Paid Search");
  channelShown.headers.slice(1).forEach((label, i) => {
    const metric = metricOfLabel(label);
    if (!metric.additive) return;
    const sum = screenNumber(channelShown.footer?.[i] ?? "") ?? NaN;
    expect(Math.abs(sum - (parent.get(metric.name) ?? NaN)), `${label}: children ${sum}, parent ${parent.get(metric.name)}`).toBeLessThanOrEqual(10 ** -metric.decimals + 1e-9);
  });
  // 'None' sorts last on a channel's table and is neither linked nor expandable
  const names = channelShown.rows.map((r) => r.name);
  if (names.includes("None")) expect(names[names.length - 1]).toBe("None");
  await expect(channel.getByRole("button", { name: "Expand None" })).toHaveCount(0);
  await expect(page.getByLabel("Rows per page")).toHaveValue("10");

  // → the taxonomy-three table page
  const campaignCall = tableCall(page, "/taxonomy_1/Paid Search/taxonomy_2/Google Ads/taxonomy_3");
  await channel.getByRole("link", { name: "Google Ads", exact: true }).click();
  await expect(heading(page, "Google Ads | Performance Report")).toBeVisible();
  await expect(page).toHaveTitle("Google Ads | Performance Report");
  const campaigns = tableOf(page, "Taxonomy 3 of Paid Search › Google Ads");
  await loaded(campaigns);
  expectFooterAgrees(await readTable(campaigns), await engineAnswer(page, await campaignCall));

  // → the level-four report, through a name that needs encoding
  const tricky = `Men's "Best" Sellers`;
  const levelFourCall = tableCall(page, `/taxonomy_1/Paid Search/taxonomy_2/Google Ads/taxonomy_3/${tricky}/taxonomy_4`);
  await campaigns.getByRole("link", { name: tricky, exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === `/performance/taxonomy_one/Paid%20Search/taxonomy_two/Google%20Ads/taxonomy_three/${encodeURIComponent(tricky)}`);
  await expect(heading(page, `${tricky} | Performance Report`)).toBeVisible();
  const keywords = tableOf(page, `Taxonomy 4 of Paid Search › Google Ads › ${tricky}`);
  await loaded(keywords);
  const keywordsShown = await readTable(keywords);
  expectFooterAgrees(keywordsShown, await engineAnswer(page, await levelFourCall));
  // level-four rows do not open
  await expect(keywords.locator("button[aria-expanded]")).toHaveCount(0);

  // → the actual fourth-level chart page: no table
  const keyword = keywordsShown.rows.find((r) => r.name !== "None")?.name ?? "";
  await keywords.getByRole("link", { name: keyword, exact: true }).click();
  await expect(heading(page, `${keyword} | Performance Report`)).toBeVisible();
  await expect(page.getByRole("table", { name: /^Taxonomy/ })).toHaveCount(0);

  // back up by the breadcrumb, one level at a time
  await expect(crumbs(page).getByRole("listitem")).toHaveCount(5);
  await crumbs(page).getByRole("link", { name: tricky, exact: true }).click();
  await expect(heading(page, `${tricky} | Performance Report`)).toBeVisible();
  await loaded(keywords);
  await crumbs(page).getByRole("link", { name: "Google Ads", exact: true }).click();
  await expect(heading(page, "Google Ads | Performance Report")).toBeVisible();
  await crumbs(page).getByRole("link", { name: "Paid Search", exact: true }).click();
  await expect(heading(page, "Paid Search | Performance Report")).toBeVisible();
  await crumbs(page).getByRole("link", { name: "All Channels", exact: true }).click();
  await expect(heading(page, "Performance Report")).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === "/performance");
  await loaded(tableOf(page, "Taxonomy 1"));
});

test("rows open and close with the keyboard; a peek table shows 10 and 'Show me more'", async ({ page }) => {
  // The demo data has at most 6 children under one value: the peek call for one channel
  // is answered with 12 rows (a valid table answer) to see the 'Show me more' rule.
  await page.route(/\/performance\/table\/single\/taxonomy_1\/Email\/taxonomy_2\?/, async (route) => {
    const original = await route.fetch();
    const answer = (await original.json()) as TableResponse;
    const template = answer.data[0] as PerformanceRow;
    const data = Array.from({ length: 12 }, (_, i) => ({ ...template, taxonomy_2: `Journey ${String(i + 1).padStart(2, "0")}`, clicks: 100 - i, attributed_revenue: 1000 - i }));
    await route.fulfill({ response: original, json: { ...answer, data, total: data.length } });
  });
  await signInAs(page, "demo");
  const table = tableOf(page, "Taxonomy 1");
  await loaded(table);

  // Enter opens a level-one row: its level-two children show under it
  const paid = table.getByRole("button", { name: "Expand Paid Search" });
  await paid.focus();
  await page.keyboard.press("Enter");
  await expect(paid).toHaveAttribute("aria-expanded", "true");
  const child = table.getByRole("link", { name: "Google Ads", exact: true });
  await expect(child).toBeVisible();
  // a level-two child opens into level three (Space, this time)
  const google = table.getByRole("button", { name: "Expand Google Ads" });
  await google.focus();
  await page.keyboard.press("Space");
  await expect(google).toHaveAttribute("aria-expanded", "true");
  await expect(table.getByRole("link", { name: `Men's "Best" Sellers`, exact: true })).toBeVisible();
  // level three is the deepest on the level-one page
  await expect(table.getByRole("button", { name: `Expand Men's "Best" Sellers` })).toHaveCount(0);
  // closing the level-one row closes what is below it
  await paid.focus();
  await page.keyboard.press("Enter");
  await expect(paid).toHaveAttribute("aria-expanded", "false");
  await expect(child).toHaveCount(0);
  await page.keyboard.press("Enter");
  await expect(table.getByRole("button", { name: "Expand Google Ads" })).toHaveAttribute("aria-expanded", "false");

  // a peek with more than 10 children shows the first 10 and 'Show me more' to the channel's page
  await table.getByRole("button", { name: "Expand Email" }).click();
  await expect(table.getByRole("link", { name: "Journey 10", exact: true })).toBeVisible();
  await expect(table.getByRole("link", { name: "Journey 11", exact: true })).toHaveCount(0);
  const more = table.getByRole("link", { name: "Show me more" });
  await expect(more).toHaveCount(1);
  await more.click();
  await expect(page).toHaveURL((url) => url.pathname === "/performance/taxonomy_one/Email");
  await expect(heading(page, "Email | Performance Report")).toBeVisible();
  const channel = tableOf(page, "Taxonomy 2 of Email");
  await loaded(channel);
  // the channel's own table pages 10 of the 12 rows; 15 a page shows them all
  await expect(channel.locator("tbody th[scope=row]")).toHaveCount(10);
  await page.getByLabel("Rows per page").selectOption("15");
  await expect(channel.locator("tbody th[scope=row]")).toHaveCount(12);
});

test("a header click sorts the table, 'None' last both ways, and the sort is kept for the next table", async ({ page }) => {
  await signInAs(page, "demo");
  const table = tableOf(page, "Taxonomy 1");
  await loaded(table);
  const header = table.getByRole("columnheader", { name: /Page Lands/ });
  await header.getByRole("button").click();
  await expect(header).toHaveAttribute("aria-sort", "descending");
  /** The Page Lands of the rows, after checking that the row named 'None' (traffic no rule classified) is the last one. */
  const clicksOf = async () => {
    const shown = await readTable(table);
    const column = shown.headers.indexOf("Page Lands") - 1;
    expect(column).toBeGreaterThanOrEqual(0);
    expect(shown.rows.map((r) => r.name).indexOf("None"), "'None' is the last row").toBe(shown.rows.length - 1);
    return shown.rows.slice(0, -1).map((r) => screenNumber(r.cells[column] ?? "") ?? 0);
  };
  const desc = await clicksOf();
  expect(desc).toEqual([...desc].sort((a, b) => b - a));
  await header.getByRole("button").press("Enter");
  await expect(header).toHaveAttribute("aria-sort", "ascending");
  const asc = await clicksOf();
  expect(asc).toEqual([...asc].sort((a, b) => a - b));

  await table.getByRole("link", { name: "Paid Search", exact: true }).click();
  const channel = tableOf(page, "Taxonomy 2 of Paid Search");
  await loaded(channel);
  await expect(channel.getByRole("columnheader", { name: /Page Lands/ })).toHaveAttribute("aria-sort", "ascending");
});
