import { SimulatedClock, createActor, type AnyActorRef, type EventObject } from "xstate";
import { describe, expect, it } from "vitest";
import { ClientError } from "../../../src/services/http/httpErrors";
import type { Classification, ClassificationSaved, LoadedClassification } from "../../../src/domain/classification/classification";
import type { DraftStep } from "../../../src/domain/classification/classificationDraft";
import { classificationTexts } from "../../../src/domain/classification/classificationTexts";
import {
  classificationEditorMachine,
  classificationEditorSelectors as sel,
  type LoadClassificationInput,
  type PreviewClassificationInput,
  type SaveClassificationInput,
} from "../../../src/machines/classification/classificationEditor.machine";
import { httpErrors, quietSessionScopeListener, recordingSessionActor, scopeOf } from "../../model/fixtures";
import { classificationPreviewOf, loadedClassification } from "../../model/classification/classificationFixtures";
import { controlled, flush } from "../support";

const stale = new ClientError({ status: 409, code: "stale_classification", message: "HTTP 409", path: "/programs/acme/admin/classification" });

const setup = (overrides: Parameters<typeof recordingSessionActor>[1] = {}) => {
  const load = controlled<LoadedClassification, LoadClassificationInput>();
  const save = controlled<ClassificationSaved, SaveClassificationInput>();
  const preview = controlled<ReturnType<typeof classificationPreviewOf>, PreviewClassificationInput>();
  const download = controlled<void, { readonly tree: Classification }>();
  const toasted: EventObject[] = [];
  const toasts = recordingSessionActor((e) => toasted.push(e)) as AnyActorRef;
  const clock = new SimulatedClock();
  const went: string[] = [];
  const actor = createActor(
    classificationEditorMachine.provide({
      actors: {
        loadClassification: load.logic,
        saveClassification: save.logic,
        previewClassification: preview.logic,
        downloadClassification: download.logic,
        sessionScopeListener: quietSessionScopeListener,
      },
      actions: { goHome: () => void went.push("/"), goTo: (_, href: string) => void went.push(href) },
    }),
    { clock, input: { session: recordingSessionActor(() => undefined, overrides), toasts } },
  ).start();
  const snap = () => actor.getSnapshot();
  const step = (s: DraftStep) => actor.send({ type: "draft.stepped", step: s });
  const rest = async (ms = 400) => {
    clock.increment(ms);
    await flush();
  };
  return { actor, load, save, preview, download, toasted, went, snap, step, rest };
};

/** Loaded and its first preview answered. */
const ready = async () => {
  const rig = setup();
  await rig.load.resolve(loadedClassification);
  await rig.rest();
  await rig.preview.resolve(classificationPreviewOf());
  return rig;
};

describe("classificationEditor: loading", () => {
  it("loads the program's classification, lists it in execution order and selects the first", async () => {
    const { load, snap } = setup();
    expect(sel.isLoading(snap())).toBe(true);
    expect(load.calls[0]?.program).toBe("acme");
    await load.resolve(loadedClassification);
    expect(sel.showsEditor(snap())).toBe(true);
    expect(sel.taxonomies(snap()).map((t) => t.title)).toEqual(["Paid Search", "Email"]);
    expect(sel.selectedId(snap())).toBe(1);
    expect(sel.isDirty(snap())).toBe(false);
  });

  it("selection is none in an empty list", async () => {
    const { load, snap } = setup();
    await load.resolve({ data: [], version: 0 });
    expect(sel.selectedId(snap())).toBeNull();
    expect(sel.selected(snap())).toBeNull();
  });

  it("a 403 sends the person to / saying 'You don't have access to admin resources'", async () => {
    const { load, snap, toasted, went } = setup();
    await load.reject(httpErrors.forbidden);
    expect(snap().status).toBe("done");
    expect(toasted).toEqual([{ type: "toast.shown", text: "You don't have access to admin resources", kind: "error" }]);
    expect(went).toEqual(["/"]);
  });

  it("another failure offers to try again", async () => {
    const { actor, load, snap } = setup();
    await load.reject(httpErrors.server);
    expect(sel.hasLoadFailed(snap())).toBe(true);
    actor.send({ type: "editor.reloaded" });
    expect(load.calls).toHaveLength(2);
  });

  it("waits for a program, and another program loads its own classification (the draft goes)", async () => {
    const { actor, load, snap, step } = setup({ programCode: null, token: null, programs: [] });
    expect(snap().value).toBe("waiting");
    expect(load.calls).toHaveLength(0);
    actor.send({ type: "session.scopeChanged", scope: scopeOf({ programCode: "acme" }) });
    await load.resolve(loadedClassification);
    step({ kind: "taxonomyRenamed", id: 2, title: "E-mail" });
    actor.send({ type: "session.scopeChanged", scope: scopeOf({ programCode: "beta" }) });
    expect(load.calls.map((c) => c.program)).toEqual(["acme", "beta"]);
    expect(sel.isDirty(snap())).toBe(false);
  });
});

