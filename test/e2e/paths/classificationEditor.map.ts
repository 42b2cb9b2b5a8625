import { readFile } from "node:fs/promises";
import { isDeepStrictEqual } from "node:util";
import type { Dialog, Download, Route } from "@playwright/test";
import * as XLSX from "xlsx";
import { classificationTexts as t } from "../../../src/domain/classification/classificationTexts";
import { loadedClassification } from "../../model/classification/classificationFixtures";
import { demoUsers } from "../support";
import { failure, quickPoll, type BrowserMap, type PathContext } from "./pathMap";

/**
 * The model's programs as the demo data's (an admin sees every program): the editor opens
 * on Northwind; the header's switch goes to Bluepeak and back.
 */
const programOf = { acme: { code: "northwind", name: "Northwind Outfitters" }, beta: { code: "bluepeak", name: "Bluepeak Home" } } as const;
type ModelProgram = keyof typeof programOf;

/** What the model observes after each step (its `observe` projection). */
interface Observed {
  readonly program: ModelProgram | null;
  readonly titles: ReadonlyArray<string>;
  readonly steps: number;
  readonly cursor: number;
  readonly version: number;
}
const observedOf = (c: PathContext): Observed => c.observed as Observed;

const menu = (c: PathContext) => c.page.getByRole("navigation", { name: "Main" });
const programSelect = (c: PathContext) => c.page.getByLabel("Program", { exact: true });
const heading = (c: PathContext) => c.page.getByRole("heading", { name: t.title, level: 1 });
const toolbar = (c: PathContext) => c.page.getByRole("toolbar", { name: t.title });
const toolbarButton = (c: PathContext, name: string) => toolbar(c).getByRole("button", { name, exact: true });
const list = (c: PathContext) => c.page.getByRole("region", { name: t.taxonomies });
const listButton = (c: PathContext, name: string) => list(c).getByRole("button", { name, exact: true });
const editorStatus = (c: PathContext) => c.page.locator("article.classification > p.loading[role=status]");
const leaveDialog = (c: PathContext) => c.page.getByRole("dialog", { name: t.leaveTitle });
const switchDialog = (c: PathContext) => c.page.getByRole("dialog", { name: t.programSwitchTitle });
/** The app's one error dialog for a 5xx ('Oh no'): its Try again reloads the page. */
const serverErrorDialog = (c: PathContext) => c.page.getByRole("alertdialog", { name: "Oh no" });
const conflictNotice = (c: PathContext) => c.page.getByRole("alert").filter({ hasText: t.conflictTitle });
const performanceHeading = (c: PathContext) => c.page.getByRole("heading", { name: "Performance Report" });
const changelogHeading = (c: PathContext) => c.page.getByRole("heading", { name: /Changelog/, level: 1 });
const loginButton = (c: PathContext) => c.page.getByRole("button", { name: "Login" });

/**
 * Where the person is when the editor is no longer on the page (kept in the path's memory
 * by the step that took them there): signed out, or gone by the menu's Performance link or
 * by Back. The editor's views then say what a person sees instead.
 */
type Away = "signedOut" | "performance" | "back";
const awayOf = (c: PathContext): Away | undefined => c.memory.get("away") as Away | undefined;

/** The page a person sees once away; false when the editor is on the page. */
const seenAway = async (c: PathContext): Promise<boolean> => {
  const away = awayOf(c);
  if (away === undefined) return false;
  if (away === "signedOut") await c.expect(loginButton(c)).toBeVisible();
  else if (away === "performance") await c.expect(performanceHeading(c)).toBeVisible();
  else await c.expect(c.page).toHaveURL(/\/changelog/);
  await c.expect(heading(c)).toHaveCount(0);
  return true;
};

/**
 * The paths' page clock stands still (the preview's wait passes only by a timer step), but a
 * page that loads or changes its session needs its timers (React reveals a loaded screen on
 * one): the clock runs while `act` does, then stands still again.
 */
const withRunningClock = async (c: PathContext, act: () => Promise<void>) => {
  await c.page.clock.resume();
  await act();
  await c.page.clock.pauseAt((await c.page.evaluate(() => Date.now())) + 1_000);
};

const signInOnTheForm = async (c: PathContext) => {
  await c.page.getByLabel("Username").fill(demoUsers.admin.username);
  await c.page.getByLabel("Password", { exact: true }).fill(demoUsers.admin.password);
  await loginButton(c).click();
  await c.expect(menu(c)).toBeVisible();
};

