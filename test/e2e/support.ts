import { readFileSync, existsSync } from "node:fs";
import { expect, type Page } from "@playwright/test";
import { e2ePort, outboxFile } from "./environment";
import { newPinnedContext } from "./fixtures";

const appOrigin = `http://127.0.0.1:${e2ePort}`;

export const demoUsers = {
  demo: { username: "demo", password: "demo", email: "demo@example.com" },
  admin: { username: "admin", password: "admin", email: "admin@example.com" },
  other: { username: "other", password: "other", email: "other@example.com" },
} as const;

export const signIn = async (page: Page, username: string, password: string): Promise<void> => {
  await page.goto("/login");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login" }).click();
};

/** Signs in through the login form, as a person does, and waits for the report it opens on (for the tests of signing in). */
export const signInThroughForm = async (page: Page, who: keyof typeof demoUsers): Promise<void> => {
  await signIn(page, demoUsers[who].username, demoUsers[who].password);
  await expect(page).toHaveURL(/\/performance/);
  await expect(page.getByRole("heading", { name: "Performance Report" })).toBeVisible();
};

/** Where the app keeps its session (src/machines/shell/appActors.ts): a signed-in one holds the session's token. */
const sessionKey = "attribution.session";

/** A demo user's signed-in session as the app stored it after the login form, and the token it holds. */
interface SavedSignIn {
  readonly token: string;
  readonly session: string;
}

/** The worker's saved sign-in of each demo user: made once through the form, on first need. */
const savedSignIns = new Map<keyof typeof demoUsers, Promise<SavedSignIn>>();

const signInOnce = async (page: Page, who: keyof typeof demoUsers): Promise<SavedSignIn> => {
  const browser = page.context().browser();
  if (!browser) throw new Error("signInAs needs a page of a launched browser");
  const context = await newPinnedContext(browser, { baseURL: appOrigin });
  try {
    const own = await context.newPage();
    const login = own.waitForResponse((r) => new URL(r.url()).pathname === "/api/auth/login" && r.request().method() === "POST");
    await signInThroughForm(own, who);
    const { token } = (await (await login).json()) as { token: string };
    const session = await own.evaluate((key) => localStorage.getItem(key), sessionKey);
    if (session === null || !session.includes(token)) throw new Error(`the app kept no session holding ${who}'s token under '${sessionKey}'`);
    return { token, session };
  } finally {
    await context.close();
  }
};

/**
 * The saved sign-in, its token still open on the server: a test that signed out ended it,
 * so a new one is asked of the API (POST /api/auth/login) and put in the saved session.
 */
const openSignIn = async (page: Page, who: keyof typeof demoUsers): Promise<SavedSignIn> => {
  const made = savedSignIns.get(who) ?? signInOnce(page, who);
  savedSignIns.set(who, made);
  const saved = await made;
  const me = await page.request.get(`${appOrigin}/api/auth/me`, { headers: { Authorization: `Bearer ${saved.token}` } });
  if (me.ok()) return saved;
  const login = await page.request.post(`${appOrigin}/api/auth/login`, { data: { username: demoUsers[who].username, password: demoUsers[who].password } });
  expect(login.status(), `a new sign-in of ${who} through the API`).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const renewed = { token, session: saved.session.split(saved.token).join(token) };
  savedSignIns.set(who, Promise.resolve(renewed));
  return renewed;
};

/** A blank page of the app's origin, answered by the test itself, where its storage can be written before the app loads. */
const blankPagePath = "/__e2e/blank";

/**
 * Signs a demo user in without the login form (for every test that is not about signing
 * in): the worker's saved sign-in of that user (made once through the form) is put in the
 * page's storage, and the app opens on /performance with that session, as after the form.
 */
export const signInAs = async (page: Page, who: keyof typeof demoUsers): Promise<void> => {
  const { session } = await openSignIn(page, who);
  const blank = `**${blankPagePath}`;
  await page.route(blank, (route) => route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Signing in</title>" }));
  try {
    await page.goto(blankPagePath);
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [sessionKey, session] as const);
  } finally {
    await page.unroute(blank);
  }
  await page.goto("/performance");
  await expect(page).toHaveURL(/\/performance/);
  await expect(page.getByRole("heading", { name: "Performance Report" })).toBeVisible();
};

interface OutboxEntry {
  readonly to: string;
  readonly link: string;
}

/** The reset links the server has written to its outbox for an address, oldest first. */
export const outboxLinks = (email: string): string[] => {
  if (!existsSync(outboxFile)) return [];
  return readFileSync(outboxFile, "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as OutboxEntry)
    .filter((e) => e.to === email)
    .map((e) => e.link);
};

/** Waits for a new outbox link beyond the `before` count. */
export const waitForNewLink = async (email: string, before: number): Promise<string> => {
  await expect.poll(() => outboxLinks(email).length).toBeGreaterThan(before);
  const links = outboxLinks(email);
  return links[links.length - 1] as string;
};

/** A path and query of an absolute link, to open it on the test server. */
export const pathOf = (link: string): string => {
  const u = new URL(link);
  return `${u.pathname}${u.search}`;
};
