import { readFile } from "node:fs/promises";
import { expect, newPinnedContext, test, type Page } from "./fixtures";
import * as XLSX from "xlsx";
import { signInAs } from "./support";

const menu = (page: Page) => page.getByRole("navigation", { name: "Main" });

/** Opens the editor on Northwind (the program with unclassified print traffic) and waits for its first preview. */
const openEditor = async (page: Page) => {
  await page.goto("/admin/classification?program=northwind");
  await expect(page.getByRole("heading", { name: "Edit Classification", level: 1 })).toBeVisible();
  await expect(page.getByRole("table", { name: "Taxonomy 1", exact: true })).toBeVisible();
  await expect(page.getByRole("region", { name: "Preview before save" })).toHaveAttribute("aria-busy", "false");
};

const taxonomyList = (page: Page) => page.getByRole("region", { name: "Taxonomies" });

/** The titles of the level-1 entries, in the order listed. */
const levelOneTitles = (page: Page) => taxonomyList(page).locator(".taxonomy-tree > li > .taxonomy-entry");

/** The browser's Back. A Back the editor stops never commits, so the wait for it is cut short. */
const pressBack = async (page: Page) => {
  await page.goBack({ waitUntil: "commit", timeout: 2_000 }).catch((e: unknown) => {
    if (!(e instanceof Error && e.name === "TimeoutError")) throw e;
  });
};

const save = async (page: Page) => {
  await page.getByRole("toolbar").getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Success: The traffic classification set has been saved")).toBeVisible();
};

test("as admin: a taxonomy with a rule moves unclassified hits in the preview before saving, and once saved the performance report shows it", async ({ page }) => {
  const title = `Print ${Date.now().toString(36)}`;
  await signInAs(page, "admin");
  await expect(menu(page).getByRole("link", { name: "Classification" })).toHaveAttribute("href", "/admin/classification");
  await openEditor(page);
  const preview = page.getByRole("region", { name: "Preview before save" });
  const unclassifiedBefore = await preview.getByTestId("unclassified-after").textContent();
  await expect(preview.getByRole("table", { name: "Taxonomy 1", exact: true }).getByRole("row", { name: new RegExp(title) })).toHaveCount(0);

  // The inline Add taxonomy form: a blank name is refused, Escape cancels, a name adds and selects it.
  await taxonomyList(page).getByRole("button", { name: "Add taxonomy" }).click();
  const form = page.getByRole("form", { name: "Add taxonomy" });
  await form.getByRole("button", { name: "Add" }).click();
  await expect(form.getByText("Taxonomy name is required")).toBeVisible();
  await form.getByLabel("Taxonomy name").press("Escape");
  await expect(form).toHaveCount(0);
  await taxonomyList(page).getByRole("button", { name: "Add taxonomy" }).click();
  await page.getByRole("form", { name: "Add taxonomy" }).getByLabel("Taxonomy name").fill(title);
  await page.getByRole("form", { name: "Add taxonomy" }).getByLabel("Taxonomy name").press("Enter");
  const editor = page.getByRole("region", { name: title });
  await expect(editor.getByLabel("Title")).toHaveValue(title);

  // A rule: medium contains print. The value shows only for contains, not contains and event_type is.
  await editor.getByRole("button", { name: "Add rule" }).click();
  const rule = editor.getByRole("listitem", { name: "Rule 1" });
  await rule.getByLabel("Match type").selectOption("exists");
  await expect(rule.getByLabel("Value")).toHaveCount(0);
  await rule.getByLabel("Match type").selectOption("contains");
  await rule.getByLabel("Field").selectOption("medium");
  await rule.getByLabel("Value").fill("print");

  // The preview follows: the new taxonomy takes hits that were unclassified.
  const row = preview.getByRole("table", { name: "Taxonomy 1", exact: true }).getByRole("row", { name: new RegExp(title) });
  await expect(row).toHaveCount(1);
  await expect(preview.getByTestId("unclassified-after")).not.toHaveText(unclassifiedBefore ?? "");
  await expect(preview.getByRole("region", { name: new RegExp(`Sample hits: ${title}`) })).toBeVisible();
  await expect(preview.getByRole("table", { name: "Hits per rule" }).getByRole("row", { name: new RegExp(`${title}: medium contains print`) })).toBeVisible();

  await save(page);
  await expect(page.getByText("Unsaved changes")).toHaveCount(0);

  // The performance report is reclassified: the new taxonomy is a level-1 row.
  await menu(page).getByRole("link", { name: "Performance", exact: true }).click();
  await expect(page.getByRole("table", { name: "Taxonomy 1", exact: true }).getByRole("link", { name: title, exact: true })).toBeVisible();

  // Put the demo classification back for the other tests: remove it and save.
  await menu(page).getByRole("link", { name: "Classification" }).click();
  await expect(page.getByRole("heading", { name: "Edit Classification", level: 1 })).toBeVisible();
  await taxonomyList(page).getByRole("button", { name: title, exact: true }).click();
  await page.getByRole("button", { name: `Remove ${title}` }).click();
  await save(page);
});