/** The editor from the main menu, on the first program (its load is held: the path's first step answers it). */
const openFromTheMenu = async (c: PathContext) => {
  if ((await programSelect(c).inputValue()) !== programOf.acme.code) await programSelect(c).selectOption(programOf.acme.code);
  // Calls a closed editor left held (cut off when it closed) are not this path's: the path answers the new editor's.
  c.held.clear();
  await menu(c).getByRole("link", { name: t.menu, exact: true }).click();
  await c.expect(heading(c)).toBeVisible();
};

/** The changelog (a screen that calls nothing), signed in: the page Back returns to from the editor. */
const toTheChangelog = async (c: PathContext) => {
  // Unsaved changes make the browser ask before the page goes ('beforeunload'): leave.
  const leave = (dialog: Dialog) => void dialog.accept();
  c.page.on("dialog", leave);
  try {
    await c.page.goto(`/changelog?program=${programOf.acme.code}`);
  } finally {
    c.page.off("dialog", leave);
  }
  await c.expect(loginButton(c).or(menu(c))).toBeVisible();
  if (await loginButton(c).isVisible()) {
    await signInOnTheForm(c);
    await menu(c).getByRole("link", { name: "Changelog", exact: true }).click();
  }
  await c.expect(c.page).toHaveURL(/\/changelog/);
};

/** A sign-out answered by a fixture: the page forgets its session, and the worker's shared sign-in stays valid on the server. */
const answerSignOut = (c: PathContext) =>
  c.page.route("**/api/auth/logout", (route) => (route.request().method() === "POST" ? route.fulfill({ status: 200, json: { ok: true } }) : route.fallback()));

/**
 * The workbook is written in the browser: no request to hold. Download puts a stand-in
 * for it among the held calls (`PathContext.held`), so the outcome step finds it: 'server'
 * (`continue`) waits for the browser's download (Playwright's download event) and reads
 * the file Classification.xlsx; the page cannot be made to fail writing it.
 */
const downloadOutcome = (c: PathContext, download: Promise<Download>): Route => {
  const written = async () => {
    const file = await download;
    c.expect(file.suggestedFilename()).toBe(t.fileName);
    const book = XLSX.read(await readFile(await file.path()), { type: "buffer" });
    c.expect(book.SheetNames).toEqual([t.sheetName]);
    const rows = XLSX.utils.sheet_to_json<ReadonlyArray<unknown>>(book.Sheets[t.sheetName] as XLSX.WorkSheet, { header: 1 });
    // The draft's level-1 taxonomies, in the order shown.
    const shown = [...new Set(rows.slice(1).map((r) => String(r[0] ?? "")))];
    c.expect(shown).toEqual(observedOf(c).titles);
  };
  const cannot = () => Promise.reject(new Error("the browser's workbook writer cannot be made to fail from the page"));
  return { continue: written, abort: cannot, fulfill: cannot } as unknown as Route;
};

/** What the editor's page shows, read at once (one call per step, not one per thing seen). */
interface EditorDom {
  readonly heading: boolean;
  readonly program: string | null;
  readonly normalTitles: ReadonlyArray<string>;
  readonly reorderTitles: ReadonlyArray<string>;
  readonly reorder: boolean;
  readonly doneOrdering: boolean;
  readonly addTaxonomy: boolean;
  readonly undoEnabled: boolean;
  readonly redoEnabled: boolean;
  readonly downloadEnabled: boolean;
  readonly previewStatus: string;
  readonly previewBusy: boolean;
  readonly previewTable: boolean;
  readonly fieldErrors: ReadonlyArray<string>;
  readonly dialogs: ReadonlyArray<string>;
}

