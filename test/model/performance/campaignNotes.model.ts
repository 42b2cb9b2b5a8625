import type { EventObject, SnapshotFrom } from "xstate";
import { checkNoteDraft } from "../../../src/domain/performance/campaignNotes";
import { campaignNotesMachine, campaignNotesSelectors as sel, type AddNoteInput, type CampaignNotesEvent, type DeleteNoteInput } from "../../../src/machines/performance/campaignNotes.machine";
import { ClientError } from "../../../src/services/http/httpErrors";
import { defineMachineModel, invariant } from "../harness";
import { created, februaryNotes, notesScope, twoNotes } from "./chartFixtures";
import { httpErrors, ok } from "../fixtures";

export const refusedNote = new ClientError({ status: 400, code: "invalid_body", message: "Invalid body: text is too long", path: "/programs/acme/annotations" });

const none: Readonly<Record<string, never>> = {};
const drafts: Readonly<Record<string, Omit<Extract<CampaignNotesEvent, { type: "notes.draftChanged" }>, "type">>> = {
  valid: { date: "2026-01-10", colour: "#123ABC", text: " Sale starts " },
  blank: { text: "   " },
};

const settledWithoutNote = (s: SnapshotFrom<typeof campaignNotesMachine>): boolean => s.matches({ list: "ready" }) && !checkNoteDraft(s.context.draft).ok;

/**
 * Campaign notes: the list of the dates
 * shown (a failed load leaves none), the 'Campaign Notes' and notes table toggles, adding
 * a checked draft and deleting a listed note after asking, with refusals shown.
 */
export const campaignNotesModel = defineMachineModel({
  name: "campaignNotes",
  machine: campaignNotesMachine,
  input: {
    january: (rig) => ({ scope: notesScope, listener: rig.recorder("report") }),
    // A shared link's toggles: notes off, their table open.
    linked: (rig) => ({ scope: notesScope, markersShown: false, tableOpen: true, listener: rig.recorder("report") }),
  },
  // Small enough for simple paths: the draft is typed and the toggles are flipped while
  // the list is settled (the toggles before a valid note is typed), one listed note is
  // deleted; test/machines/performance/campaignNotes.test.ts sends the same events in the other states.
  events: {
    "notes.scopeChanged": { february: { scope: februaryNotes }, same: { scope: notesScope } },
    "notes.markersToggled": (s) => (settledWithoutNote(s) ? [{}] : []),
    "notes.tableToggled": (s) => (settledWithoutNote(s) ? [{}] : []),
    "notes.draftChanged": (s) => (s.matches({ list: "ready" }) ? drafts : none),
    "notes.added": [{}],
    "notes.deleteAsked": (s) => ({ ...(s.context.notes[0] ? { first: { id: s.context.notes[0].id } } : {}), unknown: { id: 999 } }),
    "notes.deleteConfirmed": (s) => (s.matches({ list: "confirming" }) ? [{}] : []),
    "notes.deleteCancelled": (s) => (s.matches({ list: "confirming" }) ? [{}] : []),
  },
  actorOutcomes: {
    listNotes: { resolves: { two: twoNotes }, rejects: { server: httpErrors.server } },
    addNote: { resolves: { created }, rejects: { refused: refusedNote } },
    deleteNote: { resolves: { ok }, rejects: { notFound: httpErrors.notFound } },
  },
  observe: (c) => ({ notes: c.notes.length, draft: checkNoteDraft(c.draft).ok, problem: c.problem !== null }),
  strategies: { simple: { observe: (c) => checkNoteDraft(c.draft).ok, maxPaths: 150 } },
  limit: 200_000,
  check: ({ action, before, after, newCalls }) => {
    const c = after.context;
    const ev = action.kind === "event" ? (action.event as EventObject & Record<string, unknown>) : null;
    const calls = (name: string) => newCalls.filter((x) => x.kind === "actor" && x.name === name);

    // A list load on start, on a new scope (unless an add or delete is finishing), and after each add or delete.
    const lists = calls("listNotes");
    const loading = after.matches({ list: "loading" });
    const entered = loading && !before?.matches({ list: "loading" });
    const reentered = loading && before?.matches({ list: "loading" }) === true && before.context.scope !== c.scope;
    invariant(lists.length === (entered || reentered ? 1 : 0), `one list load per (re)load, got ${lists.length}`);
    for (const l of lists) invariant((l.payload as { scope: typeof c.scope }).scope === c.scope, "the list is of the current scope");

    // Only a valid draft is sent, as checked (trimmed text, lower-case colour).
    for (const a of calls("addNote")) {
      const checked = checkNoteDraft(before?.context.draft ?? c.draft);
      invariant(checked.ok, "only a valid draft is sent");
      invariant(JSON.stringify((a.payload as AddNoteInput).note) === JSON.stringify(checked.ok ? checked.input : null), "the checked note is sent");
    }
    if (ev?.type === "notes.added" && before?.matches({ list: "ready" })) {
      const valid = checkNoteDraft(before.context.draft).ok;
      invariant(after.matches({ list: "adding" }) === valid, "a valid draft is added");
      invariant((c.problem !== null) === !valid, "an invalid draft says why");
    }
    // Only a listed note the person may delete is deleted, and only after they went ahead.
    for (const d of calls("deleteNote")) {
      const id = (d.payload as DeleteNoteInput).id;
      invariant(before?.context.notes.some((n) => n.id === id && n.can_delete) === true, `note #${id} was listed and deletable`);
      invariant(ev?.type === "notes.deleteConfirmed" && before?.matches({ list: "confirming" }) === true, "a note is deleted only after the question");
    }
    if (action.kind === "actor" && action.outcome === "rejects" && action.src !== "listNotes") invariant(c.problem !== null && after.matches({ list: "ready" }), "a refusal is shown");
    if (action.kind === "actor" && action.src === "listNotes" && action.outcome === "rejects") invariant(c.notes.length === 0, "a failed load leaves no notes");

    // The toggles flip their own mode only.
    if (ev?.type === "notes.markersToggled" && before) invariant(sel.areMarkersShown(before) !== sel.areMarkersShown(after) && sel.isTableOpen(before) === sel.isTableOpen(after), "'Campaign Notes' flips the markers");
    if (ev?.type === "notes.tableToggled" && before) invariant(sel.isTableOpen(before) !== sel.isTableOpen(after) && sel.areMarkersShown(before) === sel.areMarkersShown(after), "the table toggle flips the table");
    invariant(sel.drawnNotes(after).length === (sel.areMarkersShown(after) ? c.notes.length : 0), "notes are drawn only when 'Campaign Notes' is on");
    if (!before) invariant(sel.areMarkersShown(after) === c.opening.markersShown && sel.isTableOpen(after) === c.opening.tableOpen, "the toggles open as given");

    // Each toggle, and nothing else, is told to the report, with the toggle's new state.
    const told = newCalls.filter((x) => x.kind === "received" && x.name === "report").map((x) => x.payload);
    const expected =
      ev?.type === "notes.markersToggled"
        ? [{ type: "notes.toggleChanged", toggle: "markers", on: sel.areMarkersShown(after) }]
        : ev?.type === "notes.tableToggled"
          ? [{ type: "notes.toggleChanged", toggle: "table", on: sel.isTableOpen(after) }]
          : [];
    invariant(JSON.stringify(told) === JSON.stringify(expected), `the report is told each toggle: ${JSON.stringify(told)}`);
  },
});
