import { expect, test, type Page } from "./fixtures";
import { readTable, screenNumber } from "./screenTable";
import { signInAs } from "./support";

const previewTable = (page: Page) => page.getByRole("table", { name: "Report preview" });
const ruleItem = (page: Page, n: number) => page.getByRole("listitem", { name: `Rule ${n}` });

/** The preview's footer 'Total' once the preview has settled. */
const settledFooter = async (page: Page): Promise<ReadonlyArray<string>> => {
  await expect(page.locator(".custom-report-preview")).not.toHaveAttribute("aria-busy", "true");
  const table = await readTable(previewTable(page));
  return table.footer ?? [];
};

test("custom reports: create with two rules and a live preview, save, view with its Total, delete after 'Are you sure?'", async ({ page }) => {
  const name = `E2E returning ${Date.now()}`;
  await signInAs(page, "demo");
  await page.getByRole("link", { name: "Custom Reports", exact: true }).click();
  await expect(page).toHaveURL(/\/reports(\?|$)/);
  await expect(page.getByRole("heading", { name: "Custom Reports", level: 1 })).toBeVisible();

  // Create: a name, the top level, two rules.
  await page.getByRole("link", { name: "Create Report" }).click();
  await expect(page).toHaveURL(/\/reports\/preview/);
  await expect(page.getByRole("heading", { name: "Create Report", level: 1 })).toBeVisible();
  await page.getByLabel("Report Name").fill(name);
  await expect(page.getByLabel("Report Level")).toHaveValue("taxonomy_1");
  await expect(page.getByLabel("Report Level").locator("option")).toHaveText(["taxonomy 1", "taxonomy 2", "taxonomy 3", "taxonomy 4"]);
  await page.getByRole("button", { name: "Add rule" }).click();
  await page.getByRole("button", { name: "Add rule" }).click();
  // Two identical rules: the second says so and the preview waits.
  await expect(ruleItem(page, 2).getByText("This rule is already applied above.")).toBeVisible();
  await ruleItem(page, 2).getByLabel("Field").selectOption("customer_type");
  await ruleItem(page, 2).getByLabel("Operator").selectOption("=");
  await expect(ruleItem(page, 2).getByLabel("Value")).toHaveValue("new");
  await expect(previewTable(page)).toBeVisible();
  const newCustomers = await settledFooter(page);
  await expect(page).toHaveURL(/rules=/);

  // A changed rule changes the preview.
  await ruleItem(page, 2).getByLabel("Value").selectOption("returning");
  await expect.poll(async () => (await settledFooter(page)).join("|")).not.toBe(newCustomers.join("|"));
  const returningCustomers = await settledFooter(page);

  // The draft lives in the URL: a reload shows the same report and preview.
  await page.reload();
  await expect(page.getByLabel("Report Name")).toHaveValue(name);
  await expect(ruleItem(page, 2).getByLabel("Value")).toHaveValue("returning");
  await expect.poll(async () => (await settledFooter(page)).join("|")).toBe(returningCustomers.join("|"));

  // Save: the report's view, with its rules and a Total that adds up the rows.
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/reports\/view\/\d+/);
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expect(page.getByText("Status does not equal Cancelled")).toBeVisible();
  await expect(page.getByText("Customer Type equals Returning")).toBeVisible();
  const viewTable = page.getByRole("table", { name: `${name} table` });
  await expect(viewTable).toBeVisible();
  const shown = await readTable(viewTable);
  expect(shown.rows.length).toBeGreaterThan(0);
  expect(shown.rows.length).toBeLessThanOrEqual(15);
  const column = shown.headers.indexOf("Last Click Sales") - 1;
  expect(column).toBeGreaterThanOrEqual(0);
  const sum = shown.rows.reduce((total, row) => total + (screenNumber(row.cells[column] as string) ?? 0), 0);
  expect(screenNumber(shown.footer?.[column] as string)).toBe(sum);
  expect(shown.footer).toEqual(returningCustomers);

  // Sorting by a column.
  await viewTable.getByRole("button", { name: /Last Click Sales/ }).click();
  await expect(viewTable.getByRole("columnheader", { name: /Last Click Sales/ })).toHaveAttribute("aria-sort", "descending");

  // The list: level with spaces, two rules; delete after 'Are you sure?'.
  await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Custom Reports" }).click();
  const list = page.getByRole("table", { name: "Custom reports" });
  const row = list.getByRole("row").filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("cell").nth(1)).toHaveText("taxonomy 1");
  await expect(row.getByRole("cell").nth(2)).toHaveText("2");
  await expect(row.getByRole("link", { name })).toHaveAttribute("href", /\/reports\/view\/\d+$/);
  await row.getByRole("button", { name: `Delete ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: "Are you sure?" });
  await expect(dialog).toContainText(`delete the report '${name}'`);
  await dialog.getByRole("button", { name: "Yes, delete it" }).click();
  await expect(dialog).toBeHidden();
  await expect(list.getByRole("row").filter({ hasText: name })).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: `The report '${name}' was deleted.` })).toBeVisible();

  // A report the program does not have.
  await page.goto("/reports/view/999999");
  await expect(page.getByRole("heading", { name: "You don't have access to this report" })).toBeVisible();
});

test("custom reports: a program without reports shows 'You have no reports to show' and 'Create one here'", async ({ page }) => {
  await signInAs(page, "other");
  await page.getByRole("link", { name: "Custom Reports", exact: true }).click();
  await expect(page.getByText("You have no reports to show")).toBeVisible();
  await page.getByRole("link", { name: "Create one here" }).click();
  await expect(page).toHaveURL(/\/reports\/preview/);
  await expect(page.getByRole("heading", { name: "Create Report", level: 1 })).toBeVisible();
});