const readDom = (c: PathContext): Promise<EditorDom> =>
  c.page.evaluate((words): EditorDom => {
    const texts = (selector: string) => [...document.querySelectorAll(selector)].map((e) => (e.textContent ?? "").trim());
    const button = (scope: string, name: string) => [...document.querySelectorAll<HTMLButtonElement>(`${scope} button`)].find((b) => (b.textContent ?? "").trim() === name);
    const enabled = (b: HTMLButtonElement | undefined) => b !== undefined && !b.disabled;
    const programLabel = [...document.querySelectorAll("label")].find((l) => l.textContent === "Program");
    const preview = document.querySelector(".classification-preview");
    return {
      heading: texts("article.classification h1").includes(words.title),
      program: programLabel?.control instanceof HTMLSelectElement ? programLabel.control.value : null,
      normalTitles: texts(".taxonomy-tree > li > button.taxonomy-entry"),
      reorderTitles: texts(".taxonomy-tree > li > .taxonomy-entry > .taxonomy-entry-title"),
      reorder: button(".taxonomy-list-head", words.reorder) !== undefined,
      doneOrdering: button(".taxonomy-list-head", words.doneOrdering) !== undefined,
      addTaxonomy: button(".taxonomy-list", words.addTaxonomy) !== undefined,
      undoEnabled: enabled(button(".classification-toolbar", words.undo)),
      redoEnabled: enabled(button(".classification-toolbar", words.redo)),
      downloadEnabled: enabled(button(".classification-toolbar", words.download)),
      previewStatus: (preview?.querySelector("[role=status]")?.textContent ?? "").trim(),
      previewBusy: preview?.getAttribute("aria-busy") === "true",
      previewTable: preview?.querySelector("table") !== null && preview?.querySelector("table") !== undefined,
      fieldErrors: texts(".taxonomy-editor .field-error"),
      dialogs: [...document.querySelectorAll("dialog[open]")].map((d) => (d.querySelector("h1, h2")?.textContent ?? "").trim()),
    };
  }, { title: t.title, reorder: t.reorder, doneOrdering: t.doneOrdering, addTaxonomy: t.addTaxonomy, undo: t.undo, redo: t.redo, download: t.download });

/**
 * Whether the page shows `what`: checked on this step's reading when there is one, else
 * (or when it does not show it yet) read again until it does.
 */
const sees = async (c: PathContext, what: string, shows: (d: EditorDom) => boolean) => {
  const last = c.memory.get("dom") as EditorDom | undefined;
  if (last && shows(last)) return;
  let seen: EditorDom | undefined;
  await c
    .expect.poll(
      async () => {
        seen = await readDom(c);
        c.memory.set("dom", seen);
        return shows(seen);
      },
      { ...quickPoll, message: `the page shows ${what}` },
    )
    .toBe(true)
    .catch((e: unknown) => {
      throw new Error(`${e instanceof Error ? e.message : String(e)}\nthe page: ${JSON.stringify(seen)}`);
    });
};

/** A person's press of a button: a disabled one cannot be pressed, and nothing happens. */
const press = async (c: PathContext, button: ReturnType<typeof toolbarButton>) => {
  if (await button.isEnabled()) await button.click();
};

const programPath = /^\/api\/programs\/[^/]+\/admin\/classification$/;

/**
 * The classification editor (/admin/classification) as an admin, opened from the main
 * menu on the changelog (so Back returns there). The saved tree and saves are fixtures
 * (the model's tree at version 3, its answers: saved at version 4, 409, 403, 500), so the
 * worker's stored classification stays as the other tests left it; the preview is the
 * reference server's own dry run of the draft (a 500 for its failure). The preview's
 * wait runs on the paused page clock. The header's program switch goes between Northwind
 * and Bluepeak; signing out (its POST a fixture, so the worker's sign-in stays valid) and
 * in again on the form; a 5xx load opens the app's 'Oh no' dialog, whose Try again loads
 * the page (and the editor) again.
 */
