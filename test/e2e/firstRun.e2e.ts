import { expect, test } from "./fixtures";

/*
 * The first-run screen in the browser, against routed answers of /api/auth/setup: the
 * worker's server is the demo's (it has accounts), so GET /api/auth/setup is answered "no
 * account yet" here, and the first admin's creation is answered with a real sign-in of the
 * demo admin, so the app goes on signed in against the real server. The production start
 * itself (an empty database, the first admin made exactly once, then refused) is
 * test/contract/firstRunSetup.test.ts's, on both engines.
 */
test("a server without accounts: the login page opens the first-run screen, which creates the first admin and signs them in", async ({ page }) => {
  const created: unknown[] = [];
  await page.route("**/api/auth/setup", async (route) => {
    if (route.request().method() === "GET") return route.fulfill({ json: { needed: created.length === 0, exposed_demo: false } });
    created.push(route.request().postDataJSON());
    const signedIn = await route.fetch({
      url: new URL("/api/auth/login", route.request().url()).toString(),
      method: "POST",
      headers: { "Content-Type": "application/json" },
      postData: JSON.stringify({ username: "admin", password: "admin" }),
    });
    return route.fulfill({ response: signedIn });
  });

  await page.goto("/login");
  await expect(page).toHaveURL(/\/setup$/);
  await expect(page.getByRole("heading", { name: "Create the first administrator" })).toBeVisible();
  await expect(page.getByText("This server has no accounts yet.")).toBeVisible();

  await page.getByLabel("Name").fill("Ada");
  await page.getByLabel("Email").fill("ada@example.org");
  await page.getByLabel("Password", { exact: true }).fill("too short");
  await page.getByLabel("Retype password").fill("too short");
  await page.getByRole("button", { name: "Create administrator" }).click();
  await expect(page.getByRole("alert")).toHaveText("Use at least 12 characters");
  expect(created).toEqual([]);

  await page.getByLabel("Password", { exact: true }).fill("correct horse battery");
  await page.getByLabel("Retype password").fill("correct horse battery");
  await page.getByRole("button", { name: "Create administrator" }).click();
  await expect(page).toHaveURL(/\/performance/);
  await expect(page.getByRole("heading", { name: "Performance Report" })).toBeVisible();
  expect(created).toEqual([{ name: "Ada", email: "ada@example.org", password: "correct horse battery" }]);
});

test("a server with accounts never offers the first-run screen: /setup goes to the login page", async ({ page }) => {
  await page.goto("/setup");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("button", { name: "Login" })).toBeVisible();
  await expect(page.getByText("This demo server is reachable from other machines")).toHaveCount(0);
});

test("a demo reachable from other machines says so in red on its login page", async ({ page }) => {
  await page.route("**/api/auth/setup", (route) => route.fulfill({ json: { needed: false, exposed_demo: true } }));
  await page.goto("/login");
  const warning = page.getByRole("alert").filter({ hasText: "This demo server is reachable from other machines and has demo sign-ins" });
  await expect(warning).toBeVisible();
  await expect(warning).toHaveClass(/is-danger/);
});
