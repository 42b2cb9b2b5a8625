import { expect, test, type Locator, type Page } from "./fixtures";
import { signInAs } from "./support";

const journeysTable = (page: Page) => page.getByRole("table", { name: "Journey paths table" });
const paging = (page: Page) => page.getByRole("navigation", { name: "Journey paths table pages" });

/**
 * Each body row's tags at the level shown (Two): the tag names only, so a merged tag (a
 * run of identical touches, with its count badge) is one name, as the run is one step of
 * the journey at that level.
 */
const rowTags = (table: Locator): Promise<string[][]> =>
  table.locator("tbody tr").evaluateAll((trs) =>
    trs
      .filter((tr) => tr.querySelector('th[scope="row"]') !== null)
      .map((tr) => [...tr.querySelectorAll(".journey-tag-name")].map((n) => (n.textContent ?? "").trim())),
  );

/** A tag's level values ('None' levels are not in its name). */
const levels = (tag: string): string[] => tag.split(" / ");

interface Chosen {
  /** The first touch's level one. */
  readonly first: string;
  /** A touch named by two levels. */
  readonly anywhere: readonly [string, string];
  /** Two adjacent touches of different level-one values. */
  readonly before: string;
  readonly after: string;
}

/** What a row's journey must show under the filter built from `c`. */
const satisfies = (tags: ReadonlyArray<string>, c: Chosen): boolean =>
  levels(tags[0] ?? "")[0] === c.first &&
  tags.includes(c.anywhere.join(" / ")) &&
  tags.some((tag, i) => levels(tag)[0] === c.before && levels(tags[i + 1] ?? "")[0] === c.after);

/** A filter that the journey of a shown row passes (so the filtered table is not empty). */
const chooseFrom = (rows: ReadonlyArray<ReadonlyArray<string>>): Chosen => {
  for (const tags of rows) {
    const first = levels(tags[0] ?? "")[0];
    const two = tags.map(levels).find((l) => l.length === 2);
    const pairAt = tags.findIndex((tag, i) => i + 1 < tags.length && levels(tag)[0] !== levels(tags[i + 1] ?? "")[0]);
    if (first && two && pairAt >= 0) {
      return {
        first,
        anywhere: [two[0] ?? "", two[1] ?? ""],
        before: levels(tags[pairAt] ?? "")[0] ?? "",
        after: levels(tags[pairAt + 1] ?? "")[0] ?? "",
      };
    }
  }
  throw new Error("no shown journey has a two-level touch and two adjacent channels");
};

/** Types values into a touchpoint's tag input, confirming each with Enter or a comma. */
const addTags = async (dialog: Locator, name: string, values: ReadonlyArray<string>, confirm: "Enter" | "," = "Enter") => {
  for (const value of values) {
    const box = dialog.getByRole("combobox", { name, exact: true });
    await box.fill(value);
    await box.press(confirm);
  }
  await expect(dialog.getByRole("list", { name: `${name}: Chosen levels` }).getByRole("listitem")).toHaveCount(values.length);
};

/** Every row of every page (50 a page) of the filtered table. */
const everyRow = async (page: Page): Promise<string[][]> => {
  const table = journeysTable(page);
  const rows: string[][] = [];
  for (let n = 0; n < 20; n++) {
    await expect(table.locator("tbody tr").first()).toBeVisible();
    rows.push(...(await rowTags(table)));
    const next = paging(page).getByRole("button", { name: "Next page" });
    // A single page has no page buttons.
    if ((await next.count()) === 0 || (await next.isDisabled())) return rows;
    const before = (await paging(page).textContent()) ?? "";
    await next.click();
    await expect(paging(page)).not.toHaveText(before);
  }
  return rows;
};

test("journey filter: a first touchpoint, an anywhere touchpoint and an immediate before/after pair; every row satisfies it, in the URL and after a reload", async ({
  page,
}) => {
  await signInAs(page, "demo");
  await page.getByRole("link", { name: "Journey Paths", exact: true }).click();
  await expect(page).toHaveURL(/\/journeys(\?|$)/);
  const table = journeysTable(page);
  await expect(table.locator("tbody tr").first()).toBeVisible();
  const chosen = chooseFrom(await rowTags(table));

  await page.getByRole("button", { name: "Filter Journey" }).click();
  const dialog = page.getByRole("dialog", { name: "Journey Path Filter" });
  await expect(dialog).toBeVisible();
  // The first level offers the program's level-one values.
  const firstBox = dialog.getByRole("combobox", { name: "First touchpoint 1", exact: true });
  await firstBox.fill(chosen.first.slice(0, 2));
  await expect(dialog.getByRole("option", { name: chosen.first, exact: true })).toBeVisible();
  await firstBox.fill("");
  await addTags(dialog, "First touchpoint 1", [chosen.first]);
  await addTags(dialog, "Anywhere in the journey 1", chosen.anywhere, ",");
  await addTags(dialog, "Before and after 1: Before", [chosen.before]);
  await addTags(dialog, "Before and after 1: After", [chosen.after]);
  await dialog.getByRole("checkbox", { name: "Immediately before / after" }).check();
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();

  const expected = {
    first: [{ taxonomy_one: chosen.first }],
    anywhere: [{ taxonomy_one: chosen.anywhere[0], taxonomy_two: chosen.anywhere[1] }],
    anywhere_connector: "or",
    comparison: [{ before: { taxonomy_one: chosen.before }, after: { taxonomy_one: chosen.after }, immediately: true }],
  };
  await expect.poll(() => JSON.parse(new URL(page.url()).searchParams.get("journey_search") ?? "null") as unknown).toEqual(expected);

  await paging(page).getByRole("combobox").selectOption("50");
  await expect(page).toHaveURL(/per_page=50/);
  // The filtered rows have replaced the others once the first page satisfies the filter.
  await expect.poll(async () => (await rowTags(table)).every((tags) => satisfies(tags, chosen))).toBe(true);
  const rows = await everyRow(page);
  expect(rows.length).toBeGreaterThan(0);
  for (const tags of rows) expect(satisfies(tags, chosen), tags.join(" > ")).toBe(true);

  // The filter is the URL's: a reload shows the same filtered rows, and the modal opens on it.
  const url = page.url();
  await page.reload();
  expect(page.url()).toBe(url);
  await expect(table.locator("tbody tr").first()).toBeVisible();
  await expect(paging(page)).toContainText(new RegExp(`of ${rows.length}(\\D|$)`));
  const reloaded = await rowTags(table);
  expect(reloaded.length).toBeGreaterThan(0);
  for (const tags of reloaded) expect(satisfies(tags, chosen), tags.join(" > ")).toBe(true);
  await page.getByRole("button", { name: "Filter Journey" }).click();
  await expect(dialog.getByRole("list", { name: "First touchpoint 1: Chosen levels" }).locator(".journey-tag-name")).toHaveText([chosen.first]);
  await expect(dialog.getByRole("checkbox", { name: "Immediately before / after" })).toBeChecked();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect.poll(() => JSON.parse(new URL(page.url()).searchParams.get("journey_search") ?? "null") as unknown).toEqual(expected);
});
