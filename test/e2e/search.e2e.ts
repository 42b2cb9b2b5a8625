import { expect, test, type Locator, type Page } from "./fixtures";
import { metricOfLabel, readTable, roundingOf, screenNumber, type ScreenRow, type ScreenTable } from "./screenTable";
import { signInAs } from "./support";

/** Every row of the search table, page after page, and the table as first read (headers, footer). */
const readAllPages = async (page: Page, table: Locator): Promise<ScreenTable> => {
  const first = await readTable(table);
  const rows: ScreenRow[] = [...first.rows];
  const pager = page.getByRole("navigation", { name: "Pagination" });
  const next = pager.getByRole("button", { name: "Next page" });
  let pages = 1;
  while ((await next.count()) > 0 && (await next.isEnabled())) {
    await next.click();
    pages++;
    await expect(pager.getByRole("button", { name: `Page ${pages}` })).toHaveAttribute("aria-current", "page");
    rows.push(...(await readTable(table)).rows);
  }
  if (pages > 1) await pager.getByRole("button", { name: "Page 1" }).click();
  return { ...first, rows };
};

/**
 * The footer 'Total' against the rows: counts and money are the sums of the rows (within
 * the display's rounding), rates are recomputed from the summed columns.
 */
const expectFooterIsTheTotal = (screen: ScreenTable) => {
  const labels = screen.headers.slice(1);
  const footer = screen.footer as ReadonlyArray<string>;
  const column = (label: string): number | null => {
    const i = labels.indexOf(label);
    return i < 0 ? null : (screenNumber(footer[i] as string) as number);
  };
  labels.forEach((label, c) => {
    const metric = metricOfLabel(label);
    if (!metric.additive) return;
    const sum = screen.rows.reduce((s, r) => s + (screenNumber(r.cells[c] as string) ?? 0), 0);
    const shown = screenNumber(footer[c] as string) as number;
    const slack = roundingOf(metric.decimals) * (screen.rows.length + 1);
    expect(Math.abs(shown - sum), `footer ${label}: ${footer[c]} vs the rows' sum ${sum}`).toBeLessThanOrEqual(slack);
  });
  const cost = column("Total Cost");
  const revenue = column("Attributed Revenue");
  const roas = column("ROAS");
  if (cost !== null && revenue !== null && roas !== null) expect(Math.abs(roas - (cost === 0 ? 0 : revenue / cost))).toBeLessThanOrEqual(0.011);
};

const filterButton = (page: Page) => page.getByRole("button", { name: "Filter", exact: true });
const badge = (page: Page) => filterButton(page).locator(".filter-badge");
const firstCrumbs = (screen: ScreenTable) => new Set(screen.rows.map((r) => r.name.split(" › ")[0]));

test("search from the header, filter the taxonomy tree, reset it; the footer is the total of the rows shown", async ({ page }) => {
  await signInAs(page, "demo");
  const box = page.getByPlaceholder("Search...");
  await box.fill("Google");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/performance\/search\/Google(\?|$)/);
  await expect(page.getByRole("heading", { name: '"Google" | Performance Report' })).toBeVisible();
  await expect(page).toHaveTitle('"Google" | Performance Report');
  await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "All Channels" })).toBeVisible();

  const table = page.getByRole("table", { name: "Search results" });
  await expect(table.locator("tbody th[scope=row]").first()).toBeVisible();
  await expect(table).not.toHaveAttribute("aria-busy", "true");
  const all = await readAllPages(page, table);
  expect(all.headers[0]).toBe("Taxonomies");
  expect(all.rows.length).toBeGreaterThan(1);
  // Every row's path holds the term.
  for (const row of all.rows) expect(row.name).toContain("Google");
  expect(firstCrumbs(all).has("Paid Search")).toBe(true);
  expectFooterIsTheTotal(all);

  // The Filter: one branch per channel at first.
  await expect(badge(page)).toHaveText(/^\d$|^9\+$/);
  const before = await badge(page).innerText();
  await filterButton(page).click();
  const tree = page.getByRole("list", { name: "Taxonomies to show" });
  await expect(tree.getByRole("checkbox", { name: "Paid Search", exact: true })).toBeChecked();
  await tree.getByRole("checkbox", { name: "Paid Search", exact: true }).uncheck();
  await expect(badge(page)).not.toHaveText(before);
  const expected = before === "9+" ? null : String(Number(before) - 1);
  if (expected) await expect(badge(page)).toHaveText(expected);
  await expect(table.getByRole("link", { name: "Paid Search", exact: true })).toHaveCount(0);
  const filtered = await readAllPages(page, table);
  expect(filtered.rows.length).toBeLessThan(all.rows.length);
  expect(firstCrumbs(filtered).has("Paid Search")).toBe(false);
  expect(filtered.rows).toEqual(all.rows.filter((r) => !r.name.startsWith("Paid Search ›")));
  expectFooterIsTheTotal(filtered);

  // A partly selected branch is mixed.
  await tree.getByRole("button", { name: "Expand Paid Search" }).click();
  await tree.getByRole("checkbox", { name: "Google Ads", exact: true }).check();
  await expect(tree.getByRole("checkbox", { name: "Paid Search", exact: true })).toHaveAttribute("aria-checked", "mixed");
  await expect(table.getByRole("link", { name: "Google Ads", exact: true }).first()).toBeVisible();

  // 'Reset filter' selects everything again.
  await page.getByRole("button", { name: "Reset filter" }).click();
  await expect(badge(page)).toHaveText(before);
  await expect(tree.getByRole("checkbox", { name: "Paid Search", exact: true })).toBeChecked();
  const reset = await readAllPages(page, table);
  expect(reset.rows).toEqual(all.rows);
  expect(reset.footer).toEqual(all.footer);

  // A taxonomy in the breadcrumb column opens its page (values encoded in the link).
  await page.keyboard.press("Escape");
  await expect(tree).toBeHidden();
  const link = table.getByRole("link", { name: "Google Ads", exact: true }).first();
  await expect(link).toHaveAttribute("href", /^\/performance\/taxonomy_one\/Paid%20Search\/taxonomy_two\/Google%20Ads/);
  await link.click();
  await expect(page.getByRole("heading", { name: "Google Ads | Performance Report" })).toBeVisible();
});

test("a search that matches nothing shows the empty state", async ({ page }) => {
  await signInAs(page, "demo");
  const box = page.getByPlaceholder("Search...");
  await box.fill("no such channel anywhere");
  await box.press("Enter");
  await expect(page.getByRole("heading", { name: '"no such channel anywhere" | Performance Report' })).toBeVisible();
  await expect(page.getByRole("table", { name: "Search results" }).getByText("There is no data to display")).toBeVisible();
  await expect(page.getByRole("button", { name: "Export Data" })).toBeDisabled();
});
