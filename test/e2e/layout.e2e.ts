import { expect, test, type Locator, type Page } from "./fixtures";
import { signInAs } from "./support";

/**
 * Layout by geometry, without screenshots: long names, campaign-note labels, stable
 * column widths, narrow screens, dialog focus, page titles and the table's failed load.
 */

interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

const boxOf = async (locator: Locator): Promise<Box> => {
  const box = await locator.boundingBox();
  expect(box, "the element has a box").not.toBeNull();
  return box as Box;
};

/** Whether two boxes share any area (touching edges do not count). */
const overlap = (a: Box, b: Box): boolean => a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5;

const chartOf = (page: Page) => page.getByRole("region", { name: "Performance chart" });
const levelOneTable = (page: Page) => page.getByRole("table", { name: "Taxonomy 1", exact: true });

/** The number of lines a cell's text is drawn on. */
const linesOf = (cell: Locator): Promise<number> =>
  cell.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
  });

test("a 200-character taxonomy in Add Spend: the success message stays in view and clear of the file drop area", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  // Spend entry is the admins'.
  await signInAs(page, "admin");
  const toggle = page.getByRole("button", { name: "Add Spend" });
  await toggle.click();
  const panel = page.locator(`#${await toggle.getAttribute("aria-controls")}`);
  const form = panel.getByRole("form", { name: "Spend configuration" });
  const name = `L${Date.now()}`.padEnd(200, "x");
  await form.getByLabel("Taxonomy 1").fill(name);
  await form.getByLabel("Spend", { exact: true }).fill("12");
  await form.getByLabel("Start date").fill("2026-03-01");
  await form.getByRole("button", { name: "Create Spend" }).click();
  const created = form.getByRole("status").filter({ hasText: "Created a" });
  await expect(created).toContainText(name);
  await created.scrollIntoViewIfNeeded();

  const message = await boxOf(created);
  const viewport = page.viewportSize() ?? { width: 1440, height: 900 };
  expect(message.x).toBeGreaterThanOrEqual(0);
  expect(message.x + message.width).toBeLessThanOrEqual(viewport.width);
  expect(message.y).toBeGreaterThanOrEqual(0);
  expect(message.y + message.height).toBeLessThanOrEqual(viewport.height + 1);

  const drop = await boxOf(panel.locator(".file-drop-zone"));
  expect(overlap(message, drop)).toBe(false);
  for (const field of ["Taxonomy 1", "Taxonomy 2", "Spend", "Start date"]) {
    expect(overlap(await boxOf(form.getByLabel(field, { exact: true })), drop), `${field} clear of the drop area`).toBe(false);
  }
  expect(overlap(await boxOf(form), drop)).toBe(false);
  // Nothing runs off the page sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
});

