import { rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import { startServer, type ServerProcess } from "../support/serverProcess";
import { startSmtpCatcher, type SmtpCatcher } from "../support/smtpCatcher";
import { e2eDataDir, e2eDay, e2ePort, e2eWorkers } from "./environment";
import { expect, newPinnedContext, test, type Page } from "./fixtures";

/**
 * The production start walked end to end (issue 24's "Done when"): a server of this test's
 * own, started as `DEMO=off npm start` starts it, on a fresh DATA_DIR, with SMTP_URL at the
 * test's own mail catcher and its clock at the pinned day. The first visit makes the first
 * admin; the admin makes a program in EUR and Europe/Berlin (and a second one, so "only that
 * program" means something) and its two write keys; a shop's page carrying the snippet from
 * the Data Sources screen sends a visit, and the order feed an order, both at an instant
 * whose Berlin day is the day after its UTC day; the performance report shows them in € on
 * the Berlin day. The admin invites a member of the first program; the member sets a
 * password from the mail caught over SMTP, sees only that program, and is sent home from an
 * admin address; the audit trail lists each step. One browser context per person.
 */

/** A browser's user agent: /collect drops headless Chromium's own as a robot's. */
const personsAgent = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36";
const dayMs = 86_400_000;

/** The pinned day's UTC midnight: 23:15 and 23:30 UTC the evening before are already this day in Berlin (winter or summer). */
const berlinMidnightish = Math.floor(Date.parse(e2eDay.now) / dayMs) * dayMs;
const visitAt = berlinMidnightish - 45 * 60_000;
const orderAt = berlinMidnightish - 30 * 60_000;
const berlinDay = new Date(berlinMidnightish).toISOString().slice(0, 10);
const utcDay = new Date(berlinMidnightish - dayMs).toISOString().slice(0, 10);

const admin = { name: "ada", email: "ada@acme.example", password: "correct horse battery" };
const member = { name: "max", email: "max@acme.example", password: "a long enough passphrase" };
const program = { name: "Acme Europe", code: "acme-eu" };
const amount = 1234.5;

let server: ServerProcess;
let catcher: SmtpCatcher;
let shop: Server | null = null;

test.beforeAll(async () => {
  catcher = await startSmtpCatcher();
  // Beside the worker's own server: its folder and, past the workers' ports, its port (so the mail's links are its own).
  const dataDir = `${e2eDataDir}-production`;
  const port = e2ePort + e2eWorkers;
  rmSync(dataDir, { recursive: true, force: true });
  server = await startServer({
    dataDir,
    port,
    distDir: resolve(process.env.DIST_DIR ?? "dist"),
    startTimeoutMs: 120_000,
    env: { DEMO: "off", SMTP_URL: catcher.url, CLOCK_START: e2eDay.now, PUBLIC_URL: `http://127.0.0.1:${port}` },
  });
});

test.afterAll(async () => {
  await new Promise<void>((done) => (shop ? shop.close(() => done()) : done()));
  await server?.kill();
  await catcher?.close();
});

/** A shop on another origin: one page carrying the snippet as the Data Sources screen gave it. */
const openShop = async (snippet: string): Promise<string> => {
  const opened = createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    res.end(`<!doctype html><html><head><title>Acme shop</title></head><body><h1>Winter boots</h1>${snippet}</body></html>`);
  });
  shop = opened;
  await new Promise<void>((done) => opened.listen(0, "127.0.0.1", done));
  return `http://127.0.0.1:${(opened.address() as AddressInfo).port}`;
};

const menu = (page: Page) => page.getByRole("navigation", { name: "Main" });

/**
 * The performance chart's data table, a row per day: its cells by column header; none while the chart says it has no
 * data (before the first processing run, the report of a new program is empty, and the chart draws no table).
 */
