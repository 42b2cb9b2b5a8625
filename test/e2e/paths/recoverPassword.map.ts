import { failure, type BrowserMap, type PathContext } from "./pathMap";

const submit = (c: PathContext) => c.page.getByRole("button", { name: "Submit" });

/** What the person types for each of the model's example emails. */
const emails: Readonly<Record<string, string>> = { valid: " demo@example.com ", invalid: "not-an-email", empty: "" };

/** /recover-password: the email form, the confirmation and the way back to /login. */
export const recoverPasswordMap: BrowserMap = {
  machine: "recoverPassword",
  signedIn: null,
  open: async ({ page, expect }) => {
    await page.goto("/recover-password");
    await expect(page.getByLabel("Email")).toBeVisible();
  },
  events: {
    "recover.submitted": async ({ page }, { label }) => {
      await page.getByLabel("Email").fill(emails[label] ?? "demo@example.com");
      await page.getByLabel("Email").press("Enter");
    },
  },
  actors: {
    requestReset: {
      request: (r) => r.method() === "POST" && r.url().endsWith("/api/auth/password/request-reset"),
      resolves: { ok: "server" },
      rejects: { server: failure(500, "server_error"), network: "network" },
    },
  },
  delays: ["confirmationRedirect", "failureRedirect"],
  states: {
    recoverPassword: null,
    "recoverPassword.editing": async (c) => {
      await c.expect(submit(c)).toBeEnabled();
    },
    "recoverPassword.submitting": async (c) => {
      await c.expect(submit(c)).toBeDisabled();
    },
    // A failure is logged, never shown: the form stays as it was until the redirect.
    "recoverPassword.failed": async (c) => {
      await c.expect(submit(c)).toBeEnabled();
      await c.expect(c.page.getByText("Check your email.")).toHaveCount(0);
    },
    "recoverPassword.submitted": async ({ page, expect }) => {
      await expect(page.getByRole("status").filter({ hasText: "Check your email." })).toBeVisible();
      await expect(page.getByRole("status").filter({ hasText: "Taking you back to the login page…" })).toBeVisible();
    },
    "recoverPassword.redirected": async ({ page, expect }) => {
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole("button", { name: "Login" })).toBeVisible();
    },
  },
};
