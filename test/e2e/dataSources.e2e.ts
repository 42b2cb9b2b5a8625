import { expect, test, type Page } from "./fixtures";
import { e2eNow, e2ePort } from "./environment";
import { signInAs } from "./support";

/**
 * The data sources screen (/account/data-sources, admins): a write key created is shown
 * once (gone after a reload), an event sent with it to /collect raises the accepted
 * count of the ingestion health and is listed as its last use, a revoked key is refused
 * by /collect at once; a secret key is listed apart and the order feed takes it; a person
 * who is no admin is refused the screen.
 */

const appUrl = `http://127.0.0.1:${e2ePort}`;
/** A browser's user agent: /collect drops headless Chromium's own as a robot's. */
const personsAgent = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36";

const menu = (page: Page) => page.getByRole("navigation", { name: "Main" });
const acceptedEvents = (page: Page) => page.getByTestId("events-accepted");
const count = async (page: Page): Promise<number> => Number((await acceptedEvents(page).innerText()).replace(/[^0-9].*$/s, "").replace(/,/g, ""));

test("as admin: a key is shown once, an event sent with it is counted, and once revoked it is refused", async ({ page, request }) => {
  await signInAs(page, "admin");
  await page.goto("/performance?program=northwind");
  await menu(page).getByRole("link", { name: "Data Sources", exact: true }).click();
  await expect(page).toHaveURL(/\/account\/data-sources/);
  await expect(page.getByRole("heading", { name: "Data Sources", level: 1 })).toBeVisible();
  await expect(acceptedEvents(page)).toBeVisible();
  const before = await count(page);

  // Create: the key is shown once, with the warning and a copy button, and put into the snippet.
  await page.getByRole("button", { name: "Create publishable key" }).click();
  const shown = page.getByRole("region", { name: "Your new write key" });
  await expect(shown.getByText("This is the only time you will see this key", { exact: false })).toBeVisible();
  await expect(shown.getByRole("button", { name: "Copy" })).toBeVisible();
  const key = (await page.getByTestId("new-write-key").innerText()).trim();
  expect(key).toMatch(/^pk_[A-Za-z0-9_-]{43}$/);
  await expect(page.getByText(`<script async src="${appUrl}/t.js" data-key="${key}"></script>`)).toBeVisible();
  // The publishable key is never put into the order feed's call: that takes a secret key.
  // Both server calls (the order feed and /collect from a server) carry the secret key's placeholder.
  for (const call of ["/orders", "/collect"]) await expect(page.locator("code").filter({ hasText: "Authorization: Bearer YOUR_SECRET_KEY" }).filter({ hasText: call })).toBeVisible();
  await expect(page.getByText(`Authorization: Bearer ${key}`, { exact: false })).toHaveCount(0);
  const prefix = key.slice(0, 10);
  const table = page.getByRole("table", { name: "Publishable keys" });
  await expect(table.getByRole("row").filter({ hasText: prefix })).toContainText("Active");
  await expect(table.getByRole("row").filter({ hasText: prefix })).toContainText("Not known");

  // After a reload the key is gone for good: only its first characters are listed.
  await page.reload();
  await expect(table.getByRole("row").filter({ hasText: prefix })).toBeVisible();
  await expect(page.getByTestId("new-write-key")).toHaveCount(0);
  await expect(page.getByText(key)).toHaveCount(0);

  // One event with the key: the health's accepted count rises (it is loaded again every 10 s).
  const event = { event_id: `data-sources-${Date.now()}`, type: "click", time: e2eNow() - 60_000, visitor_id: "v-data-sources", url: "https://shop.example/?utm_source=newsletter&utm_medium=email" };
  const sent = await request.post(`${appUrl}/collect`, { data: { key, events: [event] }, headers: { "User-Agent": personsAgent } });
  expect(sent.status()).toBe(202);
  expect(await sent.json()).toMatchObject({ accepted: 1, refused: 0 });
  await expect.poll(() => count(page)).toBeGreaterThan(before);
  // The key's last use is listed once the list is loaded again.
  await page.reload();
  await expect(table.getByRole("row").filter({ hasText: prefix })).toContainText("UTC");
  await expect(table.getByRole("row").filter({ hasText: prefix })).not.toContainText("Not known");

  // Revoke, after the question: the row says so and /collect refuses the key at once.
  await table.getByRole("button", { name: `Revoke the key ${prefix}…` }).click();
  const dialog = page.getByRole("dialog", { name: "Revoke this write key?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Revoke" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(`The key ${prefix}… is revoked.`)).toBeVisible();
  await expect(table.getByRole("row").filter({ hasText: prefix })).toContainText("Revoked");
  const refused = await request.post(`${appUrl}/collect`, {
    data: { key, events: [{ ...event, event_id: `${event.event_id}-after` }] },
    headers: { "User-Agent": personsAgent },
  });
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toMatchObject({ error: "invalid_write_key" });
});

test("as admin: a secret key is shown once in its own box, listed apart, never put in the order example, and the order feed takes it but not a publishable key", async ({ page, request }) => {
  await signInAs(page, "admin");
  await page.goto("/performance?program=northwind");
  await menu(page).getByRole("link", { name: "Data Sources", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Data Sources", level: 1 })).toBeVisible();

  await page.getByRole("button", { name: "Create secret key" }).click();
  const shown = page.getByRole("region", { name: "Your new write key" });
  await expect(shown.getByRole("heading", { name: "Your new secret key" })).toBeVisible();
  const secret = (await page.getByTestId("new-write-key").innerText()).trim();
  expect(secret).toMatch(/^sk_[A-Za-z0-9_-]{43}$/);
  // The order example keeps its placeholder: the secret is on the page only in its own box.
  // Both server calls (the order feed and /collect from a server) carry the secret key's placeholder.
  for (const call of ["/orders", "/collect"]) await expect(page.locator("code").filter({ hasText: "Authorization: Bearer YOUR_SECRET_KEY" }).filter({ hasText: call })).toBeVisible();
  await expect(page.locator("pre").filter({ hasText: secret })).toHaveCount(0);
  const prefix = secret.slice(0, 10);
  await expect(page.getByRole("table", { name: "Secret keys" }).getByRole("row").filter({ hasText: prefix })).toContainText("Active");
  await expect(page.getByRole("table", { name: "Publishable keys" }).getByRole("row").filter({ hasText: prefix })).toHaveCount(0);
  await shown.getByRole("button", { name: "I have copied it" }).click();
  await expect(page.getByTestId("new-write-key")).toHaveCount(0);

  await page.getByRole("button", { name: "Create publishable key" }).click();
  const publishable = (await page.getByTestId("new-write-key").innerText()).trim();
  expect(publishable).toMatch(/^pk_/);

  const feed = `${appUrl}/api/programs/northwind/orders`;
  const order = { order_id: `data-sources-${e2eNow()}`, time: e2eNow() - 3_600_000, amount: 42, currency: "GBP", status: "valid", customer_type: "new", payment: "credit", visitor_id: "v-data-sources" };
  const taken = await request.post(feed, { data: order, headers: { Authorization: `Bearer ${secret}` } });
  expect(taken.status()).toBe(202);
  expect(await taken.json()).toMatchObject({ accepted: 1, refused: 0 });
  const refused = await request.post(feed, { data: { ...order, status: "cancelled" }, headers: { Authorization: `Bearer ${publishable}` } });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ error: "publishable_key" });
});

test("as demo: no Data Sources in the menu, and the address is refused with 'You don't have access to admin resources'", async ({ page }) => {
  await signInAs(page, "demo");
  await expect(menu(page).getByRole("link", { name: "Data Sources" })).toHaveCount(0);
  await page.goto("/account/data-sources");
  await expect(page.getByText("You don't have access to admin resources")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Data Sources", level: 1 })).toHaveCount(0);
});

test("as admin: a program created on the Programs screen is in the program switcher at once", async ({ page }) => {
  await signInAs(page, "admin");
  await page.goto("/performance?program=northwind");
  await menu(page).getByRole("link", { name: "Programs", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Programs", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Create program" }).click();
  await page.getByLabel("Name").fill("Acme Europe");
  await page.getByLabel("Code", { exact: true }).fill("acme-eu");
  await page.getByLabel("Currency").selectOption("EUR");
  await page.getByLabel("Time zone").selectOption("Europe/Berlin");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Acme Europe was created.")).toBeVisible();
  await expect(page.getByRole("table", { name: "Programs" }).getByRole("row").filter({ hasText: "acme-eu" })).toContainText("Europe/Berlin");
  await expect(page.getByLabel("Program").locator("option", { hasText: "Acme Europe" })).toHaveCount(1);
});
