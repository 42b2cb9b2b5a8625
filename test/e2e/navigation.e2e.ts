import { expect, test, type Page } from "@playwright/test";
import { menuRoutes } from "../../src/views/shell/menuRoutes";
import { signInAs } from "./support";

const menu = (page: Page) => page.getByRole("navigation", { name: "Main" });
const entry = (page: Page, label: string) => menu(page).getByRole("link", { name: label, exact: true });
const labelsFor = (audience: "everyone" | "admins") => menuRoutes.filter((r) => r.audience === audience).map((r) => r.label);

test("a demo user's menu holds every entry for everyone and none for admins; no link on the page leads to an admin screen", async ({ page }) => {
  await signInAs(page, "demo");
  await expect(menu(page).getByRole("link")).toHaveText(labelsFor("everyone"));
  for (const label of labelsFor("admins")) await expect(entry(page, label)).toHaveCount(0);
  // The program's messages are in: none of their links (nor any other) goes to /admin.
  await page.getByRole("region", { name: "Messages" }).getByRole("button", { name: /^\d+ messages$/ }).click();
  await expect(page.getByRole("region", { name: "Messages" }).getByRole("note").first()).toBeVisible();
  await expect(page.locator('a[href^="/admin"]')).toHaveCount(0);
});

test("an admin's menu holds every entry, admin screens included", async ({ page }) => {
  await signInAs(page, "admin");
  await expect(menu(page).getByRole("link")).toHaveText(menuRoutes.map((r) => r.label));
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

  await page.getByRole("link", { name: "Attribution" }).focus();
  await page.keyboard.press("Tab");
  await expect(entry(page, "Performance")).toBeFocused();
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
  await page.getByRole("heading", { name: "Performance Report", exact: true }).click();
  await expect(panel).toBeHidden();

  await toggle.click();
  await expect(panel).toBeVisible();
  await toggle.click();
  await expect(panel).toBeHidden();
});