test("as demo: the route guard refuses the editor, so the person is sent to / with 'You don't have access to admin resources'", async ({ page }) => {
  await signInAs(page, "demo");
  await expect(menu(page).getByRole("link", { name: "Classification" })).toHaveCount(0);
  await page.goto("/admin/classification");
  await expect(page.getByText("You don't have access to admin resources")).toBeVisible();
  await expect(page).toHaveURL(/\/performance/);
  await expect(page.getByRole("heading", { name: "Edit Classification" })).toHaveCount(0);
});

test("as admin: Reorder moves taxonomies by keyboard (the first has no up, the last no down), undo takes it back, and leaving with unsaved changes asks first", async ({ page }) => {
  await signInAs(page, "admin");
  await openEditor(page);
  const before = await levelOneTitles(page).allTextContents();
  expect(before.length).toBeGreaterThan(2);
  const [first, second] = before as [string, string];
  await taxonomyList(page).getByRole("button", { name: "Reorder" }).click();
  await expect(taxonomyList(page).getByRole("button", { name: `Move ${first} up` })).toHaveCount(0);
  await expect(taxonomyList(page).getByRole("button", { name: `Move ${before[before.length - 1] ?? ""} down` })).toHaveCount(0);

  // Tab to the first entry's down button and press Enter: it moves and keeps the focus, so Space moves it again.
  const down = taxonomyList(page).getByRole("button", { name: `Move ${first} down` });
  await down.focus();
  await page.keyboard.press("Enter");
  await expect(taxonomyList(page).locator(".taxonomy-tree > li > .taxonomy-entry .taxonomy-entry-title").first()).toHaveText(second);
  await expect(taxonomyList(page).getByRole("button", { name: `Move ${first} down` })).toBeFocused();
  await page.keyboard.press(" ");
  const moved = await taxonomyList(page).locator(".taxonomy-tree > li > .taxonomy-entry .taxonomy-entry-title").allTextContents();
  expect(moved.slice(0, 3)).toEqual([second, before[2], first]);
  await taxonomyList(page).getByRole("button", { name: "Done Ordering" }).click();
  await expect(page.getByText("Unsaved changes")).toBeVisible();

  // Leaving asks first; Stay keeps the draft.
  await menu(page).getByRole("link", { name: "Performance", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Leave without saving?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Stay" }).click();
  await expect(page).toHaveURL(/\/admin\/classification/);

  // Undo twice: the saved order again, nothing unsaved, and the menu leaves at once.
  await page.getByRole("button", { name: "Undo" }).click();
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(levelOneTitles(page)).toHaveText(before);
  await expect(page.getByText("Unsaved changes")).toHaveCount(0);
  await page.getByRole("button", { name: "Redo" }).click();
  await expect(levelOneTitles(page).first()).toHaveText(second);
  await page.getByRole("button", { name: "Undo" }).click();
  await menu(page).getByRole("link", { name: "Performance", exact: true }).click();
  await expect(page).toHaveURL(/\/performance/);
});

test("as admin: with unsaved changes, switching the program in the header asks and 'Go back' keeps the change; Back asks too, and Stay keeps the change and the address", async ({ page }) => {
  const title = `Unsaved ${Date.now().toString(36)}`;
  await signInAs(page, "admin");
  await page.getByLabel("Program").selectOption("northwind");
  // Opened by the menu, so Back is a step inside the app (to the performance report).
  await menu(page).getByRole("link", { name: "Classification" }).click();
  await expect(page.getByRole("heading", { name: "Edit Classification", level: 1 })).toBeVisible();
  await taxonomyList(page).getByRole("button", { name: "Add taxonomy" }).click();
  await page.getByRole("form", { name: "Add taxonomy" }).getByLabel("Taxonomy name").fill(title);
  await page.getByRole("form", { name: "Add taxonomy" }).getByRole("button", { name: "Add" }).click();
  await expect(page.getByText("Unsaved changes")).toBeVisible();

  // The header switches the program: the editor keeps Northwind's draft and asks.
  await page.getByLabel("Program").selectOption("bluepeak");
  const question = page.getByRole("dialog", { name: "Discard unsaved changes?" });
  await expect(question).toBeVisible();
  await expect(question).toContainText("You have unsaved changes to Northwind Outfitters's classification.");
  await expect(question.getByRole("button", { name: "Discard and load Bluepeak Home" })).toBeVisible();
  await question.getByRole("button", { name: "Go back to Northwind Outfitters" }).click();
  await expect(question).toHaveCount(0);
  await expect(page.getByLabel("Program")).toHaveValue("northwind");
  await expect(page).toHaveURL(/\/admin\/classification\?(.*&)?program=northwind/);
  await expect(taxonomyList(page).getByRole("button", { name: title })).toBeVisible();
  await expect(page.getByText("Unsaved changes")).toBeVisible();

  // Back asks the links' question; Stay keeps the change and the address.
  await pressBack(page);
  const leave = page.getByRole("dialog", { name: "Leave without saving?" });
  await expect(leave).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/classification/);
  await leave.getByRole("button", { name: "Stay" }).click();
  await expect(leave).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin\/classification/);
  await expect(taxonomyList(page).getByRole("button", { name: title })).toBeVisible();

  // Back again and Leave: the performance report, where Back was going.
  await pressBack(page);
  await leave.getByRole("button", { name: "Leave" }).click();
  await expect(page).toHaveURL(/\/performance/);
  await expect(page.getByRole("heading", { name: "Performance Report" })).toBeVisible();
});

