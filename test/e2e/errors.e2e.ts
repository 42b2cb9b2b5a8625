import { expect, test } from "./fixtures";
import { signInAs } from "./support";

test("a 403 shows the Forbidden dialog, then 'Okay' signs out through /logout", async ({ page }) => {
  await signInAs(page, "demo");
  await page.route("**/api/programs/*/messages", (route) =>
    route.fulfill({ status: 403, contentType: "application/json", body: JSON.stringify({ error: "forbidden", message: "Not a member" }) }),
  );
  await page.getByLabel("Program").selectOption("bluepeak");
  const dialog = page.getByRole("alertdialog", { name: "Forbidden" });
  await expect(dialog).toContainText("You don't have access to this resource");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Okay" }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test("a 500 shows 'Oh no' and 'Try again' reloads the page", async ({ page }) => {
  await signInAs(page, "demo");
  await page.route("**/api/programs/*/messages", (route) =>
    route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ error: "server_error", message: "boom" }) }),
  );
  await page.getByLabel("Program").selectOption("bluepeak");
  const dialog = page.getByRole("alertdialog", { name: "Oh no" });
  await expect(dialog).toContainText("We couldn't process that request");
  await expect(dialog).toContainText("If the problem persists, let us know");
  // Only one dialog at a time, even when more calls fail.
  await expect(page.getByRole("alertdialog")).toHaveCount(1);

  await page.unroute("**/api/programs/*/messages");
  const reloaded = page.waitForEvent("load");
  await dialog.getByRole("button", { name: "Try again" }).click();
  await reloaded;
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Performance Report" })).toBeVisible();
});

test("another 4xx shows 'Whoops'", async ({ page }) => {
  await signInAs(page, "demo");
  await page.route("**/api/programs/*/messages", (route) =>
    route.fulfill({ status: 422, contentType: "application/json", body: JSON.stringify({ error: "bad", message: "bad" }) }),
  );
  await page.getByLabel("Program").selectOption("bluepeak");
  const dialog = page.getByRole("alertdialog", { name: "Whoops" });
  await expect(dialog).toContainText("Somethings gone wrong");
  await expect(dialog.getByRole("button", { name: "Try again" })).toBeVisible();
});

test("a 401 anywhere signs out and goes to /logout, then /login", async ({ page, request }) => {
  await signInAs(page, "demo");
  // End the session on the server behind the app's back.
  const token = await page.evaluate(() => {
    const raw = localStorage.getItem("attribution.session");
    return raw ? (JSON.parse(raw) as { snapshot: { context: { token: string } } }).snapshot.context.token : "";
  });
  expect(token).not.toBe("");
  const res = await request.post("/api/auth/logout", { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);

  await page.getByLabel("Program").selectOption("bluepeak");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("button", { name: "Login" })).toBeVisible();
});

test("an unknown route shows the not-found page with links back and home", async ({ page }) => {
  await page.goto("/no/such/page");
  await expect(page.getByRole("heading", { name: "There's nothing here" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go back" })).toBeVisible();
  await page.getByRole("link", { name: "Go to the home page" }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test("unknown API paths answer JSON 404, not the app", async ({ request }) => {
  const res = await request.get("/api/no-such-call");
  expect(res.status()).toBe(404);
  expect(res.headers()["content-type"]).toContain("application/json");
});
