import { failure, type BrowserMap, type PathContext } from "./pathMap";

const loginButton = (c: PathContext) => c.page.getByRole("button", { name: "Login" });
const alert = (c: PathContext) => c.page.getByRole("alertdialog", { name: "Whoops" });

/** What the person types for each of the model's example submits (the valid one is the demo sign-in). */
const credentials: Readonly<Record<string, { readonly username: string; readonly password: string }>> = {
  valid: { username: "demo", password: "demo" },
  blankUsername: { username: "   ", password: "demo" },
  emptyPassword: { username: "demo", password: "" },
};

/** /login: the sign-in form, its failure alert, and the way into the app. */
export const signInMap: BrowserMap = {
  machine: "signIn",
  signedIn: null,
  open: async ({ page, expect }) => {
    await page.goto("/login");
    await expect(page.getByLabel("Username")).toBeVisible();
  },
  events: {
    "signIn.submitted": async ({ page }, { label }) => {
      const typed = credentials[label] ?? { username: "demo", password: "demo" };
      await page.getByLabel("Username").fill(typed.username);
      await page.getByLabel("Password", { exact: true }).fill(typed.password);
      // Enter in the password field, as a person submits (an empty field is refused by the browser itself).
      await page.getByLabel("Password", { exact: true }).press("Enter");
    },
    "signIn.alertClosed": async (c) => {
      await alert(c).getByRole("button", { name: "Okay" }).click();
    },
    "session.scopeChanged": { notInPaths: "the API base URL set on the login page; the model runs without a session to change it" },
  },
  actors: {
    login: {
      request: (r) => r.method() === "POST" && r.url().endsWith("/api/auth/login"),
      resolves: { ok: "server" },
      rejects: {
        "401": failure(401, "unauthorized", "Wrong username or password"),
        "429": failure(429, "throttled", "Too many attempts"),
        "500": failure(500, "server_error"),
        network: "network",
      },
    },
    sessionScopeListener: { notInPaths: "follows the session in the page, no call of its own" },
  },
  delays: [],
  states: {
    signIn: null,
    "signIn.editing": async (c) => {
      await c.expect(loginButton(c)).toBeEnabled();
      await c.expect(alert(c)).toHaveCount(0);
    },
    "signIn.submitting": async (c) => {
      await c.expect(loginButton(c)).toBeDisabled();
      await c.expect(loginButton(c)).toHaveAttribute("aria-busy", "true");
    },
    "signIn.failed": async (c) => {
      await c.expect(alert(c)).toContainText("We couldn't match the credentials given, please try again");
    },
    "signIn.failed.wrongCredentials": async (c) => {
      await c.expect(alert(c)).not.toContainText("Too many attempts");
    },
    "signIn.failed.throttled": async (c) => {
      await c.expect(alert(c)).toContainText("Too many attempts for this username: wait a few minutes before you try again.");
    },
    "signIn.signedIn": async ({ page, expect }) => {
      await expect(page.getByRole("heading", { name: "Performance Report" })).toBeVisible();
    },
  },
};
