import { expect, test, type Page } from "./fixtures";
import { signInAs } from "./support";

const versions = (page: Page) => page.getByRole("navigation", { name: "Versions" });

test("the changelog shows the project's versions newest first, and its contents open the page at each one by keyboard", async ({ page }) => {
  await signInAs(page, "demo");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Changelog", exact: true }).click();
  await expect(page).toHaveURL(/\/changelog(\?|$)/);
  await expect(page.getByRole("heading", { level: 1, name: "Changelog", exact: true })).toBeVisible();
  await expect(page).toHaveTitle("Changelog");

  const links = versions(page).getByRole("link");
  await expect(links.first()).toHaveText("Unreleased");
  const titles = await links.allTextContents();
  expect(titles).toContain("0.1.0 (2026-11-22)");
  // Each contents link leads to its version's heading.
  const headings = page.getByRole("main").getByRole("heading", { level: 2 });
  await expect(headings).toHaveText(titles);

  // Keyboard: Tab to the oldest version's link, Enter: the page scrolls there, the heading takes focus, the URL says where.
  const oldest = links.last();
  await links.first().focus();
  for (let presses = 0; presses < titles.length && !(await oldest.evaluate((el) => el === document.activeElement)); presses++) await page.keyboard.press("Tab");
  await expect(oldest).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/changelog(\?[^#]*)?#v0\.1\.0$/);
  const target = page.getByRole("heading", { level: 2, name: "0.1.0 (2026-11-22)", exact: true });
  await expect(target).toBeInViewport();
  await expect(target).toHaveAttribute("id", "v0.1.0");
});

test("a shared #version link opens the changelog at that version", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 600 });
  await signInAs(page, "demo");
  await page.goto("/changelog#v0.1.0");
  const target = page.getByRole("heading", { level: 2, name: "0.1.0 (2026-11-22)", exact: true });
  await expect(target).toBeInViewport();
  await expect(page.getByRole("heading", { level: 2, name: "Unreleased", exact: true })).not.toBeInViewport();
});