describe("classificationEditor: editing, undo and redo", () => {
  it("records steps that apply, ignores others, and undo/redo replay the history", async () => {
    const { actor, snap, step } = await ready();
    step({ kind: "taxonomyAdded", parentId: null, title: "Social" });
    expect(sel.selected(snap())?.title).toBe("Social");
    step({ kind: "taxonomyAdded", parentId: null, title: " " });
    step({ kind: "joinTypeChanged", id: 99, joinType: "or" });
    step({ kind: "ruleAdded", taxonomyId: 13 });
    expect(snap().context.steps).toHaveLength(2);
    expect(sel.isDirty(snap())).toBe(true);
    expect(sel.canUndo(snap())).toBe(true);
    actor.send({ type: "draft.undone" });
    actor.send({ type: "draft.undone" });
    expect(sel.taxonomies(snap()).map((t) => t.title)).toEqual(["Paid Search", "Email"]);
    expect(sel.selectedId(snap())).toBe(1);
    expect(sel.isDirty(snap())).toBe(false);
    expect(sel.canUndo(snap())).toBe(false);
    actor.send({ type: "draft.redone" });
    expect(sel.taxonomies(snap()).map((t) => t.title)).toEqual(["Paid Search", "Email", "Social"]);
    step({ kind: "taxonomyRenamed", id: 1, title: "Search" });
    expect(sel.canRedo(snap())).toBe(false);
    expect(snap().context.steps).toHaveLength(2);
  });

  it("moves only in the reorder mode; other changes only in the normal mode", async () => {
    const { actor, snap, step } = await ready();
    step({ kind: "taxonomyMoved", id: 1, direction: "down" });
    expect(sel.taxonomies(snap())[0]?.title).toBe("Paid Search");
    actor.send({ type: "editor.reorderStarted" });
    expect(sel.isReordering(snap())).toBe(true);
    step({ kind: "taxonomyRenamed", id: 1, title: "Search" });
    step({ kind: "taxonomyMoved", id: 1, direction: "up" });
    step({ kind: "taxonomyMoved", id: 1, direction: "down" });
    expect(sel.taxonomies(snap()).map((t) => [t.title, t.execution_order])).toEqual([["Email", 1], ["Paid Search", 2]]);
    expect(sel.isReordering(snap())).toBe(true);
    actor.send({ type: "editor.reorderDone" });
    expect(sel.isReordering(snap())).toBe(false);
  });

  it("selects a taxonomy that exists, and falls back to the first when the selected one is removed", async () => {
    const { actor, snap, step } = await ready();
    actor.send({ type: "editor.selected", id: 12 });
    expect(sel.selected(snap())?.title).toBe("Bing");
    actor.send({ type: "editor.selected", id: 99 });
    expect(sel.selectedId(snap())).toBe(12);
    step({ kind: "taxonomyRemoved", id: 12 });
    expect(sel.selectedId(snap())).toBe(1);
  });
});

describe("classificationEditor: preview", () => {
  it("asks once the draft rests, a change cancels the request under way, and the wait does not touch the mode", async () => {
    const { actor, preview, snap, step, rest } = await ready();
    expect(preview.calls).toHaveLength(1);
    expect(sel.preview(snap())).not.toBeNull();
    step({ kind: "joinTypeChanged", id: 1, joinType: "or" });
    await rest(399);
    expect(preview.calls).toHaveLength(1);
    expect(sel.isPreviewUpdating(snap())).toBe(true);
    await rest(1);
    expect(preview.calls).toHaveLength(2);
    expect(preview.calls[1]?.tree.data[0]?.joinType).toBe("or");
    step({ kind: "joinTypeChanged", id: 1, joinType: "and" });
    expect(preview.wasAborted()).toBe(true);
    actor.send({ type: "editor.reorderStarted" });
    step({ kind: "taxonomyMoved", id: 1, direction: "down" });
    expect(sel.isReordering(snap())).toBe(true);
    step({ kind: "taxonomyMoved", id: 1, direction: "up" });
    await rest();
    expect(preview.calls).toHaveLength(3);
    expect(preview.calls[2]?.tree.data[0]?.joinType).toBe("and");
  });

  it("a draft with problems is not sent: the preview waits until they are fixed", async () => {
    const { preview, snap, step, rest } = await ready();
    step({ kind: "ruleAdded", taxonomyId: 2 });
    await rest();
    expect(sel.isPreviewBlocked(snap())).toBe(true);
    expect(preview.calls).toHaveLength(1);
    expect(sel.problems(snap())).toEqual([{ taxonomyId: 2, ruleId: 1201, message: classificationTexts.valueRequired }]);
    expect(sel.canSave(snap())).toBe(false);
    step({ kind: "ruleValueChanged", taxonomyId: 2, ruleId: 1201, expectedValue: "newsletter" });
    await rest();
    expect(preview.calls).toHaveLength(2);
  });

  it("a failed preview says so until the next change", async () => {
    const { preview, snap, step, rest } = await ready();
    step({ kind: "joinTypeChanged", id: 1, joinType: "or" });
    await rest();
    await preview.reject(httpErrors.server);
    expect(sel.hasPreviewFailed(snap())).toBe(true);
  });
});

