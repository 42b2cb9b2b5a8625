import { defaultColumns } from "../../../src/domain/report/metrics";
import { createdThree, customColumns, twoSetsCostFavourite, twoSetsDefaultFavourite } from "../../model/performance/columnSetsFixtures";
import { failure, type BrowserMap, type PathContext } from "./pathMap";

const controls = (c: PathContext) => c.page.getByRole("toolbar", { name: "Table controls" });
const toggle = (c: PathContext) => controls(c).getByRole("button", { name: /^Column set: / });
const panel = (c: PathContext) => c.page.getByRole("group", { name: "Column set" });
const busy = (c: PathContext) => controls(c).getByRole("status").filter({ hasText: "Saving the column sets…" });
const columnsDialog = (c: PathContext) => c.page.getByRole("dialog", { name: "Column Selection" });

/** The set names of the model's fixtures (the routed list), by id; 0 is the built-in set, 3 the one the paths save. */
const setNames: Readonly<Record<string, string>> = { "#0": "Default", "#1": "Revenue focus", "#2": "Cost & efficiency", "#3": "Lean" };
/** The model's example names typed into 'Column set name'. */
const typedNames: Readonly<Record<string, string>> = { fresh: "Lean", used: "Revenue focus" };

const nameOf = (label: string): string => setNames[label] ?? `(no set ${label} in the fixtures)`;

const openPanel = async (c: PathContext) => {
  if (!(await panel(c).isVisible())) await toggle(c).click();
  await c.expect(panel(c)).toBeVisible();
};

/** Toggles in the Column Selection dialog, then closes it (as a person does). */
const inColumnsDialog = async (c: PathContext, act: () => Promise<void>) => {
  if (await panel(c).isVisible()) await toggle(c).click();
  await controls(c).getByRole("button", { name: "Columns", exact: true }).click();
  await c.expect(columnsDialog(c)).toBeVisible();
  await act();
  await columnsDialog(c).getByRole("button", { name: "Close" }).click();
  await c.expect(columnsDialog(c)).toBeHidden();
};

/** The session's stored columns and chosen set for each of the model's inputs (the report gives them to the column sets). */
const startingColumns: Readonly<Record<string, { readonly columns: ReadonlyArray<string>; readonly columnSet: number | null }>> = {
  defaults: { columns: defaultColumns, columnSet: null },
  custom: { columns: customColumns, columnSet: null },
  defaultChosen: { columns: defaultColumns, columnSet: 0 },
};

interface Observed {
  readonly favourite: "default" | "saved";
  readonly selected: "custom" | "default" | "saved";
  readonly named: boolean;
}

/**
 * The column set dropdown and the Column Selection dialog of /performance. The list of
 * sets is the model's fixture (routed), so every choice, save, delete and favourite is
 * answered by fixtures too and the worker's stored sets stay as they are.
 */
