// The date formatting of the domain runs here, in Node, to read the pickers' labels.
import "temporal-polyfill/global";
import { expect, test, type Locator, type Page, type Request } from "./fixtures";
import { daysAgo } from "./days";
import { formatRange } from "../../src/domain/report/dateFormat";
import type { DateRange } from "../../src/domain/report/dateRange";
import { metricDefinitions, type MetricName } from "../../src/domain/report/metrics";
import type { PerformanceRow, TableResponse } from "../../src/domain/performance/performance";
import { demoUsers, signInAs } from "./support";


const range: DateRange = { from: daysAgo(75), to: daysAgo(40) };
const compared: DateRange = { from: daysAgo(140), to: daysAgo(100) };
const columns: ReadonlyArray<MetricName> = ["clicks", "attributed_sales", "attributed_revenue", "roas", "cpa"];

/** Bluepeak's 'Paid Search' page, weekly, comparing, with five columns. */
const linkQuery = new URLSearchParams({
  program: "bluepeak",
  date_from: range.from,
  date_to: range.to,
  interval: "week",
  compare_from: compared.from,
  compare_to: compared.to,
  columns: columns.join(","),
});
const linkPath = "/performance/taxonomy_one/Paid%20Search";
const link = `${linkPath}?${linkQuery.toString()}`;

/** Signs in on the /login page the app sent a signed-out person to. */
const signInHere = async (page: Page, who: keyof typeof demoUsers) => {
  await page.getByLabel("Username").fill(demoUsers[who].username);
  await page.getByLabel("Password", { exact: true }).fill(demoUsers[who].password);
  await page.getByRole("button", { name: "Login" }).click();
};

/** The metric column headers of a table, as shown. */
const shownColumns = async (table: Locator): Promise<string[]> =>
  (await table.locator("thead tr").first().locator("th").allTextContents()).slice(1).map((h) => h.replace(/[▲▼↕]/g, "").trim());

/** Every parameter of the link has the same value in the page's URL, and the path is the link's. */
const expectLinkKept = async (page: Page) => {
  await expect
    .poll(() => {
      const url = new URL(page.url());
      return { path: url.pathname, ...Object.fromEntries([...linkQuery.keys()].map((k) => [k, url.searchParams.get(k)])) };
    })
    .toEqual({ path: linkPath, ...Object.fromEntries(linkQuery) });
};

test("a signed-out person opening a shared link lands, after signing in, on exactly that view", { tag: "@dates" }, async ({ page }) => {
  await page.goto(link);
  await expect(page).toHaveURL(/\/login\?next=/);
  await signInHere(page, "demo");

  await expectLinkKept(page);
  // The page: heading and breadcrumb of 'Paid Search', in Bluepeak.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Paid Search | Performance Report");
  await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText("Paid Search");
  await expect(page.getByLabel("Program")).toHaveValue("bluepeak");
  // The dates, as the picker holds them.
  await page.getByRole("button", { name: /^Date range:/ }).click();
  await expect(page.getByLabel("From", { exact: true })).toHaveValue(range.from);
  await expect(page.getByLabel("To", { exact: true })).toHaveValue(range.to);
  await page.keyboard.press("Escape");
  // Compare on, with the link's comparison dates (Bluepeak reads en-US).
  const controls = page.getByRole("toolbar", { name: "Table controls" });
  await expect(controls.getByRole("switch", { name: "Compare" })).toHaveAttribute("aria-checked", "true");
  await expect(controls.getByRole("button", { name: /^Comparison dates/ })).toHaveAccessibleName(`Comparison dates: ${formatRange(compared, "en-US")}`);
  // Weekly.
  const chart = page.getByRole("region", { name: "Performance chart" });
  await expect(chart.getByRole("group", { name: "Interval" }).getByRole("button", { name: "Weekly" })).toHaveAttribute("aria-pressed", "true");
  // The link's columns, in its order.
  const table = page.getByRole("table", { name: "Taxonomy 2 of Paid Search", exact: true });
  await expect.poll(() => shownColumns(table)).toEqual(columns.map((c) => metricDefinitions[c].label));

  // A reload is the same view: the URL says everything.
  await page.reload();
  await expectLinkKept(page);
  await expect(page.getByRole("toolbar", { name: "Table controls" }).getByRole("switch", { name: "Compare" })).toHaveAttribute("aria-checked", "true");
  await expect(page.getByRole("region", { name: "Performance chart" }).getByRole("button", { name: "Weekly" })).toHaveAttribute("aria-pressed", "true");
});

