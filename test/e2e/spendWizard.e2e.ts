import { readFileSync } from "node:fs";
import { expect, test, type Page } from "./fixtures";
import * as XLSX from "xlsx";
import { signInAs } from "./support";

/**
 * The spend batch import wizard end to end: File Upload, Options, Configuration, Process,
 * with a CSV file and an xlsx file holding a bad date, a zero cost and a missing taxonomy;
 * every row's outcome, the downloaded outcome file, and the same file imported again
 * creating nothing new (its rows skipped as already stored).
 */

const sessionOf = async (page: Page): Promise<{ token: string; program: string }> =>
  page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem("attribution.session") ?? "{}") as { snapshot?: { context?: { token?: string; programCode?: string } } };
    return { token: stored.snapshot?.context?.token ?? "", program: stored.snapshot?.context?.programCode ?? "" };
  });

/** The fixed configurations of the program whose taxonomy 1 starts with `prefix`. */
const storedFixed = async (page: Page, prefix: string) => {
  const { token, program } = await sessionOf(page);
  const res = await page.request.get(`/api/programs/${encodeURIComponent(program)}/fixed-costs?date_from=2000-01-01&date_to=2100-12-31`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { data: Array<{ taxonomy_1: string; cost: number; start_date: string; end_date: string | null }> };
  return body.data.filter((r) => r.taxonomy_1.startsWith(prefix)).sort((a, b) => (a.taxonomy_1 < b.taxonomy_1 ? -1 : 1));
};

const chooseFile = async (page: Page, name: string, mimeType: string, buffer: Buffer) => {
  await page.getByLabel("Choose a .csv or .xlsx file").setInputFiles({ name, mimeType, buffer });
  await expect(page.getByRole("region", { name: "Options" })).toBeVisible();
};

const finished = (page: Page, n: number) => page.getByRole("status").filter({ hasText: `Finished: A total of ${n} records were processed` });

const expectTally = async (page: Page, tally: { success: number; error: number; zero_cost: number; stored: number }) => {
  const report = page.locator(".spend-import-report .spend-import-tally");
  for (const [outcome, n] of Object.entries(tally)) await expect(report.locator(`[data-outcome="${outcome}"]`)).toHaveText(String(n));
};

test("fixed spend from a CSV file: outcomes, the outcome file, and the same file again creates nothing new", async ({ page }) => {
  const tag = `Wz${Date.now().toString(36)}`;
  const csv = [
    "Cost Date,End Date,Taxonomy 1,Cost",
    `2026-01-05,,${tag} A,"£1,200.50"`,
    `not a date,,${tag} B,10`,
    `2026-01-06,,${tag} C,0`,
    "2026-01-07,,,5",
    `3 days ago,,${tag} D,99.999`,
  ].join("\r\n");
  const buffer = Buffer.from(csv, "utf-8");

  await signInAs(page, "admin");
  await page.goto("/account/costs/fixed/batch");
  await expect(page.getByRole("heading", { name: "Fixed Spend Batch Import", level: 1 })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "File Upload" })).toHaveAttribute("aria-current", "step");
  for (const step of ["Options", "Configuration", "Process"]) await expect(page.getByRole("listitem").filter({ hasText: step })).toBeVisible();

  // File Upload -> Options: one sheet, the top row holds headers.
  await chooseFile(page, "wizard-costs.csv", "text/csv", buffer);
  await expect(page.getByLabel("The top row holds the column headers")).toBeChecked();
  await expect(page.getByLabel("Sheet")).toHaveCount(0);
  // Back and forward keep the file.
  await page.getByRole("button", { name: "Back" }).click();
  await expect(page.getByText("wizard-costs.csv")).toBeVisible();
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Next" }).click();

  // Configuration: the columns naming a target are mapped; the preview marks each invalid cell with why.
  const configuration = page.getByRole("region", { name: "Configuration" });
  await expect(configuration.getByText("4 columns were mapped from its header.")).toBeVisible();
  await expect(configuration.getByLabel("Cost Date column")).toHaveValue("Cost Date");
  await expect(configuration.getByLabel("Cost column")).toHaveValue("Cost");
  const preview = configuration.getByRole("table", { name: "Preview of the first 5 rows as they will be sent" });
  await expect(preview.locator("tbody tr")).toHaveCount(5);
  await expect(preview.locator("tbody tr").first()).toContainText("1200.50");
  await expect(preview.locator('[title="Start date must be a valid date (YYYY-MM-DD)."]')).toHaveCount(1);
  await expect(preview.locator('[title="Taxonomy 1 is required."]')).toHaveCount(1);
  await expect(configuration.getByText("2 will be created")).toBeVisible();
  await expect(configuration.getByText("0 skipped as already stored")).toBeVisible();
  await expect(configuration.getByText("2 refused")).toBeVisible();
  await expect(configuration.getByText("1 with zero cost not sent")).toBeVisible();

  // The 'Selected Columns (n)' modal.
  await configuration.getByRole("button", { name: "Selected Columns (4)" }).click();
  const modal = page.getByRole("dialog", { name: "Selected Columns (4)" });
  await expect(modal).toContainText("Taxonomy 1: Taxonomy 1");
  await modal.getByRole("button", { name: "Close" }).click();
  await expect(modal).toHaveCount(0);

  // Switching Cost to Static clears it and the error shows under 'cost'; back to Dynamic and its column.
  const cost = configuration.getByRole("group", { name: "Cost *" });
  await cost.getByLabel("Static").check();
  await configuration.getByRole("button", { name: "Import" }).click();
  await expect(cost.getByText("Choose a column or enter a value for cost.")).toBeVisible();
  await cost.getByLabel("Dynamic").check();
  await expect(cost.getByLabel("Cost column")).toHaveValue("");
  await cost.getByLabel("Cost column").selectOption("Cost");
  await expect(configuration.getByText("2 will be created")).toBeVisible();

  // Process, then back at File Upload with every row's outcome.
  await configuration.getByRole("button", { name: "Import" }).click();
  await expect(finished(page, 5)).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "File Upload" })).toHaveAttribute("aria-current", "step");
  await expect(page.getByRole("progressbar", { name: "Import progress" }).last()).toHaveAttribute("aria-valuenow", "5");
  await expectTally(page, { success: 2, error: 2, zero_cost: 1, stored: 0 });
  const outcomes = page.getByRole("table", { name: "Outcome of every row" });
  await expect(outcomes.locator("tbody tr")).toHaveCount(5);

  const stored = await storedFixed(page, `${tag} `);
  expect(stored.map((r) => [r.taxonomy_1, r.cost, r.end_date])).toEqual([
    [`${tag} A`, 1200.5, null],
    [`${tag} D`, 100, null],
  ]);
  expect(stored[0]?.start_date).toBe("2026-01-05");

  // The outcome file: the sheet's columns, then Line, Outcome and Reason.
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download the outcome (CSV)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("wizard-costs_outcome.csv");
  const lines = readFileSync(await download.path(), "utf-8").replace(/^\uFEFF/, "").split("\r\n");
  expect(lines[0]).toBe("Cost Date,End Date,Taxonomy 1,Cost,Line,Outcome,Reason");
  expect(lines[1]).toBe(`2026-01-05,,${tag} A,"£1,200.50",2,success,`);
  expect(lines[2]).toBe(`not a date,,${tag} B,10,3,error,Start date must be a valid date (YYYY-MM-DD).`);
  expect(lines[3]).toBe(`2026-01-06,,${tag} C,0,4,zero_cost,The cost is 0: this row is not sent.`);
  expect(lines[4]).toBe("2026-01-07,,,5,5,error,Taxonomy 1 is required.");

  // The same file again: the stored rows are skipped, nothing new is created.
  await chooseFile(page, "wizard-costs.csv", "text/csv", buffer);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(configuration.getByText("0 will be created")).toBeVisible();
  await expect(configuration.getByText("2 skipped as already stored")).toBeVisible();
  await configuration.getByRole("button", { name: "Import" }).click();
  await expect(finished(page, 5)).toBeVisible();
  await expectTally(page, { success: 0, error: 2, zero_cost: 1, stored: 2 });
  expect(await storedFixed(page, `${tag} `)).toHaveLength(2);

  // The outcome file with its failed rows fixed: only the fixed rows are created.
  const fixed = [lines[0], lines[1], `2026-01-08,,${tag} B,10,3,error,`, lines[3], `2026-01-07,,${tag} E,5,5,error,`, lines[5]].join("\r\n");
  await chooseFile(page, "wizard-costs_outcome.csv", "text/csv", Buffer.from(fixed, "utf-8"));
  await page.getByRole("button", { name: "Next" }).click();
  await expect(configuration.getByText("The mapping you confirmed last time for a file with these headers is filled in.")).toBeVisible();
  await expect(configuration.getByText("2 will be created")).toBeVisible();
  await expect(configuration.getByText("2 skipped as already stored")).toBeVisible();
  await configuration.getByRole("button", { name: "Import" }).click();
  await expect(finished(page, 5)).toBeVisible();
  await expectTally(page, { success: 2, error: 0, zero_cost: 1, stored: 2 });
  expect((await storedFixed(page, `${tag} `)).map((r) => r.taxonomy_1)).toEqual([`${tag} A`, `${tag} B`, `${tag} D`, `${tag} E`]);
});

