import { expect, test, type Page } from "./fixtures";
import { signInAs } from "./support";

/** The session's token, program and dates, as the app keeps them (localStorage). */
const sessionOf = async (page: Page): Promise<{ token: string; program: string; from: string }> =>
  page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem("attribution.session") ?? "{}") as {
      snapshot?: { context?: { token?: string; programCode?: string; range?: { from?: string } } };
    };
    const context = stored.snapshot?.context;
    return { token: context?.token ?? "", program: context?.programCode ?? "", from: context?.range?.from ?? "" };
  });

const removedText = "The spend configuration was successfully removed";
const question = "Are you sure you want to remove this spend configuration?";

test("the variable spend list: opened from the menu, searched, sorted, paged, an entry deleted after a confirmation", async ({ page }) => {
  await signInAs(page, "admin");
  const { token, program, from } = await sessionOf(page);
  expect(token).not.toBe("");
  const costsUrl = `/api/programs/${encodeURIComponent(program)}/variable-costs`;
  const headers = { Authorization: `Bearer ${token}` };

  // Seventeen entries of this run (more than a page); the last costs £12,345.67.
  const tag = `vl${Date.now().toString(36)}`;
  const link = (i: number) => `${tag}-row-${String(i).padStart(2, "0")}`;
  for (let i = 1; i <= 17; i++) {
    const res = await page.request.post(costsUrl, {
      headers,
      data: { date: from, taxonomy_1: "Variable List", cost_link: link(i), cost: i === 17 ? 12345.67 : i * 10 },
    });
    expect(res.status()).toBe(200);
  }

  const menu = page.getByRole("navigation", { name: "Main" });
  await menu.getByRole("link", { name: "Variable Spend", exact: true }).click();
  await expect(page).toHaveURL(/\/account\/costs\/variable(\?|$)/);
  await expect(page.getByRole("heading", { name: "Variable Spend", level: 1 })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Variable Spend", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("link", { name: "Batch Import" })).toHaveAttribute("href", "/account/costs/variable/batch");
  // Page marker: gone if anything below loads the page again.
  await page.evaluate(() => Object.assign(window, { variableSpendMarker: true }));

  const table = page.getByRole("table", { name: "Variable Spend" });
  const rows = table.locator("tbody tr.metric-row");
  const costLink = (row: number) => rows.nth(row).getByRole("cell").nth(3);
  const pagination = page.getByRole("navigation", { name: "Pagination" });

  // Its columns; id descending at first: this run's 17th entry leads, 15 rows a page.
  await expect(table.getByRole("columnheader")).toHaveText(["ID", "Taxonomy 1", "Cost", "Cost Date", "Cost Link", "Delete"].map((h) => new RegExp(`^${h}\\W?$`)));
  await expect(table.getByRole("columnheader", { name: "ID" })).toHaveAttribute("aria-sort", "descending");
  await expect(rows).toHaveCount(15);
  await expect(costLink(0)).toHaveText(link(17));
  await expect(rows.first().getByRole("cell").nth(1)).toHaveText("£12,345.67");

  // The search: case-insensitive, and a currency symbol is ignored.
  const search = page.getByRole("searchbox", { name: "Search variable spend" });
  await search.fill(tag.toUpperCase());
  await expect(pagination.getByText("1–15 of 17")).toBeVisible();
  await search.fill("£12,345.67");
  await expect(rows.filter({ hasText: link(17) })).toHaveCount(1);
  await expect(rows.filter({ hasNotText: "£12,345.67" })).toHaveCount(0);
  await search.fill(link(3));
  await expect(rows).toHaveCount(1);
  await expect(costLink(0)).toHaveText(link(3));

  // A header click sorts: Cost descending first, then ascending.
  await search.fill(tag);
  const cost = table.getByRole("columnheader", { name: "Cost", exact: true });
  await cost.getByRole("button").click();
  await expect(cost).toHaveAttribute("aria-sort", "descending");
  await expect(table.getByRole("columnheader", { name: "ID" })).not.toHaveAttribute("aria-sort", /.+/);
  await expect(costLink(0)).toHaveText(link(17));
  await expect(costLink(1)).toHaveText(link(16));
  await cost.getByRole("button").click();
  await expect(cost).toHaveAttribute("aria-sort", "ascending");
  await expect(costLink(0)).toHaveText(link(1));

  // Paging: the second page holds the last two.
  await pagination.getByRole("button", { name: "Page 2" }).click();
  await expect(pagination.getByText("16–17 of 17")).toBeVisible();
  await expect(rows).toHaveCount(2);
  await expect(costLink(0)).toHaveText(link(16));

  // Delete: Cancel keeps the entry and sends nothing.
  const deletes: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "DELETE") deletes.push(r.url());
  });
  await search.fill(link(5));
  await expect(rows).toHaveCount(1);
  await rows.first().getByRole("button", { name: /^Delete variable spend \d+$/ }).click();
  const dialog = page.getByRole("dialog", { name: question });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(link(5));
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByRole("button", { name: /^Delete variable spend \d+$/ })).toBeFocused();

  // 'I'm sure' (clicked twice): one DELETE, the row leaves without a reload, the toast says so.
  await rows.first().getByRole("button", { name: /^Delete variable spend \d+$/ }).click();
  await dialog.getByRole("button", { name: "I'm sure" }).dblclick();
  await expect(page.getByText(removedText)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(table.getByText("There are no variable spend configurations to show")).toBeVisible();
  expect(deletes).toHaveLength(1);
  expect(deletes[0]).toMatch(/\/variable-costs\/\d+$/);
  expect(await page.evaluate(() => (window as unknown as { variableSpendMarker?: boolean }).variableSpendMarker)).toBe(true);

  // The server no longer has it; the other sixteen stay.
  const stored = (await (await page.request.get(costsUrl, { headers })).json()) as { data: Array<{ cost_link: string }> };
  const ours = stored.data.filter((r) => r.cost_link.startsWith(`${tag}-`)).map((r) => r.cost_link);
  expect(ours).toHaveLength(16);
  expect(ours).not.toContain(link(5));

  // Nothing matches: the list's own words.
  await search.fill(`${tag} nowhere`);
  await expect(table.getByText("There are no variable spend configurations to show")).toBeVisible();
});
