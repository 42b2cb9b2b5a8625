import { expect, test, type Locator, type Page } from "./fixtures";
import { dayAfter, daysAgo } from "./days";
import { readTable, screenNumber } from "./screenTable";
import { signInAs } from "./support";

/** The session's program and dates, as the app keeps them (localStorage). */
const sessionOf = async (page: Page): Promise<{ program: string; from: string; to: string }> =>
  page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem("attribution.session") ?? "{}") as {
      snapshot?: { context?: { programCode?: string; range?: { from?: string; to?: string } } };
    };
    const context = stored.snapshot?.context;
    return { program: context?.programCode ?? "", from: context?.range?.from ?? "", to: context?.range?.to ?? "" };
  });


/** The level-one table's 'Total Cost' of the footer and of a row, as shown. */
const shownTotalCost = async (table: Locator, row: string): Promise<{ footer: number | null; row: number | null }> => {
  const shown = await readTable(table);
  const column = shown.headers.indexOf("Total Cost") - 1;
  expect(column, `Total Cost among ${shown.headers.join(", ")}`).toBeGreaterThanOrEqual(0);
  const cells = shown.rows.find((r) => r.name === row)?.cells;
  return { footer: screenNumber(shown.footer?.[column] ?? ""), row: cells ? screenNumber(cells[column] ?? "") : null };
};

const grew = (value: number | null, was: number | null) => Math.round(((value ?? NaN) - (was ?? NaN)) * 100) / 100;

/** Opens the performance report from the menu and reads Paid Search's Total Cost once the table has loaded. */
const reportCost = async (page: Page) => {
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Performance", exact: true }).click();
  const table = page.getByRole("table", { name: "Taxonomy 1", exact: true });
  await expect(table.getByRole("link", { name: "Paid Search", exact: true })).toBeVisible();
  await expect(table).not.toHaveAttribute("aria-busy", "true");
  return { table, cost: await shownTotalCost(table, "Paid Search") };
};

const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