test("fixed spend from an xlsx file: the sheet chosen, rows skipped, dated cells, outcomes and the same file again", async ({ page }) => {
  const tag = `Wx${Date.now().toString(36)}`;
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([["Read me first"]]), "Notes");
  XLSX.utils.book_append_sheet(
    book,
    XLSX.utils.aoa_to_sheet(
      [
        ["Spend for the quarter"],
        ["Start", "End", "Channel", "Amount"],
        [new Date(Date.UTC(2026, 1, 2)), new Date(Date.UTC(2026, 1, 28)), `${tag} A`, 250.5],
        ["31/02/2026", "", `${tag} B`, 10],
        [new Date(Date.UTC(2026, 1, 3)), "", `${tag} C`, 0],
        [new Date(Date.UTC(2026, 1, 4)), "", "", 7],
        ["2026-02-05", "", `${tag} D`, "$1,000"],
      ],
      { cellDates: true },
    ),
    "Costs",
  );
  const buffer = Buffer.from(XLSX.write(book, { type: "buffer", bookType: "xlsx" }) as ArrayBuffer);
  const mime = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

  await signInAs(page, "admin");
  await page.goto("/account/costs/fixed/batch");
  await chooseFile(page, "wizard-costs.xlsx", mime, buffer);

  // Options: the second sheet, one row skipped.
  await page.getByLabel("Sheet").selectOption({ label: "Costs" });
  await page.getByLabel("Rows to skip").fill("1");
  await page.getByRole("button", { name: "Next" }).click();

  // Configuration: "Start", "End" and "Amount" name targets; "Channel" is chosen by hand.
  const configuration = page.getByRole("region", { name: "Configuration" });
  await expect(configuration.getByText("3 columns were mapped from its header.")).toBeVisible();
  await configuration.getByRole("button", { name: "Import" }).click();
  await expect(configuration.getByText("Choose a column or enter a value for taxonomy 1.")).toBeVisible();
  await configuration.getByLabel("Taxonomy 1 column").selectOption({ label: "Channel" });
  await expect(configuration.getByText("2 will be created")).toBeVisible();
  await expect(configuration.getByText("2 refused")).toBeVisible();
  await configuration.getByRole("button", { name: "Import" }).click();
  await expect(finished(page, 5)).toBeVisible();
  await expectTally(page, { success: 2, error: 2, zero_cost: 1, stored: 0 });
  const stored = await storedFixed(page, `${tag} `);
  expect(stored.map((r) => [r.taxonomy_1, r.cost, r.start_date, r.end_date])).toEqual([
    [`${tag} A`, 250.5, "2026-02-02", "2026-02-28"],
    [`${tag} D`, 1000, "2026-02-05", null],
  ]);

  // Again: the remembered mapping, every stored row skipped.
  await chooseFile(page, "wizard-costs.xlsx", mime, buffer);
  await page.getByLabel("Sheet").selectOption({ label: "Costs" });
  await page.getByLabel("Rows to skip").fill("1");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(configuration.getByText("The mapping you confirmed last time for a file with these headers is filled in.")).toBeVisible();
  await expect(configuration.getByText("2 skipped as already stored")).toBeVisible();
  await configuration.getByRole("button", { name: "Import" }).click();
  await expect(finished(page, 5)).toBeVisible();
  await expectTally(page, { success: 0, error: 2, zero_cost: 1, stored: 2 });
  expect(await storedFixed(page, `${tag} `)).toHaveLength(2);
});