export const columnSetsMap: BrowserMap = {
  machine: "columnSets",
  signedIn: "demo",
  open: async (c) => {
    const start = startingColumns[c.input] ?? startingColumns.defaults;
    await c.page.addInitScript((preferences) => {
      const raw = localStorage.getItem("attribution.session");
      if (raw === null) return;
      const stored = JSON.parse(raw) as { snapshot: { context: { preferences: Record<string, unknown> } } };
      Object.assign(stored.snapshot.context.preferences, preferences);
      localStorage.setItem("attribution.session", JSON.stringify(stored));
    }, start);
    await c.page.goto("/performance");
    await c.expect(toggle(c)).toBeVisible();
  },
  events: {
    "columnSets.setChosen": async (c, { label }) => {
      // A set that is not listed (the model's 'unknown') cannot be chosen by a person: nothing to click, and the screen stays as it was.
      if (label === "unknown") return;
      await openPanel(c);
      await panel(c).getByRole("button", { name: `Choose ${nameOf(label)}`, exact: true }).click();
    },
    "columnSets.columnToggled": async (c) => {
      await inColumnsDialog(c, () => columnsDialog(c).getByRole("checkbox", { name: "CPA", exact: true }).click());
    },
    "columnSets.columnsReset": async (c) => {
      await inColumnsDialog(c, () => columnsDialog(c).getByRole("button", { name: "Reset to Defaults" }).click());
    },
    "columnSets.nameChanged": async (c, { label }) => {
      await openPanel(c);
      await panel(c).getByLabel("Column set name").fill(typedNames[label] ?? label);
    },
    // Enter in the name field (the button is disabled while the machine would refuse the save).
    "columnSets.saveRequested": async (c) => {
      await openPanel(c);
      await panel(c).getByLabel("Column set name").press("Enter");
    },
    "columnSets.deleteRequested": async (c, { label }) => {
      await openPanel(c);
      await panel(c).getByRole("button", { name: `Delete ${nameOf(label)}`, exact: true }).click();
    },
    "columnSets.favouriteToggled": async (c, { label }) => {
      await openPanel(c);
      await panel(c).getByRole("button", { name: `Favourite ${nameOf(label)}`, exact: true }).click();
    },
  },
  actors: {
    listColumnSets: {
      request: (r) => r.method() === "GET" && new URL(r.url()).pathname === "/api/column-sets",
      resolves: { costFavourite: { status: 200, json: twoSetsCostFavourite }, defaultFavourite: { status: 200, json: twoSetsDefaultFavourite } },
      rejects: { server: failure(500, "server_error") },
    },
    createColumnSet: {
      request: (r) => r.method() === "POST" && new URL(r.url()).pathname === "/api/column-sets",
      resolves: { id3: { status: 201, json: createdThree } },
      rejects: { badRequest: failure(400, "bad_request") },
    },
    deleteColumnSet: {
      request: (r) => r.method() === "DELETE" && /^\/api\/column-sets\/\d+$/.test(new URL(r.url()).pathname),
      resolves: { ok: { status: 200, json: { ok: true } } },
      rejects: { notFound: failure(404, "not_found") },
    },
    favouriteColumnSet: {
      request: (r) => r.method() === "POST" && /^\/api\/column-sets\/\d+\/favourite$/.test(new URL(r.url()).pathname),
      resolves: { ok: { status: 200, json: { ok: true } } },
      rejects: { server: failure(500, "server_error") },
    },
  },
  delays: [],
  states: {
    // The dropdown names the selection: Custom, the built-in Default, or a saved set.
    columnSets: async (c) => {
      const { selected } = c.observed as Observed;
      const name = selected === "custom" ? /^Column set: Custom$/ : selected === "default" ? /^Column set: Default$/ : /^Column set: (?!Custom$|Default$)/;
      await c.expect(toggle(c)).toHaveAccessibleName(name);
    },
    "columnSets.loading": async (c) => {
      await c.expect(busy(c)).toHaveCount(0);
      if (await panel(c).isVisible()) await c.expect(panel(c).getByRole("status")).toHaveText("Loading the column sets…");
    },
    "columnSets.ready": async (c) => {
      if (await panel(c).isVisible()) await c.expect(panel(c).getByText("Loading the column sets…")).toHaveCount(0);
    },
    "columnSets.ready.idle": async (c) => {
      await c.expect(busy(c)).toHaveCount(0);
    },
    // The panel's own signs of a pending call, when the panel is open (a choice closes it).
    "columnSets.ready.saving": async (c) => {
      await c.expect(busy(c)).toBeVisible();
      if (await panel(c).isVisible()) await c.expect(panel(c).getByRole("button", { name: "Save column set" })).toHaveAttribute("aria-busy", "true");
    },
    "columnSets.ready.deleting": async (c) => {
      await c.expect(busy(c)).toBeVisible();
      if (await panel(c).isVisible()) await c.expect(panel(c).getByRole("button", { name: /^Delete / }).first()).toBeDisabled();
    },
    "columnSets.ready.favouriting": async (c) => {
      await c.expect(busy(c)).toBeVisible();
      if (await panel(c).isVisible()) await c.expect(panel(c).getByRole("button", { name: /^Favourite / }).last()).toBeDisabled();
    },
  },
};
