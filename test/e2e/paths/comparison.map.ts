import { closeComparisonDraft, previousPeriod, yearOnYear } from "../../../src/domain/report/comparison";
import { formatRange } from "../../../src/domain/report/dateFormat";
import type { DateRange } from "../../../src/domain/report/dateRange";
import { comparisonInput, februaryTable } from "../../model/performance/comparisonFixtures";
import { e2eNow } from "../environment";
import { failure, type BrowserMap, type PathContext } from "./pathMap";

const dayMs = 86_400_000;
const dayOf = (iso: string): number => Date.parse(`${iso}T00:00:00Z`) / dayMs;
const isoOf = (day: number): string => new Date(day * dayMs).toISOString().slice(0, 10);

/**
 * The model's calendar moved onto the browser's: its today (10 April 2026) is the pinned
 * day, and every date of the model (the main range, the dates typed in the picker) moves
 * by the same number of days, so each of the picker's rules decides as it does in the model.
 */
const today = isoOf(Math.floor(e2eNow() / dayMs));
const shift = dayOf(today) - dayOf(comparisonInput.today);
const shifted = (iso: string): string => (iso === "" ? "" : isoOf(dayOf(iso) + shift));
/** The model's main range (March 2026) on the browser's calendar: the page opens with it. */
const mainRange: DateRange = { from: shifted(comparisonInput.range.from), to: shifted(comparisonInput.range.to) };

/**
 * The model's scopes, by its `comparison.scopeChanged` examples, as a person changes the
 * scope without closing the comparison picker: the chart's named filter (a keyboard choice
 * in a select; the date picker would close the comparison picker, and a drill opens another
 * report). 'march' is the scope the page opens with.
 */
const filterOf = { march: "default", aprilPaidSearch: "new" } as const;

const controls = (c: PathContext) => c.page.getByRole("toolbar", { name: "Table controls" });
const toggle = (c: PathContext) => controls(c).getByRole("switch", { name: "Compare" });
const pickerButton = (c: PathContext) => controls(c).getByRole("button", { name: /^Comparison dates/ });
const panel = (c: PathContext) => c.page.getByRole("group", { name: "Comparison dates" });
const loadingStatus = (c: PathContext) => controls(c).getByRole("status").filter({ hasText: "Loading the comparison…" });
const table = (c: PathContext) => c.page.getByRole("table", { name: "Taxonomy 1", exact: true });
/** The footer's previous Clicks of the model's answer (February: 100 + 40). */
const previousClicks = (c: PathContext) => table(c).locator("tfoot .metric-previous").filter({ hasText: /\b140$/ });
const filterSelect = (c: PathContext) => c.page.getByRole("combobox", { name: "Filter", exact: true });
const startField = (c: PathContext) => panel(c).getByLabel("Comparison start");
const endField = (c: PathContext) => panel(c).getByLabel("Comparison end");
const spendForm = (c: PathContext) => c.page.getByRole("form", { name: "Spend configuration" });

/** A spend the form creates is answered by a fixture (nothing stored, the figures stay). */
const answerSpends = (c: PathContext) =>
  c.page.route("**/api/programs/*/fixed-costs", (route) => (route.request().method() === "POST" ? route.fulfill({ status: 201, json: { data: { id: 9001 } } }) : route.fallback()));

interface Observed {
  readonly april: boolean;
  readonly rows: boolean;
  readonly draftEnd: "empty" | "set";
}
const observedOf = (c: PathContext): Observed => c.observed as Observed;

/** The program's locale, as the app formats the picker's dates. */
const localeOf = (c: PathContext): string => (c.memory.get("locale") as string | undefined) ?? "en-GB";

const expectRange = async (c: PathContext, range: DateRange) => {
  await c.expect(pickerButton(c)).toHaveAccessibleName(`Comparison dates: ${formatRange(range, localeOf(c))}`);
};

