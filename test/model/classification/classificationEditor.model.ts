import { isDeepStrictEqual } from "node:util";
import type { SessionScope } from "../../../src/domain/report/reportScope";
import { applyDraftSteps, draftProblems, findTaxonomy, sameClassification, type DraftStep } from "../../../src/domain/classification/classificationDraft";
import { classificationTexts } from "../../../src/domain/classification/classificationTexts";
import { ClientError } from "../../../src/services/http/httpErrors";
import {
  classificationEditorMachine,
  classificationEditorSelectors as sel,
  type ClassificationEditorContext,
  type PreviewClassificationInput,
  type SaveClassificationInput,
} from "../../../src/machines/classification/classificationEditor.machine";
import { defineMachineModel, invariant, type Rig } from "../harness";
import { acme, beta, httpErrors, quietSessionScopeListener, recordingSessionActor, scopeOf, tokyo } from "../fixtures";
import { classificationPreviewOf, loadedClassification } from "./classificationFixtures";

const stale = new ClientError({ status: 409, code: "stale_classification", message: "HTTP 409", path: "/programs/acme/admin/classification" });

const signedOut = { token: null, programs: [], programCode: null, range: null };

/** The session hears only the editor's 'go back' after a program switch (recorded as `session`). */
const inputOf = (rig: Rig) => ({ session: recordingSessionActor((event) => rig.record("received", "session", event)), toasts: rig.recorder("toasts") });

/** At most this many recorded steps are explored (the history is bounded for the graph). */
const maxSteps = 2;

type Snap = Parameters<typeof sel.isLoading>[0];

const inReady = (s: Snap): boolean => s.matches("ready");

/**
 * The person acts once the preview is at rest (answered, failed or blocked), so the graph
 * does not interleave every action with every step of the wait; waits cut short by a
 * change are the scenario tests' (and the step after a step is still offered while waiting).
 */
const previewAtRest = (s: Snap): boolean =>
  s.matches({ ready: { preview: "shown" } }) || s.matches({ ready: { preview: "failed" } }) || s.matches({ ready: { preview: "blocked" } });

/** At rest: the preview too, no question asked, no download under way (one side region at a time keeps the graph small). */
const atRest = (s: Snap): boolean => previewAtRest(s) && s.matches({ ready: { leave: "staying" } }) && s.matches({ ready: { download: "idle" } });

/**
 * Edits the model offers: Email's name emptied (a problem: no preview, no save) and typed
 * back, and Paid Search moved down and up (recorded only in the reorder mode, refused in
 * the normal one). Every other kind of step is the draft's table tests.
 */
/** As loaded in the first program: no step, the first version. */
const pristine = (s: Snap): boolean => s.context.steps.length === 0 && s.context.version === 3 && s.context.scope.program?.code === "acme";

const steps = (s: Snap): Record<string, { step: DraftStep }> => {
  if (!inReady(s) || s.context.steps.length >= maxSteps) return {};
  const email = findTaxonomy(s.context.draft, 2);
  const paidSearchFirst = s.context.draft.data[0]?.id === 1;
  return {
    blankName: { step: { kind: "taxonomyRenamed", id: 2, title: email?.title === "" ? "Email" : "" } },
    move: { step: { kind: "taxonomyMoved", id: 1, direction: paidSearchFirst ? "down" : "up" } },
  };
};

/** One unsaved step on Acme, at rest: where the model switches the program in the header or presses Back. */
const dirtyOnce = (s: Snap): boolean => atRest(s) && sel.isDirty(s) && s.context.steps.length === 1 && s.context.scope.program?.code === "acme";

const when = (test: (s: Snap) => boolean) => (s: Snap): ReadonlyArray<Record<string, never>> => (test(s) ? [{}] : []);

const toastOf = (text: string, kind: "info" | "error") => ({ type: "toast.shown", text, kind });

const draftOf = (c: ClassificationEditorContext) => applyDraftSteps(c.saved, c.steps.slice(0, c.cursor));

/**
 * The classification editor: loaded, refused (403) or failed; edits in the normal mode and
 * moves in the reorder mode, undone and redone; the preview waited for, asked, answered,
 * failed or blocked by a draft's problems; saves answered, stale (409), refused or failed;
 * leaving with and without unsaved changes, by a link or by Back/Forward; the download;
 * another program, at once without unsaved changes, asked about with them (discard, go
 * back, or the header's own switch back).
 */
