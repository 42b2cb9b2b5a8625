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
import { httpErrors, quietSessionScopeListener, recordingSessionActor, scopeOf } from "../fixtures";
import { classificationPreviewOf, loadedClassification } from "./classificationFixtures";

const stale = new ClientError({ status: 409, code: "stale_classification", message: "HTTP 409", path: "/programs/acme/admin/classification" });

const signedOut = { token: null, programs: [], programCode: null, range: null };

const inputOf = (rig: Rig) => ({ session: recordingSessionActor(() => undefined), toasts: rig.recorder("toasts") });

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

const when = (test: (s: Snap) => boolean) => (s: Snap): ReadonlyArray<Record<string, never>> => (test(s) ? [{}] : []);

const toastOf = (text: string, kind: "info" | "error") => ({ type: "toast.shown", text, kind });

const draftOf = (c: ClassificationEditorContext) => applyDraftSteps(c.saved, c.steps.slice(0, c.cursor));

/**
 * The classification editor: loaded, refused (403) or failed; edits in the normal mode and
 * moves in the reorder mode, undone and redone; the preview waited for, asked, answered,
 * failed or blocked by a draft's problems; saves answered, stale (409), refused or failed;
 * leaving with and without unsaved changes; the download; another program.
 */
export const classificationEditorModel = defineMachineModel({
  name: "classificationEditor",
  machine: classificationEditorMachine,
  input: inputOf,
  events: {
    "session.scopeChanged": (s): Record<string, { scope: SessionScope }> => {
      if (s.matches("waiting")) return { signedIn: { scope: scopeOf({ programCode: "acme" }) } };
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
    "editor.leaveConfirmed": when((s) => s.matches({ ready: { leave: "asking" } })),
    "editor.leaveCancelled": when((s) => s.matches({ ready: { leave: "asking" } })),
  },
  actorOutcomes: {
    loadClassification: { resolves: { loaded: loadedClassification }, rejects: { forbidden: httpErrors.forbidden, server: httpErrors.server } },
    saveClassification: { resolves: { saved: { ok: true, version: 4 } }, rejects: { stale, forbidden: httpErrors.forbidden, server: httpErrors.server } },
    previewClassification: { resolves: { preview: classificationPreviewOf() }, rejects: { server: httpErrors.server } },
    downloadClassification: { resolves: { written: undefined }, rejects: { failed: new Error("no file") } },
  },
  delays: { previewDelay: 400 },
  appActions: ["goHome", "goTo"],
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

    // Leaving: at once without unsaved changes, after the question with them.
    const goes = newCalls.filter((x) => x.kind === "action" && x.name === "goTo");
    if (action.kind === "event" && action.event.type === "editor.leaveAsked" && before?.matches({ ready: { leave: "staying" } })) {
      invariant(goes.length === (sel.isDirty(before) ? 0 : 1), "leaving asks only with unsaved changes");
      invariant(sel.isAskingToLeave(after) === sel.isDirty(before), "the question shows for unsaved changes");
    } else if (action.kind === "event" && action.event.type === "editor.leaveConfirmed" && before?.matches({ ready: { leave: "asking" } })) {
      invariant(goes.length === 1 && isDeepStrictEqual(goes[0]?.payload, "/performance"), "Leave goes where asked");
    } else {
      invariant(goes.length === 0, "nothing else leaves");
    }
  },
});