describe("classificationEditor: saving", () => {
  it("sends the draft with the version it was based on; saved, the draft is the saved tree at the new version", async () => {
    const { actor, save, snap, step, toasted } = await ready();
    step({ kind: "taxonomyRenamed", id: 2, title: "E-mail" });
    actor.send({ type: "editor.saved" });
    expect(sel.isSaving(snap())).toBe(true);
    expect(save.calls[0]?.version).toBe(3);
    expect(save.calls[0]?.tree.data[1]?.title).toBe("E-mail");
    await save.resolve({ ok: true, version: 4 });
    expect(toasted).toEqual([{ type: "toast.shown", text: "Success: The traffic classification set has been saved", kind: "info" }]);
    expect(sel.isDirty(snap())).toBe(false);
    expect(sel.canUndo(snap())).toBe(false);
    expect(snap().context.version).toBe(4);
    step({ kind: "taxonomyRenamed", id: 2, title: "Mail" });
    actor.send({ type: "editor.saved" });
    expect(save.calls[1]?.version).toBe(4);
  });

  it("a failed save says 'Error: There was an error saving' and keeps the draft", async () => {
    const { actor, save, snap, step, toasted } = await ready();
    step({ kind: "taxonomyRenamed", id: 2, title: "E-mail" });
    actor.send({ type: "editor.saved" });
    await save.reject(httpErrors.server);
    expect(toasted).toEqual([{ type: "toast.shown", text: "Error: There was an error saving", kind: "error" }]);
    expect(sel.isDirty(snap())).toBe(true);
    expect(sel.canEdit(snap())).toBe(true);
  });

  it("a 409: someone else saved meanwhile; reload drops the draft and loads theirs, or keep editing", async () => {
    const { actor, load, save, snap, step } = await ready();
    step({ kind: "taxonomyRenamed", id: 2, title: "E-mail" });
    actor.send({ type: "editor.saved" });
    await save.reject(stale);
    expect(sel.isConflict(snap())).toBe(true);
    expect(sel.showsEditor(snap())).toBe(true);
    actor.send({ type: "editor.conflictDismissed" });
    expect(sel.isDirty(snap())).toBe(true);
    actor.send({ type: "editor.saved" });
    await save.reject(stale);
    actor.send({ type: "editor.reloaded" });
    expect(load.calls).toHaveLength(2);
    await load.resolve({ ...loadedClassification, version: 5 });
    expect(sel.isDirty(snap())).toBe(false);
    expect(snap().context.version).toBe(5);
  });

  it("a draft with problems is not sent", async () => {
    const { actor, save, step } = await ready();
    step({ kind: "taxonomyRenamed", id: 2, title: "" });
    actor.send({ type: "editor.saved" });
    expect(save.calls).toHaveLength(0);
  });

  it("a 403 on save ends the screen like a 403 on load", async () => {
    const { actor, save, snap, went } = await ready();
    actor.send({ type: "editor.saved" });
    await save.reject(httpErrors.forbidden);
    expect(snap().status).toBe("done");
    expect(went).toEqual(["/"]);
  });
});

describe("classificationEditor: leaving and downloading", () => {
  it("leaves at once without changes; asks first with unsaved changes", async () => {
    const { actor, snap, step, went } = await ready();
    actor.send({ type: "editor.leaveAsked", href: "/performance" });
    expect(went).toEqual(["/performance"]);
    step({ kind: "taxonomyRenamed", id: 2, title: "E-mail" });
    actor.send({ type: "editor.leaveAsked", href: "/account/costs/fixed" });
    expect(sel.isAskingToLeave(snap())).toBe(true);
    actor.send({ type: "editor.leaveCancelled" });
    expect(went).toEqual(["/performance"]);
    actor.send({ type: "editor.leaveAsked", href: "/account/costs/fixed" });
    actor.send({ type: "editor.leaveConfirmed" });
    expect(went).toEqual(["/performance", "/account/costs/fixed"]);
  });

  it("downloads the draft, one file at a time", async () => {
    const { actor, download, snap, step } = await ready();
    step({ kind: "taxonomyRenamed", id: 2, title: "E-mail" });
    actor.send({ type: "editor.downloaded" });
    actor.send({ type: "editor.downloaded" });
    expect(download.calls).toHaveLength(1);
    expect(sel.isDownloading(snap())).toBe(true);
    await download.resolve(undefined);
    expect(sel.isDownloading(snap())).toBe(false);
  });
});

describe("classificationEditor: typing", () => {
  it("typing a name letter by letter is one step: undo takes the whole name back", async () => {
    const { actor, snap, step } = await ready();
    for (const title of ["E", "E-", "E-m", "E-mail"]) step({ kind: "taxonomyRenamed", id: 2, title });
    expect(snap().context.steps).toHaveLength(1);
    actor.send({ type: "draft.undone" });
    expect(sel.taxonomies(snap())[1]?.title).toBe("Email");
  });
});
