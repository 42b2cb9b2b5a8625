import { expect, test, type Page } from "./fixtures";
import { groupedEntries } from "../../src/domain/shell/menuGroup";
import { menuRoutes, type MenuRoute } from "../../src/views/shell/menuRoutes";
import { signInAs } from "./support";

const menu = (page: Page) => page.getByRole("navigation", { name: "Main" });
const entry = (page: Page, label: string) => menu(page).getByRole("link", { name: label, exact: true });
const routesFor = (who: "demo" | "admin") => menuRoutes.filter((r) => who === "admin" || r.audience === "everyone");
/** The menu's groups and their entries for a demo user or an admin, as the menu lists them. */
const sectionsFor = (who: "demo" | "admin") => groupedEntries(routesFor(who));
const labelsFor = (who: "demo" | "admin") => sectionsFor(who).flatMap((s) => s.entries.map((r) => r.label));
const adminLabels = menuRoutes.filter((r) => r.audience === "admins").map((r) => r.label);

/** Each group of the menu is a list named after the group holding its entries. */
const expectGroups = async (page: Page, who: "demo" | "admin") => {
  for (const { group, entries } of sectionsFor(who)) {
    await expect(menu(page).getByRole("list", { name: group, exact: true }).getByRole("link")).toHaveText(entries.map((r) => r.label));
  }
};

test("a demo user's menu holds every entry for everyone, in its groups, and none for admins; no link on the page leads to an admin screen", async ({ page }) => {
  await signInAs(page, "demo");
  await expect(menu(page).getByRole("link")).toHaveText(labelsFor("demo"));
  await expectGroups(page, "demo");
  await expect(menu(page).getByRole("list", { name: "Admin", exact: true })).toHaveCount(0);
  for (const label of adminLabels) await expect(entry(page, label)).toHaveCount(0);
  // The program's messages are in: none of their links (nor any other) goes to /admin.
  await page.getByRole("region", { name: "Messages" }).getByRole("button", { name: /^\d+ messages$/ }).click();
  await expect(page.getByRole("region", { name: "Messages" }).getByRole("note").first()).toBeVisible();
  await expect(page.locator('a[href^="/admin"]')).toHaveCount(0);
});

test("an admin's menu holds every entry, admin screens included", async ({ page }) => {
  await signInAs(page, "admin");
  await expect(menu(page).getByRole("link")).toHaveText(labelsFor("admin"));
  await expectGroups(page, "admin");
  await expect(menu(page).getByRole("list", { name: "Admin", exact: true }).getByRole("link")).toHaveText(adminLabels);
});

test("on a wide screen the menu is a sidebar of groups beside the screen, and no 'Menu' button shows", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, "demo");
  await expect(menu(page).getByRole("button", { name: "Menu" })).toBeHidden();
  const nav = await menu(page).boundingBox();
  const main = await page.getByRole("main").boundingBox();
  expect(nav && main && nav.x + nav.width <= main.x && nav.width < 260).toBe(true);
  for (const label of labelsFor("demo")) await expect(entry(page, label)).toBeVisible();
});

test("'Performance' is the current entry on /performance, on a drill-down page and on a search page", async ({ page }) => {
  await signInAs(page, "demo");
  const performance = entry(page, "Performance");
  await expect(performance).toHaveAttribute("aria-current", "page");
  await expect(menu(page).locator('[aria-current="page"]')).toHaveCount(1);

  const table = page.getByRole("table", { name: "Taxonomy 1", exact: true });
  await table.getByRole("link", { name: "Paid Search", exact: true }).first().click();
  await expect(page).toHaveURL(/\/performance\/taxonomy_one\/Paid%20Search/);
  await expect(performance).toHaveAttribute("aria-current", "page");

  const box = page.getByPlaceholder("Search...");
  await box.fill("Google");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/performance\/search\/Google/);
  await expect(performance).toHaveAttribute("aria-current", "page");
});

