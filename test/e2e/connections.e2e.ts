import { expect, test, type Page } from "./fixtures";
import { signInAs } from "./support";

/** The signed-in user's id and token, as the app keeps them (localStorage). */
const sessionOf = async (page: Page): Promise<{ userId: number; token: string }> =>
  page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem("attribution.session") ?? "{}") as {
      snapshot?: { context?: { token?: string; user?: { id?: number } } };
    };
    return { userId: stored.snapshot?.context?.user?.id ?? -1, token: stored.snapshot?.context?.token ?? "" };
  });

const paused = "Northwind Outfitters – Old Account (paused)";
const ukSearch = "Northwind Outfitters – UK Search";
const refusal = "The connection state is unknown, expired or already used. Start the connection again.";

test("Google Ads through the consent page: prompt, Allow, back with code and state, accounts listed, enabled and disabled; a reused state shows the error", async ({ page }) => {
  await signInAs(page, "demo");
  const { userId, token } = await sessionOf(page);
  const menu = page.getByRole("navigation", { name: "Main" });
  await menu.getByRole("link", { name: "Connections", exact: true }).click();
  await expect(page).toHaveURL(/\/account\/connections(\?|$)/);
  await expect(page.getByRole("heading", { name: "Connections", level: 1 })).toBeVisible();
  const googleAdsCard = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Google Ads" }) });
  await expect(googleAdsCard.getByText("Not connected")).toBeVisible();

  // The affiliate network is set up by the account manager.
  await page.getByRole("button", { name: "Add Affiliate Network" }).click();
  const notice = page.getByRole("dialog");
  await expect(notice).toContainText("Account manager required: Please contact your account manager to setup this connection.");
  await notice.getByRole("button", { name: "Close" }).click();
  await expect(notice).toHaveCount(0);

  // Add Google Ads: its page asks to sign in, through the server's consent page.
  await googleAdsCard.getByRole("button", { name: "Add Google Ads" }).click();
  await expect(page).toHaveURL(/\/account\/connections\/google-ads(\?|$)/);
  const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(crumbs.getByRole("link", { name: "Connections" })).toHaveAttribute("href", "/account/connections");
  await expect(crumbs.getByText("Google Ads")).toHaveAttribute("aria-current", "page");
  const signIn = page.getByRole("link", { name: "Sign in with Google" });
  await expect(signIn).toHaveAttribute("href", new RegExp(`/connectors/consent/google-ads\\?state=[0-9a-f]{32}&user=${userId}$`));

  // The return address with code and state, as the consent page sends the browser back.
  const returns: string[] = [];
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame() && frame.url().includes("code=")) returns.push(frame.url());
  });
  await signIn.click();
  await expect(page.getByRole("heading", { name: "Connect Google Ads" })).toBeVisible();
  // Styled by its style sheet file (an inline <style> would be refused by the Content Security Policy).
  expect(await page.locator("main").evaluate((main) => getComputedStyle(main).maxWidth)).toBe("448px");
  await page.getByRole("button", { name: "Allow" }).click();

  const table = page.getByRole("table", { name: "Google Ads accounts" });
  await expect(table.locator("tbody tr.metric-row")).toHaveCount(3);
  // The first is the consent page's redirect (the app may then add its program and dates to the address).
  expect(returns[0]).toMatch(/\/account\/connections\/google-ads\?code=[0-9a-f]{32}&state=[0-9a-f]{32}$/);
  // Redeemed once: code and state leave the address, so a reload does not send them again.
  await expect(page).not.toHaveURL(/code=|state=/);

  // Enable and disable in place, without a reload.
  await page.evaluate(() => Object.assign(window, { connectionsMarker: true }));
  const pausedRow = table.locator("tbody tr").filter({ hasText: paused });
  await expect(pausedRow).toContainText("Disabled");
  await pausedRow.getByRole("button", { name: `Enable ${paused}` }).click();
  await expect(pausedRow.getByRole("button", { name: `Disable ${paused}` })).toBeVisible();
  await expect(pausedRow).toContainText("Enabled");
  const listed = async () =>
    (await (await page.request.get(`/connectors/adwords/${userId}/listAccounts`, { headers: { Authorization: `Bearer ${token}` } })).json()) as Array<{
      account_name: string;
      active: boolean;
    }>;
  expect((await listed()).find((a) => a.account_name === paused)?.active).toBe(true);
  await pausedRow.getByRole("button", { name: `Disable ${paused}` }).click();
  await expect(pausedRow.getByRole("button", { name: `Enable ${paused}` })).toBeVisible();
  expect((await listed()).find((a) => a.account_name === paused)?.active).toBe(false);
  expect(await page.evaluate(() => (window as unknown as { connectionsMarker?: boolean }).connectionsMarker)).toBe(true);

  // A failed switch says so and keeps the account as it was.
  await page.route("**/connectors/adwords/*/disableSync/*", (route) => route.fulfill({ status: 500, contentType: "application/json", body: '{"error":"internal","message":"x"}' }));
  const ukRow = table.locator("tbody tr").filter({ hasText: ukSearch });
  await ukRow.getByRole("button", { name: `Disable ${ukSearch}` }).click();
  await expect(page.getByRole("alert")).toHaveText(`${ukSearch} could not be disabled; it is still enabled.`);
  await expect(ukRow).toContainText("Enabled");
  await expect(ukRow.getByRole("button", { name: `Disable ${ukSearch}` })).toBeVisible();
  await page.unroute("**/connectors/adwords/*/disableSync/*");

  // The same code and state a second time: a clear error, nothing listed.
  await page.goto(returns[0] ?? "");
  const error = page.getByRole("alert");
  await expect(error).toContainText("The connection could not be completed");
  await expect(error).toContainText(refusal);
  await expect(page.getByRole("table", { name: "Google Ads accounts" })).toHaveCount(0);
  await expect(page).not.toHaveURL(/code=|state=/);
  // Start again: access was granted, so the accounts are listed.
  await error.getByRole("button", { name: "Start again" }).click();
  await expect(page.getByRole("table", { name: "Google Ads accounts" }).locator("tbody tr.metric-row")).toHaveCount(3);

  // The overview now shows Google Ads connected, and Edit asks first.
  await crumbs.getByRole("link", { name: "Connections" }).click();
  await expect(googleAdsCard.getByText("Connected: 2 of 3 ad accounts enabled")).toBeVisible();
  await googleAdsCard.getByRole("button", { name: "Edit Google Ads" }).click();
  const question = page.getByRole("dialog", { name: "Are you sure you want to edit this connection" });
  await question.getByRole("button", { name: "No" }).click();
  await expect(question).toHaveCount(0);
  await expect(page).toHaveURL(/\/account\/connections(\?|$)/);
  await googleAdsCard.getByRole("button", { name: "Edit Google Ads" }).click();
  await question.getByRole("button", { name: "Yes" }).click();
  await expect(page).toHaveURL(/\/account\/connections\/google-ads(\?|$)/);
});

