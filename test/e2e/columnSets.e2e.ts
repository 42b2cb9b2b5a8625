import { expect, test, type Locator, type Page } from "./fixtures";
import type { ColumnSetList } from "../../src/domain/performance/columnSets";
import { defaultColumns, metricDefinitions, type MetricName } from "../../src/domain/report/metrics";
import { signInAs } from "./support";

const labels = (columns: ReadonlyArray<string>) => columns.map((c) => metricDefinitions[c as MetricName].label);

/** The level-one table's metric column headers, as shown. */
const shownColumns = async (table: Locator): Promise<string[]> =>
  (await table.locator("thead th").allTextContents()).slice(1).map((h) => h.replace(/[▲▼↕]/g, "").trim());

/** The signed-in user's column sets, straight from the server, with the session's token. */
const serverSets = async (page: Page): Promise<ColumnSetList> => {
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem("attribution.session") ?? "{}") as { snapshot: { context: { token: string } } }).snapshot.context.token);
  const response = await page.request.get("/api/column-sets", { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return (await response.json()) as ColumnSetList;
};

const costColumns = ["total_cost", "variable_cost", "fixed_cost", "clicks", "attributed_sales", "attributed_revenue", "cpa", "roas", "roi"];
const revenueColumns = ["clicks", "attributed_sales", "attributed_revenue", "attributed_conversion_rate", "attributed_aov", "last_click_revenue", "attributed_revenue_variance_percent"];

test("save, favourite and delete a column set; the table's headers follow the chosen columns", async ({ page }) => {
  await signInAs(page, "demo");
  const table = page.getByRole("table", { name: "Taxonomy 1", exact: true });
  await expect(table.locator("tbody th[scope=row]").first()).toBeVisible();
  const controls = page.getByRole("toolbar", { name: "Table controls" });

  // A new session opens with the favourite set (demo's is 'Cost & efficiency').
  await expect(controls.getByRole("button", { name: "Column set: Cost & efficiency" })).toBeVisible();
  await expect.poll(() => shownColumns(table)).toEqual(labels(costColumns));

  // Change columns in the dialog: no set holds them, so the selection is custom.
  await controls.getByRole("button", { name: "Columns", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Column Selection" });
  await expect(dialog.getByRole("checkbox")).toHaveCount(25);
  // Escape closes it, focus back on 'Columns'; it opens again as it was.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(controls.getByRole("button", { name: "Columns", exact: true })).toBeFocused();
  await controls.getByRole("button", { name: "Columns", exact: true }).click();
  await dialog.getByRole("checkbox", { name: "ROI" }).uncheck();
  await dialog.getByRole("checkbox", { name: "Impressions" }).check();
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  const custom = [...costColumns.filter((c) => c !== "roi"), "impressions"];
  await expect.poll(() => shownColumns(table)).toEqual(labels(custom));
  const dropdown = controls.getByRole("button", { name: "Column set: Custom" });
  await expect(dropdown).toBeVisible();

  // Save it under a name: it becomes the chosen set.
  const name = `Lean costs ${Date.now()}`;
  await dropdown.click();
  let sets = page.getByRole("group", { name: "Column set" });
  await sets.getByLabel("Column set name").fill(name);
  await sets.getByRole("button", { name: "Save column set" }).click();
  await expect(controls.getByRole("button", { name: `Column set: ${name}` })).toBeVisible();
  await expect(sets.getByRole("button", { name: `Choose ${name}` })).toHaveAttribute("aria-pressed", "true");
  const saved = (await serverSets(page)).data.find((s) => s.name === name);
  expect(saved?.columns).toEqual(custom);

  // Favourite it with the star.
  await sets.getByRole("button", { name: `Favourite ${name}` }).click();
  await expect(sets.getByRole("button", { name: `Favourite ${name}` })).toHaveAttribute("aria-pressed", "true");
  await expect(sets.getByRole("button", { name: "Favourite Cost & efficiency" })).toHaveAttribute("aria-pressed", "false");
  await expect.poll(async () => (await serverSets(page)).favourite).toBe(saved?.id);

  // Choosing another set shows its columns; choosing ours brings them back.
  await sets.getByRole("button", { name: "Choose Revenue focus" }).click();
  await expect(sets).toBeHidden();
  await expect.poll(() => shownColumns(table)).toEqual(labels(revenueColumns));
  await controls.getByRole("button", { name: "Column set: Revenue focus" }).click();
  sets = page.getByRole("group", { name: "Column set" });
  await sets.getByRole("button", { name: `Choose ${name}` }).click();
  await expect.poll(() => shownColumns(table)).toEqual(labels(custom));

  // Delete it with the bin: the selection falls back to the default set, which becomes the favourite.
  await controls.getByRole("button", { name: `Column set: ${name}` }).click();
  sets = page.getByRole("group", { name: "Column set" });
  await sets.getByRole("button", { name: `Delete ${name}` }).click();
  await expect(sets.getByRole("button", { name: `Choose ${name}` })).toHaveCount(0);
  await expect(controls.getByRole("button", { name: "Column set: Default" })).toBeVisible();
  await expect(sets.getByRole("button", { name: "Choose Default" })).toHaveAttribute("aria-pressed", "true");
  await expect(sets.getByRole("button", { name: "Favourite Default" })).toHaveAttribute("aria-pressed", "true");
  await expect.poll(() => shownColumns(table)).toEqual(labels(defaultColumns));
  const after = await serverSets(page);
  expect(after.data.some((s) => s.name === name)).toBe(false);
  expect(after.favourite).toBe(0);

  // Leave the demo user as found: 'Cost & efficiency' is the favourite again.
  await sets.getByRole("button", { name: "Favourite Cost & efficiency" }).click();
  await expect(sets.getByRole("button", { name: "Favourite Cost & efficiency" })).toHaveAttribute("aria-pressed", "true");
  await expect.poll(async () => (await serverSets(page)).favourite).toBe(2);
});

test("Default chosen while another set is the favourite stays chosen on the next page and after a reload", async ({ page }) => {
  await signInAs(page, "demo");
  const table = page.getByRole("table", { name: "Taxonomy 1", exact: true });
  const controls = page.getByRole("toolbar", { name: "Table controls" });
  await expect(controls.getByRole("button", { name: "Column set: Cost & efficiency" })).toBeVisible();
  await expect.poll(() => shownColumns(table)).toEqual(labels(costColumns));

  await controls.getByRole("button", { name: "Column set: Cost & efficiency" }).click();
  await page.getByRole("group", { name: "Column set" }).getByRole("button", { name: "Choose Default" }).click();
  await expect(controls.getByRole("button", { name: "Column set: Default" })).toBeVisible();
  await expect.poll(() => shownColumns(table)).toEqual(labels(defaultColumns));

  // A channel's page starts its own column sets: the choice, not the favourite, holds.
  const channel = table.getByRole("rowheader").getByRole("link").first();
  const name = (await channel.textContent()) ?? "";
  await channel.click();
  const channelTable = page.getByRole("table", { name: `Taxonomy 2 of ${name}`, exact: true });
  await expect(channelTable.locator("tbody th[scope=row]").first()).toBeVisible();
  await expect(page.getByRole("toolbar", { name: "Table controls" }).getByRole("button", { name: "Column set: Default" })).toBeVisible();
  await expect.poll(() => shownColumns(channelTable)).toEqual(labels(defaultColumns));

  await page.reload();
  await expect(page.getByRole("toolbar", { name: "Table controls" }).getByRole("button", { name: "Column set: Default" })).toBeVisible();
  await expect.poll(() => shownColumns(page.getByRole("table", { name: `Taxonomy 2 of ${name}`, exact: true }))).toEqual(labels(defaultColumns));
});
