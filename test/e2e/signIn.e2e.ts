import { expect, test } from "./fixtures";
import { signIn, signInAs, signInThroughForm } from "./support";

test.describe("sign in and out", () => {
  test("demo signs in, switches program, changes dates, shares the link and signs out", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("region", { name: "System messages" })).toBeVisible();

    await signInThroughForm(page, "demo");
    await expect(page).toHaveTitle("Performance Report");
    await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText("All Channels");

    // The URL carries program and dates so the link reproduces the view.
    await expect(page).toHaveURL(/program=northwind/);
    await expect(page).toHaveURL(/date_from=\d{4}-\d{2}-\d{2}&date_to=\d{4}-\d{2}-\d{2}/);

    const program = page.getByLabel("Program");
    await expect(program).toHaveValue("northwind");
    await program.selectOption("bluepeak");
    await expect(page).toHaveURL(/program=bluepeak/);

    await page.getByRole("button", { name: /^Date range:/ }).click();
    await page.getByRole("button", { name: "Last 7 days" }).click();
    const url7 = new URL(page.url());
    const from = url7.searchParams.get("date_from") as string;
    const to = url7.searchParams.get("date_to") as string;
    const days = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
    expect(days).toBe(7);

    // A custom range: a reversed one cannot be applied, a valid one is.
    await page.getByRole("button", { name: /^Date range:/ }).click();
    await page.getByLabel("From", { exact: true }).fill("2026-03-10");
    await page.getByLabel("To", { exact: true }).fill("2026-03-01");
    await expect(page.getByText("The start date must be a valid date on or before the end date.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Apply" })).toBeDisabled();
    await page.getByLabel("To", { exact: true }).fill("2026-03-31");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/date_from=2026-03-10&date_to=2026-03-31/);

    // The session survives a reload, and a shared link opens the same view.
    await page.reload();
    await expect(page.getByLabel("Program")).toHaveValue("bluepeak");
    await page.goto("/performance?program=northwind&date_from=2026-02-01&date_to=2026-02-28");
    await expect(page.getByLabel("Program")).toHaveValue("northwind");
    await expect(page.getByRole("button", { name: /^Date range:/ })).toContainText("2026");
    await expect(page).toHaveURL(/date_from=2026-02-01&date_to=2026-02-28/);

    // A link with an invalid range keeps the current one.
    await page.goto("/performance?program=northwind&date_from=2026-02-30&date_to=2026-02-01");
    await expect(page).toHaveURL(/date_from=2026-02-01&date_to=2026-02-28/);

    await page.getByRole("link", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto("/performance");
    await expect(page).toHaveURL(/\/login$/);
  });

  test("a wrong password opens the alert that only its button closes", async ({ page }) => {
    await signIn(page, "demo", "not-the-password");
    const alert = page.getByRole("alertdialog", { name: "Whoops" });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText("We couldn't match the credentials given, please try again");
    await expect(alert).toContainText("If the problem persists, let us know");

    await page.keyboard.press("Escape");
    await expect(alert).toBeVisible();
    await page.mouse.click(5, 5);
    await expect(alert).toBeVisible();

    await alert.getByRole("button", { name: "Okay" }).click();
    await expect(alert).toBeHidden();
    await expect(page).toHaveURL(/\/login$/);
    // Focus is back on the form (the password, to type again), not lost on the page.
    await expect(page.getByLabel("Password", { exact: true })).toBeFocused();
  });

  test("an unknown user gets the same alert", async ({ page }) => {
    await signIn(page, "nobody-here", "whatever");
    await expect(page.getByRole("alertdialog", { name: "Whoops" })).toBeVisible();
  });

  test("the search box goes to the search route with the term encoded", async ({ page }) => {
    await signInAs(page, "demo");
    const search = page.getByPlaceholder("Search...");
    await search.fill("Paid / Search & 50%");
    await search.press("Enter");
    await expect(page).toHaveURL(/\/performance\/search\/Paid%20%2F%20Search%20%26%2050%25/);
    await expect(page).toHaveTitle('"Paid / Search & 50%" | Performance Report');
  });
});
