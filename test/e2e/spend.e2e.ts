import { expect, test, type Locator, type Page } from "./fixtures";
import { dayAfter } from "./days";
import * as XLSX from "xlsx";
import { readTable, screenNumber } from "./screenTable";
import { signInAs } from "./support";

/** A stored spend configuration as GET programs/{program}/fixed-costs answers it. */
interface StoredSpend {
  readonly id: number;
  readonly taxonomy_1: string;
  readonly taxonomy_2: string;
  readonly taxonomy_3: string;
  readonly taxonomy_4: string;
  readonly cost: number;
  readonly start_date: string;
  readonly end_date: string | null;
  readonly meta: string;
}

const invalidToast = "The spend configuration is not valid! Please check the fields.";
const unsupportedToast = "That file format isn't supported";

/** The session's token and program, as the app keeps them (localStorage), to read what was stored through the API. */
const sessionOf = async (page: Page): Promise<{ token: string; program: string }> =>
  page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem("attribution.session") ?? "{}") as { snapshot?: { context?: { token?: string; programCode?: string } } };
    return { token: stored.snapshot?.context?.token ?? "", program: stored.snapshot?.context?.programCode ?? "" };
  });

const storedSpend = async (page: Page): Promise<StoredSpend[]> => {
  const { token, program } = await sessionOf(page);
  expect(token).not.toBe("");
  const res = await page.request.get(`/api/programs/${encodeURIComponent(program)}/fixed-costs`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: StoredSpend[] }).data;
};

const openSpendPanel = async (page: Page): Promise<Locator> => {
  const toggle = page.getByRole("button", { name: "Add Spend" });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  const panel = page.locator(`#${await toggle.getAttribute("aria-controls")}`);
  await expect(panel).toBeVisible();
  return panel;
};

const workbook = (rows: ReadonlyArray<ReadonlyArray<string | number>>): Buffer => {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows as (string | number)[][]), "Spend");
  return XLSX.write(book, { type: "buffer", bookType: "xlsx" }) as Buffer;
};

const xlsxType = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

