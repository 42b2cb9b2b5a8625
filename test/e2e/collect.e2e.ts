import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, newPinnedContext, test, type Locator, type Page } from "./fixtures";
import { daysAgo } from "./days";
import { e2eNow, e2ePort } from "./environment";
import { readTable, screenNumber } from "./screenTable";
import { signInAs } from "./support";

/**
 * Real data in (docs/engine.md, "Ingestion"): a shop's page on another origin carries the
 * one-tag snippet; a visitor lands on it from a newsletter link (utm parameters); the shop
 * posts the visitor's order to the order feed; and the sale shows up attributed to Email
 * in the performance report within 10 seconds.
 */

const appUrl = `http://127.0.0.1:${e2ePort}`;
/** A browser's user agent: headless Chromium's own says HeadlessChrome, which /collect drops as a robot. */
const personsAgent = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36";

let shop: Server;
let shopUrl = "";
let writeKey = "";
let secretKey = "";

test.beforeAll(async ({ request }) => {
  const login = await request.post(`${appUrl}/api/auth/login`, { data: { username: "admin", password: "admin" } });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const create = async (kind: "publishable" | "secret"): Promise<string> => {
    const created = await request.post(`${appUrl}/api/programs/northwind/write-keys`, { headers: { Authorization: `Bearer ${token}` }, data: { kind } });
    expect(created.status()).toBe(200);
    return ((await created.json()) as { data: { key: string } }).data.key;
  };
  writeKey = await create("publishable");
  secretKey = await create("secret");

  // The shop: another origin, one page with the snippet.
  shop = createServer((req, res) => {
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    res.end(`<!doctype html><html><head><title>Northwind shop</title>
      <script async src="${appUrl}/t.js" data-key="${writeKey}" data-cookies="on"></script>
      </head><body><h1>Spring boots</h1></body></html>`);
  });
  await new Promise<void>((resolve) => shop.listen(0, "127.0.0.1", resolve));
  shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => shop.close(() => resolve()));
});

const loaded = async (table: Locator) => {
  await expect(table.locator("tbody th[scope=row], tbody td").first()).toBeVisible();
  await expect(table).not.toHaveAttribute("aria-busy", "true");
};

/** The Email row's Attributed Revenue as the level-one table shows it (0 while the row is absent: a day without data shows no rows). */
const emailAttributedRevenue = async (page: Page): Promise<number> => {
  const table = page.getByRole("table", { name: "Taxonomy 1", exact: true });
  await loaded(table);
  const shown = await readTable(table);
  const row = shown.rows.find((r) => r.name === "Email");
  if (!row) return 0;
  const column = shown.headers.indexOf("Attributed Revenue") - 1;
  expect(column).toBeGreaterThanOrEqual(0);
  return screenNumber(row.cells[column] ?? "") ?? 0;
};

test("a page land on another site with the snippet and a fed order show up as an Email sale", { tag: "@dates" }, async ({ browser, page, request }) => {
  const today = daysAgo(0);
  const report = `/performance?program=northwind&date_from=${today}&date_to=${today}`;
  await signInAs(page, "demo");
  await page.goto(report);
  const before = await emailAttributedRevenue(page);

  // A visitor lands on the shop from the newsletter.
  const visitorContext = await newPinnedContext(browser, { userAgent: personsAgent });
  const visit = await visitorContext.newPage();
  const beacon = visit.waitForResponse((r) => r.url() === `${appUrl}/collect` && r.request().method() === "POST");
  await visit.goto(`${shopUrl}/spring?utm_source=newsletter&utm_medium=email&utm_campaign=spring_e2e`);
  expect((await beacon).status()).toBe(202);
  const visitorId = await visit.evaluate(() => (window as unknown as { tvVisitorId?: string }).tvVisitorId ?? "");
  expect(visitorId).not.toBe("");
  // Opted in: the visitor id is kept in a first-party cookie of the shop.
  expect((await visitorContext.cookies(shopUrl)).map((c) => c.name)).toContain("_tv");
  await visitorContext.close();

  // The shop's server reports the order.
  const amount = 4321.09;
  const fed = await request.post(`${appUrl}/api/programs/northwind/orders`, {
    headers: { Authorization: `Bearer ${secretKey}` },
    data: {
      order_id: `E2E-${Date.now()}`,
      time: e2eNow(),
      amount,
      currency: "GBP",
      status: "valid",
      customer_type: "new",
      payment: "credit",
      visitor_id: visitorId,
    },
  });
  expect(fed.status()).toBe(202);
  expect(await fed.json()).toMatchObject({ accepted: 1, refused: 0 });

  // How fast it shows is the bench's collection freshness row; here the poll's timeout only guards against a hang.
  await expect
    .poll(
      async () => {
        await page.goto(report);
        return Math.round((await emailAttributedRevenue(page)) * 100) / 100;
      },
      { timeout: 60_000, intervals: [500] },
    )
    .toBe(Math.round((before + amount) * 100) / 100);
});
