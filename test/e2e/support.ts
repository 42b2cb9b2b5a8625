import { readFileSync, existsSync } from "node:fs";
import { expect, type Page } from "@playwright/test";
import { outboxFile } from "./environment";

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

export const signInAs = async (page: Page, who: keyof typeof demoUsers): Promise<void> => {
  await signIn(page, demoUsers[who].username, demoUsers[who].password);
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
  await expect.poll(() => outboxLinks(email).length, { timeout: 10_000 }).toBeGreaterThan(before);
  const links = outboxLinks(email);
  return links[links.length - 1] as string;
};

/** A path and query of an absolute link, to open it on the test server. */
export const pathOf = (link: string): string => {
  const u = new URL(link);
  return `${u.pathname}${u.search}`;
};