test("a fixed spend: created from the list with the defaults and the form's rules, listed, counted by the report, edited, then removed after the question", { tag: "@dates" }, async ({ page }) => {
  await signInAs(page, "admin");
  const { to } = await sessionOf(page);
  const tag = `e2e form ${Date.now().toString(36)}`;
  const before = (await reportCost(page)).cost;
  expect(before.row).not.toBeNull();

  // The list's link opens the create screen: breadcrumb Fixed Spend > Create and the new form's defaults.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Fixed Spend", exact: true }).click();
  await expect(page.getByRole("link", { name: "Batch Import" })).toHaveAttribute("href", "/account/costs/fixed/batch");
  await page.getByRole("link", { name: "Add Fixed Spend" }).click();
  await expect(page).toHaveURL(/\/account\/costs\/fixed\/create(\?|$)/);
  const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(crumbs.getByRole("listitem")).toHaveText(["Fixed Spend", "Create"]);
  await expect(crumbs.getByRole("link", { name: "Fixed Spend" })).toHaveAttribute("href", "/account/costs/fixed");
  const form = page.getByRole("form", { name: "Add Fixed Spend" });
  const today = daysAgo(0);
  await expect(form.getByLabel("Spend", { exact: true })).toHaveValue("0");
  await expect(form.getByLabel("Frequency")).toHaveValue("daily");
  await expect(form.getByLabel("Start date")).toHaveValue(today);
  await expect(form.getByLabel("End date")).toHaveValue(dayAfter(today));
  for (const level of ["Taxonomy 1", "Taxonomy 2", "Taxonomy 3", "Taxonomy 4"]) await expect(form.getByLabel(level)).toHaveValue("");
  await expect(form.getByRole("button", { name: "Remove" })).toHaveCount(0);

  // The spend form's rules: nothing is sent while they are broken.
  const creates: Array<{ key: string | null }> = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && /\/fixed-costs\/?$/.test(new URL(r.url()).pathname)) creates.push({ key: r.headers()["idempotency-key"] ?? null });
  });
  await form.getByLabel("Taxonomy 4").fill("Exact");
  await form.getByLabel("Spend", { exact: true }).fill("1.005");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form.getByLabel("Taxonomy 1")).toHaveAccessibleDescription("Taxonomy 1 is required.");
  await expect(form.getByLabel("Taxonomy 3")).toHaveAccessibleDescription("Taxonomy 3 is required if taxonomy 4 is filled.");
  await expect(form.getByLabel("Spend", { exact: true })).toHaveAccessibleDescription("Spend must be a decimal with 2 places.");
  await expect(form.getByLabel("Taxonomy 1")).toBeFocused();
  expect(creates).toEqual([]);

  // A single spend on the last day of the session's dates, in Paid Search.
  await form.getByLabel("Taxonomy 1").fill("Paid Search");
  await form.getByLabel("Taxonomy 2").fill(tag);
  await form.getByLabel("Taxonomy 4").fill("");
  await form.getByLabel("Spend", { exact: true }).fill("321.09");
  await form.getByLabel("Frequency").selectOption("single");
  await expect(form.getByLabel("End date")).toBeDisabled();
  await form.getByLabel("Start date").fill(to);
  await form.getByRole("button", { name: "Save" }).dblclick();
  await expect(toast(page, "The spend configuration has been saved")).toBeVisible();
  await expect(page).toHaveURL(/\/account\/costs\/fixed(\?|$)/);
  expect(creates).toHaveLength(1);
  expect(creates[0]?.key).toMatch(/^spend-form-[0-9a-f]{32}$/);

  // Listed: the search finds it; its id opens the edit screen with what was saved.
  const table = page.getByRole("table", { name: "Fixed Spend" });
  await page.getByRole("searchbox", { name: "Search fixed spend" }).fill(tag);
  const row = table.locator("tbody tr.metric-row");
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("cell").nth(1)).toHaveText(tag);
  const idLink = row.getByRole("link");
  const id = (await idLink.textContent()) ?? "";
  expect(id).toMatch(/^\d+$/);
  await idLink.click();
  await expect(page).toHaveURL(new RegExp(`/account/costs/fixed/${id}(\\?|$)`));
  await expect(page.getByRole("heading", { name: "Edit Fixed Spend", level: 1 })).toBeVisible();
  await expect(crumbs.getByRole("listitem")).toHaveText(["Fixed Spend", `#${id} Paid Search / ${tag}`]);
  const edit = page.getByRole("form", { name: "Edit Fixed Spend" });
  await expect(edit.getByLabel("Taxonomy 2")).toHaveValue(tag);
  await expect(edit.getByLabel("Spend", { exact: true })).toHaveValue("321.09");
  await expect(edit.getByLabel("Frequency")).toHaveValue("single");
  await expect(edit.getByLabel("Start date")).toHaveValue(to);

  // The report counts it on its next load.
  const created = await reportCost(page);
  await expect.poll(async () => grew((await shownTotalCost(created.table, "Paid Search")).row, before.row)).toBe(321.09);
  expect(grew(created.cost.footer, before.footer)).toBe(321.09);

  // Edited: the new cost is saved, listed and counted.
  await page.goto(`/account/costs/fixed/${id}`);
  await edit.getByLabel("Spend", { exact: true }).fill("400");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "The spend configuration has been saved")).toBeVisible();
  await expect(page).toHaveURL(/\/account\/costs\/fixed(\?|$)/);
  await page.getByRole("searchbox", { name: "Search fixed spend" }).fill(tag);
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("cell").nth(4)).toHaveText("£400.00");
  const edited = await reportCost(page);
  await expect.poll(async () => grew((await shownTotalCost(edited.table, "Paid Search")).row, before.row)).toBe(400);

  // Removed after the question: cancelled first, then 'I'm sure'.
  await page.goto(`/account/costs/fixed/${id}`);
  await edit.getByRole("button", { name: "Remove" }).click();
  const question = page.getByRole("dialog", { name: "Are you sure you want to remove this spend configuration?" });
  await expect(question).toBeVisible();
  await question.getByRole("button", { name: "Cancel" }).click();
  await expect(question).toBeHidden();
  await expect(edit.getByLabel("Taxonomy 2")).toHaveValue(tag);
  await edit.getByRole("button", { name: "Remove" }).click();
  await question.getByRole("button", { name: "I'm sure" }).click();
  await expect(toast(page, "The spend configuration was successfully removed")).toBeVisible();
  await expect(page).toHaveURL(/\/account\/costs\/fixed(\?|$)/);
  await page.getByRole("searchbox", { name: "Search fixed spend" }).fill(tag);
  await expect(table.getByText("There are no fixed spend configurations to show")).toBeVisible();
  const removed = await reportCost(page);
  await expect.poll(async () => grew((await shownTotalCost(removed.table, "Paid Search")).row, before.row)).toBe(0);
});