test("the social platform opens in the same tab and the second search platform in a new tab, both with svid = the user id", async ({ page }) => {
  await signInAs(page, "other");
  const { userId } = await sessionOf(page);
  await page.goto("/account/connections");
  const popup = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Add Microsoft Advertising (opens in a new tab)" }).click();
  const tab = await popup;
  await expect(tab).toHaveURL(new RegExp(`/connectors/microsoft-ads/connect\\?svid=${userId}$`));
  await expect(tab.getByRole("heading", { name: "Connect Microsoft Advertising" })).toBeVisible();
  await tab.close();
  await expect(page).toHaveURL(/\/account\/connections(\?|$)/);

  await page.getByRole("button", { name: "Edit Facebook" }).click();
  await page.getByRole("dialog", { name: "Are you sure you want to edit this connection" }).getByRole("button", { name: "Yes" }).click();
  await expect(page).toHaveURL(new RegExp(`/connectors/facebook/connect\\?svid=${userId}$`));
  await expect(page.getByRole("heading", { name: "Connect Facebook" })).toBeVisible();
});

test("another user's code and state show the error and list nothing, and stay good for their owner", async ({ page, request }) => {
  // admin asks for consent and allows it, outside this browser.
  const login = await request.post("/api/auth/login", { data: { username: "admin", password: "admin" } });
  const owner = (await login.json()) as { token: string; user: { id: number } };
  const asked = await request.get(`/connectors/adwords/${owner.user.id}/listAccounts`, { headers: { Authorization: `Bearer ${owner.token}` } });
  const consent = new URL(((await asked.json()) as { redirect_to?: string }).redirect_to ?? "");
  const allowed = await request.post("/connectors/consent/google-ads/grant", {
    form: { state: consent.searchParams.get("state") ?? "", user: String(owner.user.id) },
    maxRedirects: 0,
  });
  expect(allowed.status()).toBe(303);
  const back = new URL(allowed.headers()["location"] ?? "");

  // other opens admin's return address.
  await signInAs(page, "other");
  await page.goto(`${back.pathname}${back.search}`);
  const error = page.getByRole("alert");
  await expect(error).toContainText("The connection could not be completed");
  await expect(error).toContainText(refusal);
  await expect(page.getByRole("table", { name: "Google Ads accounts" })).toHaveCount(0);
  await expect(page).not.toHaveURL(/code=|state=/);

  // Refused for other, the pair still completes admin's round trip (admin has no ad accounts).
  const redeemed = await request.get(`/connectors/adwords/${owner.user.id}/listAccounts${back.search}`, { headers: { Authorization: `Bearer ${owner.token}` } });
  expect(redeemed.status()).toBe(200);
  expect(await redeemed.json()).toEqual([]);
});

test("any other connection shows 'Invalid Connection'", async ({ page }) => {
  await signInAs(page, "demo");
  await page.goto("/account/connections/linkedin");
  const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(crumbs.getByRole("link", { name: "Connections" })).toBeVisible();
  await expect(crumbs.getByText("Invalid Connection")).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { name: "Invalid Connection", level: 1 })).toBeVisible();
  await expect(page.getByRole("table")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Sign in with Google" })).toHaveCount(0);
});