test("as admin: Download gives Classification.xlsx with a sheet Classification holding the draft's rules, formula-safe", async ({ page }) => {
  await signInAs(page, "admin");
  await openEditor(page);
  await taxonomyList(page).getByRole("button", { name: "Add taxonomy" }).click();
  await page.getByRole("form", { name: "Add taxonomy" }).getByLabel("Taxonomy name").fill("=HYPERLINK(1)");
  await page.getByRole("form", { name: "Add taxonomy" }).getByRole("button", { name: "Add" }).click();
  const downloading = page.waitForEvent("download");
  await page.getByRole("toolbar").getByRole("button", { name: "Download" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("Classification.xlsx");
  const book = XLSX.read(await readFile(await download.path()), { type: "buffer" });
  expect(book.SheetNames).toEqual(["Classification"]);
  const rows = XLSX.utils.sheet_to_json<ReadonlyArray<unknown>>(book.Sheets["Classification"] as XLSX.WorkSheet, { header: 1 });
  expect(rows[0]).toEqual(["Taxonomy 1", "Taxonomy 2", "Execution Order", "Join Type", "Kind", "Field", "Match Type / Mapped To", "Expected Value"]);
  expect(rows.some((r) => r[0] === "Paid Search" && r[4] === "Rule")).toBe(true);
  expect(rows.some((r) => r[0] === "'=HYPERLINK(1)")).toBe(true);
  // The draft is left unsaved: Undo and leave.
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByText("Unsaved changes")).toHaveCount(0);
});

test("two admins: a save over someone else's newer save is refused, the editor says so and Reload shows theirs; nothing is lost silently", async ({ browser }) => {
  // Two sign-ins in two browser contexts: two sessions, as two people would have.
  const first = await (await newPinnedContext(browser)).newPage();
  const second = await (await newPinnedContext(browser)).newPage();
  const theirs = `Theirs ${Date.now().toString(36)}`;
  const mine = `Mine ${Date.now().toString(36)}`;
  for (const page of [first, second]) {
    await signInAs(page, "admin");
    await openEditor(page);
  }
  const add = async (page: Page, title: string) => {
    await taxonomyList(page).getByRole("button", { name: "Add taxonomy" }).click();
    await page.getByRole("form", { name: "Add taxonomy" }).getByLabel("Taxonomy name").fill(title);
    await page.getByRole("form", { name: "Add taxonomy" }).getByRole("button", { name: "Add" }).click();
  };
  await add(first, theirs);
  await save(first);

  // The second editor's draft was based on the version before: its save is refused, its draft kept.
  await add(second, mine);
  await second.getByRole("toolbar").getByRole("button", { name: "Save" }).click();
  const conflict = second.getByRole("alert").filter({ hasText: "Someone else saved meanwhile" });
  await expect(conflict).toBeVisible();
  await expect(taxonomyList(second).getByRole("button", { name: mine })).toBeVisible();
  await conflict.getByRole("button", { name: "Reload" }).click();
  await expect(taxonomyList(second).getByRole("button", { name: theirs })).toBeVisible();
  await expect(taxonomyList(second).getByRole("button", { name: mine })).toHaveCount(0);

  // Based on the version now, the save goes through (and puts the demo classification back).
  await taxonomyList(second).getByRole("button", { name: theirs }).click();
  await second.getByRole("button", { name: `Remove ${theirs}` }).click();
  await save(second);
  await first.context().close();
  await second.context().close();
});