test("a 403 on edit goes to the list saying so; an unknown id and a parameter that is not an id show a clear not-found state", async ({ page }) => {
  await signInAs(page, "admin");
  const { program } = await sessionOf(page);

  // The server refuses this configuration (as it does for a program the person cannot see).
  await page.route(`**/api/programs/${encodeURIComponent(program)}/fixed-costs/777777`, (route) =>
    route.fulfill({ status: 403, contentType: "application/json", body: JSON.stringify({ error: "forbidden", message: "You don't have access to this program." }) }),
  );
  await page.goto("/account/costs/fixed/777777");
  await expect(toast(page, "You don't have access to this spend configuration")).toBeVisible();
  await expect(page).toHaveURL(/\/account\/costs\/fixed(\?|$)/);
  await expect(page.getByRole("heading", { name: "Fixed Spend", level: 1 })).toBeVisible();
  await expect(page.getByRole("alertdialog")).toHaveCount(0);

  // No such configuration: said so, with the way back, never a blank form.
  for (const param of ["2000000000", "abc"]) {
    await page.goto(`/account/costs/fixed/${param}`);
    await expect(page.getByRole("heading", { name: "Spend configuration not found" })).toBeVisible();
    await expect(page.getByText("There is no fixed spend configuration with this id in the selected program.")).toBeVisible();
    await expect(page.getByRole("form")).toHaveCount(0);
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
  }
  await page.getByRole("link", { name: "Back to Fixed Spend" }).click();
  await expect(page).toHaveURL(/\/account\/costs\/fixed(\?|$)/);
});

test("a create whose answer is lost says so, and saving again stores it once (the same Idempotency-Key)", async ({ page }) => {
  await signInAs(page, "admin");
  const { to } = await sessionOf(page);
  const tag = `e2e lost ${Date.now().toString(36)}`;
  const keys: string[] = [];
  let dropped = 0;
  // The first create reaches the server and is stored, but its answer never comes back.
  await page.route(/\/api\/programs\/[^/]+\/fixed-costs\/?$/, async (route) => {
    if (route.request().method() !== "POST") return route.fallback();
    keys.push(route.request().headers()["idempotency-key"] ?? "");
    if (dropped === 0) {
      dropped++;
      await route.fetch();
      return route.abort("connectionreset");
    }
    return route.fallback();
  });
  await page.goto("/account/costs/fixed/create");
  const form = page.getByRole("form", { name: "Add Fixed Spend" });
  await form.getByLabel("Taxonomy 1").fill("Display");
  await form.getByLabel("Taxonomy 2").fill(tag);
  await form.getByLabel("Spend", { exact: true }).fill("12.34");
  // Inside the session's dates, so that the list shows it.
  await form.getByLabel("Frequency").selectOption("single");
  await form.getByLabel("Start date").fill(to);
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form.getByRole("alert")).toHaveText("The spend configuration was not created: the server could not be reached. Please try again.");
  await expect(form.getByLabel("Taxonomy 2")).toHaveValue(tag);

  await form.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "The spend configuration has been saved")).toBeVisible();
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  await page.getByRole("searchbox", { name: "Search fixed spend" }).fill(tag);
  await expect(page.getByRole("table", { name: "Fixed Spend" }).locator("tbody tr.metric-row")).toHaveCount(1);
});