test("choices made on the report go into the URL: interval, metrics, Compare on and off, columns", async ({ page }) => {
  await signInAs(page, "demo");
  const chart = page.getByRole("region", { name: "Performance chart" });
  await chart.getByRole("group", { name: "Interval" }).getByRole("button", { name: "Monthly" }).click();
  await expect(page).toHaveURL(/[?&]interval=month(&|$)/);
  await chart.getByLabel("Metric one").selectOption({ label: "ROAS" });
  await expect(page).toHaveURL(/[?&]metrics=roas%2Cattributed_revenue(&|$)/);
  const controls = page.getByRole("toolbar", { name: "Table controls" });
  await controls.getByRole("switch", { name: "Compare" }).click();
  await expect(page).toHaveURL(/[?&]compare_from=\d{4}-\d{2}-\d{2}&compare_to=\d{4}-\d{2}-\d{2}/);
  await controls.getByRole("switch", { name: "Compare" }).click();
  await expect(page).not.toHaveURL(/compare_from/);
  await controls.getByRole("button", { name: "Columns", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Column Selection" });
  const impressions = dialog.getByRole("checkbox", { name: "Impressions" });
  const shown = await impressions.isChecked();
  await impressions.setChecked(!shown);
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect.poll(() => (new URL(page.url()).searchParams.get("columns") ?? "").split(",").includes("impressions")).toBe(!shown);
});

test("a shared link's first requests already use its program and dates, never the stored ones", { tag: "@dates" }, async ({ page }) => {
  await signInAs(page, "demo");
  await expect(page.getByLabel("Program")).toHaveValue("northwind");
  const stored = new URL(page.url()).searchParams;
  expect(stored.get("date_from")).not.toBe(range.from);

  const calls: string[] = [];
  const record = (r: Request) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith("/api/programs/")) calls.push(`${url.pathname}${url.search}`);
  };
  page.on("request", record);
  await page.goto(`${linkPath}?${new URLSearchParams({ program: "bluepeak", date_from: range.from, date_to: range.to }).toString()}`);
  await expect(page.getByRole("table", { name: "Taxonomy 2 of Paid Search", exact: true }).locator("tbody th[scope=row]").first()).toBeVisible();
  await expect(page.getByRole("region", { name: "Performance chart" }).getByRole("img", { name: /^Performance chart:/ })).toBeVisible();
  page.off("request", record);

  expect(calls.length).toBeGreaterThan(0);
  const stale = calls.filter((c) => c.startsWith("/api/programs/northwind/") || (c.includes("date_from=") && !c.includes(`date_from=${range.from}`)));
  expect(stale).toEqual([]);
});

test("a link to a program the person may not see says so and shows their own", async ({ page }) => {
  await page.goto(`/performance?program=lumen&date_from=${range.from}&date_to=${range.to}`);
  await expect(page).toHaveURL(/\/login\?next=/);
  await signInHere(page, "demo");
  await expect(page.getByText("You don't have access to that program; showing Northwind Outfitters")).toBeVisible();
  await expect(page.getByLabel("Program")).toHaveValue("northwind");
  await expect(page).toHaveURL(/[?&]program=northwind(&|$)/);
  // The link's dates are kept.
  await expect(page).toHaveURL(new RegExp(`date_from=${range.from}&date_to=${range.to}`));
  // Signed in already, on another screen that takes the program in its link: said too, and the link shows the program shown.
  await page.goto(`/funnel?program=lumen&date_from=${range.from}&date_to=${range.to}`);
  await expect(page.getByText("You don't have access to that program; showing Northwind Outfitters")).toBeVisible();
  await expect(page).toHaveURL(/\/funnel\?(.*&)?program=northwind(&|$)/);
});

test("a link's value the report cannot read is named, and the address keeps the rest of the link", async ({ page }) => {
  await page.goto(`/performance?program=northwind&date_from=${range.from}&date_to=${range.to}&interval=hour&chart=bar`);
  await expect(page).toHaveURL(/\/login\?next=/);
  await signInHere(page, "demo");
  await expect(page.getByText("This link's interval could not be read, so the default is shown.")).toBeVisible();
  await expect(page).toHaveURL(/[?&]chart=bar(&|$)/);
  await expect(page).toHaveURL(/[?&]interval=(day|week|month)(&|$)/);
  await expect(page).toHaveURL(new RegExp(`date_from=${range.from}&date_to=${range.to}`));
});

