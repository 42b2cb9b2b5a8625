import { expect, test, type Locator, type Page } from "./fixtures";
import { readTable, screenNumber } from "./screenTable";
import { csvRecords, downloadBy } from "./downloads";
import { signInAs } from "./support";

const controls = (page: Page) => page.getByRole("toolbar", { name: "Model Comparison controls" });
const models = ["First Click", "Last Click", "Linear", "Position based", "Time decay", "Markov", "Shapley"];

/** The comparison table, once its rows are there. */
const loadedTable = async (page: Page): Promise<Locator> => {
  const table = page.getByRole("table", { name: "Sales and revenue by attribution model", exact: true });
  await expect(table.locator("tbody th[scope=row]").first()).toBeVisible();
  return table;
};

test("the model comparison: opened from the menu with all seven models, another level, the export holds the screen's rows", async ({ page }) => {
  await signInAs(page, "demo");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Model Comparison", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Model Comparison", exact: true, level: 1 })).toBeVisible();
  let table = await loadedTable(page);
  let screen = await readTable(table);
  for (const model of models) expect(screen.headers, model).toContain(`${model} Revenue`);
  // Every model shares out the same orders: each sales column sums to last click's.
  const sum = (header: string) => screen.rows.reduce((total, row) => total + (screenNumber(row.cells[screen.headers.indexOf(header) - 1] as string) as number), 0);
  for (const model of models) expect(sum(`${model} Sales`), model).toBeCloseTo(sum("Last Click Sales"), 1);
  await expect(page.getByRole("table", { name: "The chance of moving from each state (row) to the next (column)" }).getByRole("rowheader", { name: "(start)" })).toBeVisible();

  await controls(page).getByLabel("Level").selectOption("taxonomy_2");
  await expect(page).toHaveURL(/level=taxonomy_2/);
  await expect(table.locator("tbody th[scope=row]").first()).toContainText("›");
  table = await loadedTable(page);
  screen = await readTable(table);

  await controls(page).getByRole("button", { name: "Export Data" }).click();
  const dialog = page.getByRole("dialog", { name: "Export Data" });
  const download = await downloadBy(page, () => dialog.getByRole("button", { name: "Download CSV" }).click());
  const [header, ...rows] = await csvRecords(download);
  expect(header?.slice(0, 4)).toEqual(["Taxonomy 1", "Taxonomy 2", "First Click Sales", "First Click Revenue"]);
  expect(rows.map((r) => `${r[0]} › ${r[1]}`)).toEqual(screen.rows.map((r) => r.name));
});