export const classificationEditorModel = defineMachineModel({
  name: "classificationEditor",
  machine: classificationEditorMachine,
  input: inputOf,
  events: {
    "session.scopeChanged": (s): Record<string, { scope: SessionScope }> => {
      if (s.matches("waiting")) return { signedIn: { scope: scopeOf({ programCode: "acme" }) } };
      if (s.matches("programSwitched")) return { headerBack: { scope: scopeOf({ programCode: "acme" }) } };
      if (dirtyOnce(s)) return { programOverDraft: { scope: scopeOf({ programCode: "beta" }) } };
      return atRest(s) && pristine(s) ? { program: { scope: scopeOf({ programCode: "beta" }) }, signedOut: { scope: scopeOf(signedOut) } } : {};
    },
    "draft.stepped": (s) => (atRest(s) ? steps(s) : {}),
    "draft.undone": when(atRest),
    "draft.redone": when(atRest),
    "editor.reorderStarted": when(atRest),
    "editor.reorderDone": when(atRest),
    "editor.saved": when(atRest),
    "editor.reloaded": when((s) => s.matches("conflict") || s.matches("loadFailed")),
    "editor.conflictDismissed": when((s) => s.matches("conflict")),
    "editor.downloaded": when((s) => atRest(s) && pristine(s)),
    "editor.leaveAsked": (s): Record<string, { href: string }> => (atRest(s) && s.matches({ ready: { mode: "normal" } }) ? { performance: { href: "/performance" } } : {}),
    "editor.historyLeaveAsked": (s): Record<string, { href: string; steps: number }> => (atRest(s) && s.matches({ ready: { mode: "normal" } }) ? { back: { href: "/performance", steps: -1 } } : {}),
    "editor.leaveConfirmed": when((s) => s.matches({ ready: { leave: "asking" } })),
    "editor.leaveCancelled": when((s) => s.matches({ ready: { leave: "asking" } })),
    "editor.programSwitchConfirmed": when((s) => s.matches("programSwitched")),
    "editor.programSwitchCancelled": when((s) => s.matches("programSwitched")),
  },
  actorOutcomes: {
    loadClassification: { resolves: { loaded: loadedClassification }, rejects: { forbidden: httpErrors.forbidden, server: httpErrors.server } },
    saveClassification: { resolves: { saved: { ok: true, version: 4 } }, rejects: { stale, forbidden: httpErrors.forbidden, server: httpErrors.server } },
    previewClassification: { resolves: { preview: classificationPreviewOf() }, rejects: { server: httpErrors.server } },
    downloadClassification: { resolves: { written: undefined }, rejects: { failed: new Error("no file") } },
  },
  delays: { previewDelay: 400 },
  appActions: ["goHome", "goTo", "leaveThroughHistory"],
  provide: () => ({ actors: { sessionScopeListener: quietSessionScopeListener } }),
  observe: (c) => ({
    program: c.scope.program?.code ?? null,
    titles: c.draft.data.map((t) => t.title),
    steps: c.steps.length,
    cursor: c.cursor,
    version: c.version,
  }),
  strategies: {
    shortest: { maxPaths: 250 },
    simple: { observe: (c) => ({ blank: c.draft.data.some((t) => t.title === "") }), maxPaths: 60 },
  },
  limit: 80_000,
  check: ({ action, before, after, newCalls }) => {
    const c = after.context;
    // The draft is always the saved tree with the applied steps; the selection exists, or the list is empty.
    invariant(sameClassification(c.draft, draftOf(c)), "the draft is the saved tree replayed up to the cursor");
    invariant(c.cursor >= 0 && c.cursor <= c.steps.length, "the cursor is inside the history");
    invariant(c.selected === null ? c.draft.data.length === 0 || !inReady(after) : findTaxonomy(c.draft, c.selected) !== null, "the selection exists, or falls back to none only when empty");

    // A step never switches the mode; moves only in the reorder mode, other edits only in the normal one.
    if (action.kind === "event" && action.event.type === "draft.stepped" && before !== undefined) {
      invariant(sel.isReordering(after) === sel.isReordering(before), "a step keeps the mode");
      const step = (action.event as unknown as { step: DraftStep }).step;
      const recorded = after.context.steps.length !== before.context.steps.length || !isDeepStrictEqual(after.context.draft, before.context.draft);
      if (recorded) invariant((step.kind === "taxonomyMoved") === sel.isReordering(before), "moves in the reorder mode, edits in the normal mode");
    }

    // Previews: only for a draft without problems, for the draft shown, in the screen's program.
    for (const call of newCalls.filter((x) => x.kind === "actor" && x.name === "previewClassification")) {
      const input = call.payload as PreviewClassificationInput;
      invariant(draftProblems(input.tree).length === 0, "a draft with problems is never previewed");
      invariant(isDeepStrictEqual(input.tree, c.draft), "the preview asks about the draft shown");
      invariant(input.program === c.scope.program?.code, "the preview goes to the screen's program");
    }
    if (sel.isPreviewBlocked(after)) invariant(draftProblems(c.draft).length > 0, "blocked only by problems");

    // Saves: one per Save in the normal mode with a sound draft, with the version the draft is based on.
    const saves = newCalls.filter((x) => x.kind === "actor" && x.name === "saveClassification");
    const saved = action.kind === "event" && action.event.type === "editor.saved" && before !== undefined && sel.canSave(before);
    invariant(saves.length === (saved ? 1 : 0), "a save is sent once per Save of a sound draft in the normal mode");
    for (const call of saves) {
      const input = call.payload as SaveClassificationInput;
      invariant(input.version === before?.context.version && isDeepStrictEqual(input.tree, before.context.draft), "a save sends the draft with its based-on version");
    }
    if (action.kind === "actor" && action.src === "saveClassification" && action.outcome === "resolves" && after.matches("ready")) {
      invariant(c.version === 4 && c.steps.length === 0 && !sel.isDirty(after), "saved: the draft is the saved tree at the answered version");
    }
    if (action.kind === "actor" && action.src === "saveClassification" && action.outcome === "rejects" && !after.matches("forbidden") && before !== undefined) {
      invariant(isDeepStrictEqual(c.draft, before.context.draft), "a failed or stale save keeps the draft");
    }

    // Toasts: saved, failed, no access; each once, when it happens.
    const toasts = newCalls.filter((x) => x.kind === "received" && x.name === "toasts").map((x) => x.payload);
    const expected =
      action.kind === "actor" && action.src === "saveClassification"
        ? action.outcome === "resolves"
          ? [toastOf(classificationTexts.saved, "info")]
          : after.matches("forbidden")
            ? [toastOf(classificationTexts.forbidden, "error")]
            : after.matches("conflict")
              ? []
              : [toastOf(classificationTexts.saveFailed, "error")]
        : after.matches("forbidden") && before?.status !== "done"
          ? [toastOf(classificationTexts.forbidden, "error")]
          : [];
    invariant(isDeepStrictEqual(toasts, expected), "the toast of what happened, once");
    const home = newCalls.filter((x) => x.kind === "action" && x.name === "goHome");
    invariant(home.length === (after.matches("forbidden") && before?.status !== "done" ? 1 : 0), "a 403 goes to / once");

    // Leaving: at once without unsaved changes, after the question with them; by a link to its
    // address, by Back/Forward the move the view stopped.
    const goes = newCalls.filter((x) => x.kind === "action" && x.name === "goTo");
    const historyGoes = newCalls.filter((x) => x.kind === "action" && x.name === "leaveThroughHistory");
    const asked = action.kind === "event" && (action.event.type === "editor.leaveAsked" || action.event.type === "editor.historyLeaveAsked");
    if (asked && before?.matches({ ready: { leave: "staying" } })) {
      const byHistory = action.event.type === "editor.historyLeaveAsked";
      invariant((byHistory ? historyGoes : goes).length === (sel.isDirty(before) ? 0 : 1) && (byHistory ? goes : historyGoes).length === 0, "leaving asks only with unsaved changes, and leaves the way asked");
      if (byHistory && historyGoes.length === 1) invariant(historyGoes[0]?.payload === -1, "Back without unsaved changes goes on back");
      invariant(sel.isAskingToLeave(after) === sel.isDirty(before), "the question shows for unsaved changes");
    } else if (action.kind === "event" && action.event.type === "editor.leaveConfirmed" && before?.matches({ ready: { leave: "asking" } })) {
      if (before.context.leavingThroughHistory) {
        invariant(historyGoes.length === 1 && historyGoes[0]?.payload === before.context.leavingThroughHistory && goes.length === 0 && !sel.holdsHistory(after), "Leave after Back/Forward makes the stopped move and holds the history no more");
      } else {
        invariant(goes.length === 1 && historyGoes.length === 0 && isDeepStrictEqual(goes[0]?.payload, "/performance"), "Leave goes where asked");
      }
    } else {
      invariant(goes.length === 0 && historyGoes.length === 0, "nothing else leaves");
    }
    if (sel.isDirty(after) && (after.matches("ready") || after.matches("saving") || after.matches("conflict") || after.matches("programSwitched"))) {
      invariant(sel.holdsHistory(after) === !after.matches({ ready: { leave: "left" } }), "unsaved changes on screen hold Back and Forward until the person leaves");
    }

    // The header's program switch: never drops unsaved changes unasked.
    const loads = newCalls.filter((x) => x.kind === "actor" && x.name === "loadClassification");
    const told = newCalls.filter((x) => x.kind === "received" && x.name === "session").map((x) => x.payload);
    if (action.kind === "event" && action.event.type === "session.scopeChanged" && before !== undefined && sel.isDirty(before)) {
      const to = (action.event as unknown as { scope: SessionScope }).scope;
      if (to.program !== null && to.program.code !== before.context.scope.program?.code) {
        invariant(isDeepStrictEqual(c.draft, before.context.draft) && loads.length === 0 && c.pendingScope?.program?.code === to.program.code, "a switch over unsaved changes keeps the draft and holds the new program");
        if (before.matches("saving")) invariant(after.matches("saving"), "a save under way goes on; its answer decides");
        else invariant(sel.switchedFrom(after) === before.context.scope.program?.name && sel.switchedTo(after) === to.program.name, "a switch over unsaved changes asks, naming both programs");
      }
    }
    if (action.kind === "event" && action.event.type === "editor.programSwitchCancelled" && before !== undefined) {
      invariant(isDeepStrictEqual(told, [{ type: "session.programSelected", program: before.context.scope.program?.code }]), "go back tells the session the program edited");
      invariant(sel.canEdit(after) && isDeepStrictEqual(c.draft, before.context.draft), "go back keeps the draft to edit");
    } else {
      invariant(told.length === 0, "the session hears only go back");
    }
    if (action.kind === "event" && action.event.type === "editor.programSwitchConfirmed" && before !== undefined) {
      invariant(loads.length === 1 && (loads[0]?.payload as { program: string }).program === before.context.pendingScope?.program?.code && !sel.isDirty(after), "discard loads the new program's classification");
    }
  },
});