test("signing in never follows a link away from this site", async ({ page }) => {
  for (const next of ["//evil.example/performance", "/\\evil.example", "https://evil.example/", "javascript:alert(1)"]) {
    await page.goto(`/login?next=${encodeURIComponent(next)}`);
    await signInHere(page, "demo");
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/performance(\?|$)/);
    await page.getByRole("link", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/login$/);
  }
});

test("after reloading a search page the search box holds its term", async ({ page }) => {
  await signInAs(page, "demo");
  const box = page.getByRole("searchbox", { name: "Search channels" });
  await box.fill("Brand / Generic");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/performance\/search\/Brand%20%2F%20Generic/);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText('"Brand / Generic" | Performance Report');
  await expect(page.getByRole("searchbox", { name: "Search channels" })).toHaveValue("Brand / Generic");
  // Leaving the search page empties it.
  await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "All Channels" }).click();
  await expect(page.getByRole("searchbox", { name: "Search channels" })).toHaveValue("");
});

test("a link's table page, rows per page and notes toggles survive sign-in, reach the URL as they change, and a reload", async ({ page }) => {
  // The demo data has at most 6 children under one value: the 'Email' table is answered
  // with 12 rows (a valid table answer), two pages at 10 a page.
  await page.route(/\/performance\/table\/single\/taxonomy_1\/Email\/taxonomy_2\?/, async (route) => {
    const original = await route.fetch();
    const answer = (await original.json()) as TableResponse;
    const template = answer.data[0] as PerformanceRow;
    const data = Array.from({ length: 12 }, (_, i) => ({ ...template, taxonomy_2: `Journey ${String(i + 1).padStart(2, "0")}`, clicks: 100 - i, attributed_revenue: 1000 - i }));
    await route.fulfill({ response: original, json: { ...answer, data, total: data.length } });
  });
  const emailPath = "/performance/taxonomy_one/Email";
  await page.goto(`${emailPath}?${new URLSearchParams({ program: "northwind", page: "2", per_page: "10", notes: "off", notes_table: "on" }).toString()}`);
  await expect(page).toHaveURL(/\/login\?next=/);
  await signInHere(page, "demo");

  await expect(page).toHaveURL((url) => url.pathname === emailPath);
  const table = page.getByRole("table", { name: "Taxonomy 2 of Email", exact: true });
  const pagination = page.getByRole("navigation", { name: "Pagination" });
  const chart = page.getByRole("region", { name: "Performance chart" });
  const expectView = async (view: { page: string; perPage: string; rows: number }) => {
    await expect(table.locator("tbody th[scope=row]")).toHaveCount(view.rows);
    // One page has no page buttons.
    if (view.rows < 12) await expect(pagination.getByRole("button", { name: `Page ${view.page}` })).toHaveAttribute("aria-current", "page");
    else await expect(pagination.getByRole("button", { name: /^Page \d/ })).toHaveCount(0);
    await expect(page.getByLabel("Rows per page")).toHaveValue(view.perPage);
    await expect(chart.getByRole("switch", { name: "Campaign Notes" })).toHaveAttribute("aria-checked", "false");
    await expect(chart.getByRole("button", { name: "Notes table" })).toHaveAttribute("aria-expanded", "true");
    await expect.poll(() => {
      const q = new URL(page.url()).searchParams;
      return [q.get("page"), q.get("per_page"), q.get("notes"), q.get("notes_table")];
    }).toEqual([view.page, view.perPage, "off", "on"]);
  };
  // The link's page 2 at 10 a page (the last two rows), notes not drawn, their table open.
  await expectView({ page: "2", perPage: "10", rows: 2 });

  // Choices made go into the URL: another page, then 15 a page (page 2 would lie past the last: page 1).
  await pagination.getByRole("button", { name: "Page 1" }).click();
  await expect(page).toHaveURL(/[?&]page=1(&|$)/);
  await pagination.getByRole("button", { name: "Page 2" }).click();
  await page.getByLabel("Rows per page").selectOption("15");
  await expectView({ page: "1", perPage: "15", rows: 12 });

  // A reload is the same view; turning the toggles back to their defaults takes them out of the URL.
  await page.reload();
  await expectView({ page: "1", perPage: "15", rows: 12 });
  await chart.getByRole("switch", { name: "Campaign Notes" }).click();
  await chart.getByRole("button", { name: "Notes table" }).click();
  await expect.poll(() => ["notes", "notes_table"].filter((k) => new URL(page.url()).searchParams.has(k))).toEqual([]);
});

