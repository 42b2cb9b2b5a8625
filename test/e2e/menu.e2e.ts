import { expect, test, type Locator, type Page } from "./fixtures";
import { menuRoutes } from "../../src/views/shell/menuRoutes";
import { signInAs } from "./support";

/**
 * The main menu reaches every screen the person's role may see, and the route guard
 * refuses the admin ones to everyone else. The walks read the entries from the menu as it
 * is drawn, so a screen that gains a menu line is walked too.
 */

const refusal = "You don't have access to admin resources";
const menu = (page: Page) => page.getByRole("navigation", { name: "Main" });
const adminRoutes = menuRoutes.filter((r) => r.audience === "admins");

/** The menu's entries as drawn: label and path. */
const drawnEntries = async (page: Page): Promise<Array<{ readonly label: string; readonly href: string }>> =>
  menu(page)
    .getByRole("link")
    .evaluateAll((links) => links.map((a) => ({ label: (a.textContent ?? "").trim(), href: a.getAttribute("href") ?? "" })));

/** The saved report's entry (also in a closed narrow menu): offered once the program's reports are known (Northwind has report 1). */
const activeReportEntry = (page: Page) => menu(page).getByRole("link", { name: "Active / Not Active Report", exact: true, includeHidden: true });

/** The screen at `href` is open: its path, a page heading in the main landmark, not the not-found page, its entry current. */
const expectScreen = async (page: Page, entry: { readonly label: string; readonly href: string }) => {
  // The entry opens its screen in the frame after the click's (its code loaded first), not in the click.
  const isAt = () => {
    const path = new URL(page.url()).pathname;
    return path === entry.href || path.startsWith(`${entry.href}/`);
  };
  await expect.poll(isAt, { message: entry.label }).toBe(true);
  await expect(page.getByRole("main").getByRole("heading", { level: 1 }).first(), entry.label).toBeVisible();
  await expect(page.getByRole("heading", { name: "There's nothing here" }), entry.label).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: refusal }), entry.label).toHaveCount(0);
  await expect(menu(page).locator('[aria-current="page"]'), entry.label).toHaveAttribute("href", entry.href);
};

const isFocused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);

/** Records the paths of the admin screens' API calls (classification, affiliates, spend) the page makes. */
const recordAdminCalls = (page: Page): string[] => {
  const calls: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/") && /\/admin\/|\/performance\/affiliates|\/(fixed|variable)-costs/.test(url.pathname)) calls.push(url.pathname);
  });
  return calls;
};

test("as admin, every menu entry opens its screen, admin screens included", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, "admin");
  const adminCalls = recordAdminCalls(page);
  await expect(activeReportEntry(page)).toHaveCount(1);
  const entries = await drawnEntries(page);
  expect(entries.map((e) => e.label).sort()).toEqual(menuRoutes.map((r) => r.label).sort());
  for (const entry of entries) {
    await menu(page).getByRole("link", { name: entry.label, exact: true }).click();
    await expectScreen(page, entry);
  }
  // The admin screens asked the API for their data (what the guard spares a member).
  expect(adminCalls.length).toBeGreaterThan(0);
});

test("as demo, every entry opens its screen, no admin entry shows, and each admin route is refused with 'You don't have access to admin resources'", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, "demo");
  await expect(activeReportEntry(page)).toHaveCount(1);
  const entries = await drawnEntries(page);
  expect(entries.map((e) => e.label)).toEqual(expect.arrayContaining(menuRoutes.filter((r) => r.audience === "everyone").map((r) => r.label)));
  for (const route of adminRoutes) expect(entries.map((e) => e.label)).not.toContain(route.label);
  for (const entry of entries) {
    await menu(page).getByRole("link", { name: entry.label, exact: true }).click();
    await expectScreen(page, entry);
  }

  // Typed or followed from a shared link: the guard refuses before the screen starts (it asks the API nothing), and / opens the performance report.
  const adminCalls = recordAdminCalls(page);
  // Below the menu's paths too: the spend form and batch imports.
  const refused = [
    ...adminRoutes.map((r) => r.path),
    "/admin/classification",
    "/admin/no-such-admin-screen",
    "/account/costs/fixed/create",
    "/account/costs/fixed/batch",
    "/account/costs/variable/batch",
  ];
  for (const path of [...new Set(refused)]) {
    await page.goto(path);
    await expect(page.getByRole("status").getByText(refusal), path).toBeVisible();
    await expect(page, path).toHaveURL(/\/performance(\?|$)/);
    await expect(page.getByRole("heading", { name: "Performance Report", exact: true }), path).toBeVisible();
    // No Close click: the toast leaves by itself after its 3 s, which a busy machine may
    // already have spent, and the next path is a fresh page load anyway.
  }
  expect(adminCalls).toEqual([]);
  // Back does not return to a refused path: it was replaced.
  await page.goBack();
  expect(refused).not.toContain(new URL(page.url()).pathname);

  // A program without the Active / Not Active Report (Bluepeak) is not offered it: it would answer 'You don't have access to this report'.
  await page.getByLabel("Program").selectOption("bluepeak");
  await expect(page).toHaveURL(/[?&]program=bluepeak(&|$)/);
  await expect(activeReportEntry(page)).toHaveCount(0);
  await expect(menu(page).getByRole("link", { name: "Funnel", exact: true })).toBeVisible();
});

test("at 390 × 844 the keyboard opens the 'Menu' from the top of the page, Tab reaches an entry and Enter opens it; Escape closes the menu with focus back on its button", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, "demo");
  const button = menu(page).getByRole("button", { name: "Menu", exact: true });
  await expect(activeReportEntry(page)).toHaveCount(1);
  await expect(button).toHaveAttribute("aria-expanded", "false");

  // From the page's first stop, Tab through the header's controls to the menu's button.
  await page.keyboard.press("Tab");
  for (let presses = 0; presses < 25 && !(await isFocused(button)); presses++) await page.keyboard.press("Tab");
  await expect(button).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(button).toHaveAttribute("aria-expanded", "true");

  // The entries follow the button in Tab order, in the menu's order; the last one is reached too.
  const entries = await drawnEntries(page);
  const last = entries[entries.length - 1];
  if (last === undefined) throw new Error("the menu has no entries");
  const first = menu(page).getByRole("link", { name: entries[0]?.label ?? "", exact: true });
  await page.keyboard.press("Tab");
  await expect(first).toBeFocused();
  for (let i = 1; i < entries.length; i++) await page.keyboard.press("Tab");
  const lastLink = menu(page).getByRole("link", { name: last.label, exact: true });
  await expect(lastLink).toBeFocused();

  // Escape from an entry closes the menu and puts focus back on its button.
  await page.keyboard.press("Escape");
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await expect(button).toBeFocused();
  await expect(lastLink).toBeHidden();

  // Open again with Space, go to the last entry and follow it with Enter.
  await page.keyboard.press("Space");
  await expect(button).toHaveAttribute("aria-expanded", "true");
  for (let i = 0; i < entries.length; i++) await page.keyboard.press("Tab");
  await expect(lastLink).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await expectScreen(page, last);
});
