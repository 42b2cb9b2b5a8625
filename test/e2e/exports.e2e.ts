import { expect, test, type Page } from "./fixtures";
import * as XLSX from "xlsx";
import { metricDefinitions, metricNames } from "../../src/domain/report/metrics";
import { contents, downloadBy, parseCsv } from "./downloads";
import { metricOfLabel, readTable, screenNumber, type ScreenTable } from "./screenTable";
import { signInAs } from "./support";

const toolbar = (page: Page) => page.getByRole("toolbar", { name: "Table controls" });

/** The page's table, once its rows are there. */
const loadedTable = async (page: Page, name: string) => {
  const table = page.getByRole("table", { name, exact: true });
  await expect(table.locator("tbody th[scope=row]").first()).toBeVisible();
  await expect(table).not.toHaveAttribute("aria-busy", "true");
  return table;
};

/** The number of decimals a number is written with ("1231.31" 2; "1231.3100000000002" 13). */
const placesOf = (n: number): number => (String(n).split(".")[1] ?? "").length;

/**
 * Every exported row against the screen: the same names in the same order (the table's
 * sort), the visible columns in the standard order (Custom Column Ordering is off), and
 * each value, as a number, exactly what its cell shows: rounded to the metric's decimals
 * with no floating-point noise, the conversion rates and the variance percent divided by
 * 100 (12.35% is 0.1235).
 */
const expectFileMatchesScreen = (file: ReadonlyArray<ReadonlyArray<unknown>>, screen: ScreenTable) => {
  const [header = [], ...rows] = file;
  const shownLabels = screen.headers.slice(1);
  const standardOrder = metricNames.map((m) => metricDefinitions[m].label).filter((label) => shownLabels.includes(label));
  expect(header).toEqual(["Taxonomy 1", ...standardOrder]);
  expect(rows.map((r) => r[0])).toEqual(screen.rows.map((r) => r.name));
  shownLabels.forEach((label, c) => {
    const metric = metricOfLabel(label);
    const column = header.indexOf(label);
    screen.rows.forEach((row, r) => {
      const value = rows[r]?.[column];
      expect(typeof value, `${label} of ${row.name} is a number`).toBe("number");
      const shown = screenNumber(row.cells[c] as string) as number;
      const divided = metric.exportDivisor === 100;
      expect(placesOf(value as number), `${label} of ${row.name}: ${String(value)} has no more places than shown`).toBeLessThanOrEqual(metric.decimals + (divided ? 2 : 0));
      expect(value, `${label} of ${row.name}: file ${String(value)}, screen ${row.cells[c]}`).toBe((divided ? Number(`${shown}e-2`) : shown) + 0);
    });
  });
};