test("a search link's Filter, columns and page survive sign-in, reach the URL as they change, and a reload", async ({ page }) => {
  // The search and the Filter's taxonomies are answered with 40 paths (valid answers):
  // 20 under 'Paid Search' (10 'Google Ads', 10 'Bing Ads') and 20 under 'Email', so unticking
  // 'Email' leaves two pages of 15.
  const paths = Array.from({ length: 40 }, (_, i) =>
    i < 20
      ? ["Paid Search", i < 10 ? "Google Ads" : "Bing Ads", "Brand", `Term ${String(i + 1).padStart(2, "0")}`]
      : ["Email", "Newsletter", "Weekly", `Issue ${String(i - 19).padStart(2, "0")}`],
  );
  const taxonomyOf = (p: ReadonlyArray<string>) => ({ taxonomy_1: p[0], taxonomy_2: p[1], taxonomy_3: p[2], taxonomy_4: p[3] });
  await page.route(/\/programs\/northwind\/performance\/search\?/, async (route) => {
    const original = await route.fetch();
    const answer = (await original.json()) as TableResponse;
    const template = answer.data[0] as PerformanceRow;
    const data = paths.map((p, i) => ({ ...template, ...taxonomyOf(p), clicks: 100 - i, attributed_revenue: 1000 - i }));
    await route.fulfill({ response: original, json: { ...answer, data, total: data.length } });
  });
  await page.route(/\/programs\/northwind\/performance\/taxonomies\?/, async (route) => {
    const original = await route.fetch();
    await route.fulfill({ response: original, json: { data: paths.map(taxonomyOf) } });
  });
  const searchPath = "/performance/search/Google";
  const searchColumns: ReadonlyArray<MetricName> = ["clicks", "cpa"];
  const query = { program: "northwind", search_filter: "Email", columns: searchColumns.join(","), page: "2" };
  await page.goto(`${searchPath}?${new URLSearchParams(query).toString()}`);
  await expect(page).toHaveURL(/\/login\?next=/);
  await signInHere(page, "demo");

  await expect(page).toHaveURL((url) => url.pathname === searchPath);
  const table = page.getByRole("table", { name: "Search results" });
  const pagination = page.getByRole("navigation", { name: "Pagination" });
  const expectView = async (view: { page: string; filter: string | null; rows: number; first: string }) => {
    await expect(table.locator("tbody th[scope=row]")).toHaveCount(view.rows);
    await expect(table.locator("tbody th[scope=row]").first()).toContainText(view.first);
    await expect(pagination.getByRole("button", { name: `Page ${view.page}` })).toHaveAttribute("aria-current", "page");
    await expect.poll(() => shownColumns(table)).toEqual(searchColumns.map((c) => metricDefinitions[c].label));
    await expect
      .poll(() => {
        const q = new URL(page.url()).searchParams;
        return [q.get("program"), q.get("search_filter"), q.get("columns"), q.get("page"), q.get("per_page")];
      })
      .toEqual(["northwind", view.filter, searchColumns.join(","), view.page, "15"]);
  };
  // The link's view: 'Email' unticked, page 2 of the 20 'Paid Search' rows (its last five), two columns.
  await expectView({ page: "2", filter: "Email", rows: 5, first: "Term 16" });
  await page.getByRole("button", { name: "Filter", exact: true }).click();
  const tree = page.getByRole("list", { name: "Taxonomies to show" });
  await expect(tree.getByRole("checkbox", { name: "Email", exact: true })).not.toBeChecked();
  await expect(tree.getByRole("checkbox", { name: "Paid Search", exact: true })).toBeChecked();

  // Choices made go into the URL: 'Email' ticked again, then 'Paid Search' › 'Google Ads' unticked (30 rows: page 2 is full).
  await tree.getByRole("checkbox", { name: "Email", exact: true }).check();
  await tree.getByRole("button", { name: "Expand Paid Search" }).click();
  await tree.getByRole("checkbox", { name: "Google Ads", exact: true }).uncheck();
  await page.keyboard.press("Escape");
  await expectView({ page: "2", filter: "Paid Search\u001fGoogle Ads", rows: 15, first: "Issue 06" });

  // A reload is the same view; 'Reset filter' takes the Filter out of the URL.
  await page.reload();
  await expectView({ page: "2", filter: "Paid Search\u001fGoogle Ads", rows: 15, first: "Issue 06" });
  await page.getByRole("button", { name: "Filter", exact: true }).click();
  await page.getByRole("button", { name: "Reset filter" }).click();
  await page.keyboard.press("Escape");
  await expectView({ page: "2", filter: null, rows: 15, first: "Term 16" });
});