test("the menu works from the keyboard: Tab reaches its entries, Enter follows one", async ({ page }) => {
  await signInAs(page, "demo");
  await page.getByRole("table", { name: "Taxonomy 1", exact: true }).getByRole("link", { name: "Paid Search", exact: true }).first().click();
  await expect(page).toHaveURL(/\/performance\/taxonomy_one\//);

  // From the logo, Tab passes the header's controls (search, sign-out, program, dates) and reaches the menu's first entry.
  await page.getByRole("link", { name: "Attribution", exact: true }).focus();
  const first = entry(page, labelsFor("demo")[0] ?? "");
  for (let presses = 0; presses < 12 && !(await first.evaluate((el) => el === document.activeElement)); presses++) await page.keyboard.press("Tab");
  await expect(first).toBeFocused();
  await expect(first).toHaveText("Performance");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/performance(\?|$)/);
  await expect(page.getByRole("heading", { name: "Performance Report", exact: true })).toBeVisible();
});

test("the date range panel is a popover: Escape and a click outside close it, and its button toggles it", async ({ page }) => {
  await signInAs(page, "demo");
  const toggle = page.getByRole("button", { name: /^Date range: / });
  const panel = page.getByRole("group", { name: "Choose a date range" });

  await toggle.click();
  await expect(panel).toBeVisible();
  // It sits just below its button, over the page.
  const button = await toggle.boundingBox();
  const box = await panel.boundingBox();
  expect(button && box && box.y >= button.y + button.height && box.y - (button.y + button.height) < 20).toBe(true);
  await panel.getByLabel("From").focus();
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(toggle).toBeFocused();
  await expect(toggle).toHaveAttribute("aria-expanded", "false");

  await toggle.click();
  await expect(panel).toBeVisible();
  // Outside the panel: the heading's first letter (its middle may lie under the panel, which sits over the page).
  await page.getByRole("heading", { name: "Performance Report", exact: true }).click({ position: { x: 4, y: 4 } });
  await expect(panel).toBeHidden();

  await toggle.click();
  await expect(panel).toBeVisible();
  await toggle.click();
  await expect(panel).toBeHidden();
});

/** Opens the narrow screen's menu from its button by keyboard. */
const openByKeyboard = async (page: Page) => {
  const button = menu(page).getByRole("button", { name: "Menu", exact: true });
  await button.focus();
  await page.keyboard.press("Enter");
  await expect(button).toHaveAttribute("aria-expanded", "true");
  return button;
};

/** Follows an entry by keyboard and checks its screen opened: its path, its entry current, a page heading, not the not-found page; the menu closes. */
const followByKeyboard = async (page: Page, route: MenuRoute) => {
  const button = await openByKeyboard(page);
  const link = entry(page, route.label);
  await expect(link).toBeVisible();
  await link.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`^[^?#]*//[^/]+${route.path}(/[^?#]*)?([?#]|$)`));
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await expect(link).toBeHidden();
  await expect(page.getByRole("main").getByRole("heading", { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "There's nothing here" })).toHaveCount(0);
  await expect(menu(page).locator('[aria-current="page"]')).toHaveAttribute("href", route.path);
};

test("at 390 × 844 the menu is a 'Menu' disclosure: opened from its button by keyboard, closed by Escape with focus back on the button; every entry opens its screen", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, "demo");
  const button = menu(page).getByRole("button", { name: "Menu", exact: true });
  await expect(button).toBeVisible();
  await expect(button).toHaveAttribute("aria-expanded", "false");
  const panel = page.locator(`[id="${await button.getAttribute("aria-controls")}"]`);
  await expect(panel).toBeHidden();
  await expect(entry(page, "Performance")).toBeHidden();

  await openByKeyboard(page);
  await expect(panel).toBeVisible();
  await expectGroups(page, "demo");
  await page.keyboard.press("Tab");
  await expect(entry(page, labelsFor("demo")[0] ?? "")).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await expect(button).toBeFocused();

  // The button closes it too.
  await page.keyboard.press("Enter");
  await expect(panel).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(panel).toBeHidden();

  for (const route of routesFor("demo")) await followByKeyboard(page, route);
  // The page never scrolls sideways, menu open or closed.
  await openByKeyboard(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test("at 390 × 844 an admin's menu shows the admin entries, and each opens its screen", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, "admin");
  await openByKeyboard(page);
  await expectGroups(page, "admin");
  await page.keyboard.press("Escape");
  for (const route of menuRoutes.filter((r) => r.audience === "admins")) await followByKeyboard(page, route);
});
