import { expect, test } from "./fixtures";
import { signInAs } from "./support";

const saveRecording = "Save recording";

test("'Save recording' is absent by default and shows with ?debug for the rest of the session", async ({ page }) => {
  await signInAs(page, "demo");
  const banner = page.getByRole("banner");
  await expect(banner.getByRole("link", { name: "Sign out" })).toBeVisible();
  await expect(page.getByRole("button", { name: saveRecording })).toHaveCount(0);

  await page.goto("/performance?debug");
  await expect(page.getByRole("heading", { name: "Performance Report" })).toBeVisible();
  await expect(banner.getByRole("button", { name: saveRecording })).toBeVisible();

  // It survives navigation inside the app and a reload of a URL without the switch.
  const channel = page.getByRole("table", { name: "Taxonomy 1", exact: true }).getByRole("rowheader").getByRole("link").first();
  await channel.click();
  await expect(page).toHaveURL(/\/performance\/taxonomy_one\//);
  await expect(banner.getByRole("button", { name: saveRecording })).toBeVisible();
  await page.goto("/performance");
  await expect(page.getByRole("heading", { name: "Performance Report" })).toBeVisible();
  await expect(banner.getByRole("button", { name: saveRecording })).toBeVisible();

  // ?debug=off hides it again.
  await page.goto("/performance?debug=off");
  await expect(page.getByRole("heading", { name: "Performance Report" })).toBeVisible();
  await expect(page.getByRole("button", { name: saveRecording })).toHaveCount(0);
});