test("variable spend from a CSV file needs a cost link", async ({ page }) => {
  const tag = `Wv${Date.now().toString(36)}`;
  const csv = ["Date,Taxonomy 1,Cost Link,Cost", `2026-01-05,Affiliates,${tag}-1,12.5`, `2026-01-05,Affiliates,,3`, `2026-01-06,Affiliates,${tag}-3,0`].join("\n");
  await signInAs(page, "admin");
  await page.goto("/account/costs/variable/batch");
  await expect(page.getByRole("heading", { name: "Variable Spend Batch Import", level: 1 })).toBeVisible();
  await chooseFile(page, "variable.csv", "text/csv", Buffer.from(csv, "utf-8"));
  await page.getByRole("button", { name: "Next" }).click();
  const configuration = page.getByRole("region", { name: "Configuration" });
  await expect(configuration.getByRole("group", { name: "Cost Link *" })).toBeVisible();
  await expect(configuration.getByText("1 will be created")).toBeVisible();
  await configuration.getByRole("button", { name: "Import" }).click();
  await expect(finished(page, 3)).toBeVisible();
  await expectTally(page, { success: 1, error: 1, zero_cost: 1, stored: 0 });
  const { token, program } = await sessionOf(page);
  const res = await page.request.get(`/api/programs/${encodeURIComponent(program)}/variable-costs?date_from=2026-01-01&date_to=2026-01-31`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const rows = ((await res.json()) as { data: Array<{ cost_link: string; cost: number }> }).data.filter((r) => r.cost_link.startsWith(tag));
  expect(rows.map((r) => [r.cost_link, r.cost])).toEqual([[`${tag}-1`, 12.5]]);
});