test("'Export as CSV' saves overview.csv on /performance and the taxonomy names joined by underscores deeper", async ({ page }) => {
  await signInAs(page, "demo");
  const levelOne = await readTable(await loadedTable(page, "Taxonomy 1"));

  const overview = await downloadBy(page, () => toolbar(page).getByRole("button", { name: "Export as CSV" }).click());
  expect(overview.suggestedFilename()).toBe("overview.csv");
  const [header, ...rows] = parseCsv((await contents(overview)).toString("utf8").replace(/^\uFEFF/, ""));
  expect(header?.[0]).toBe("Taxonomy 1");
  expect(new Set(rows.map((r) => r[0]))).toEqual(new Set(levelOne.rows.map((r) => r.name)));
  // Each visible figure is written as the screen shows it: a plain number rounded to the metric's decimals, not divided.
  levelOne.headers.slice(1).forEach((label, c) => {
    const metric = metricOfLabel(label);
    const column = header?.indexOf(label) ?? -1;
    expect(column, label).toBeGreaterThan(0);
    for (const row of levelOne.rows) {
      const field = rows.find((r) => r[0] === row.name)?.[column] ?? "";
      expect(field, `${label} of ${row.name}`).toMatch(metric.decimals === 0 ? /^-?\d+$/ : new RegExp(`^-?\\d+(\\.\\d{1,${metric.decimals}})?$`));
      expect(Number(field), `${label} of ${row.name}: file ${field}, screen ${row.cells[c]}`).toBe((screenNumber(row.cells[c] as string) as number) + 0);
    }
  });

  await page.getByRole("table", { name: "Taxonomy 1", exact: true }).getByRole("link", { name: "Paid Search", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Paid Search | Performance Report" })).toBeVisible();
  const channel = await readTable(await loadedTable(page, "Taxonomy 2 of Paid Search"));
  const paidSearch = await downloadBy(page, () => toolbar(page).getByRole("button", { name: "Export as CSV" }).click());
  expect(paidSearch.suggestedFilename()).toBe("Paid Search.csv");
  const channelCsv = parseCsv((await contents(paidSearch)).toString("utf8"));
  expect(channelCsv[0]?.slice(0, 2)).toEqual(["Taxonomy 1", "Taxonomy 2"]);
  expect(new Set(channelCsv.slice(1).map((r) => r[1]))).toEqual(new Set(channel.rows.map((r) => r.name)));

  const google = channel.rows.find((r) => r.name === "Google Ads");
  expect(google).toBeDefined();
  await page.getByRole("link", { name: "Google Ads", exact: true }).first().click();
  await expect(page.getByRole("heading", { name: "Google Ads | Performance Report" })).toBeVisible();
  await loadedTable(page, "Taxonomy 3 of Paid Search › Google Ads");
  const pair = await downloadBy(page, () => toolbar(page).getByRole("button", { name: "Export as CSV" }).click());
  expect(pair.suggestedFilename()).toBe("Paid Search_Google Ads.csv");
});

test("'Export Data' downloads CSV and Excel files that hold what the table shows, in its sort", async ({ page }) => {
  await signInAs(page, "demo");
  const table = await loadedTable(page, "Taxonomy 1");
  // Sort by Page Lands: the files follow the table's sort.
  await table.getByRole("button", { name: /Page Lands/ }).click();
  await expect(table.getByRole("columnheader", { name: /Page Lands/ })).toHaveAttribute("aria-sort", "descending");
  const screen = await readTable(table);
  expect(screen.rows.length).toBeGreaterThan(2);
  const clicks = screen.rows.map((r) => screenNumber(r.cells[screen.headers.indexOf("Page Lands") - 1] as string) as number);
  expect([...clicks].sort((a, b) => b - a)).toEqual(clicks);

  // CSV
  await toolbar(page).getByRole("button", { name: "Export Data" }).click();
  let dialog = page.getByRole("dialog", { name: "Export Data" });
  const reportName = await dialog.getByLabel("Report Name").inputValue();
  expect(reportName).toMatch(/^northwind_outfitters_performance_report_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}$/);
  await expect(dialog.getByRole("checkbox", { name: "Taxonomy 1" })).toBeDisabled();
  await expect(dialog.getByRole("checkbox", { name: "Taxonomy 1" })).toBeChecked();
  const csv = await downloadBy(page, () => dialog.getByRole("button", { name: "Download CSV" }).click());
  expect(csv.suggestedFilename()).toBe(`${reportName}.csv`);
  await expect(dialog).toBeHidden();
  const csvText = (await contents(csv)).toString("utf8").replace(/^\uFEFF/, "");
  const csvRecords = parseCsv(csvText);
  // Numbers are written as plain numbers (no currency, grouping or percent sign).
  for (const record of csvRecords.slice(1)) for (const field of record.slice(1)) expect(field).toMatch(/^-?\d+(\.\d+)?(e-?\d+)?$/);
  expectFileMatchesScreen(
    csvRecords.map((r, i) => (i === 0 ? r : [r[0], ...r.slice(1).map(Number)])),
    screen,
  );

  // Excel
  await toolbar(page).getByRole("button", { name: "Export Data" }).click();
  dialog = page.getByRole("dialog", { name: "Export Data" });
  const xlsx = await downloadBy(page, () => dialog.getByRole("button", { name: "Download Excel" }).click());
  expect(xlsx.suggestedFilename()).toBe(`${reportName}.xlsx`);
  const book = XLSX.read(await contents(xlsx), { type: "buffer" });
  const sheet = book.Sheets[book.SheetNames[0] as string] as XLSX.WorkSheet;
  const cells = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true });
  expectFileMatchesScreen(cells, screen);
  // Numbers are number cells, names are text cells.
  const range = XLSX.utils.decode_range(sheet["!ref"] as string);
  for (let r = 1; r <= range.e.r; r++) {
    expect(sheet[XLSX.utils.encode_cell({ r, c: 0 })]?.t).toBe("s");
    for (let c = 1; c <= range.e.c; c++) expect(sheet[XLSX.utils.encode_cell({ r, c })]?.t).toBe("n");
  }
});
