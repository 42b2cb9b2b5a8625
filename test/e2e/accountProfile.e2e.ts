import { expect, newPinnedContext, test } from "./fixtures";
import { signIn } from "./support";

// A demo analyst no other browser suite signs in as; everything changed here is set back at the end.
const username = "analyst1";
const password = "analyst1";
const renamed = "analyst1-renamed";
const newPassword = "analyst1-new-secret";

test("the signed-in person's own account: name, password (other sessions end), sign out everywhere", async ({ page, browser }) => {
  await signIn(page, username, password);
  await expect(page).toHaveURL(/\/performance/);

  // Reached from the header's name.
  await page.getByRole("link", { name: username, exact: true }).click();
  await expect(page).toHaveURL(/\/account\/profile$/);
  await expect(page.getByRole("heading", { name: "My Account" })).toBeVisible();
  const profile = page.getByRole("region", { name: "Name and email" });
  await expect(profile.getByLabel("Name")).toHaveValue(username);

  // A new name: saved, and the header shows it.
  await profile.getByLabel("Name").fill(renamed);
  await profile.getByRole("button", { name: "Save" }).click();
  await expect(profile.getByText("Your name and email have been saved.")).toBeVisible();
  await expect(page.getByRole("link", { name: renamed, exact: true })).toBeVisible();

  // Another session of the same person, on another browser.
  const elsewhere = await newPinnedContext(browser);
  const other = await elsewhere.newPage();
  await signIn(other, renamed, password);
  await expect(other).toHaveURL(/\/performance/);

  // A wrong current password is refused; the right one changes it, this session kept.
  const change = page.getByRole("region", { name: "Change password" });
  await change.getByLabel("Current password").fill("not-my-password");
  await change.getByLabel("New password").fill(newPassword);
  await change.getByLabel("Retype password").fill(newPassword);
  await change.getByRole("button", { name: "Change password" }).click();
  await expect(change.getByText("Your current password is not correct.")).toBeVisible();
  await change.getByLabel("Current password").fill(password);
  await change.getByLabel("New password").fill(newPassword);
  await change.getByLabel("Retype password").fill(newPassword);
  await expect(change.getByLabel("Keep me signed in on this device")).toBeChecked();
  await change.getByRole("button", { name: "Change password" }).click();
  await expect(change.getByText("Your password has been changed. You have been signed out everywhere else.")).toBeVisible();

  // The other session has ended: its next call sends it to the login page.
  await other.reload();
  await expect(other).toHaveURL(/\/login/);
  await elsewhere.close();

  // Sign out everywhere ends this session too.
  await page.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(page).toHaveURL(/\/login/);

  // Set everything back: the new password works, the old name and password return.
  await signIn(page, renamed, newPassword);
  await expect(page).toHaveURL(/\/performance/);
  await page.goto("/account/profile");
  await page.getByRole("region", { name: "Name and email" }).getByLabel("Name").fill(username);
  await page.getByRole("region", { name: "Name and email" }).getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("link", { name: username, exact: true })).toBeVisible();
  const back = page.getByRole("region", { name: "Change password" });
  await back.getByLabel("Current password").fill(newPassword);
  await back.getByLabel("New password").fill(password);
  await back.getByLabel("Retype password").fill(password);
  await back.getByLabel("Keep me signed in on this device").uncheck();
  await back.getByRole("button", { name: "Change password" }).click();
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, username, password);
  await expect(page).toHaveURL(/\/performance/);
});