test("the spend form: an invalid configuration shows the toast and each field's message; a valid one is created and stored", async ({ page }) => {
  await signInAs(page, "admin");
  const panel = await openSpendPanel(page);
  const form = panel.getByRole("form", { name: "Spend configuration" });

  // Single by default: the end date is disabled.
  await expect(form.getByLabel("Frequency")).toHaveValue("single");
  await expect(form.getByLabel("End date")).toBeDisabled();

  await form.getByLabel("Taxonomy 4").fill("Exact");
  await form.getByLabel("Spend", { exact: true }).fill("12.345");
  await form.getByLabel("Frequency").selectOption("monthly");
  await expect(form.getByLabel("End date")).toBeEnabled();
  await form.getByRole("button", { name: "Create Spend" }).click();

  const toast = page.getByText(invalidToast);
  await expect(toast).toBeVisible();
  await expect(form.getByLabel("Taxonomy 1")).toHaveAccessibleDescription("Taxonomy 1 is required.");
  await expect(form.getByLabel("Taxonomy 2")).toHaveAccessibleDescription("Taxonomy 2 is required if taxonomy 3 or taxonomy 4 is filled.");
  await expect(form.getByLabel("Taxonomy 3")).toHaveAccessibleDescription("Taxonomy 3 is required if taxonomy 4 is filled.");
  await expect(form.getByLabel("Spend", { exact: true })).toHaveAccessibleDescription("Spend must be a decimal with 2 places.");
  await expect(form.getByLabel("Start date")).toHaveAccessibleDescription("Start date is required.");
  await expect(form.getByLabel("End date")).toHaveAccessibleDescription("End date is required.");
  await expect(form.getByLabel("Taxonomy 1")).toBeFocused();
  // The toast goes after 3 seconds (run on the page clock, Playwright's).
  await page.clock.runFor(3_000);
  await expect(toast).toBeHidden();

  // An end before the start breaks the order rule.
  const name = `E2E Spend ${Date.now()}`;
  await form.getByLabel("Taxonomy 1").fill(name);
  await form.getByLabel("Taxonomy 2").fill("Manual");
  await form.getByLabel("Taxonomy 4").fill("");
  await form.getByLabel("Spend", { exact: true }).fill("250.75");
  await form.getByLabel("Start date").fill("2026-03-01");
  await form.getByLabel("End date").fill("2026-02-01");
  await form.getByRole("button", { name: "Create Spend" }).click();
  await expect(page.getByText(invalidToast)).toBeVisible();
  await expect(form.getByLabel("End date")).toHaveAccessibleDescription("End date must be after the start date.");
  await expect(form.getByLabel("Start date")).toHaveAccessibleDescription("Start date must be before the end date.");

  await form.getByLabel("End date").fill("2026-05-31");
  await expect(form.getByLabel("End date")).toHaveAttribute("aria-invalid", "false");
  await form.getByRole("button", { name: "Create Spend" }).click();
  await expect(form.getByRole("status").filter({ hasText: "Created a" })).toHaveText(
    `Created a monthly spend of £250.75 for ${name} / Manual from 2026-03-01 to 2026-05-31.`,
  );
  await expect(form.getByLabel("Taxonomy 1")).toHaveValue("");
  await expect(form.getByLabel("Spend", { exact: true })).toHaveValue("");

  // Stored as sent: taxonomy 3 and 4 were empty (not sent, stored as 'None'); the end date kept for monthly.
  const stored = (await storedSpend(page)).filter((s) => s.taxonomy_1 === name);
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({ taxonomy_2: "Manual", taxonomy_3: "None", taxonomy_4: "None", cost: 250.75, start_date: "2026-03-01", end_date: "2026-05-31" });
  expect(JSON.parse(stored[0]?.meta ?? "{}")).toMatchObject({ frequency: "monthly" });

  // A single spend: no end date is sent even though one was typed before choosing single.
  const single = `${name} single`;
  await form.getByLabel("Taxonomy 1").fill(single);
  await form.getByLabel("Spend", { exact: true }).fill("40");
  await form.getByLabel("Frequency").selectOption("monthly");
  await form.getByLabel("End date").fill("2026-01-31");
  await form.getByLabel("Frequency").selectOption("single");
  await expect(form.getByLabel("End date")).toBeDisabled();
  await form.getByLabel("Start date").fill("2026-04-02");
  await form.getByRole("button", { name: "Create Spend" }).click();
  await expect(form.getByRole("status").filter({ hasText: "Created a" })).toHaveText(`Created a single spend of £40.00 for ${single} on 2026-04-02.`);
  const storedSingle = (await storedSpend(page)).filter((s) => s.taxonomy_1 === single);
  expect(storedSingle).toHaveLength(1);
  expect(storedSingle[0]).toMatchObject({ cost: 40, start_date: "2026-04-02", end_date: null });
});