test("campaign notes on neighbouring days: labels never overlap each other or the plot; the notes table keeps dates on one line", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, "demo");
  const chart = chartOf(page);
  const data = chart.getByRole("table", { name: "Chart data" });
  await expect(data.locator("tbody th time").first()).toBeAttached();
  const dates = await data
    .locator("tbody th time")
    .evaluateAll((times) => times.map((t) => t.getAttribute("datetime") ?? ""));
  expect(dates.length).toBeGreaterThan(10);
  const middle = Math.floor(dates.length / 2);
  const last = dates.length - 1;
  // Three notes on three neighbouring days, two on one day, and one on the last day.
  const days = [dates[middle], dates[middle], dates[middle + 1], dates[middle + 2], dates[last]] as string[];

  await chart.getByRole("button", { name: "Notes table" }).click();
  const form = chart.getByRole("form", { name: "Add note" });
  const stamp = Date.now();
  const notesTable = chart.getByRole("table", { name: "Campaign notes" });
  for (const [i, day] of days.entries()) {
    await form.getByLabel("Date").fill(day);
    await form.getByLabel("Note").fill(`Layout ${stamp} ${i} `.padEnd(i === 4 ? 500 : 80, i % 2 === 0 ? "w" : "long campaign name "));
    await form.getByRole("button", { name: "Add note" }).click();
    // Added (and the list loaded again) before the next one.
    await expect(notesTable.getByRole("row").filter({ hasText: `Layout ${stamp} ${i} ` })).toHaveCount(1);
    await expect(form.getByLabel("Note")).toHaveValue("");
    await expect(chart.getByRole("region", { name: "Campaign notes" })).not.toHaveAttribute("aria-busy", "true");
  }

  const labels = chart.locator("[data-note-label]").filter({ hasText: `Layout ${stamp}` });
  await expect(labels).toHaveCount(days.length);
  const canvas = await boxOf(chart.locator("canvas"));
  const panel = await boxOf(chart);
  const boxes: Box[] = [];
  for (const label of await labels.all()) {
    const box = await boxOf(label);
    // Above the plot (the canvas holds the plot area) and inside the chart's panel.
    expect(box.y + box.height).toBeLessThanOrEqual(canvas.y + 0.5);
    expect(box.x).toBeGreaterThanOrEqual(panel.x);
    expect(box.x + box.width).toBeLessThanOrEqual(panel.x + panel.width + 0.5);
    // A cut label keeps its whole text in its tooltip.
    expect(await label.getAttribute("title")).toMatch(new RegExp(`^Layout ${stamp} \\d`));
    boxes.push(box);
  }
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) expect(overlap(boxes[i] as Box, boxes[j] as Box), `labels ${i} and ${j} overlap`).toBe(false);

  // The notes table: every date on one line, even beside a 500-character note.
  const rows = notesTable.getByRole("row").filter({ hasText: `Layout ${stamp}` });
  await expect(rows).toHaveCount(days.length);
  for (const row of await rows.all()) expect(await linesOf(row.getByRole("cell").first())).toBe(1);
  await page.setViewportSize({ width: 390, height: 844 });
  for (const row of await rows.all()) expect(await linesOf(row.getByRole("cell").first())).toBe(1);

  // Clean up, so other tests see the chart as it was.
  for (const [i, day] of days.entries()) {
    const remove = chart.getByRole("button", { name: new RegExp(`^Delete the note of ${day}: Layout ${stamp} ${i} `) });
    await remove.click();
    // Deleting asks first.
    await page.getByRole("dialog", { name: "Are you sure?" }).getByRole("button", { name: "Delete note" }).click();
    await expect(remove).toHaveCount(0);
  }
});

test("expanding a row does not move the column headers", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, "demo");
  const table = levelOneTable(page);
  await expect(table.locator("tbody th[scope=row]").first()).toBeVisible();
  const headerXs = () => table.locator("thead th").evaluateAll((ths) => ths.map((th) => Math.round(th.getBoundingClientRect().left * 2) / 2));
  const before = await headerXs();
  // Every row of the page open, and the first child of each that opens too: longer names, other values.
  const topRows = table.locator("tr.metric-row[data-depth='0']").getByRole("button", { name: /^Expand / });
  for (const expand of await topRows.all()) {
    await expand.click();
    await expect(expand).toHaveAttribute("aria-expanded", "true");
  }
  await expect(table.locator("tr.metric-row.is-nested").first()).toBeVisible();
  expect(await headerXs()).toEqual(before);
  const nested = table.locator("tr.metric-row[data-depth='1']").getByRole("button", { name: /^Expand / });
  for (const expand of (await nested.all()).slice(0, 5)) await expand.click();
  await expect(table.locator("tr.metric-row[data-depth='2']").first()).toBeVisible();
  expect(await headerXs()).toEqual(before);
});