const chartDays = async (page: Page): Promise<Record<string, Record<string, string>>> => {
  const table = page.getByRole("table", { name: "Chart data", exact: true });
  await table.or(page.getByText("There's no data to show")).first().waitFor();
  if ((await table.count()) === 0) return {};
  return table.evaluate((table) => {
    const headers = [...table.querySelectorAll("thead th")].map((th) => (th.textContent ?? "").trim());
    const days: Record<string, Record<string, string>> = {};
    for (const row of table.querySelectorAll("tbody tr")) {
      const day = row.querySelector("time")?.getAttribute("datetime") ?? "";
      const cells = [...row.querySelectorAll("td")].map((td) => (td.textContent ?? "").trim());
      days[day] = Object.fromEntries(cells.map((cell, i) => [headers[i + 1] ?? String(i), cell]));
    }
    return days;
  });
};

test("the production start: first admin, a program in EUR and Berlin, its keys, a visit and an order shown in € on the Berlin day, a member invited by mail, the audit trail", async ({ browser, playwright }) => {
  const adminContext = await newPinnedContext(browser, { baseURL: server.origin });
  const page = await adminContext.newPage();

  // The first visit: no account yet, so the first-run screen makes the first admin.
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Create the first administrator" })).toBeVisible();
  await page.getByLabel("Name").fill(admin.name);
  await page.getByLabel("Email").fill(admin.email);
  await page.getByLabel("Password", { exact: true }).fill(admin.password);
  await page.getByLabel("Retype password").fill(admin.password);
  await page.getByRole("button", { name: "Create administrator" }).click();

  // Programs: the one the member will see, in EUR and Europe/Berlin, and another.
  await menu(page).getByRole("link", { name: "Programs", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Programs", level: 1 })).toBeVisible();
  for (const [name, code, currency, zone] of [
    [program.name, program.code, "EUR", "Europe/Berlin"],
    ["Acme Britain", "acme-uk", "GBP", "Europe/London"],
  ] as const) {
    await page.getByRole("button", { name: "Create program" }).click();
    await page.getByLabel("Name").fill(name);
    await page.getByLabel("Code", { exact: true }).fill(code);
    await page.getByLabel("Currency").selectOption(currency);
    await page.getByLabel("Time zone").selectOption(zone);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText(`${name} was created.`)).toBeVisible();
  }
  const programs = page.getByRole("table", { name: "Programs" });
  await expect(programs.getByRole("row").filter({ hasText: program.code })).toContainText("Europe/Berlin");

  // Its write keys, from its Data Sources screen: the publishable key goes into the page's snippet, the secret one feeds orders.
  await programs.getByRole("row").filter({ hasText: program.code }).getByRole("link", { name: "Data Sources" }).click();
  await expect(page.getByRole("heading", { name: "Data Sources", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Create publishable key" }).click();
  const publishable = (await page.getByTestId("new-write-key").innerText()).trim();
  expect(publishable).toMatch(/^pk_/);
  const snippet = (await page.getByLabel("Copy the script tag", { exact: true }).innerText()).trim();
  expect(snippet).toContain(publishable);
  await page.getByRole("button", { name: "Create secret key" }).click();
  await expect(page.getByRole("region", { name: "Your new write key" }).getByRole("heading", { name: "Your new secret key" })).toBeVisible();
  const secret = (await page.getByTestId("new-write-key").innerText()).trim();
  expect(secret).toMatch(/^sk_/);

  // A visitor lands on the shop from the newsletter at 23:15 UTC (00:15 in Berlin); the snippet sends the visit.
  const shopUrl = await openShop(snippet);
  const visitorContext = await newPinnedContext(browser, { userAgent: personsAgent });
  const visit = await visitorContext.newPage();
  await visit.clock.setSystemTime(visitAt);
  const collected = visit.waitForResponse((r) => r.url() === `${server.origin}/collect` && r.request().method() === "POST");
  await visit.goto(`${shopUrl}/boots?utm_source=newsletter&utm_medium=email&utm_campaign=winter`);
  expect((await collected).status()).toBe(202);
  const visitorId = await visit.evaluate(() => (window as unknown as { tvVisitorId?: string }).tvVisitorId ?? "");
  expect(visitorId).not.toBe("");
  await visitorContext.close();

  // The shop's server sends the visitor's order at 23:30 UTC (00:30 in Berlin) to the order feed with the secret key.
  const shopServer = await playwright.request.newContext();
  const fed = await shopServer.post(`${server.origin}/api/programs/${program.code}/orders`, {
    headers: { Authorization: `Bearer ${secret}` },
    data: { order_id: "ACME-1", time: orderAt, amount, currency: "EUR", status: "valid", customer_type: "new", payment: "credit", visitor_id: visitorId },
  });
  expect(fed.status()).toBe(202);
  expect(await fed.json()).toMatchObject({ accepted: 1, refused: 0 });
  await shopServer.dispose();

  // The report over both days: the visit and the order on the Berlin day, in €, none on the UTC day before. Processing is
  // asynchronous: the poll waits for it (the expectation's timeout only guards against a hang).
  await page.goto(`/performance?program=${program.code}&date_from=${utcDay}&date_to=${berlinDay}`);
  await expect(page.getByRole("heading", { name: "Performance Report" })).toBeVisible();
  const euros = new Intl.NumberFormat("en-GB", { style: "currency", currency: "EUR" });
  await expect
    .poll(async () => {
      await page.reload();
      const days = await chartDays(page);
      return [days[utcDay]?.["Attributed Revenue"], days[berlinDay]?.["Page Lands"], days[berlinDay]?.["Attributed Revenue"]];
    })
    .toEqual([euros.format(0), "1", euros.format(amount)]);

  // The member's invitation, caught over SMTP.
  await menu(page).getByRole("link", { name: "People", exact: true }).click();
  await expect(page.getByRole("heading", { name: "People", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Invite" }).click();
  await page.getByLabel("Email").fill(member.email);
  await page.getByRole("checkbox", { name: program.name }).check();
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(`An invitation was sent to ${member.email}.`)).toBeVisible();
  // Sent after the answer, retried on failure: the poll waits for it (its timeout only guards against a hang).
  await expect.poll(() => catcher.mails.map((m) => m.to), { message: "the invitation, caught over SMTP" }).toEqual([[member.email]]);
  const mail = catcher.mails[0];
  const link = new RegExp(`${server.origin}/accept-invitation/\\S+`).exec(mail?.text ?? "")?.[0];
  expect(link, mail?.text).toBeDefined();

  // The member sets a password from the mail, sees only that program, and an admin address sends them home.
  const memberContext = await newPinnedContext(browser, { baseURL: server.origin });
  const memberPage = await memberContext.newPage();
  await memberPage.goto(link ?? "");
  await expect(memberPage.getByRole("heading", { name: "Accept your invitation" })).toBeVisible();
  await memberPage.getByLabel("Name").fill(member.name);
  await memberPage.getByLabel("Password", { exact: true }).fill(member.password);
  await memberPage.getByLabel("Retype password").fill(member.password);
  await memberPage.getByRole("button", { name: "Accept and sign in" }).click();
  await expect(memberPage).toHaveURL(/\/performance/);
  await expect(memberPage.getByLabel("Program").locator("option")).toHaveText([`${program.name} (EUR)`]);
  await memberPage.goto("/admin/audit");
  await expect(memberPage.getByText("You don't have access to admin resources")).toBeVisible();
  await expect(memberPage).toHaveURL(/\/performance/);
  await memberContext.close();

  // The audit trail lists each step: who did what to which object.
  await menu(page).getByRole("link", { name: "Audit Trail", exact: true }).click();
  const trail = page.getByRole("table", { name: "Audit Trail" });
  const lines = (who: string, kind: string, action: string, object?: string) =>
    [who, kind, action, ...(object === undefined ? [] : [object])].reduce(
      (rows, cell) => rows.filter({ has: page.getByRole("cell", { name: cell, exact: true }) }),
      trail.getByRole("row"),
    );
  await expect(lines(admin.name, "Person", "Created", "1")).toHaveCount(1);
  await expect(lines(admin.name, "Program", "Created", program.code)).toHaveCount(1);
  await expect(lines(admin.name, "Write key", "Created")).toHaveCount(2);
  await expect(lines(admin.name, "Invitation", "Created", "1")).toHaveCount(1);
  await expect(lines(member.name, "Invitation", "Accepted", "1")).toHaveCount(1);
  await adminContext.close();
});