test("the file drop area: a good .xlsx and .csv preview and send their valid rows, an unsupported file shows the toast, a __proto__ header is refused", async ({ page }) => {
  await signInAs(page, "admin");
  const panel = await openSpendPanel(page);
  const input = panel.locator('input[type="file"]');
  const stamp = Date.now();

  for (const format of ["xlsx", "csv"] as const) {
    const batch = `E2E Batch ${format} ${stamp}`;
    const rows: Array<Array<string | number>> = [
      ["Taxonomy 1", "Taxonomy 2", "Cost", "Start date", "End date", "Frequency"],
      [batch, "Import", 10.5, "2026-02-01", "", "single"],
      [batch, "Import", "£1,200", "2026-02-01", "2026-02-28", "monthly"],
      ["", "Import", 5, "2026-02-01", "", "single"],
      [batch, "Late", 7, "2026-03-05", "2026-03-01", "daily"],
      [batch, "Free", 0, "2026-02-01", "", "single"],
    ];
    const file =
      format === "xlsx"
        ? { name: `spend-${stamp}.xlsx`, mimeType: xlsxType, buffer: workbook(rows) }
        : { name: `spend-${stamp}.csv`, mimeType: "text/csv", buffer: Buffer.from(rows.map((r) => r.map((c) => `"${String(c)}"`).join(",")).join("\n")) };
    await input.setInputFiles(file);
    await expect(panel.getByText(file.name)).toBeVisible();

    const table = panel.getByRole("table", { name: "Spend rows of the file" });
    const lines = table.locator("tbody tr");
    await expect(lines).toHaveCount(5);
    await expect(lines.nth(0)).toContainText("Ready");
    await expect(lines.nth(1)).toContainText("1200.00");
    await expect(lines.nth(1)).toContainText("Ready");
    await expect(lines.nth(2)).toContainText("Not valid");
    await expect(lines.nth(2)).toContainText("Taxonomy 1 is required.");
    await expect(lines.nth(3)).toContainText("Not valid");
    await expect(lines.nth(3)).toContainText("End date must be after the start date.");
    await expect(lines.nth(4)).toContainText("Zero cost");
    await expect(panel.getByText("2 of 5 rows will be sent.")).toBeVisible();

    await panel.getByRole("button", { name: "Send" }).click();
    await expect(panel.getByText("Finished: A total of 5 records were processed")).toBeVisible();
    await expect(lines.nth(0)).toContainText("Saved");
    await expect(lines.nth(1)).toContainText("Saved");
    await expect(lines.nth(2)).toContainText("Error");
    await expect(lines.nth(3)).toContainText("Error");
    await expect(lines.nth(4)).toContainText("Zero cost");

    // Exactly the two valid rows were stored, as normalised.
    const stored = (await storedSpend(page)).filter((s) => s.taxonomy_1 === batch);
    expect(stored.map((s) => [s.taxonomy_2, s.cost, s.start_date, s.end_date]).sort()).toEqual([
      ["Import", 10.5, "2026-02-01", null],
      ["Import", 1200, "2026-02-01", "2026-02-28"],
    ]);

    // Removing the file clears it.
    await panel.getByRole("button", { name: "Remove file" }).click();
    await expect(panel.getByText(file.name)).toHaveCount(0);
    await expect(table).toHaveCount(0);
  }

  // An unsupported file: the toast, for 3 seconds; nothing is previewed.
  await input.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("taxonomy_1,cost\nA,1\n") });
  const toast = page.locator(".toast").getByText(unsupportedToast);
  await expect(toast).toBeVisible();
  await expect(panel.getByRole("table", { name: "Spend rows of the file" })).toHaveCount(0);
  await page.clock.runFor(3_000);
  await expect(toast).toBeHidden();
  await panel.getByRole("button", { name: "Remove file" }).click();
  await expect(panel.getByText("notes.txt")).toHaveCount(0);

  // A file is what its bytes say: a PDF renamed invoice.xlsx gets the same toast, and no sheet headed %PDF-1.4.
  await input.setInputFiles({ name: "invoice.xlsx", mimeType: xlsxType, buffer: Buffer.from("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n", "latin1") });
  await expect(page.locator(".toast").getByText(unsupportedToast)).toBeVisible();
  await expect(panel.getByRole("table", { name: "Spend rows of the file" })).toHaveCount(0);
  await expect(page.getByText("%PDF-1.4")).toHaveCount(0);
  await panel.getByRole("button", { name: "Remove file" }).click();
  await expect(panel.getByText("invoice.xlsx")).toHaveCount(0);

  // A workbook whose header row has __proto__: refused with a clear message, nothing sent, no prototype pollution.
  const before = (await storedSpend(page)).length;
  await input.setInputFiles({
    name: "polluted.xlsx",
    mimeType: xlsxType,
    buffer: workbook([
      ["__proto__", "taxonomy_1", "cost", "start_date", "polluted"],
      ['{"polluted":"yes"}', "Proto", 1, "2026-02-01", "yes"],
    ]),
  });
  await expect(panel.getByRole("alert").filter({ hasText: "__proto__" })).toHaveText(
    'The column header "__proto__" is not allowed. Please rename that column and try again.',
  );
  await expect(panel.getByRole("button", { name: "Send" })).toBeDisabled();
  await expect(panel.getByRole("table", { name: "Spend rows of the file" })).toHaveCount(0);
  const polluted = await page.evaluate(() => {
    const probe: Record<string, unknown> = {};
    return { polluted: probe.polluted, own: Object.prototype.hasOwnProperty.call(Object.prototype, "polluted") };
  });
  expect(polluted).toEqual({ polluted: undefined, own: false });
  expect((await storedSpend(page)).length).toBe(before);
});

