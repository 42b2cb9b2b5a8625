import { expect, test, type Locator, type Page } from "./fixtures";
import { readTable, screenNumber } from "./screenTable";
import { csvRecords, downloadBy } from "./downloads";
import { signInAs } from "./support";

const crumbs = (page: Page) => page.getByRole("navigation", { name: "Breadcrumb" });
const controls = (page: Page) => page.getByRole("toolbar", { name: /Channel Breakdown controls$/ });

/** The page's cards, once they are there. */
const loadedCards = async (page: Page): Promise<Locator> => {
  const cards = page.getByRole("list", { name: "Channels" });
  await expect(cards.getByRole("listitem").first()).toBeVisible();
  return cards.getByRole("listitem");
};

/** Each card's name and its two footer values, as shown. */
const readCards = (cards: Locator) =>
  cards.evaluateAll((items) =>
    items.map((li) => ({
      name: (li.querySelector("h2")?.textContent ?? "").trim(),
      values: [...li.querySelectorAll(".report-card-footer dd")].map((dd) => (dd.textContent ?? "").trim()),
      labels: [...li.querySelectorAll(".report-card-footer dt")].map((dt) => (dt.textContent ?? "").trim()),
    })),
  );


test("the channel breakdown: load, explore down to level four and back by the breadcrumb, every control in the link, export matches the cards, cards agree with the performance report", async ({ page }) => {
  await signInAs(page, "demo");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Channel Breakdown", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Channel Breakdown", exact: true })).toBeVisible();
  let cards = await loadedCards(page);
  const shown = await readCards(cards);
  expect(shown.length).toBeGreaterThan(0);
  expect(shown.length).toBeLessThanOrEqual(6);
  expect(shown[0]?.labels).toEqual(["Page Lands", "Attributed Revenue"]);
  // Sorted by the first metric, descending, 'None' last.
  const clicks = shown.filter((c) => c.name !== "None").map((c) => screenNumber(c.values[0] as string) as number);
  expect(clicks).toEqual([...clicks].sort((a, b) => b - a));
  // Each chart is drawn, with its data table for screen readers.
  await expect(cards.first().locator("canvas")).toBeVisible();
  await expect(cards.first().locator("table caption")).toHaveText(`${shown[0]?.name} chart`);

  // The same channel and dates on the performance report: the same page lands and attributed revenue.
  const first = shown[0];
  if (!first) throw new Error("no cards");
  const search = new URL(page.url()).search;
  await page.goto(`/performance${search}`);
  const performance = page.getByRole("table", { name: "Taxonomy 1", exact: true });
  await expect(performance.locator("tbody th[scope=row]").first()).toBeVisible();
  const perf = await readTable(performance);
  const row = perf.rows.find((r) => r.name === first.name);
  expect(row?.cells[perf.headers.indexOf("Page Lands") - 1]).toBe(first.values[0]);
  expect(row?.cells[perf.headers.indexOf("Attributed Revenue") - 1]).toBe(first.values[1]);
  await page.goBack();
  cards = await loadedCards(page);

  // Explore down to level four; the deepest cards have no Explore link; back by the breadcrumb.
  const path: string[] = [];
  for (let level = 1; level <= 3; level++) {
    const names = (await readCards(cards)).map((c) => c.name).filter((n) => n !== "None");
    const next = names[0];
    if (next === undefined) break;
    await page.getByRole("link", { name: `Explore ${next}`, exact: true }).click();
    path.push(next);
    await expect(page.getByRole("heading", { name: `${next} Channel Breakdown` })).toBeVisible();
    cards = await loadedCards(page);
  }
  expect(path).toHaveLength(3);
  await expect(page).toHaveURL(
    (url) =>
      url.pathname ===
      `/breakdown/taxonomy_one/${encodeURIComponent(path[0] as string)}/taxonomy_two/${encodeURIComponent(path[1] as string)}/taxonomy_three/${encodeURIComponent(path[2] as string)}`,
  );
  await expect(cards.getByRole("link", { name: /^Explore / })).toHaveCount(0);
  await crumbs(page).getByRole("link", { name: path[0], exact: true }).click();
  await expect(page.getByRole("heading", { name: `${path[0]} Channel Breakdown` })).toBeVisible();
  await crumbs(page).getByRole("link", { name: "All Channels" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/breakdown");
  cards = await loadedCards(page);

  // Every control reaches the URL, and a reload shows the same cards.
  await controls(page).getByLabel("First metric").selectOption({ label: "Attributed Sales" });
  await expect(page).toHaveURL(/metric_one=attributed_sales/);
  await controls(page).getByLabel("Second metric").selectOption({ label: "ROAS" });
  await expect(page).toHaveURL(/metric_two=roas/);
  await controls(page).getByLabel("Chart type").selectOption({ label: "Bar" });
  await expect(page).toHaveURL(/chart=bar/);
  await controls(page).getByLabel("Interval").selectOption({ label: "Week" });
  await expect(page).toHaveURL(/interval=week/);
  await controls(page).getByRole("button", { name: /Sort direction/ }).click();
  await expect(page).toHaveURL(/order=asc/);
  await page.getByRole("navigation", { name: "Channel breakdown pages" }).getByRole("combobox").selectOption("12");
  await expect(page).toHaveURL(/per_page=12/);
  cards = await loadedCards(page);
  await expect(cards.first().locator(".report-card-footer dt").first()).toHaveText(/Attributed Sales/);
  const sales = (await readCards(cards)).filter((c) => c.name !== "None").map((c) => screenNumber(c.values[0] as string) as number);
  expect(sales).toEqual([...sales].sort((a, b) => a - b));
  const before = await readCards(cards);
  await page.reload();
  cards = await loadedCards(page);
  await expect(controls(page).getByLabel("Interval")).toHaveValue("week");
  await expect(controls(page).getByLabel("Chart type")).toHaveValue("bar");
  expect(await readCards(cards)).toEqual(before);

  // Export: every card's weeks; each card's attributed sales sum to its footer value.
  await controls(page).getByRole("button", { name: "Export", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Export Data" });
  await expect(dialog.getByLabel("Report Name")).toHaveValue(/_channel_breakdown_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}$/);
  const download = await downloadBy(page, () => dialog.getByRole("button", { name: "Download CSV" }).click());
  const [header, ...rows] = await csvRecords(download);
  expect(header).toEqual(["Taxonomy 1", "Date", "Attributed Sales", "ROAS"]);
  const order = [...new Set(rows.map((r) => r[0]))];
  expect(order.slice(0, before.length)).toEqual(before.map((c) => c.name));
  for (const card of before) {
    const sum = rows.filter((r) => r[0] === card.name).reduce((total, r) => total + Number(r[2]), 0);
    expect(sum).toBeCloseTo(screenNumber(card.values[0] as string) as number, 1);
  }
});
