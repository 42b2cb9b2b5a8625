import { SimulatedClock, createActor } from "xstate";
import { describe, expect, it } from "vitest";
import type { Ok } from "../../../src/domain/access/auth";
import type { AnnotationList } from "../../../src/domain/performance/annotations";
import { campaignNoteTexts, defaultNoteColour } from "../../../src/domain/performance/campaignNotes";
import type { Created } from "../../../src/domain/report/configuration";
import {
  campaignNotesMachine,
  campaignNotesSelectors as sel,
  type AddNoteInput,
  type DeleteNoteInput,
  type ListNotesInput,
} from "../../../src/machines/performance/campaignNotes.machine";
import { created, februaryNotes, launchNote, noNotes, notesScope, othersNote, tvNote, twoNotes } from "../../model/performance/chartFixtures";
import { refusedNote } from "../../model/performance/campaignNotes.model";
import { httpErrors, ok } from "../../model/fixtures";
import { NotFound } from "../../../src/services/http/httpErrors";
import { controlled } from "../support";

const setup = () => {
  const list = controlled<AnnotationList, ListNotesInput>();
  const add = controlled<Created, AddNoteInput>();
  const remove = controlled<Ok, DeleteNoteInput>();
  const actor = createActor(campaignNotesMachine.provide({ actors: { listNotes: list.logic, addNote: add.logic, deleteNote: remove.logic } }), {
    clock: new SimulatedClock(),
    input: { scope: notesScope },
  }).start();
  const snap = () => actor.getSnapshot();
  return { actor, list, add, remove, snap };
};

const listed = async () => {
  const s = setup();
  await s.list.resolve(twoNotes);
  return s;
};

const typeNote = (actor: ReturnType<typeof setup>["actor"]) =>
  actor.send({ type: "notes.draftChanged", date: "2026-01-10", colour: "#AABBCC", text: "  Sale starts  " });

