import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, newPinnedContext, test, type Locator, type Page } from "./fixtures";
import { daysAgo } from "./days";
import { e2eNow, e2ePort } from "./environment";
import { readTable, screenNumber } from "./screenTable";
import { signInAs } from "./support";

/**
 * Real data in (docs/engine.md, "Ingestion"): a shop's page on another origin carries the
 * recommended snippet (the queue stub and the script tag, identity on); a visitor lands on it
 * from a newsletter link, and three days later (the browser's clock) from a paid search ad,
 * signing in then (tv('identify') called at once, so before the script has loaded); the shop
 * posts the order, placed from another device, to the order feed with the customer's id. Both
 * visits carry the one visitor id the script keeps; the order's journey takes the clicks of
 * the visitor identified as its customer, so the journeys report shows one journey with both
 * touches, and Northwind's linear credit gives each channel half the order's revenue.
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
      <script>window.tv=window.tv||function(){(tv.q=tv.q||[]).push(arguments)}</script>
      <script async src="${appUrl}/t.js" data-key="${writeKey}"></script>
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

/** A level-one row's Attributed Revenue as the table shows it (0 while the row is absent: a day without data shows no rows). */
const attributedRevenue = async (page: Page, channel: string): Promise<number> => {
  const table = page.getByRole("table", { name: "Taxonomy 1", exact: true });
  await loaded(table);
  const shown = await readTable(table);
  const row = shown.rows.find((r) => r.name === channel);
  if (!row) return 0;
  const column = shown.headers.indexOf("Attributed Revenue") - 1;
  expect(column).toBeGreaterThanOrEqual(0);
  return screenNumber(row.cells[column] ?? "") ?? 0;
};
const cents = (n: number): number => Math.round(n * 100) / 100;
const dayMs = 86_400_000;

test("visits days apart from a newsletter and a search ad, a sign-in and an order from another device make one journey, its credit split across both", { tag: "@dates" }, async ({ browser, page, request }) => {
  const today = daysAgo(0);
  const report = `/performance?program=northwind&date_from=${today}&date_to=${today}`;
  await signInAs(page, "demo");
  await page.goto(report);
  const before = { email: await attributedRevenue(page, "Email"), search: await attributedRevenue(page, "Paid Search") };

  // A visitor lands on the shop from the newsletter; three days later (the browser's clock) from a search ad, and signs in.
  const visitorContext = await newPinnedContext(browser, { userAgent: personsAgent });
  const visit = await visitorContext.newPage();
  const sent = async (land: () => Promise<unknown>) => {
    const answered = visit.waitForResponse((r) => r.url() === `${appUrl}/collect` && r.request().method() === "POST");
    await land();
    const answer = await answered;
    expect(answer.status()).toBe(202);
    return { answer: (await answer.json()) as { accepted: number }, events: (answer.request().postDataJSON() as { events: Array<Record<string, string>> }).events };
  };
  await visit.clock.setSystemTime(e2eNow() - 3 * dayMs);
  const first = await sent(() => visit.goto(`${shopUrl}/spring?utm_source=newsletter&utm_medium=email&utm_campaign=spring_e2e`));
  const customer = `customer-${Date.now()}`;
  // The shop's own code signs the visitor in before /t.js has loaded: the queue stub keeps the call.
  await visit.addInitScript((id) => {
    const page = window as unknown as { tv?: ((...args: ReadonlyArray<string>) => void) & { q?: unknown[] } };
    page.tv = Object.assign((...args: ReadonlyArray<string>) => void (page.tv?.q ?? []).push(args), { q: [] as unknown[] });
    page.tv("identify", id);
  }, customer);
  await visit.clock.setSystemTime(e2eNow());
  const second = await sent(() => visit.goto(`${shopUrl}/boots?utm_source=google&utm_medium=cpc&utm_campaign=boots_e2e`));
  const visitorId = await visit.evaluate(() => (window as unknown as { tvVisitorId?: string }).tvVisitorId ?? "");
  expect(visitorId).not.toBe("");
  // One visitor, two touches three days apart: both lands (and the identify, sent with the second in one batch) carry the id kept in the shop's first-party cookie.
  expect(first.events.map((e) => [e["type"], e["visitor_id"]])).toEqual([["click", visitorId]]);
  expect(second.events.map((e) => [e["type"], e["visitor_id"]])).toEqual([
    ["click", visitorId],
    ["identify", visitorId],
  ]);
  expect(Number(second.events[0]?.["time"]) - Number(first.events[0]?.["time"])).toBeGreaterThanOrEqual(3 * dayMs - 60_000);
  expect(second.answer.accepted).toBe(2);
  expect((await visitorContext.cookies(shopUrl)).find((c) => c.name === "_tv")?.value).toBe(visitorId);
  await visitorContext.close();

  // The shop's server reports the order, placed on another device (a visitor id with no click) by the signed-in customer.
  const amount = 4321.1;
  const orderId = `E2E-${Date.now()}`;
  const fed = await request.post(`${appUrl}/api/programs/northwind/orders`, {
    headers: { Authorization: `Bearer ${secretKey}` },
    data: {
      order_id: orderId,
      time: e2eNow(),
      amount,
      currency: "GBP",
      status: "valid",
      customer_type: "new",
      payment: "credit",
      visitor_id: `other-device-${Date.now()}`,
      customer_id: customer,
    },
  });
  expect(fed.status()).toBe(202);
  expect(await fed.json()).toMatchObject({ accepted: 1, refused: 0 });

  // Linear credit over the two touches: half the order to each channel. How fast it shows is the bench's collection
  // freshness row; here the poll's timeout only guards against a hang.
  await expect
    .poll(
      async () => {
        await page.goto(report);
        return [cents((await attributedRevenue(page, "Email")) - before.email), cents((await attributedRevenue(page, "Paid Search")) - before.search)];
      },
      { timeout: 60_000, intervals: [500] },
    )
    .toEqual([cents(amount / 2), cents(amount / 2)]);

  // The journeys report: the order's one journey, the newsletter's touch first, then the search ad's.
  await page.goto(`/journeys?program=northwind&date_from=${today}&date_to=${today}`);
  const journeys = page.getByRole("table", { name: "Journey paths table" });
  const row = journeys.locator("tbody tr").filter({ has: page.getByRole("rowheader", { name: orderId, exact: true }) });
  await expect(row).toHaveCount(1);
  const tags = await row.locator(".journey-tag-name").evaluateAll((names) => names.map((n) => (n.textContent ?? "").trim().split(" / ")[0]));
  expect(tags).toEqual(["Email", "Paid Search"]);
});
