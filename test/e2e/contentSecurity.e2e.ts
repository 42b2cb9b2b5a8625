import { expect, test, type Page } from "./fixtures";
import { recordViolations, type Violation } from "./contentSecurityViolations";
import { demoUsers, outboxLinks, pathOf, signInAs, waitForNewLink } from "./support";

/**
 * Every screen under the server's Content Security Policy reports no violation: the
 * message sanitiser cleans untrusted HTML before it meets the document, and no code
 * evaluates a string (no 'unsafe-eval', no inline style or script needed). The walk of every
 * route and its dialogs (accessibility.e2e.ts) records violations too, on each screen it opens.
 */

/** Waits until a screen has settled (its requests done), then expects no violation so far. */
const expectNoViolation = async (page: Page, take: () => Violation[], screen: string) => {
  await page.waitForLoadState("networkidle");
  expect(take(), `CSP violations on ${screen}`).toEqual([]);
};

const heading = (page: Page, name: string) => page.getByRole("heading", { level: 1, name, exact: true });
const tableOf = (page: Page, name: string) => page.getByRole("table", { name, exact: true });

test("the signed-out screens report no Content Security Policy violation", async ({ page }) => {
  const take = await recordViolations(page);
  const { email } = demoUsers.other;

  const login = await page.goto("/login");
  // the policy is in force, with no inline script or style and no string evaluation allowed
  const policy = (await login?.allHeaders())?.["content-security-policy"] ?? "";
  expect(policy).toContain("script-src 'self'");
  expect(policy).toContain("style-src 'self'");
  expect(policy).not.toMatch(/'unsafe-inline'|'unsafe-eval'|'unsafe-hashes'/);
  await expect(page.getByRole("button", { name: "Login" })).toBeVisible();
  // the login page's system messages hold the seeded hostile HTML
  await expect(page.getByRole("note").first()).toBeVisible();
  await expectNoViolation(page, take, "/login");

  const before = outboxLinks(email).length;
  await page.goto("/recover-password");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Check your email.")).toBeVisible();
  await expectNoViolation(page, take, "/recover-password");

  const link = await waitForNewLink(email, before);
  await page.goto(pathOf(link));
  await expect(page.getByRole("heading", { name: "Set a new password" })).toBeVisible();
  await page.getByLabel("New password").fill("one");
  await page.getByLabel("Retype password").fill("two");
  await page.getByRole("button", { name: "Submit" }).click();
  await expectNoViolation(page, take, "/reset-password/{token}");

  await page.goto("/no-such-page");
  await expectNoViolation(page, take, "a not-found page");
});

test("the signed-in screens report no Content Security Policy violation", async ({ page }) => {
  const take = await recordViolations(page);

  await signInAs(page, "demo");
  // the program's messages hold the seeded hostile HTML, shown harmless
  const messages = page.getByRole("region", { name: "Messages" });
  // five messages start collapsed behind their 'n messages' line
  await messages.getByRole("button", { name: /^\d+ messages$/ }).click();
  await expect(messages.getByRole("note").first()).toBeVisible();
  await expect(messages.getByText("New campaign from Google Ads:", { exact: false })).toBeVisible();
  await expect(messages.locator("img, [onerror]")).toHaveCount(0);
  await expect(tableOf(page, "Taxonomy 1").locator("tbody th[scope=row]").first()).toBeVisible();
  await expect(page.getByRole("region", { name: "Performance chart" }).getByRole("img").first()).toBeVisible();
  await expectNoViolation(page, take, "/performance");

  await tableOf(page, "Taxonomy 1").getByRole("link", { name: "Paid Search", exact: true }).click();
  await expect(heading(page, "Paid Search | Performance Report")).toBeVisible();
  await tableOf(page, "Taxonomy 2 of Paid Search").getByRole("link", { name: "Google Ads", exact: true }).click();
  await expect(heading(page, "Google Ads | Performance Report")).toBeVisible();
  const campaigns = tableOf(page, "Taxonomy 3 of Paid Search › Google Ads");
  await expect(campaigns.locator("tbody th[scope=row]").first()).toBeVisible();
  await expectNoViolation(page, take, "the taxonomy drill-down");

  const campaign = `Men's "Best" Sellers`;
  await campaigns.getByRole("link", { name: campaign, exact: true }).click();
  const keywords = tableOf(page, `Taxonomy 4 of Paid Search › Google Ads › ${campaign}`);
  const keyword = keywords.locator("tbody th[scope=row] a").first();
  const keywordName = (await keyword.innerText()).trim();
  await keyword.click();
  await expect(heading(page, `${keywordName} | Performance Report`)).toBeVisible();
  await expect(page.getByRole("region", { name: "Performance chart" }).getByRole("img").first()).toBeVisible();
  await expectNoViolation(page, take, "the level-four chart page");

  const box = page.getByPlaceholder("Search...");
  await box.fill("Google");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/performance\/search\/Google/);
  await expect(page.getByRole("table").first()).toBeVisible();
  await expectNoViolation(page, take, "a search page");

  await page.goto("/account/connections");
  await expect(heading(page, "Connections")).toBeVisible();
  await page.getByRole("button", { name: "Edit Facebook" }).click();
  const editQuestion = page.getByRole("dialog", { name: "Are you sure you want to edit this connection" });
  await expect(editQuestion).toBeVisible();
  await expectNoViolation(page, take, "the connections overview and its edit question");
  await editQuestion.getByRole("button", { name: "No" }).click();
  await page.goto("/account/connections/google-ads");
  await expect(page.getByRole("link", { name: "Sign in with Google" }).or(tableOf(page, "Google Ads accounts"))).toBeVisible();
  await expectNoViolation(page, take, "the Google Ads connection");

  await page.goto("/changelog");
  await expect(heading(page, "Changelog")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Versions" }).getByRole("link").first()).toBeVisible();
  await expectNoViolation(page, take, "the changelog");

  await page.goto("/performance/no-such-screen/at-all");
  await expectNoViolation(page, take, "a not-found page, signed in");

  await page.goto("/logout");
  await expect(page).toHaveURL(/\/(logout|login)/);
  await expectNoViolation(page, take, "/logout");
});