describe("campaign notes machine", () => {
  it("loads the program's notes of the dates shown; markers shown, table closed", async () => {
    const { list, snap } = setup();
    expect(sel.isLoading(snap())).toBe(true);
    expect(list.calls).toEqual([{ scope: notesScope }]);
    await list.resolve(twoNotes);
    expect(snap().value).toEqual({ list: "ready", markers: "shown", table: "closed" });
    expect(sel.notes(snap())).toEqual([launchNote, tvNote]);
    expect(sel.drawnNotes(snap())).toEqual([launchNote, tvNote]);
    expect(sel.draft(snap())).toEqual({ date: "2026-01-31", colour: defaultNoteColour, text: "" });
  });

  it("a failed load leaves the chart without notes, silently", async () => {
    const { list, snap } = setup();
    await list.reject(httpErrors.server);
    expect(snap().matches({ list: "ready" })).toBe(true);
    expect(sel.notes(snap())).toEqual([]);
    expect(sel.problem(snap())).toBeNull();
  });

  it("'Campaign Notes' hides and shows the notes on the chart; the table toggle opens and closes the table", async () => {
    const { actor, snap } = await listed();
    actor.send({ type: "notes.markersToggled" });
    expect(sel.areMarkersShown(snap())).toBe(false);
    expect(sel.drawnNotes(snap())).toEqual([]);
    expect(sel.notes(snap())).toHaveLength(2); // the table still lists them
    actor.send({ type: "notes.tableToggled" });
    expect(sel.isTableOpen(snap())).toBe(true);
    actor.send({ type: "notes.markersToggled" });
    actor.send({ type: "notes.tableToggled" });
    expect(snap().value).toEqual({ list: "ready", markers: "shown", table: "closed" });
  });

  it("the toggles work while the list loads too", () => {
    const { actor, snap } = setup();
    actor.send({ type: "notes.markersToggled" });
    actor.send({ type: "notes.tableToggled" });
    expect(snap().value).toEqual({ list: "loading", markers: "hidden", table: "open" });
  });

  it("adds a checked note (trimmed, colour lower-cased), then reloads the list and clears the text", async () => {
    const { actor, list, add, snap } = await listed();
    typeNote(actor);
    actor.send({ type: "notes.added" });
    expect(sel.isAdding(snap())).toBe(true);
    expect(add.calls).toEqual([{ scope: notesScope, note: { date: "2026-01-10", colour: "#aabbcc", text: "Sale starts" } }]);
    await add.resolve(created);
    expect(sel.isLoading(snap())).toBe(true);
    expect(list.calls).toHaveLength(2);
    expect(sel.draft(snap())).toEqual({ date: "2026-01-10", colour: "#AABBCC", text: "" });
    await list.resolve({ data: [...twoNotes.data, { id: 9, date: "2026-01-10", colour: "#aabbcc", text: "Sale starts", programcode: "acme", can_delete: true }] });
    expect(sel.notes(snap()).map((n) => n.id)).toEqual([7, 8, 9]);
  });

  it.each([
    ["no text", { text: "   " }, campaignNoteTexts.noText],
    ["a bad date", { date: "2026-02-30", text: "x" }, campaignNoteTexts.badDate],
    ["a bad colour", { colour: "red", text: "x" }, campaignNoteTexts.badColour],
    ["a text too long", { text: "x".repeat(501) }, campaignNoteTexts.longText],
  ])("a draft with %s is not sent and says why; typing clears the message", async (_label, change, message) => {
    const { actor, add, snap } = await listed();
    actor.send({ type: "notes.draftChanged", ...change });
    actor.send({ type: "notes.added" });
    expect(add.calls).toEqual([]);
    expect(sel.problem(snap())).toBe(message);
    actor.send({ type: "notes.draftChanged", text: "ok" });
    expect(sel.problem(snap())).toBeNull();
  });

  it.each([
    ["refuses it", refusedNote, `${campaignNoteTexts.addRefused} Invalid body: text is too long`],
    ["cannot be reached", httpErrors.network, `${campaignNoteTexts.addRefused} ${campaignNoteTexts.offline}`],
    ["fails", httpErrors.server, campaignNoteTexts.addRefused],
  ])("when the server %s, the note stays in the form with the reason", async (_label, error, message) => {
    const { actor, add, list, snap } = await listed();
    typeNote(actor);
    actor.send({ type: "notes.added" });
    await add.reject(error);
    expect(snap().matches({ list: "ready" })).toBe(true);
    expect(sel.problem(snap())).toBe(message);
    expect(sel.draft(snap()).text).toBe("  Sale starts  ");
    expect(list.calls).toHaveLength(1);
  });

  it("deletes a listed note after asking: Cancel keeps it; going ahead, it leaves at once, then the list reloads", async () => {
    const { actor, remove, list, snap } = await listed();
    actor.send({ type: "notes.deleteAsked", id: 8 });
    expect(sel.confirming(snap())).toEqual(tvNote);
    expect(remove.calls).toEqual([]);
    actor.send({ type: "notes.deleteCancelled" });
    expect(sel.confirming(snap())).toBeNull();
    expect(snap().matches({ list: "ready" })).toBe(true);
    expect(remove.calls).toEqual([]);
    actor.send({ type: "notes.deleteAsked", id: 8 });
    actor.send({ type: "notes.deleteConfirmed" });
    expect(sel.confirming(snap())).toBeNull();
    expect(sel.deleting(snap())).toBe(8);
    expect(sel.isBusy(snap())).toBe(true);
    expect(remove.calls).toEqual([{ scope: notesScope, id: 8 }]);
    await remove.resolve(ok);
    expect(sel.notes(snap())).toEqual([launchNote]);
    expect(sel.deleting(snap())).toBeNull();
    expect(list.calls).toHaveLength(2);
    // While the list reloads its buttons are disabled: a delete asked then would be ignored.
    expect(sel.isBusy(snap())).toBe(true);
    actor.send({ type: "notes.deleteAsked", id: 7 });
    expect(sel.confirming(snap())).toBeNull();
  });

  it("a refused delete says why and keeps the note", async () => {
    const { actor, remove, snap } = await listed();
    actor.send({ type: "notes.deleteAsked", id: 7 });
    actor.send({ type: "notes.deleteConfirmed" });
    await remove.reject(new NotFound({ status: 404, message: "There is no campaign note with that id in this program.", path: "/programs/acme/annotations/7" }));
    expect(sel.problem(snap())).toBe(`${campaignNoteTexts.deleteRefused} There is no campaign note with that id in this program.`);
    expect(sel.notes(snap())).toHaveLength(2);
    expect(sel.deleting(snap())).toBeNull();
  });

  it("ignores deleting a note that is not listed or that the person may not delete (another's), and adding or deleting while loading", async () => {
    const s = setup();
    typeNote(s.actor);
    s.actor.send({ type: "notes.added" });
    s.actor.send({ type: "notes.deleteAsked", id: 7 });
    expect(s.add.calls).toEqual([]);
    expect(s.remove.calls).toEqual([]);
    await s.list.resolve({ data: [launchNote, othersNote] });
    s.actor.send({ type: "notes.deleteAsked", id: 999 });
    s.actor.send({ type: "notes.deleteAsked", id: othersNote.id });
    expect(sel.confirming(s.snap())).toBeNull();
    s.actor.send({ type: "notes.deleteConfirmed" });
    expect(s.remove.calls).toEqual([]);
  });

  it("reloads for new dates or program; the same scope changes nothing", async () => {
    const { actor, list, snap } = await listed();
    actor.send({ type: "notes.scopeChanged", scope: { ...notesScope } });
    expect(list.calls).toHaveLength(1);
    actor.send({ type: "notes.scopeChanged", scope: februaryNotes });
    expect(list.calls).toEqual([{ scope: notesScope }, { scope: februaryNotes }]);
    await list.resolve(noNotes);
    expect(sel.notes(snap())).toEqual([]);
    actor.send({ type: "notes.scopeChanged", scope: { ...februaryNotes, program: "beta" } });
    expect(list.calls).toHaveLength(3);
  });

  it("a new scope during a load abandons it", () => {
    const { actor, list } = setup();
    actor.send({ type: "notes.scopeChanged", scope: februaryNotes });
    expect(list.wasAborted(0)).toBe(true);
    expect(list.calls).toHaveLength(2);
  });

  it("an add under way is not abandoned by new dates: it finishes, then the new dates' notes load", async () => {
    const { actor, add, list } = await listed();
    typeNote(actor);
    actor.send({ type: "notes.added" });
    actor.send({ type: "notes.scopeChanged", scope: februaryNotes });
    expect(add.wasAborted(0)).toBe(false);
    await add.resolve(created);
    expect(add.calls[0]?.scope).toEqual(notesScope);
    expect(list.calls.at(-1)).toEqual({ scope: februaryNotes });
  });

  it("so is a delete under way", async () => {
    const { actor, remove, list } = await listed();
    actor.send({ type: "notes.deleteAsked", id: 7 });
    actor.send({ type: "notes.deleteConfirmed" });
    actor.send({ type: "notes.scopeChanged", scope: februaryNotes });
    expect(remove.wasAborted(0)).toBe(false);
    await remove.resolve(ok);
    expect(list.calls.at(-1)).toEqual({ scope: februaryNotes });
  });
});
