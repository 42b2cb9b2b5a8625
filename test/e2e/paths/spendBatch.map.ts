import type { Route } from "@playwright/test";
import * as XLSX from "xlsx";
import { retryCapMs } from "../../../src/domain/spend/spendBatchRetry";
import { failure, quickPoll, type Answer, type BrowserMap, type PathContext } from "./pathMap";

type Cell = string | number | boolean | null;

/** The 'Add Spend' panel of /performance (an admin's): found through its toggle's aria-controls. */
const spendPanel = async (c: PathContext) => {
  const toggle = c.page.getByRole("button", { name: "Add Spend" });
  return c.page.locator(`#${(await toggle.getAttribute("aria-controls")) ?? "missing"}`);
};
const rowsSection = (c: PathContext) => c.page.getByRole("region", { name: "Spend rows" });
const send = (c: PathContext) => rowsSection(c).getByRole("button", { name: "Send" });
const menu = (c: PathContext) => c.page.getByRole("navigation", { name: "Main" });

/** The 'Add Spend' panel opened on the report shown. */
const openSpendPanel = async (c: PathContext) => {
  const toggle = c.page.getByRole("button", { name: "Add Spend" });
  await toggle.click();
  await c.expect(toggle).toHaveAttribute("aria-expanded", "true");
  await c.expect(await spendPanel(c)).toBeVisible();
};

/**
 * The sheet the model drops, as an .xlsx file (numbers stay numbers, a null is an empty
 * cell) holding it twice: choosing a file clears the batch first, so the model's sheet
 * of the same file again (the options kept) is, in the page, the file's other sheet.
 */
const sheetNames = ["Spend", "Spend again"] as const;
const workbookOf = (rows: ReadonlyArray<ReadonlyArray<Cell>>): Buffer => {
  const book = XLSX.utils.book_new();
  for (const name of sheetNames) XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows.map((r) => [...r])), name);
  return XLSX.write(book, { type: "buffer", bookType: "xlsx" }) as Buffer;
};

/**
 * The answer to a row's request for each way the model settles it. The model's plain
 * 'failed' carries no failure to judge, so the row ends as an error without a retry: in
 * the page, an answer that is never retried (a 400).
 */
const settledAnswer = (label: string, row: number): Answer => {
  if (label.endsWith(" saved")) return { status: 201, json: { data: { id: 9000 + row } } };
  if (label.includes(" unavailable")) return failure(503, "unavailable");
  if (label.endsWith(" refused")) return failure(422, "unprocessable");
  return failure(400, "bad_request");
};

/** What the model observes: the row counts by status (and the file, the options, a problem, row 0's attempts). */
interface Observed {
  readonly counts: Readonly<Record<string, number>>;
  readonly problem: boolean;
}

/**
 * The spend rows of a file dropped on the 'Add Spend' panel of /performance (an admin's):
 * the model's sheets as .xlsx files, the header option, Send and Remove file. Each row's
 * request (a spawned child, not an invoked actor) is held and answered when the model
 * settles that row (`batch.rowSettled`: 201, 500, 503 or 422, found by its taxonomy); a
 * retry's wait (raised by the machine) passes when the path's `batch.retryDue` runs the
 * paused page clock past the longest wait.
 *
 * One page per worker: a path after the first leaves the report through the menu (for
 * the changelog) and comes back, as a person would; the report's screen, with its batch, is
 * made afresh on the way back, without loading the app again.
 */