test("at 390 × 844 the table scrolls sideways with the name column fixed, and the page does not", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, "demo");
  const table = levelOneTable(page);
  const firstName = table.locator("tbody th[scope=row]").first();
  await expect(firstName).toBeVisible();
  const wrap = page.locator(".metric-table-wrap").filter({ has: table });
  const sizes = await wrap.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(sizes.scroll).toBeGreaterThan(sizes.client);

  const nameHeader = table.locator("thead th").first();
  const before = { header: (await boxOf(nameHeader)).x, row: (await boxOf(firstName)).x };
  const secondHeader = table.locator("thead th").nth(1);
  const secondBefore = (await boxOf(secondHeader)).x;
  await wrap.evaluate((el) => el.scrollBy({ left: 300 }));
  await expect.poll(async () => (await boxOf(secondHeader)).x).toBeLessThan(secondBefore - 100);
  expect((await boxOf(nameHeader)).x).toBeCloseTo(before.header, 0);
  expect((await boxOf(firstName)).x).toBeCloseTo(before.row, 0);

  // The page itself does not scroll sideways: the controls wrap.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const controls = page.getByRole("toolbar", { name: "Table controls" });
  const toolbar = await boxOf(controls);
  expect(toolbar.x + toolbar.width).toBeLessThanOrEqual(390);
  // Every chart control stays inside the chart's panel (they wrap, the selects give up width).
  const chart = chartOf(page);
  const panel = await boxOf(chart);
  for (const control of await chart.locator(".chart-toolbar > *").all()) {
    const box = await boxOf(control);
    expect(box.x).toBeGreaterThanOrEqual(panel.x);
    expect(box.x + box.width).toBeLessThanOrEqual(panel.x + panel.width);
  }
});

test("the Column Selection dialog: first checkbox focused, Escape and Close give focus back to 'Columns'", async ({ page }) => {
  await signInAs(page, "demo");
  const opener = page.getByRole("toolbar", { name: "Table controls" }).getByRole("button", { name: "Columns", exact: true });
  await opener.click();
  const dialog = page.getByRole("dialog", { name: "Column Selection" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("checkbox").first()).toBeFocused();
  await expect(dialog.getByRole("button", { name: "Reset to Defaults" })).not.toBeFocused();

  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  await opener.click();
  await expect(dialog.getByRole("checkbox").first()).toBeFocused();
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test("each page has its own title; the not-found page keeps the app's header for a signed-in person", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByRole("button", { name: "Login" })).toBeVisible();
  await expect(page).toHaveTitle("Login");
  await page.goto("/recover-password");
  await expect(page).toHaveTitle("Forgotten Password");
  await page.goto("/no-such-page");
  await expect(page.getByRole("heading", { name: "There's nothing here" })).toBeVisible();
  await expect(page).toHaveTitle("Page Not Found");
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);

  await signInAs(page, "demo");
  await expect(page).toHaveTitle("Performance Report");
  await page.goto("/no-such-page");
  await expect(page.getByRole("heading", { name: "There's nothing here" })).toBeVisible();
  await expect(page).toHaveTitle("Page Not Found");
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign out" })).toBeVisible();
  // An unknown path inside the account area (its routes load as one table) is the same page.
  await page.goto("/account/no-such-screen");
  await expect(page.getByRole("heading", { name: "There's nothing here" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
});

test("a failed table load says so, and 'Try again' loads it", async ({ page }) => {
  await signInAs(page, "demo");
  await expect(levelOneTable(page).locator("tbody th[scope=row]").first()).toBeVisible();
  let failed = 0;
  await page.route(/\/performance\/table\/single\/taxonomy_1(\?|$)/, async (route) => {
    if (failed++ === 0) await route.abort("connectionrefused");
    else await route.continue();
  });
  await page.reload();
  const problem = page.getByRole("alert").filter({ hasText: "The table could not be loaded." });
  await expect(problem).toBeVisible();
  await expect(levelOneTable(page).locator("tbody th[scope=row]")).toHaveCount(0);
  await expect(levelOneTable(page)).not.toContainText("There is no data to display");

  await problem.getByRole("button", { name: "Try again" }).click();
  await expect(levelOneTable(page).locator("tbody th[scope=row]").first()).toBeVisible();
  await expect(problem).toHaveCount(0);
  expect(failed).toBe(2);
});
