import { readFile } from "node:fs/promises";
import { expect, test, type Locator, type Page } from "./fixtures";
import { signInAs } from "./support";

/** The performance chart of the page, and the data table that says what it draws. */
const chartOf = (page: Page) => page.getByRole("region", { name: "Performance chart" });
const dataOf = (chart: Locator) => chart.getByRole("table", { name: "Chart data" });
/** The ISO dates charted (each row header holds a <time> with its date). */
const datesOf = async (chart: Locator): Promise<string[]> =>
  dataOf(chart)
    .locator("tbody th time")
    .evaluateAll((times) => times.map((t) => t.getAttribute("datetime") ?? ""));
/** The dates as people read them on the chart. */
const labelsOf = async (chart: Locator): Promise<string[]> => dataOf(chart).locator("tbody th").allTextContents();

/** Monday is 1 in ISO weekdays; a YYYY-MM-DD read as UTC. */
const isoWeekday = (date: string): number => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

/** The cells of a CSV without quoted fields (the chart's: dates and numbers). */
const csvRows = (text: string): string[][] =>
  text
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/)
    .filter((line) => line !== "")
    .map((line) => line.split(","));

test("change chart metrics and interval, switch bar/area and Campaign Notes, and export the chart", { tag: "@dates" }, async ({ page }) => {
  await signInAs(page, "demo");
  const chart = chartOf(page);
  await expect(chart.getByRole("img", { name: /^Performance chart: Page Lands and Attributed Revenue, daily,/ })).toBeVisible();
  await expect(dataOf(chart).getByRole("columnheader")).toHaveText(["Date", "Page Lands", "Attributed Revenue"]);
  const days = await datesOf(chart);
  expect(days.length).toBeGreaterThan(7);
  expect([...days].sort()).toEqual(days);
  // Days read as day and month ('24 Oct'), in the program's locale (Northwind: en-GB).
  expect((await labelsOf(chart)).every((d) => /^\d{1,2} [A-Z][a-z]{2}$/.test(d))).toBe(true);

  // Metric one and two: each list disables the other's choice.
  const one = chart.getByLabel("Metric one");
  const two = chart.getByLabel("Metric two");
  await expect(one.locator("option[value=attributed_revenue]")).toBeDisabled();
  await expect(two.locator("option[value=clicks]")).toBeDisabled();
  await one.selectOption({ label: "ROAS" });
  await expect(two.locator("option[value=roas]")).toBeDisabled();
  await expect(two.locator("option[value=clicks]")).toBeEnabled();
  await two.selectOption({ label: "CPA" });
  await expect(one.locator("option[value=cpa]")).toBeDisabled();
  await expect(dataOf(chart).getByRole("columnheader")).toHaveText(["Date", "ROAS", "CPA"]);
  await expect(chart.getByRole("img", { name: /^Performance chart: ROAS and CPA, daily,/ })).toBeVisible();

  // Weekly: the chart is asked for again at interval=week and drawn by week (each point a Monday).
  const weekly = page.waitForRequest((r) => r.url().includes("/performance/chart/single?") && r.url().includes("interval=week"));
  await chart.getByRole("group", { name: "Interval" }).getByRole("button", { name: "Weekly" }).click();
  await weekly;
  await expect(chart.getByRole("button", { name: "Weekly" })).toHaveAttribute("aria-pressed", "true");
  await expect.poll(async () => (await datesOf(chart)).every((d) => isoWeekday(d) === 1)).toBe(true);
  expect((await labelsOf(chart)).every((d) => /^\d{1,2} [A-Z][a-z]{2}$/.test(d))).toBe(true);
  const weeks = await datesOf(chart);
  expect(weeks.length).toBeLessThan(days.length);
  await expect(chart.getByRole("img", { name: /^Performance chart: ROAS and CPA, weekly,/ })).toBeVisible();

  // Monthly, then back to Daily.
  const monthly = page.waitForRequest((r) => r.url().includes("/performance/chart/single?") && r.url().includes("interval=month"));
  await chart.getByRole("button", { name: "Monthly" }).click();
  await monthly;
  await expect.poll(async () => (await datesOf(chart)).every((d) => d.endsWith("-01"))).toBe(true);
  // Months read as month and year ('Oct 2026').
  await expect.poll(async () => (await labelsOf(chart)).every((d) => /^[A-Z][a-z]{2} \d{4}$/.test(d))).toBe(true);
  await chart.getByRole("button", { name: "Daily" }).click();
  await expect.poll(async () => (await datesOf(chart)).length).toBe(days.length);

  // Bar and area.
  const types = chart.getByRole("group", { name: "Chart type" });
  await expect(types.getByRole("button", { name: "Area" })).toHaveAttribute("aria-pressed", "true");
  await types.getByRole("button", { name: "Bar" }).click();
  await expect(types.getByRole("button", { name: "Bar" })).toHaveAttribute("aria-pressed", "true");
  await expect(chart.locator("canvas")).toBeVisible();
  await types.getByRole("button", { name: "Area" }).click();
  await expect(types.getByRole("button", { name: "Area" })).toHaveAttribute("aria-pressed", "true");

  // Campaign Notes on and off.
  const notes = chart.getByRole("switch", { name: "Campaign Notes" });
  await expect(notes).toHaveAttribute("aria-checked", "true");
  await notes.click();
  await expect(notes).toHaveAttribute("aria-checked", "false");
  await notes.click();
  await expect(notes).toHaveAttribute("aria-checked", "true");

  // The preferences stay with the session: a reload draws ROAS and CPA again.
  await page.reload();
  await expect(dataOf(chartOf(page)).getByRole("columnheader")).toHaveText(["Date", "ROAS", "CPA"]);

  // Export: conversion_date plus the two metrics, by date ascending, the values the chart shows.
  await chartOf(page).getByRole("button", { name: "Export" }).click();
  const dialog = page.getByRole("dialog", { name: "Export Data" });
  await expect(dialog.getByLabel("Report Name")).toHaveValue(/^northwind_outfitters_performance_chart_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}$/);
  const download = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "Download CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^northwind_outfitters_performance_chart_.*\.csv$/);
  const rows = csvRows((await readFile(await file.path())).toString("utf8"));
  expect(rows[0]).toEqual(["conversion_date", "ROAS", "CPA"]);
  const exported = rows.slice(1);
  const shown = await datesOf(chartOf(page));
  expect(exported.map((r) => r[0])).toEqual(shown);
  const shownRoas = await dataOf(chartOf(page)).locator("tbody tr td:nth-child(2)").allTextContents();
  expect(exported.map((r) => Number(r[1]).toFixed(2))).toEqual(shownRoas.map((v) => v.replace(/,/g, "")));
});

