import { expect, test, type Page } from "./fixtures";
import { daysAgo } from "./days";
import { signInAs } from "./support";


/** About twenty weeks, starting and ending mid-week or not, as the days fall. */
const dates = new URLSearchParams({ date_from: daysAgo(160), date_to: daysAgo(20) }).toString();

const menu = (page: Page) => page.getByRole("navigation", { name: "Main" });
const calendar = (page: Page) => page.getByRole("list", { name: "Weeks in these dates", exact: true });
const weekButton = (page: Page, week: string) => calendar(page).locator(`button[data-week="${week}"]`);
const typeCard = (page: Page, name: string) => page.getByRole("list", { name: "Seasonality types", exact: true }).getByRole("listitem").filter({ has: page.getByRole("heading", { name, exact: true }) });
const segments = (page: Page) => page.getByRole("group", { name: "Data segments" });
const weeksTable = (page: Page) => page.getByRole("table", { name: "Weeks", exact: true });

test("seasonality: create a type, tag weeks by pointer and keyboard, see the type as a diminishing-returns segment at once, untag, delete", { tag: "@dates" }, async ({ page }) => {
  const name = `Launch ${Date.now() % 100_000}`;
  await signInAs(page, "demo");
  await page.goto(`/performance?${dates}`);
  await menu(page).getByRole("link", { name: "Seasonality", exact: true }).click();
  await expect(page).toHaveURL(/\/seasonality-configuration/);
  await expect(page.getByRole("heading", { name: "Seasonality", level: 1 })).toBeVisible();

  // A blank name is refused before sending; a good one is listed with no weeks.
  const nameInput = page.getByRole("form", { name: "New seasonality type" }).getByLabel("Name");
  await page.getByRole("button", { name: "Create type" }).click();
  await expect(page.getByText("Give the type a name.")).toBeVisible();
  await nameInput.fill(`  ${name} `);
  await page.getByRole("button", { name: "Create type" }).click();
  await expect(typeCard(page, name)).toBeVisible();
  await expect(nameInput).toHaveValue("");
  await expect(typeCard(page, name).locator('[data-count="total"]')).toHaveText("0");
  // The same name in another case is refused, and the draft stays.
  await nameInput.fill(name.toUpperCase());
  await page.getByRole("button", { name: "Create type" }).click();
  await expect(page.getByText(`There is already a seasonality type named "${name}". Choose another name.`)).toBeVisible();
  await expect(nameInput).toHaveValue(name.toUpperCase());
  await nameInput.fill("");

  // The calendar: Monday-based weeks of the dates; tag a whole week in the middle by pointer.
  const weeks = await calendar(page).locator("button[data-week]").evaluateAll((els) => els.map((e) => e.getAttribute("data-week") ?? ""));
  expect(weeks.length).toBeGreaterThanOrEqual(20);
  for (const week of weeks) expect(new Date(`${week}T00:00:00Z`).getUTCDay()).toBe(1);
  const first = weeks[8] as string;
  const second = weeks[9] as string;
  await weekButton(page, first).click();
  const picker = page.getByRole("dialog", { name: /^Tag the week of / });
  await expect(picker).toBeVisible();
  await picker.getByRole("button", { name, exact: true }).click();
  await expect(picker).toBeHidden();
  await expect(weekButton(page, first)).toContainText(name);
  await expect(weekButton(page, first)).not.toHaveAttribute("aria-busy", "true");

  // The next week by keyboard: arrow to it, Enter opens its picker, choose the type.
  await weekButton(page, first).focus();
  await page.keyboard.press("ArrowRight");
  await expect(weekButton(page, second)).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(picker).toBeVisible();
  await picker.getByRole("button", { name, exact: true }).focus();
  await page.keyboard.press("Enter");
  await expect(picker).toBeHidden();
  await expect(weekButton(page, second)).toContainText(name);
  await expect(typeCard(page, name).locator('[data-count="in-dates"]')).toHaveText("2");
  await expect(typeCard(page, name).locator("time")).toHaveCount(2);
  expect(await typeCard(page, name).locator("time").evaluateAll((els) => els.map((e) => e.getAttribute("datetime")))).toEqual([first, second]);
  // Escape closes a picker without changing the week.
  await weekButton(page, second).focus();
  await page.keyboard.press("Enter");
  await expect(picker).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(picker).toBeHidden();
  await expect(weekButton(page, second)).toContainText(name);

  // Diminishing returns, reached by the menu (no reload): the type is a segment, and the tagged weeks count under it.
  await menu(page).getByRole("link", { name: "Diminishing Returns", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Diminishing Returns", exact: true })).toBeVisible();
  await expect(segments(page).getByLabel(name, { exact: true })).toBeChecked();
  await page.getByRole("navigation", { name: "Taxonomies" }).getByRole("link", { name: "Paid Search", exact: true }).click();
  await expect(segments(page).getByLabel(name, { exact: true })).toBeChecked();
  // Only the type's segment shown: its weeks, and nothing else.
  const labels = await segments(page).locator("label").allTextContents();
  for (const label of labels) if (label !== name) await segments(page).getByLabel(label, { exact: true }).uncheck();
  const taggedRows = weeksTable(page).locator("tbody tr");
  await expect(taggedRows).toHaveCount(2);
  expect(await taggedRows.locator("time").evaluateAll((els) => els.map((e) => e.getAttribute("datetime")))).toEqual([first, second]);
  for (const row of await taggedRows.all()) await expect(row).toContainText(name);

  // Back to the screen: untag the first week from the type's list.
  await menu(page).getByRole("link", { name: "Seasonality", exact: true }).click();
  await expect(typeCard(page, name)).toBeVisible();
  await typeCard(page, name).getByRole("button", { name: /^Untag the week of / }).first().click();
  await expect(weekButton(page, first)).toContainText("Untagged");
  await expect(typeCard(page, name).locator('[data-count="total"]')).toHaveText("1");

  // Delete: the question says how many weeks it tags; Cancel keeps it; Delete removes it and its tag.
  await typeCard(page, name).getByRole("button", { name: `Delete ${name}` }).click();
  const confirm = page.getByRole("dialog", { name: "Delete seasonality type?" });
  await expect(confirm).toContainText(`Delete "${name}"? It tags 1 week, which will be untagged.`);
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(typeCard(page, name)).toBeVisible();
  await typeCard(page, name).getByRole("button", { name: `Delete ${name}` }).click();
  await confirm.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(typeCard(page, name)).toHaveCount(0);
  await expect(weekButton(page, second)).toContainText("Untagged");

  // And diminishing returns no longer offers it.
  await menu(page).getByRole("link", { name: "Diminishing Returns", exact: true }).click();
  await expect(segments(page).getByLabel("Untagged")).toBeVisible();
  await expect(segments(page).getByLabel(name, { exact: true })).toHaveCount(0);
});