export const classificationEditorMap: BrowserMap = {
  machine: "classificationEditor",
  signedIn: "admin",
  clock: "paused",
  open: async (c) => {
    await c.page.clock.resume();
    await toTheChangelog(c);
    await openFromTheMenu(c);
  },
  // Whatever the last path left (a question, a draft, the sign-in form, another page): back to the changelog, then the editor anew.
  reset: async (c) => {
    await c.page.clock.resume();
    if (await serverErrorDialog(c).isVisible()) return classificationEditorMap.open(c);
    if (await switchDialog(c).isVisible()) await switchDialog(c).getByRole("button", { name: t.backTo(programOf.acme.name) }).click();
    if (await leaveDialog(c).isVisible()) await leaveDialog(c).getByRole("button", { name: t.leaveConfirm, exact: true }).click();
    // A save still under way holds the page (its links ask an editor that cannot answer): the page is loaded again.
    if ((await toolbar(c).getByRole("status").isVisible()) || !(await menu(c).isVisible())) return classificationEditorMap.open(c);
    await menu(c).getByRole("link", { name: "Changelog", exact: true }).click();
    if (await leaveDialog(c).isVisible()) await leaveDialog(c).getByRole("button", { name: t.leaveConfirm, exact: true }).click();
    await c.expect(c.page).toHaveURL(/\/changelog/);
    await openFromTheMenu(c);
  },
  events: {
    "session.scopeChanged": async (c, { label }) => {
      switch (label) {
        case "signedOut":
          await answerSignOut(c);
          await withRunningClock(c, async () => {
            await c.page.getByRole("link", { name: "Sign out" }).click();
            await c.expect(loginButton(c)).toBeVisible();
          });
          c.memory.set("away", "signedOut");
          return;
        case "signedIn":
          await withRunningClock(c, async () => {
            await signInOnTheForm(c);
            await openFromTheMenu(c);
          });
          c.memory.delete("away");
          return;
        case "program":
        case "programOverDraft":
          await programSelect(c).selectOption(programOf.beta.code);
          return;
        // Behind the modal question the header is inert: its select is set as the header sets it (no pointer reaches it).
        case "headerBack":
          await programSelect(c).selectOption(programOf.acme.code, { force: true });
          return;
        default:
          throw new Error(`no header action for the model's scope '${label}'`);
      }
    },
    // Email's title, emptied or typed back: its entry chosen first (shown as '…' while blank), then the Title field.
    "draft.stepped": async (c, { label, event }) => {
      const step = (event as unknown as { step: { kind: string; title?: string; direction?: "up" | "down" } }).step;
      if (label === "blankName") {
        // In the reorder mode the fields are disabled: nothing to type into, and nothing changes.
        if (await listButton(c, t.doneOrdering).isVisible()) return;
        await listButton(c, step.title === "" ? "Email" : "…").click();
        await c.page.locator(".taxonomy-editor").getByLabel(t.titleLabel, { exact: true }).fill(step.title ?? "");
      } else if (label === "move") {
        // In the normal mode there are no move buttons: nothing to press, and nothing changes.
        const title = "Paid Search";
        const move = list(c).getByRole("button", { name: step.direction === "up" ? t.moveUp(title) : t.moveDown(title) });
        if (await move.isVisible()) await move.click();
      } else throw new Error(`no action for the model's step '${label}'`);
    },
    "draft.undone": async (c) => {
      await press(c, toolbarButton(c, t.undo));
    },
    "draft.redone": async (c) => {
      await press(c, toolbarButton(c, t.redo));
    },
    "draft.changed": { notInPaths: "raised by the editor itself after each change of the draft" },
    "editor.selected": { notInPaths: "the model never chooses a taxonomy (the map chooses Email itself before renaming it)" },
    "editor.reorderStarted": async (c) => {
      await listButton(c, t.reorder).click();
    },
    "editor.reorderDone": async (c) => {
      await listButton(c, t.doneOrdering).click();
    },
    "editor.saved": async (c) => {
      await press(c, toolbarButton(c, t.save));
    },
    // After a conflict, the notice's Reload; after a failed load, the app's 'Oh no' dialog's Try again (the page loads again).
    "editor.reloaded": async (c) => {
      if (await conflictNotice(c).isVisible()) await conflictNotice(c).getByRole("button", { name: t.reload, exact: true }).click();
      else
        await withRunningClock(c, async () => {
          await serverErrorDialog(c).getByRole("button", { name: "Try again" }).click();
          await c.expect(heading(c)).toBeVisible();
        });
    },
    "editor.conflictDismissed": async (c) => {
      await conflictNotice(c).getByRole("button", { name: t.keepEditing, exact: true }).click();
    },
    "editor.downloaded": async (c) => {
      const download = c.page.waitForEvent("download");
      await toolbarButton(c, t.download).click();
      c.memory.set("download", download);
      c.held.set("downloadClassification", [downloadOutcome(c, download)]);
    },
    // The menu's Performance link: asked about over unsaved changes, else gone at once.
    "editor.leaveAsked": async (c) => {
      c.memory.set("leaving", "performance");
      await withRunningClock(c, async () => {
        await menu(c).getByRole("link", { name: "Performance", exact: true }).click();
        await c.expect(leaveDialog(c).or(performanceHeading(c))).toBeVisible();
      });
      if (!(await leaveDialog(c).isVisible())) c.memory.set("away", "performance");
    },
    // The browser's Back: stopped by the editor over unsaved changes (it never commits then), so it is not waited for.
    "editor.historyLeaveAsked": async (c) => {
      c.memory.set("leaving", "back");
      void c.page.goBack({ waitUntil: "commit" }).catch(() => undefined);
      await c.expect(leaveDialog(c).or(changelogHeading(c))).toBeVisible();
      if (!(await leaveDialog(c).isVisible())) c.memory.set("away", "back");
    },
    // Leave: the page the person was going to (the performance report loads on a running clock).
    "editor.leaveConfirmed": async (c) => {
      const leaving = c.memory.get("leaving") as Away;
      await withRunningClock(c, async () => {
        await leaveDialog(c).getByRole("button", { name: t.leaveConfirm, exact: true }).click();
        await c.expect(leaving === "performance" ? performanceHeading(c) : changelogHeading(c)).toBeVisible();
      });
      c.memory.set("away", leaving);
    },
    "editor.leaveCancelled": async (c) => {
      await leaveDialog(c).getByRole("button", { name: t.stay, exact: true }).click();
    },
    "editor.programSwitchConfirmed": async (c) => {
      await switchDialog(c).getByRole("button", { name: t.discardAndLoad(programOf.beta.name) }).click();
    },
    "editor.programSwitchCancelled": async (c) => {
      await switchDialog(c).getByRole("button", { name: t.backTo(programOf.acme.name) }).click();
    },
  },
  actors: {
    loadClassification: {
      request: (r) => r.method() === "GET" && programPath.test(new URL(r.url()).pathname),
      resolves: { loaded: { status: 200, json: loadedClassification } },
      rejects: { forbidden: failure(403, "forbidden"), server: failure(500, "server_error") },
    },
    saveClassification: {
      request: (r) => r.method() === "POST" && programPath.test(new URL(r.url()).pathname),
      resolves: { saved: { status: 200, json: { ok: true, version: 4 } } },
      rejects: { stale: failure(409, "stale_classification"), forbidden: failure(403, "forbidden"), server: failure(500, "server_error") },
    },
    previewClassification: {
      request: (r) => r.method() === "POST" && /^\/api\/programs\/[^/]+\/admin\/classification\/preview$/.test(new URL(r.url()).pathname),
      resolves: { preview: "server" },
      rejects: { server: failure(500, "server_error") },
    },
    downloadClassification: {
      request: () => false,
      resolves: { written: "server" },
      rejects: { failed: "network" },
    },
    sessionScopeListener: { notInPaths: "the session's scope, followed: its changes are the session.scopeChanged events" },
  },
  delays: ["previewDelay"],
  states: {
    // Every step: what the page showed at the last step is forgotten.
    classificationEditor: async (c) => {
      c.memory.delete("dom");
    },
    // No program yet: signed out (the sign-in form), or the session still opening.
    "classificationEditor.waiting": async (c) => {
      if (await seenAway(c)) return;
      await c.expect(editorStatus(c)).toHaveText(t.loading);
    },
    "classificationEditor.loading": async (c) => {
      await c.expect(heading(c)).toBeVisible();
      await c.expect(editorStatus(c)).toHaveText(t.loading);
      await c.expect(programSelect(c)).toHaveValue(programOf[observedOf(c).program ?? "acme"].code);
      await c.expect.poll(() => c.held.get("loadClassification")?.length ?? 0, { ...quickPoll, message: "the editor asks for the saved tree" }).toBeGreaterThan(0);
    },
    // The app's 'Oh no' dialog over the editor's own words.
    "classificationEditor.loadFailed": async (c) => {
      await c.expect(serverErrorDialog(c)).toBeVisible();
      await c.expect(c.page.getByRole("alert").filter({ hasText: t.loadFailed })).toBeVisible();
    },
    // The draft's level-1 taxonomies in order, the program, and Undo / Redo as far as the history goes.
    "classificationEditor.ready": async (c) => {
      if (await seenAway(c)) return;
      const o = observedOf(c);
      const shown = (d: EditorDom) => (d.doneOrdering ? d.reorderTitles : d.normalTitles.map((title) => (title === "…" ? "" : title)));
      await sees(c, `the taxonomies ${JSON.stringify(o.titles)} on ${o.program ?? "?"}, Undo ${o.cursor > 0 ? "on" : "off"}, Redo ${o.cursor < o.steps ? "on" : "off"}`, (d) =>
        d.heading &&
        isDeepStrictEqual(shown(d), o.titles) &&
        d.program === programOf[o.program ?? "acme"].code &&
        d.undoEnabled === o.cursor > 0 &&
        d.redoEnabled === o.cursor < o.steps,
      );
    },
    "classificationEditor.ready.mode": null,
    "classificationEditor.ready.mode.normal": async (c) => {
      if (!awayOf(c)) await sees(c, "Reorder (the normal mode)", (d) => d.reorder && !d.doneOrdering && d.addTaxonomy);
    },
    "classificationEditor.ready.mode.reorder": async (c) => {
      if (!awayOf(c)) await sees(c, "Done Ordering (the reorder mode)", (d) => d.doneOrdering && !d.reorder && !d.addTaxonomy);
    },
    "classificationEditor.ready.preview": null,
    // Waiting for the draft to rest: 'Updating the preview…'.
    "classificationEditor.ready.preview.debouncing": async (c) => {
      if (!awayOf(c)) await sees(c, `'${t.previewUpdating}'`, (d) => d.previewStatus === t.previewUpdating && d.previewBusy);
    },
    // Passed through at once, to blocked or requesting: never at rest.
    "classificationEditor.ready.preview.checking": null,
    // Asked: the preview's call is out (held), the panel still updating.
    "classificationEditor.ready.preview.requesting": async (c) => {
      if (awayOf(c)) return;
      await sees(c, `'${t.previewUpdating}'`, (d) => d.previewStatus === t.previewUpdating && d.previewBusy);
      await c.expect.poll(() => c.held.get("previewClassification")?.length ?? 0, { ...quickPoll, message: "the editor asks for the preview" }).toBeGreaterThan(0);
    },
    // The reference server's dry run: its level-1 table, nothing said.
    "classificationEditor.ready.preview.shown": async (c) => {
      if (!awayOf(c)) await sees(c, "the preview's tables, nothing said", (d) => d.previewStatus === "" && !d.previewBusy && d.previewTable);
    },
    "classificationEditor.ready.preview.failed": async (c) => {
      if (!awayOf(c)) await sees(c, `'${t.previewFailed}'`, (d) => d.previewStatus === t.previewFailed && !d.previewBusy);
    },
    "classificationEditor.ready.preview.blocked": async (c) => {
      if (!awayOf(c)) await sees(c, `'${t.previewBlocked}' and '${t.nameRequired}'`, (d) => d.previewStatus === t.previewBlocked && d.fieldErrors.includes(t.nameRequired));
    },
    "classificationEditor.ready.leave": null,
    "classificationEditor.ready.leave.staying": async (c) => {
      if (!awayOf(c)) await sees(c, "no question", (d) => d.dialogs.length === 0);
    },
    "classificationEditor.ready.leave.asking": async (c) => {
      await c.expect(leaveDialog(c)).toBeVisible();
      await c.expect(leaveDialog(c)).toContainText(t.leave);
    },
    // Back went through: the changelog, where the editor was opened from.
    "classificationEditor.ready.leave.left": async (c) => {
      await c.expect(c.page).toHaveURL(/\/changelog/);
      await c.expect(heading(c)).toHaveCount(0);
    },
    "classificationEditor.ready.download": null,
    "classificationEditor.ready.download.idle": async (c) => {
      if (!awayOf(c)) await sees(c, "Download ready", (d) => d.downloadEnabled);
    },
    // Written in a moment (the button is busy only as long): the browser receives Classification.xlsx.
    "classificationEditor.ready.download.writing": async (c) => {
      const download = c.memory.get("download") as Promise<Download> | undefined;
      if (!download) throw new Error("Download was not pressed");
      c.expect((await download).suggestedFilename()).toBe(t.fileName);
    },
    "classificationEditor.saving": async (c) => {
      await c.expect(toolbar(c).getByRole("status")).toHaveText(t.saving);
      await c.expect(toolbarButton(c, t.save)).toBeDisabled();
    },
    "classificationEditor.conflict": async (c) => {
      await c.expect(conflictNotice(c)).toBeVisible();
      await c.expect(conflictNotice(c)).toContainText(t.conflict);
    },
    // The header switched to Bluepeak over Northwind's unsaved draft: the question names both.
    "classificationEditor.programSwitched": async (c) => {
      await c.expect(switchDialog(c)).toBeVisible();
      await c.expect(switchDialog(c)).toContainText(t.programSwitch(programOf.acme.name, programOf.beta.name));
    },
    // A 403: sent to / saying so.
    "classificationEditor.forbidden": async (c) => {
      await c.expect(c.page.getByText(t.forbidden)).toBeVisible();
      await c.expect(heading(c)).toHaveCount(0);
    },
  },
};