export const spendBatchMap: BrowserMap = {
  machine: "spendBatch",
  signedIn: "admin",
  clock: "paused",
  heldRequests: {
    createSpend: (r) => r.method() === "POST" && /^\/api\/programs\/[^/]+\/fixed-costs$/.test(new URL(r.url()).pathname),
  },
  open: async (c) => {
    await c.page.goto("/performance");
    await openSpendPanel(c);
  },
  // The page clock runs while the screens load (the last path paused it); the path pauses it again once the panel is open.
  reset: async (c) => {
    await c.page.clock.resume();
    await menu(c).getByRole("link", { name: "Changelog", exact: true }).click();
    await c.expect(c.page).toHaveURL(/\/changelog(\?|$)/);
    await menu(c).getByRole("link", { name: "Performance", exact: true }).click();
    await c.expect(c.page).toHaveURL(/\/performance(\?|$)/);
    await openSpendPanel(c);
    await c.expect(rowsSection(c)).toHaveCount(0);
  },
  events: {
    "batch.sheetLoaded": async (c, { event }) => {
      const { fileName, rows } = event as unknown as { fileName: string; rows: ReadonlyArray<ReadonlyArray<Cell>> };
      c.memory.set("sheet", rows);
      const name = fileName.replace(/\.csv$/, ".xlsx");
      if (c.memory.get("file") === name) {
        const sheet = c.memory.get("sheetName") === sheetNames[0] ? sheetNames[1] : sheetNames[0];
        c.memory.set("sheetName", sheet);
        await (await spendPanel(c)).getByLabel("Sheet", { exact: true }).selectOption(sheet);
        return;
      }
      c.memory.set("file", name);
      c.memory.set("sheetName", sheetNames[0]);
      await (await spendPanel(c)).locator('input[type="file"]').first().setInputFiles({
        name,
        mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        buffer: workbookOf(rows),
      });
      await c.expect((await spendPanel(c)).getByText(name, { exact: true })).toBeVisible();
    },
    "batch.optionsChanged": async (c, { label }) => {
      const box = rowsSection(c).getByLabel("The top row holds the headers");
      if (label === "noHeader") await box.uncheck();
      else await box.check();
    },
    "batch.cleared": async (c) => {
      c.memory.delete("file");
      await (await spendPanel(c)).getByRole("button", { name: "Remove file" }).click();
    },
    "batch.sent": async (c) => {
      await send(c).click();
    },
    "batch.rowSettled": async (c, { event, label }) => {
      const row = (event as unknown as { row: number }).row;
      const sheet = (c.memory.get("sheet") ?? []) as ReadonlyArray<ReadonlyArray<Cell>>;
      // Row n of the batch is the sheet's line after the header row; its request names its taxonomy.
      const taxonomy = String(sheet[row + 1]?.[0] ?? "").trim();
      const mine = (r: Route) => (r.request().postDataJSON() as { taxonomy_1?: string } | null)?.taxonomy_1 === taxonomy;
      await c.expect.poll(() => (c.held.get("createSpend") ?? []).some(mine), { ...quickPoll, message: `the page never sent row ${row} (${taxonomy})` }).toBe(true);
      const calls = c.held.get("createSpend") ?? [];
      const route = calls.filter(mine).pop() as Route;
      c.held.set("createSpend", calls.filter((r) => r !== route));
      const answer = settledAnswer(label, row);
      if (typeof answer === "object") await route.fulfill({ status: answer.status, json: answer.json });
    },
    "batch.retryDue": async (c) => {
      await c.page.clock.runFor(retryCapMs);
    },
  },
  actors: {},
  delays: [],
  states: {
    // Every row shows its status: as many rows of each status as the model counts.
    spendBatch: async (c) => {
      const { counts } = c.observed as Observed;
      for (const [status, n] of Object.entries(counts)) await c.expect(rowsSection(c).locator(`tbody tr.is-${status}`)).toHaveCount(n);
    },
    "spendBatch.empty": async (c) => {
      await c.expect(rowsSection(c)).toHaveCount(0);
    },
    // Passed through as a sheet arrives: never seen.
    "spendBatch.checking": null,
    "spendBatch.preview": async (c) => {
      await c.expect(rowsSection(c).getByText(/^\d+ of \d+ rows will be sent\.$/)).toBeVisible();
      await c.expect(rowsSection(c).getByRole("alert")).toHaveCount(0);
    },
    "spendBatch.refused": async (c) => {
      await c.expect(rowsSection(c).getByRole("alert")).toBeVisible();
      await c.expect(send(c)).toBeDisabled();
    },
    "spendBatch.sending": async (c) => {
      await c.expect(rowsSection(c).getByRole("status").filter({ hasText: /^Sent \d+ of \d+$/ })).toBeVisible();
    },
    "spendBatch.finished": async (c) => {
      await c.expect(rowsSection(c).getByRole("status").filter({ hasText: /^Finished: A total of \d+ records were processed/ })).toBeVisible();
    },
  },
};
