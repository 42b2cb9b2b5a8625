import { failure, type BrowserMap, type PathContext } from "./pathMap";

const submit = (c: PathContext) => c.page.getByRole("button", { name: "Submit" });
const mismatch = "These passwords don't match. Please ensure both fields match.";
const tooShort = "Use at least 8 characters";

/** What the person types in the two fields for each of the model's example submits. */
const typed: Readonly<Record<string, readonly [string, string]>> = {
  matching: ["n3w-secret", "n3w-secret"],
  mismatched: ["n3w-secret", "n3w-secreT"],
  tooShort: ["short", "short"],
};

/**
 * /reset-password/{token}?email=: the link check, the new password form, the thank-you
 * and the redirects. The link is the test's own, unknown to the server: the server's
 * answer to its check is the expired link; the model's good link and the accepted reset
 * are routed fixtures (a real link would change a demo user's password for the worker).
 */
export const resetPasswordMap: BrowserMap = {
  machine: "resetPassword",
  signedIn: null,
  open: async ({ page, input }) => {
    // The model's 'noToken' input is a link without a token.
    await page.goto(input === "noToken" ? "/reset-password/?email=demo%40example.com" : "/reset-password/path-test-token?email=demo%40example.com");
  },
  events: {
    "reset.submitted": async ({ page }, { label }) => {
      const [password, retyped] = typed[label] ?? ["n3w-secret", "n3w-secret"];
      await page.getByLabel("New password").fill(password);
      await page.getByLabel("Retype password").fill(retyped);
      await page.getByLabel("Retype password").press("Enter");
    },
  },
  actors: {
    validateLink: {
      request: (r) => r.method() === "POST" && r.url().endsWith("/api/auth/password/validate"),
      resolves: { ok: { status: 200, json: { ok: true } } },
      rejects: { expired: "server" },
    },
    resetPassword: {
      request: (r) => r.method() === "POST" && r.url().endsWith("/api/auth/password/reset"),
      resolves: { ok: { status: 200, json: { ok: true } } },
      rejects: { server: failure(500, "server_error") },
    },
  },
  delays: ["badLinkRedirect", "thankYouRedirect"],
  states: {
    resetPassword: null,
    // Passed through on start (a link with or without a token): never seen.
    "resetPassword.checkingLink": null,
    "resetPassword.validating": async ({ page, expect }) => {
      await expect(page.getByRole("status").filter({ hasText: "Checking your link…" })).toBeVisible();
    },
    "resetPassword.badLink": async ({ page, expect }) => {
      await expect(page.getByRole("alert")).toContainText("Sorry that link seems to be wrong.");
      await expect(page.getByLabel("New password")).toHaveCount(0);
    },
    "resetPassword.authorised": async ({ page, expect }) => {
      await expect(page.getByText("Choose a new password for")).toContainText("demo@example.com");
    },
    "resetPassword.authorised.editing": async (c) => {
      await c.expect(submit(c)).toBeEnabled();
      await c.expect(c.page.getByRole("alert")).toHaveCount(0);
    },
    "resetPassword.authorised.tooShort": async (c) => {
      await c.expect(c.page.getByRole("alert")).toHaveText(tooShort);
      await c.expect(c.page.getByLabel("New password")).toHaveAttribute("aria-invalid", "true");
    },
    "resetPassword.authorised.mismatch": async (c) => {
      await c.expect(c.page.getByRole("alert")).toHaveText(mismatch);
      await c.expect(c.page.getByLabel("Retype password")).toHaveAttribute("aria-invalid", "true");
    },
    "resetPassword.authorised.submitting": async (c) => {
      await c.expect(submit(c)).toBeDisabled();
    },
    "resetPassword.thankYou": async ({ page, expect }) => {
      await expect(page.getByRole("status").filter({ hasText: "Your password has been changed." })).toBeVisible();
    },
    "resetPassword.redirected": async ({ page, expect }) => {
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole("button", { name: "Login" })).toBeVisible();
    },
  },
};
