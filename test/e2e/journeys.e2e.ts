import { expect, test, type Locator, type Page } from "./fixtures";
import { signInAs } from "./support";

const journeysTable = (page: Page) => page.getByRole("table", { name: "Journey paths table" });
const pathsTable = (page: Page) => page.getByRole("table", { name: "Most common journey paths" });

/** Each body row's order id and its tags' words at the level shown (a merged tag keeps only its name). */
const shownJourneys = (table: Locator) =>
  table.locator("tbody tr").evaluateAll((trs) =>
    trs
      .filter((tr) => tr.querySelector('th[scope="row"]') !== null)
      .map((tr) => ({
        order: (tr.querySelector('th[scope="row"]')?.textContent ?? "").trim(),
        cells: [...tr.querySelectorAll("td")].map((td) => (td.textContent ?? "").trim()),
        tags: [...tr.querySelectorAll(".journey-tag-name")].map((n) => (n.textContent ?? "").trim()),
      })),
  );

const lengths = async (table: Locator): Promise<number[]> => (await shownJourneys(table)).map((r) => Number(r.cells[2]));

test("journey paths: from the menu, rows with tags, level, sort by Journey Length, paging, a summary path, and a shared link", async ({ page }) => {
  await signInAs(page, "demo");
  await page.getByRole("link", { name: "Journey Paths", exact: true }).click();
  await expect(page).toHaveURL(/\/journeys(\?|$)/);
  await expect(page.getByRole("heading", { name: "Journey Paths", level: 1 })).toBeVisible();

  const table = journeysTable(page);
  await expect(table.locator("tbody tr").first()).toBeVisible();
  await expect(table.getByRole("columnheader", { name: /Conversion/ })).toHaveAttribute("aria-sort", "descending");
  const first = await shownJourneys(table);
  expect(first.length).toBe(15);
  // Conversion like 'January 1st 2020, 10:00'; every journey has a tag.
  for (const row of first) {
    expect(row.cells[0]).toMatch(/^[A-Z][a-z]+ \d{1,2}(st|nd|rd|th) \d{4}, \d{2}:\d{2}$/);
    expect(row.tags.length).toBeGreaterThan(0);
  }
  // Level Two tags name two levels at most.
  expect(first.flatMap((r) => r.tags).every((tag) => tag.split(" / ").length <= 2)).toBe(true);

  // Level Four: deeper tags, in the URL.
  await page.getByLabel("Taxonomy level").selectOption({ label: "Four" });
  await expect(page).toHaveURL(/level=4/);
  await expect.poll(async () => (await shownJourneys(table)).flatMap((r) => r.tags).some((tag) => tag.split(" / ").length > 2)).toBe(true);

  // Sort by Journey Length (longest first), then shortest first.
  await table.getByRole("button", { name: /Journey Length/ }).click();
  await expect(table.getByRole("columnheader", { name: /Journey Length/ })).toHaveAttribute("aria-sort", "descending");
  await expect(page).toHaveURL(/sort=journey_length/);
  await expect.poll(async () => { const l = await lengths(table); return l.length > 0 && l.every((n, i) => i === 0 || (l[i - 1] as number) >= n); }).toBe(true);
  const longest = (await lengths(table))[0] as number;
  await table.getByRole("button", { name: /Journey Length/ }).click();
  await expect(table.getByRole("columnheader", { name: /Journey Length/ })).toHaveAttribute("aria-sort", "ascending");
  await expect.poll(async () => (await lengths(table))[0]).toBeLessThanOrEqual(longest);

  // Paging: 50 a page, then page 4 (rows 151-200: past the first 160 asked for).
  const paging = page.getByRole("navigation", { name: "Journey paths table pages" });
  await paging.getByRole("combobox").selectOption("50");
  await expect(page).toHaveURL(/per_page=50/);
  await expect.poll(async () => (await shownJourneys(table)).length).toBe(50);
  await paging.getByRole("button", { name: "Next page" }).click();
  await paging.getByRole("button", { name: "Next page" }).click();
  await paging.getByRole("button", { name: "Next page" }).click();
  await expect(page).toHaveURL(/page=4/);
  await expect(paging).toContainText(/151–\d+ of \d+/);
  const total = Number(/of (\d+)/.exec((await paging.textContent()) ?? "")?.[1]);
  expect(total).toBeGreaterThan(160);
  await expect.poll(async () => (await shownJourneys(table)).length).toBe(Math.min(50, total - 150));
  const l4 = await lengths(table);
  expect(l4.every((n, i) => i === 0 || (l4[i - 1] as number) <= n)).toBe(true);

  // The summary at level Four: the orders, and the most common paths; choosing one shows only its orders.
  const summary = page.getByRole("region", { name: "Summary" });
  await expect(summary).toContainText("of all orders");
  const paths = pathsTable(page);
  const choice = paths.locator("tbody tr").nth(1).getByRole("button");
  const chosenName = ((await choice.textContent()) ?? "").trim();
  const chosenOrders = Number(((await paths.locator("tbody tr").nth(1).locator("td").first().textContent()) ?? "").replace(/[^\d]/g, ""));
  expect(chosenOrders).toBeGreaterThan(0);
  await choice.click();
  await expect(page).toHaveURL(/path=/);
  await expect(page.getByTestId("journey-path-chip")).toContainText(chosenName);
  await expect(paging).toContainText(new RegExp(`of ${chosenOrders}$|of ${chosenOrders}\\D`));
  const everyRowIsThePath = async () => {
    const rows = await shownJourneys(table);
    return rows.length > 0 && rows.every((r) => r.tags.join(" > ") === chosenName);
  };
  await expect.poll(everyRowIsThePath).toBe(true);
  await expect(summary.getByRole("definition").filter({ hasText: new RegExp(`^${chosenOrders}$`) })).toBeVisible();
  await expect(summary).toContainText("Chosen path");

  // The URL is the view: a reload keeps the level, the sort, the path and its rows.
  const url = page.url();
  await page.reload();
  expect(page.url()).toBe(url);
  await expect(page.getByLabel("Taxonomy level")).toHaveValue("4");
  await expect(page.getByTestId("journey-path-chip")).toContainText(chosenName);
  await expect(table.getByRole("columnheader", { name: /Journey Length/ })).toHaveAttribute("aria-sort", "ascending");
  await expect.poll(everyRowIsThePath).toBe(true);

  // Clearing the path shows every order again.
  await page.getByRole("button", { name: /Show every path again/ }).click();
  await expect(page).not.toHaveURL(/path=/);
  await expect.poll(async () => Number(/of (\d+)/.exec((await paging.textContent()) ?? "")?.[1])).toBe(total);
});
