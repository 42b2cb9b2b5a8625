// The comparison maths of the domain run here, in Node, to check the screen against the engine.
import "temporal-polyfill/global";
import { expect, test, type APIRequestContext, type Page } from "./fixtures";
import { change, direction, directionTone, formatChange, previousPeriod } from "../../src/domain/report/comparison";
import { formatRange } from "../../src/domain/report/dateFormat";
import type { DateRange } from "../../src/domain/report/dateRange";
import { invalidRangeMessage } from "../../src/domain/report/dateRangeRule";
import { metricDefinitions } from "../../src/domain/report/metrics";
import type { PerformanceRow, TableResponse } from "../../src/domain/performance/performance";
import { readTable, roundingOf, screenNumber } from "./screenTable";
import { signInAs } from "./support";

interface SessionView {
  readonly token: string;
  readonly programCode: string;
  readonly range: DateRange;
  readonly programs: ReadonlyArray<{ readonly code: string; readonly locale: string }>;
}

/** The signed-in session as the app keeps it (its persisted snapshot). */
const sessionOf = async (page: Page): Promise<SessionView> =>
  page.evaluate(() => (JSON.parse(localStorage.getItem("attribution.session") ?? "{}") as { snapshot: { context: SessionView } }).snapshot.context);

/** The level-one table straight from the engine, with the session's token. */
const engineTable = async (request: APIRequestContext, s: SessionView, range: DateRange): Promise<TableResponse> => {
  const response = await request.get(`/api/programs/${encodeURIComponent(s.programCode)}/performance/table/single/taxonomy_1`, {
    params: { date_from: range.from, date_to: range.to },
    headers: { Authorization: `Bearer ${s.token}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as TableResponse;
};

test("compare with 'Previous Period': each cell shows the current and previous value and the change the engine's numbers give", async ({ page }) => {
  await signInAs(page, "demo");
  const table = page.getByRole("table", { name: "Taxonomy 1", exact: true });
  await expect(table.locator("tbody th[scope=row]").first()).toBeVisible();
  await expect(table.locator(".metric-previous")).toHaveCount(0);

  const controls = page.getByRole("toolbar", { name: "Table controls" });
  const compare = controls.getByRole("switch", { name: "Compare" });
  await expect(compare).toHaveAttribute("aria-checked", "false");
  await compare.click();
  await expect(compare).toHaveAttribute("aria-checked", "true");

  const session = await sessionOf(page);
  const locale = session.programs.find((p) => p.code === session.programCode)?.locale ?? "en-GB";
  const previousRange = previousPeriod(session.range);
  const picker = controls.getByRole("button", { name: /^Comparison dates/ });
  await picker.click();
  const panel = page.getByRole("group", { name: "Comparison dates" });
  await panel.getByRole("button", { name: "Year on Year" }).click();
  await picker.click();
  await page.getByRole("group", { name: "Comparison dates" }).getByRole("button", { name: "Previous Period" }).click();
  await expect(panel).toBeHidden();
  await expect(picker).toHaveAccessibleName(`Comparison dates: ${formatRange(previousRange, locale)}`);
  await expect(page.getByRole("status").filter({ hasText: "Loading the comparison" })).toHaveCount(0);

  const [current, previous] = await Promise.all([engineTable(page.request, session, session.range), engineTable(page.request, session, previousRange)]);
  const previousByChannel = new Map(previous.data.map((r) => [r.taxonomy_1, r]));
  const headers = (await table.locator("thead th").allTextContents()).map((h) => h.replace(/[▲▼↕]/g, "").trim());
  const metric = "attributed_revenue";
  const column = headers.indexOf(metricDefinitions[metric].label) - 1;
  expect(column).toBeGreaterThanOrEqual(0);

  // A channel on screen with revenue in both periods, as the engine reports them.
  const names = (await readTable(table)).rows.map((r) => r.name);
  const channel = current.data.find((r) => r.taxonomy_1 !== "None" && names.includes(r.taxonomy_1 ?? "") && (previousByChannel.get(r.taxonomy_1)?.[metric] ?? 0) > 0) as PerformanceRow;
  expect(channel, "a channel with revenue in both periods").toBeDefined();
  const before = previousByChannel.get(channel.taxonomy_1) as PerformanceRow;

  const row = table.locator("tbody tr").filter({ has: page.getByRole("link", { name: channel.taxonomy_1, exact: true }) }).first();
  const cell = row.locator("td").nth(column);
  const decimals = metricDefinitions[metric].decimals;
  const shownCurrent = screenNumber((await cell.locator(".metric-current").textContent()) ?? "") as number;
  const shownPrevious = screenNumber((await cell.locator(".metric-previous").textContent()) ?? "") as number;
  expect(Math.abs(shownCurrent - channel[metric])).toBeLessThanOrEqual(roundingOf(decimals));
  expect(Math.abs(shownPrevious - before[metric])).toBeLessThanOrEqual(roundingOf(decimals));
  const expectedChange = change(channel[metric], before[metric]);
  expect(expectedChange.kind).toBe("percent");
  await expect(cell.locator(".metric-change")).toHaveText(new RegExp(`${escapeRegExp(formatChange(expectedChange, locale))}$`));
  await expect(cell.locator(".metric-change")).toHaveAttribute("data-tone", directionTone[direction(metric, channel[metric], before[metric])]);

  // Every metric cell of every row shows a current value, a previous value and a change.
  const counts = await table.evaluate((el) => {
    const cells = [...el.querySelectorAll("tbody tr")].filter((tr) => tr.querySelector("th[scope=row]")).flatMap((tr) => [...tr.querySelectorAll("td")]);
    return { cells: cells.length, comparing: cells.filter((td) => td.querySelector(".metric-current") && td.querySelector(".metric-previous") && td.querySelector(".metric-change")).length };
  });
  expect(counts.cells).toBeGreaterThan(0);
  expect(counts.comparing).toBe(counts.cells);

  // Off: the comparison data is cleared and the cells show one value again.
  await compare.click();
  await expect(compare).toHaveAttribute("aria-checked", "false");
  await expect(table.locator(".metric-previous")).toHaveCount(0);
  await expect(controls.getByRole("button", { name: /^Comparison dates/ })).toHaveCount(0);
});

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The children of a channel straight from the engine (the peek table's call). */
const engineChildren = async (request: APIRequestContext, s: SessionView, channel: string, range: DateRange): Promise<TableResponse> => {
  const response = await request.get(`/api/programs/${encodeURIComponent(s.programCode)}/performance/table/single/taxonomy_1/${encodeURIComponent(channel)}/taxonomy_2`, {
    params: { date_from: range.from, date_to: range.to },
    headers: { Authorization: `Bearer ${s.token}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as TableResponse;
};

test("open rows compare too: each peek row, nested levels included, shows the current and previous value and the change", async ({ page }) => {
  await signInAs(page, "demo");
  const table = page.getByRole("table", { name: "Taxonomy 1", exact: true });
  await expect(table.locator("tbody th[scope=row]").first()).toBeVisible();
  const compare = page.getByRole("toolbar", { name: "Table controls" }).getByRole("switch", { name: "Compare" });

  // A row opened before comparison is turned on: its peek table compares once it is on.
  const session = await sessionOf(page);
  const previousRange = previousPeriod(session.range);
  const current = await engineTable(page.request, session, session.range);
  const names = (await readTable(table)).rows.map((r) => r.name);
  const channel = current.data.find((r) => r.taxonomy_1 !== "None" && names.includes(r.taxonomy_1 ?? ""))?.taxonomy_1 as string;
  await table.getByRole("button", { name: `Expand ${channel}`, exact: true }).click();
  const levelTwo = table.locator('tbody tr[data-depth="1"]');
  await expect(levelTwo.first()).toBeVisible();
  await expect(levelTwo.locator(".metric-previous")).toHaveCount(0);

  await compare.click();
  await expect(compare).toHaveAttribute("aria-checked", "true");
  await expect(levelTwo.first().locator(".metric-previous").first()).toBeVisible();
  const counts = await levelTwo.evaluateAll((rows) => {
    const cells = rows.flatMap((tr) => [...tr.querySelectorAll("td")]);
    return { cells: cells.length, comparing: cells.filter((td) => td.querySelector(".metric-current") && td.querySelector(".metric-previous") && td.querySelector(".metric-change")).length };
  });
  expect(counts.cells).toBeGreaterThan(0);
  expect(counts.comparing).toBe(counts.cells);

  // The previous value of a child is the engine's, for the comparison dates.
  const previousChildren = await engineChildren(page.request, session, channel, previousRange);
  const headers = (await table.locator("thead th").allTextContents()).map((h) => h.replace(/[▲▼↕]/g, "").trim());
  const metric = "attributed_revenue";
  const column = headers.indexOf(metricDefinitions[metric].label) - 1;
  const childName = ((await levelTwo.first().locator("th").textContent()) ?? "").replace("▸", "").trim();
  const before = previousChildren.data.find((r) => r.taxonomy_2 === childName);
  const shownPrevious = screenNumber((await levelTwo.first().locator("td").nth(column).locator(".metric-previous").textContent()) ?? "");
  expect(before, `the engine's previous row of ${childName}`).toBeDefined();
  expect(Math.abs((shownPrevious as number) - (before as PerformanceRow)[metric])).toBeLessThanOrEqual(roundingOf(metricDefinitions[metric].decimals));

  // A level-two child opened while comparing: its level-three rows compare at once.
  const expandable = levelTwo.getByRole("button", { name: /^Expand / }).first();
  await expandable.click();
  const levelThree = table.locator('tbody tr[data-depth="2"]');
  await expect(levelThree.first()).toBeVisible();
  await expect(levelThree.first().locator(".metric-previous").first()).toBeVisible();

  // Off: every open level shows one value again.
  await compare.click();
  await expect(compare).toHaveAttribute("aria-checked", "false");
  await expect(table.locator(".metric-previous")).toHaveCount(0);
  await expect(levelThree.first()).toBeVisible();
});

test("a reversed comparison range is refused with the main date picker's message; corrected, it applies", async ({ page }) => {
  await signInAs(page, "demo");
  const table = page.getByRole("table", { name: "Taxonomy 1", exact: true });
  await expect(table.locator("tbody th[scope=row]").first()).toBeVisible();
  const controls = page.getByRole("toolbar", { name: "Table controls" });
  await controls.getByRole("switch", { name: "Compare" }).click();
  const session = await sessionOf(page);
  const locale = session.programs.find((p) => p.code === session.programCode)?.locale ?? "en-GB";
  const previousRange = previousPeriod(session.range);
  expect(previousRange.from < previousRange.to, "the comparison period is longer than a day").toBe(true);

  // The main date picker's words for a start after the end.
  const main = page.getByRole("button", { name: /^Date range:/ });
  await main.click();
  const mainPanel = page.getByRole("group", { name: "Choose a date range" });
  await mainPanel.getByLabel("From", { exact: true }).fill(session.range.to);
  await mainPanel.getByLabel("To", { exact: true }).fill(session.range.from);
  const mainMessage = (await mainPanel.locator(".field-error").textContent()) ?? "";
  expect(mainMessage).toBe(invalidRangeMessage);
  await page.keyboard.press("Escape");
  await expect(mainPanel).toBeHidden();

  // Start at the comparison period's end, end at its start: refused with the same message, the picker stays open.
  const picker = controls.getByRole("button", { name: /^Comparison dates/ });
  await expect(picker).toHaveAccessibleName(`Comparison dates: ${formatRange(previousRange, locale)}`);
  await picker.click();
  const panel = page.getByRole("group", { name: "Comparison dates" });
  const start = panel.getByLabel("Comparison start");
  const end = panel.getByLabel("Comparison end");
  await start.fill(previousRange.to);
  await end.fill(previousRange.from);
  await expect(panel.getByRole("alert")).toHaveText(mainMessage);
  await expect(start).toHaveAttribute("aria-invalid", "true");
  const apply = panel.getByRole("button", { name: "Apply" });
  await expect(apply).toBeDisabled();
  await end.press("Enter");
  await expect(panel).toBeVisible();
  await expect(start).toHaveValue(previousRange.to);
  await expect(end).toHaveValue(previousRange.from);
  await expect(picker).toHaveAccessibleName(`Comparison dates: ${formatRange(previousRange, locale)}`);

  // Corrected: the message goes and the dates apply.
  await start.fill(previousRange.from);
  await end.fill(previousRange.to);
  await expect(panel.getByRole("alert")).toHaveCount(0);
  await apply.click();
  await expect(panel).toBeHidden();
  await expect(picker).toHaveAccessibleName(`Comparison dates: ${formatRange(previousRange, locale)}`);
});