const acmeScope = scopeOf({ programCode: "acme" });
const betaScope = scopeOf({ programCode: "beta" });
const tokyoScope = scopeOf({ programCode: "tokyo", programs: [acme, beta, tokyo] });

/** At rest in the focused model: the preview answered, no question asked, no download. */
const settled = (s: Snap): boolean => s.matches({ ready: { preview: "shown" } }) && s.matches({ ready: { leave: "staying" } }) && s.matches({ ready: { mode: "normal" } });

const unsavedOnAcme = (s: Snap): boolean => sel.isDirty(s) && s.context.scope.program?.code === "acme";

/**
 * The header's program switch and the browser's Back/Forward over unsaved changes, on a
 * graph small enough for every transition out of `programSwitched` and `leave.asking` to
 * be a path: one edit (Email renamed), Save answered or failed, the header switching to
 * Beta while editing or saving; then discard, go back, the header's own switch back, a
 * third program or signing out; Back with and without unsaved changes, Stay and Leave.
 * The invariants are the editor model's.
 */
export const classificationEditorSwitchModel = defineMachineModel({
  name: "classificationEditor program switch and Back/Forward",
  machine: classificationEditorMachine,
  input: inputOf,
  events: {
    "session.scopeChanged": (s): Record<string, { scope: SessionScope }> => {
      if (s.matches("programSwitched")) return { headerBack: { scope: acmeScope }, tokyo: { scope: tokyoScope }, signedOut: { scope: scopeOf(signedOut) } };
      const editingOrSaving = settled(s) || (s.matches("saving") && s.context.pendingScope === null);
      return editingOrSaving && unsavedOnAcme(s) ? { programOverDraft: { scope: betaScope } } : {};
    },
    "draft.stepped": (s): Record<string, { step: DraftStep }> => (settled(s) && s.context.steps.length === 0 ? { rename: { step: { kind: "taxonomyRenamed", id: 2, title: "E-mail" } } } : {}),
    "editor.saved": when((s) => settled(s) && sel.isDirty(s)),
    "editor.historyLeaveAsked": (s): Record<string, { href: string; steps: number }> => (settled(s) ? { back: { href: "/performance", steps: -1 } } : {}),
    "editor.leaveConfirmed": when((s) => s.matches({ ready: { leave: "asking" } })),
    "editor.leaveCancelled": when((s) => s.matches({ ready: { leave: "asking" } })),
    "editor.programSwitchConfirmed": when((s) => s.matches("programSwitched")),
    "editor.programSwitchCancelled": when((s) => s.matches("programSwitched")),
  },
  actorOutcomes: {
    loadClassification: { resolves: { loaded: loadedClassification } },
    saveClassification: { resolves: { saved: { ok: true, version: 4 } }, rejects: { server: httpErrors.server } },
    previewClassification: { resolves: { preview: classificationPreviewOf() } },
    downloadClassification: { resolves: { written: undefined } },
  },
  delays: { previewDelay: 400 },
  appActions: ["goHome", "goTo", "leaveThroughHistory"],
  provide: () => ({ actors: { sessionScopeListener: quietSessionScopeListener } }),
  observe: (c) => ({ program: c.scope.program?.code ?? null, pending: c.pendingScope?.program?.code ?? null, steps: c.steps.length, version: c.version }),
  strategies: { shortest: { maxPaths: 80 } },
  check: classificationEditorModel.check,
});