/** The level-one table's 'Total Cost': the footer's and a row's, as shown. */
const shownTotalCost = async (table: Locator, row: string): Promise<{ footer: number | null; row: number | null }> => {
  const shown = await readTable(table);
  const column = shown.headers.indexOf("Total Cost") - 1;
  expect(column, `Total Cost among ${shown.headers.join(", ")}`).toBeGreaterThanOrEqual(0);
  const cells = shown.rows.find((r) => r.name === row)?.cells;
  return { footer: screenNumber(shown.footer?.[column] ?? ""), row: cells ? screenNumber(cells[column] ?? "") : null };
};


test("a spend created for today shows at once in the level-one table's Total Cost, without reloading the page", { tag: "@dates" }, async ({ page }) => {
  await signInAs(page, "admin");
  // The default range ends yesterday (the program's day): stretch it to today.
  const start = new URL(page.url());
  const [from, yesterday] = [start.searchParams.get("date_from") ?? "", start.searchParams.get("date_to") ?? ""];
  const today = dayAfter(yesterday);
  await page.getByRole("button", { name: /^Date range:/ }).click();
  await page.getByLabel("From", { exact: true }).fill(from);
  await page.getByLabel("To", { exact: true }).fill(today);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`date_from=${from}&date_to=${today}`));

  const table = page.getByRole("table", { name: "Taxonomy 1", exact: true });
  await expect(table.getByRole("link", { name: "Paid Search", exact: true })).toBeVisible();
  await expect(table).not.toHaveAttribute("aria-busy", "true");
  const before = await shownTotalCost(table, "Paid Search");
  expect(before.footer).not.toBeNull();
  expect(before.row).not.toBeNull();
  // A mark on the window: it survives only if the page is not loaded again.
  await page.evaluate(() => ((window as unknown as { freshCostsMark?: number }).freshCostsMark = 1));

  const panel = await openSpendPanel(page);
  const form = panel.getByRole("form", { name: "Spend configuration" });
  await form.getByLabel("Taxonomy 1").fill("Paid Search");
  await form.getByLabel("Spend", { exact: true }).fill("1234.56");
  await form.getByLabel("Start date").fill(today);
  await form.getByRole("button", { name: "Create Spend" }).click();
  await expect(form.getByRole("status").filter({ hasText: "Created a" })).toContainText(`for Paid Search on ${today}.`);

  const grew = (value: number | null, was: number | null) => Math.round(((value ?? NaN) - (was ?? NaN)) * 100) / 100;
  await expect.poll(async () => grew((await shownTotalCost(table, "Paid Search")).footer, before.footer)).toBe(1234.56);
  expect(grew((await shownTotalCost(table, "Paid Search")).row, before.row)).toBe(1234.56);
  expect(await page.evaluate(() => (window as unknown as { freshCostsMark?: number }).freshCostsMark)).toBe(1);
});

test("a member (demo) gets no spend entry on the performance report: spend management is the admins'", async ({ page }) => {
  const spendCalls: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (/\/(fixed|variable)-costs/.test(url.pathname)) spendCalls.push(url.pathname);
  });
  await signInAs(page, "demo");
  await expect(page.getByRole("table").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Add Spend" })).toHaveCount(0);
  expect(spendCalls).toEqual([]);
});
