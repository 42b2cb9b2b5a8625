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
import { acme as acmeProgram, beta as betaProgram, httpErrors, quietSessionScopeListener, recordingSessionActor, scopeOf, tokyo } from "../../model/fixtures";
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
  const told: EventObject[] = [];
  const actor = createActor(
    classificationEditorMachine.provide({
      actors: {
        loadClassification: load.logic,
        saveClassification: save.logic,
        previewClassification: preview.logic,
        downloadClassification: download.logic,
        sessionScopeListener: quietSessionScopeListener,
      },
      actions: { goHome: () => void went.push("/"), goTo: (_, href: string) => void went.push(href), leaveThroughHistory: (_, steps: number) => void went.push(`history.go(${steps})`) },
    }),
    { clock, input: { session: recordingSessionActor((e) => void told.push(e), overrides), toasts } },
  ).start();
  const snap = () => actor.getSnapshot();
  const step = (s: DraftStep) => actor.send({ type: "draft.stepped", step: s });
  const rest = async (ms = 400) => {
    clock.increment(ms);
    await flush();
  };
  return { actor, load, save, preview, download, toasted, went, told, snap, step, rest };
};

/** Loaded and its first preview answered. */
const ready = async () => {
  const rig = setup();
  await rig.load.resolve(loadedClassification);
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

  it("waits for a program, and another program without unsaved changes loads its own classification at once", async () => {
    const { actor, load, snap, step } = setup({ programCode: null, token: null, programs: [] });
    expect(snap().value).toBe("waiting");
    expect(load.calls).toHaveLength(0);
    actor.send({ type: "session.scopeChanged", scope: scopeOf({ programCode: "acme" }) });
    await load.resolve(loadedClassification);
    step({ kind: "taxonomyRenamed", id: 2, title: "E-mail" });
    step({ kind: "taxonomyRenamed", id: 2, title: "Email" });
    expect(sel.isDirty(snap())).toBe(false);
    actor.send({ type: "session.scopeChanged", scope: scopeOf({ programCode: "beta" }) });
    expect(load.calls.map((c) => c.program)).toEqual(["acme", "beta"]);
    expect(sel.switchedFrom(snap())).toBeNull();
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
  it("asks for the first preview as soon as the classification is loaded, with no wait (the panel's figures come only from it)", async () => {
    const { load, preview, snap } = setup();
    await load.resolve(loadedClassification);
    expect(preview.calls).toHaveLength(1);
    expect(preview.calls[0]?.tree).toEqual(sel.draft(snap()));
    expect(sel.isPreviewUpdating(snap())).toBe(true);
    await preview.resolve(classificationPreviewOf());
    expect(sel.isPreviewUpdating(snap())).toBe(false);
    expect(sel.preview(snap())).not.toBeNull();
  });

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

describe("classificationEditor: the header's program switch over unsaved changes", () => {
  const beta = scopeOf({ programCode: "beta" });
  const acme = scopeOf({ programCode: "acme" });

  /** Loaded on Acme, Email renamed, then the header switches the session to Beta. */
  const switched = async () => {
    const rig = await ready();
    rig.step({ kind: "taxonomyRenamed", id: 2, title: "E-mail" });
    rig.actor.send({ type: "session.scopeChanged", scope: beta });
    return rig;
  };

  it("keeps the draft of the program edited and asks; nothing is loaded meanwhile", async () => {
    const { load, snap, went } = await switched();
    expect(sel.switchedFrom(snap())).toBe("Acme");
    expect(sel.switchedTo(snap())).toBe("Beta");
    expect(sel.showsEditor(snap())).toBe(true);
    expect(sel.canEdit(snap())).toBe(false);
    expect(sel.taxonomies(snap())[1]?.title).toBe("E-mail");
    expect(snap().context.scope.program?.code).toBe("acme");
    expect(load.calls).toHaveLength(1);
    expect(went).toEqual([]);
    expect(classificationTexts.programSwitch("Acme", "Beta")).toBe(
      "You have unsaved changes to Acme's classification. Discard them and load Beta's classification, or go back to Acme to keep editing.",
    );
  });

  it("go back: the session is told to return to the program edited, and the draft stays to edit", async () => {
    const { actor, load, snap, step, told } = await switched();
    actor.send({ type: "editor.programSwitchCancelled" });
    expect(told).toEqual([{ type: "session.programSelected", program: "acme" }]);
    expect(sel.switchedFrom(snap())).toBeNull();
    expect(sel.canEdit(snap())).toBe(true);
    // The session's switch back comes through the listener: the same program, nothing to load.
    actor.send({ type: "session.scopeChanged", scope: acme });
    expect(load.calls).toHaveLength(1);
    expect(sel.isDirty(snap())).toBe(true);
    step({ kind: "taxonomyRenamed", id: 1, title: "Search" });
    expect(sel.taxonomies(snap()).map((t) => t.title)).toEqual(["Search", "E-mail"]);
  });

  it("discard: the draft goes and the new program's classification loads", async () => {
    const { actor, load, snap, told } = await switched();
    actor.send({ type: "editor.programSwitchConfirmed" });
    expect(load.calls.map((c) => c.program)).toEqual(["acme", "beta"]);
    expect(snap().context.scope.program?.code).toBe("beta");
    await load.resolve({ data: [], version: 1 });
    expect(sel.isDirty(snap())).toBe(false);
    expect(sel.taxonomies(snap())).toEqual([]);
    expect(told).toEqual([]);
  });

  it("while asking: the header's own switch back answers it, a third program is the one asked about, signing out drops the draft", async () => {
    const back = await switched();
    back.actor.send({ type: "session.scopeChanged", scope: acme });
    expect(sel.switchedFrom(back.snap())).toBeNull();
    expect(sel.canEdit(back.snap())).toBe(true);
    expect(back.told).toEqual([]);

    const third = await switched();
    third.actor.send({ type: "session.scopeChanged", scope: scopeOf({ programCode: "tokyo", programs: [acmeProgram, betaProgram, tokyo] }) });
    expect(sel.switchedTo(third.snap())).toBe("Tokyo");
    third.actor.send({ type: "editor.programSwitchConfirmed" });
    expect(third.load.calls.map((c) => c.program)).toEqual(["acme", "tokyo"]);

    const out = await switched();
    out.actor.send({ type: "session.scopeChanged", scope: scopeOf({ token: null, programs: [], programCode: null }) });
    expect(out.snap().value).toBe("waiting");
    expect(sel.isDirty(out.snap())).toBe(false);
  });

  it("a save under way when the header switches: saved, the new program loads; failed, the question is asked", async () => {
    const saved = await ready();
    saved.step({ kind: "taxonomyRenamed", id: 2, title: "E-mail" });
    saved.actor.send({ type: "editor.saved" });
    saved.actor.send({ type: "session.scopeChanged", scope: beta });
    await saved.save.resolve({ ok: true, version: 4 });
    expect(saved.load.calls.map((c) => c.program)).toEqual(["acme", "beta"]);

    const failed = await ready();
    failed.step({ kind: "taxonomyRenamed", id: 2, title: "E-mail" });
    failed.actor.send({ type: "editor.saved" });
    failed.actor.send({ type: "session.scopeChanged", scope: beta });
    await failed.save.reject(httpErrors.server);
    expect(failed.toasted).toEqual([{ type: "toast.shown", text: "Error: There was an error saving", kind: "error" }]);
    expect(sel.switchedTo(failed.snap())).toBe("Beta");
    expect(sel.taxonomies(failed.snap())[1]?.title).toBe("E-mail");
    expect(failed.load.calls).toHaveLength(1);
  });

  it("new dates are not a program switch: the draft stays, nothing is asked", async () => {
    const dates = await ready();
    dates.step({ kind: "taxonomyRenamed", id: 2, title: "E-mail" });
    dates.actor.send({ type: "session.scopeChanged", scope: scopeOf({ range: { from: "2026-02-01", to: "2026-02-28" } }) });
    expect(sel.switchedFrom(dates.snap())).toBeNull();
    expect(sel.isDirty(dates.snap())).toBe(true);
  });
});

describe("classificationEditor: Back and Forward", () => {
  it("without unsaved changes the history is not held, and a move that reaches the editor goes on at once", async () => {
    const { actor, snap, went } = await ready();
    expect(sel.holdsHistory(snap())).toBe(false);
    actor.send({ type: "editor.historyLeaveAsked", href: "/performance", steps: -1 });
    expect(went).toEqual(["history.go(-1)"]);
  });

  it("with unsaved changes: asks, Stay keeps the draft and holds the history, Leave makes the stopped move and holds it no more", async () => {
    const { actor, snap, step, went } = await ready();
    step({ kind: "taxonomyRenamed", id: 2, title: "E-mail" });
    expect(sel.holdsHistory(snap())).toBe(true);
    actor.send({ type: "editor.historyLeaveAsked", href: "/performance", steps: -1 });
    expect(sel.isAskingToLeave(snap())).toBe(true);
    actor.send({ type: "editor.leaveCancelled" });
    expect(went).toEqual([]);
    expect(sel.isDirty(snap())).toBe(true);
    expect(sel.holdsHistory(snap())).toBe(true);
    actor.send({ type: "editor.historyLeaveAsked", href: "/account/costs/fixed", steps: 2 });
    actor.send({ type: "editor.leaveConfirmed" });
    expect(went).toEqual(["history.go(2)"]);
    expect(sel.holdsHistory(snap())).toBe(false);
    // On its way through the history, nothing else leaves a second time.
    actor.send({ type: "editor.leaveAsked", href: "/account/costs/fixed" });
    expect(went).toEqual(["history.go(2)"]);
  });

  it("a link's question still goes to the link", async () => {
    const { actor, step, went } = await ready();
    step({ kind: "taxonomyRenamed", id: 2, title: "E-mail" });
    actor.send({ type: "editor.historyLeaveAsked", href: "/performance", steps: -1 });
    actor.send({ type: "editor.leaveCancelled" });
    actor.send({ type: "editor.leaveAsked", href: "/performance" });
    actor.send({ type: "editor.leaveConfirmed" });
    expect(went).toEqual(["/performance"]);
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
