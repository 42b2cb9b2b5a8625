import { expect, test, type Page } from "./fixtures";
import { outboxLinks, pathOf, signIn, waitForNewLink } from "./support";

// An extra demo user no other suite signs in as; its password (its username) has 8
// characters, so it can be set back at the end.
const username = "analyst2";
const password = "analyst2";
const email = "analyst2@example.com";

/** Asks for a reset link through the recovery page and returns it from the outbox. */
const requestLink = async (page: Page): Promise<string> => {
  const before = outboxLinks(email).length;
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgotten your password?" }).click();
  await expect(page).toHaveURL(/\/recover-password$/);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Check your email.")).toBeVisible();
  return waitForNewLink(email, before);
};

const setPassword = async (page: Page, link: string, next: string) => {
  await page.goto(pathOf(link));
  await page.getByLabel("New password").fill(next);
  await page.getByLabel("Retype password").fill(next);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Your password has been changed.")).toBeVisible();
};

test("the whole password reset through the outbox", async ({ page }) => {
  const link = await requestLink(page);
  // The confirmation redirects to /login after 4 seconds: the page clock (Playwright's) runs them.
  await expect(page).toHaveURL(/\/recover-password$/);
  await page.clock.runFor(4_000);
  await expect(page).toHaveURL(/\/login$/);

  await page.goto(pathOf(link));
  await expect(page.getByRole("heading", { name: "Set a new password" })).toBeVisible();

  // Under 8 characters: the message under the field, nothing sent.
  const resets: string[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith("/api/auth/password/reset")) resets.push(request.url());
  });
  await page.getByLabel("New password").fill("short");
  await page.getByLabel("Retype password").fill("short");
  await page.getByRole("button", { name: "Submit" }).click();
  const tooShort = page.getByText("Use at least 8 characters");
  await expect(tooShort).toBeVisible();
  await expect(page.getByLabel("New password")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("New password")).toHaveAccessibleDescription("Use at least 8 characters");
  expect(resets).toEqual([]);

  await page.getByLabel("New password").fill("a-new-secret");
  await page.getByLabel("Retype password").fill("a-different-one");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("These passwords don't match. Please ensure both fields match.")).toBeVisible();
  await expect(tooShort).toHaveCount(0);
  expect(resets).toEqual([]);

  await page.getByLabel("New password").fill("a-new-secret");
  await page.getByLabel("Retype password").fill("a-new-secret");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Your password has been changed.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to login" })).toHaveAttribute("href", "/login");
  // Then /login after 3 seconds.
  await page.clock.runFor(3_000);
  await expect(page).toHaveURL(/\/login$/);

  // The old password no longer works; the new one does.
  await signIn(page, username, password);
  await expect(page.getByRole("alertdialog", { name: "Whoops" })).toBeVisible();
  await signIn(page, username, "a-new-secret");
  await expect(page).toHaveURL(/\/performance/);
  await page.getByRole("link", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login$/);

  // A used link is a bad link: the warning, then /login after 5 seconds.
  await page.goto(pathOf(link));
  await expect(page.getByText(/Sorry that link seems to be wrong\./)).toBeVisible();
  await expect(page.getByLabel("New password")).toHaveCount(0);
  await page.clock.runFor(5_000);
  await expect(page).toHaveURL(/\/login$/);

  // A newer link voids the older one: only the last mail works.
  const older = await requestLink(page);
  const newer = await requestLink(page);
  await page.goto(pathOf(older));
  await expect(page.getByText(/Sorry that link seems to be wrong\./)).toBeVisible();

  // Put the password back.
  await setPassword(page, newer, password);
});

test("a link with a made-up token or the wrong email is a bad link", async ({ page }) => {
  await page.goto(`/reset-password/${"0".repeat(32)}?email=${encodeURIComponent(email)}`);
  await expect(page.getByText(/Sorry that link seems to be wrong\./)).toBeVisible();
  await page.goto(`/reset-password/abc`);
  await expect(page.getByText(/Sorry that link seems to be wrong\./)).toBeVisible();
});

test("an unknown email gets the same confirmation", async ({ page }) => {
  await page.goto("/recover-password");
  await page.getByLabel("Email").fill("nobody@example.com");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Check your email.")).toBeVisible();
});