/** A shortcut's button in the open picker, pressed when the comparison dates follow it. */
const expectPressed = async (c: PathContext, pressed: "Previous Period" | "Year on Year" | null) => {
  if (!(await panel(c).isVisible())) return;
  for (const name of ["Previous Period", "Year on Year"] as const) {
    await c.expect(panel(c).getByRole("button", { name, exact: true })).toHaveAttribute("aria-pressed", String(name === pressed));
  }
};

/**
 * The Compare switch and the comparison-dates picker of /performance (level one), signed in
 * as admin so the 'Add Spend' form is on the page: a spend created there is the model's
 * `comparison.reloaded` (the costs changed: the comparison loads again), typed and sent
 * with the keyboard so an open picker stays open; its POST is answered by a fixture, so
 * nothing is stored. The comparison's own call (the level-one table at dates other than
 * the main range) is held and answered with the model's February table or a 500.
 */
export const comparisonMap: BrowserMap = {
  machine: "comparison",
  signedIn: "admin",
  open: async (c) => {
    await answerSpends(c);
    await c.page.goto(`/performance?date_from=${mainRange.from}&date_to=${mainRange.to}&filter=${filterOf.march}`);
    await c.expect(toggle(c)).toBeVisible();
    await c.expect(table(c).locator("tbody th[scope=row]").first()).toBeVisible();
    const locale = await c.page.evaluate(() => {
      const s = (JSON.parse(localStorage.getItem("attribution.session") ?? "{}") as { snapshot?: { context?: { programCode?: string; programs?: ReadonlyArray<{ code: string; locale: string }> } } }).snapshot?.context;
      return s?.programs?.find((p) => p.code === s.programCode)?.locale ?? "en-GB";
    });
    c.memory.set("locale", locale);
    const add = c.page.getByRole("button", { name: "Add Spend" });
    await add.click();
    await c.expect(add).toHaveAttribute("aria-expanded", "true");
  },
  // An open picker cancelled (a click on the switch while it is open may only dismiss it: a full run once saw the switch
  // stay on), Compare off and the first scope's filter: the machine is as it starts.
  reset: async (c) => {
    await answerSpends(c);
    if (await panel(c).isVisible()) {
      await panel(c).getByRole("button", { name: "Cancel" }).click();
      await c.expect(panel(c)).toBeHidden();
    }
    if ((await toggle(c).getAttribute("aria-checked")) === "true") await toggle(c).click();
    await c.expect(toggle(c)).toHaveAttribute("aria-checked", "false");
    if ((await filterSelect(c).inputValue()) !== filterOf.march) await filterSelect(c).selectOption(filterOf.march);
    await c.expect(spendForm(c).getByLabel("Taxonomy 1")).toHaveValue("");
  },
  events: {
    "comparison.toggled": async (c) => {
      await toggle(c).click();
    },
    "comparison.scopeChanged": async (c, { label }) => {
      const filter = label === "march" || label === "aprilPaidSearch" ? filterOf[label] : undefined;
      if (filter === undefined) throw new Error(`no named filter for the model's scope '${label}'`);
      await filterSelect(c).selectOption(filter);
    },
    // A spend created with the keyboard (Enter in the form): the report loads the costs again.
    "comparison.reloaded": async (c) => {
      const form = spendForm(c);
      await form.getByLabel("Taxonomy 1").fill("Path spend");
      await form.getByLabel("Spend", { exact: true }).fill("10.00");
      await form.getByLabel("Start date").fill(mainRange.from);
      await form.getByLabel("Spend", { exact: true }).press("Enter");
      await c.expect(form.getByLabel("Taxonomy 1")).toHaveValue("");
    },
    "comparison.pickerOpened": async (c) => {
      await pickerButton(c).click();
    },
    "comparison.pickerCancelled": async (c) => {
      await panel(c).getByRole("button", { name: "Cancel" }).click();
    },
    // With the picker closed there is no shortcut to choose: nothing to do, and nothing changes.
    "comparison.shortcutChosen": async (c, { label }) => {
      if (!(await panel(c).isVisible())) return;
      await panel(c).getByRole("button", { name: label === "yearOnYear" ? "Year on Year" : "Previous Period", exact: true }).click();
    },
    "comparison.draftFromChanged": async (c, { event }) => {
      await startField(c).fill(shifted((event as { value: string } & typeof event).value));
    },
    "comparison.draftToChanged": async (c, { event }) => {
      await endField(c).fill(shifted((event as { value: string } & typeof event).value));
    },
    // Enter in the dates (the form's Apply); with the picker closed there is nothing to apply.
    "comparison.pickerApplied": async (c) => {
      if (!(await panel(c).isVisible())) return;
      const draft = { from: await startField(c).inputValue(), to: await endField(c).inputValue() };
      const problem = await panel(c).getByRole("alert").isVisible();
      if (!problem) c.memory.set("custom", closeComparisonDraft(draft, mainRange, today));
      await endField(c).press("Enter");
    },
  },
  actors: {
    loadComparison: {
      request: (r) => {
        const url = new URL(r.url());
        if (r.method() !== "GET" || !/^\/api\/programs\/[^/]+\/performance(\/named\/[^/]+)?\/table\/single\/taxonomy_1$/.test(url.pathname)) return false;
        return url.searchParams.get("date_from") !== mainRange.from || url.searchParams.get("date_to") !== mainRange.to;
      },
      resolves: { february: { status: 200, json: februaryTable } },
      rejects: { server: failure(500, "server_error") },
    },
  },
  delays: [],
  states: {
    // The scope the model is in: the named filter chosen.
    comparison: async (c) => {
      await c.expect(filterSelect(c)).toHaveValue(observedOf(c).april ? filterOf.aprilPaidSearch : filterOf.march);
    },
    "comparison.opening": null,
    "comparison.off": async (c) => {
      await c.expect(toggle(c)).toHaveAttribute("aria-checked", "false");
      await c.expect(pickerButton(c)).toHaveCount(0);
      await c.expect(loadingStatus(c)).toHaveCount(0);
      await c.expect(table(c).locator(".metric-previous")).toHaveCount(0);
    },
    "comparison.on": async (c) => {
      await c.expect(toggle(c)).toHaveAttribute("aria-checked", "true");
      await c.expect(pickerButton(c)).toBeVisible();
    },
    "comparison.on.dates": null,
    "comparison.on.dates.previousPeriod": async (c) => {
      await expectRange(c, previousPeriod(mainRange));
      await expectPressed(c, "Previous Period");
    },
    "comparison.on.dates.yearOnYear": async (c) => {
      await expectRange(c, yearOnYear(mainRange));
      await expectPressed(c, "Year on Year");
    },
    "comparison.on.dates.custom": async (c) => {
      const custom = c.memory.get("custom") as DateRange | undefined;
      if (custom) await expectRange(c, custom);
      await expectPressed(c, null);
    },
    "comparison.on.picker": null,
    "comparison.on.picker.closed": async (c) => {
      await c.expect(panel(c)).toBeHidden();
      await c.expect(pickerButton(c)).toHaveAttribute("aria-expanded", "false");
    },
    "comparison.on.picker.open": async (c) => {
      await c.expect(panel(c)).toBeVisible();
      await c.expect(pickerButton(c)).toHaveAttribute("aria-expanded", "true");
      if (observedOf(c).draftEnd === "empty") await c.expect(endField(c)).toHaveValue("");
      else await c.expect(endField(c)).not.toHaveValue("");
      await c.expect(startField(c)).not.toHaveValue("");
    },
    "comparison.on.data": null,
    "comparison.on.data.loading": async (c) => {
      await c.expect(loadingStatus(c)).toBeVisible();
      await c.expect(previousClicks(c)).toHaveCount(0);
    },
    "comparison.on.data.loaded": async (c) => {
      await c.expect(loadingStatus(c)).toHaveCount(0);
      await c.expect(previousClicks(c)).toHaveCount(observedOf(c).rows ? 1 : 0);
    },
    // A failed load says nothing: no status, no previous values.
    "comparison.on.data.failed": async (c) => {
      await c.expect(loadingStatus(c)).toHaveCount(0);
      await c.expect(previousClicks(c)).toHaveCount(0);
    },
  },
};