test("add a campaign note and delete it", async ({ page }) => {
  await signInAs(page, "demo");
  const chart = chartOf(page);
  await chart.getByRole("button", { name: "Notes table" }).click();
  const table = chart.getByRole("table", { name: "Campaign notes" });
  await expect(table).toBeVisible();
  const form = chart.getByRole("form", { name: "Add note" });

  // A note without text is refused in the form.
  await form.getByRole("button", { name: "Add note" }).click();
  await expect(form.getByRole("alert")).toHaveText("Write the note's text.");

  const text = `Launch ${Date.now()}`;
  const date = await form.getByLabel("Date").inputValue();
  expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  await form.getByLabel("Colour").fill("#aa3366");
  await form.getByLabel("Note").fill(text);
  const posted = page.waitForResponse((r) => r.url().includes("/annotations") && r.request().method() === "POST");
  await form.getByRole("button", { name: "Add note" }).click();
  expect((await posted).status()).toBe(200);
  const row = table.getByRole("row").filter({ hasText: text });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("cell").nth(0)).toHaveText(date);
  await expect(row.getByRole("cell").nth(1)).toHaveText("#aa3366");
  await expect(form.getByLabel("Note")).toHaveValue("");
  await expect(form.getByRole("alert")).toHaveCount(0);

  // It is still there after a reload (it was stored), then it is deleted. The open notes
  // table is in the URL (notes_table=on), so the reload shows it open.
  await expect(page).toHaveURL(/[?&]notes_table=on(&|$)/);
  await page.reload();
  const again = chartOf(page).getByRole("table", { name: "Campaign notes" }).getByRole("row").filter({ hasText: text });
  await expect(again).toHaveCount(1);
  await chartOf(page).getByRole("button", { name: `Delete the note of ${date}: ${text}` }).click();
  // Deleting asks first.
  await page.getByRole("dialog", { name: "Are you sure?" }).getByRole("button", { name: "Delete note" }).click();
  await expect(again).toHaveCount(0);
  await page.reload();
  await expect(chartOf(page).getByRole("table", { name: "Campaign notes" })).toBeVisible();
  await expect(chartOf(page).getByRole("table", { name: "Campaign notes" }).getByRole("row").filter({ hasText: text })).toHaveCount(0);
});
