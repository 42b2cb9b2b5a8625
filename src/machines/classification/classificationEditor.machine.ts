import { assign, raise, setup, type ActorRefFrom, type AnyActorRef, type SnapshotFrom } from "xstate";
import type { Classification, ClassificationSaved, ClassificationVersion, LoadedClassification } from "../../domain/classification/classification";
import {
  addedTaxonomyId,
  applyDraftStep,
  applyDraftSteps,
  draftProblems,
  findTaxonomy,
  inExecutionOrder,
  sameClassification,
  selectedAfter,
  stepApplies,
  withStep,
  type DraftStep,
} from "../../domain/classification/classificationDraft";
import type { ClassificationPreview } from "../../domain/classification/classificationPreview";
import { classificationTexts } from "../../domain/classification/classificationTexts";
import { sameSessionScope, type SessionScope } from "../../domain/report/reportScope";
import { downloadClassification, isStaleSave, loadClassification, previewClassification, saveClassification } from "../../services/classification/classification";
import type { WorkbookWriteFailed } from "../../services/exports";
import type { ApiContext } from "../../services/http/http";
import type { HttpError } from "../../services/http/httpErrors";
import { adminRefusalGuards, adminRefusedState } from "../reports/adminRefusal";
import { fromApiCall, fromEffect } from "../runtime/fromEffect";
import { memoLast } from "../runtime/memoLast";
import { followSessionScope, openingScope, scopeAction, scopeGuard, sessionScopeActors, type SessionScopeChanged, type SessionSource } from "../shell/sessionScope";
import { holdScopeWhileWriting, waitForScope } from "../reports/reportScope";

/**
 * The traffic classification editor (/admin/classification, admins only).
 *
 * It owns its scope (the session's program, followed through `sessionScopeListener`; another
 * program loads that program's classification) and loads the saved tree with its version.
 * The header switches the session's program at once, so a switch over unsaved changes is
 * `programSwitched`: the editor keeps the first program and its draft and asks whether to
 * discard them and load the new program's classification, or to go back to the first
 * program (the editor tells the session `session.programSelected`, as the header does).
 * A 403 ends the screen: the person is sent to / with 'You don't have access to admin
 * resources'.
 *
 * Editing is a list of steps (`draft.stepped`, each a `DraftStep` value): the draft is
 * the saved tree with the steps up to `cursor` applied, so undo and redo move the cursor
 * and replay; a new step after an undo drops the steps undone. A step that does not apply
 * is not recorded. The list has two modes as states: `normal` (every change but moves;
 * Save) and `reorder` (only moves: up and down among siblings).
 *
 * Beside the modes, `preview` asks the server how the draft would classify the last 30
 * days of hits: at once on entering `ready` (after the load, a save or a question), then
 * after each change, which restarts the `previewDelay` wait, and a request under way is
 * cancelled by the next change (leaving `requesting` aborts it). A draft with problems
 * (no name, a rule without its value) is not sent. `leave` asks before leaving with
 * unsaved changes, by the app's links (`editor.leaveAsked`) or by the browser's Back and
 * Forward (`editor.historyLeaveAsked`: the view has stopped the move, so leaving that way
 * makes it again, `leaveThroughHistory`, and the region ends in `left`, where Back and
 * Forward are no longer held);
 * `download` writes Classification.xlsx from the draft.
 *
 * Save sends the draft with the version it was based on: saved, the draft becomes the
 * saved tree ('Success: The traffic classification set has been saved'); a 409 means
 * someone else saved meanwhile (`conflict`: reload, which drops the draft, or keep
 * editing); any other failure says 'Error: There was an error saving' and keeps the draft.
 */

/** The session as the editor reads it. */
export type ClassificationEditorSession = SessionSource & AnyActorRef;

export interface ClassificationEditorInput {
  readonly session: ClassificationEditorSession;
  /** The app's toasts actor: hears the saved, failed and no-access messages (`toast.shown`). */
  readonly toasts?: AnyActorRef | null;
}

export interface ClassificationEditorContext {
  readonly session: ClassificationEditorSession;
  readonly scope: SessionScope;
  readonly toasts: AnyActorRef | null;
  /** The tree as saved (in execution order), and its version. */
  readonly saved: Classification;
  readonly version: ClassificationVersion;
  /** Every step recorded since the last load or save; the first `cursor` are applied. */
  readonly steps: ReadonlyArray<DraftStep>;
  readonly cursor: number;
  /** `saved` with the first `cursor` steps applied. */
  readonly draft: Classification;
  /** The taxonomy shown in detail: the one chosen while it exists, else the first, or none. */
  readonly selected: number | null;
  /** The last preview answered (kept while the next one is made). */
  readonly preview: ClassificationPreview | null;
  /** The tree being saved. */
  readonly submitted: Classification | null;
  /** Where the person asked to go while the draft had unsaved changes. */
  readonly leavingTo: string | null;
  /** By Back or Forward: how many entries through the history the stopped move went (-1 is Back); null for a link. */
  readonly leavingThroughHistory: number | null;
  /** A program the session moved to while a save ran, or over unsaved changes (taken up when it ends or is confirmed). */
  readonly pendingScope: SessionScope | null;
}

export type ClassificationEditorEvent =
  | SessionScopeChanged
  | { type: "draft.stepped"; step: DraftStep }
  | { type: "draft.undone" }
  | { type: "draft.redone" }
  /** Raised after every change of the draft. */
  | { type: "draft.changed" }
  | { type: "editor.selected"; id: number }
  | { type: "editor.reorderStarted" }
  | { type: "editor.reorderDone" }
  | { type: "editor.saved" }
  | { type: "editor.reloaded" }
  | { type: "editor.conflictDismissed" }
  | { type: "editor.downloaded" }
  | { type: "editor.leaveAsked"; href: string }
  /** Back or Forward with unsaved changes, stopped by the view: `href` is where it was going, `steps` how many entries away (-1 is Back). */
  | { type: "editor.historyLeaveAsked"; href: string; steps: number }
  | { type: "editor.leaveConfirmed" }
  | { type: "editor.leaveCancelled" }
  /** After a program switch over unsaved changes: discard them and load the new program's classification. */
  | { type: "editor.programSwitchConfirmed" }
  /** After a program switch over unsaved changes: back to the program edited (the session switches back). */
  | { type: "editor.programSwitchCancelled" };

export interface LoadClassificationInput {
  readonly api: ApiContext;
  readonly program: string;
}

export interface SaveClassificationInput {
  readonly api: ApiContext;
  readonly program: string;
  readonly tree: Classification;
  readonly version: ClassificationVersion;
}

export interface PreviewClassificationInput {
  readonly api: ApiContext;
  readonly program: string;
  readonly tree: Classification;
}

type Context = ClassificationEditorContext;

const empty: Classification = { data: [] };

const isComplete = (scope: SessionScope): boolean => scope.program !== null;

/** The editor before a program's classification is loaded: what it opens with and goes back to for another program. */
const noClassification = {
  saved: empty,
  version: 0,
  steps: [],
  cursor: 0,
  draft: empty,
  selected: null,
  preview: null,
  submitted: null,
  leavingTo: null,
  leavingThroughHistory: null,
  pendingScope: null,
} as const satisfies Partial<Context>;

const programOf = (context: Context): string => context.scope.program?.code ?? "";

const isMove = (step: DraftStep): boolean => step.kind === "taxonomyMoved";

/** Only the program differs (same API context, both programs known): what the header's program switch does. */
const isProgramSwitch = (from: SessionScope, to: SessionScope): boolean =>
  from.program !== null &&
  to.program !== null &&
  from.program.code !== to.program.code &&
  from.api.baseUrl === to.api.baseUrl &&
  from.api.token === to.api.token;

const isDirtyContext = (context: Context): boolean => !sameClassification(context.draft, context.saved);

const withCursor = (context: Context, cursor: number) => {
  const draft = applyDraftSteps(context.saved, context.steps.slice(0, cursor));
  return { cursor, draft, selected: selectedAfter(draft, context.selected) };
};

const errorOf = ({ event }: { readonly event: { readonly error: unknown } }) => event.error;

export const classificationEditorMachine = setup({
  types: {
    context: {} as ClassificationEditorContext,
    events: {} as ClassificationEditorEvent,
    input: {} as ClassificationEditorInput,
  },
  actors: {
    ...sessionScopeActors,
    /** GET programs/{program}/admin/classification: the saved tree and its version. */
    loadClassification: fromApiCall<LoadedClassification, LoadClassificationInput, HttpError>(({ program }) => loadClassification(program)),
    /** POST programs/{program}/admin/classification with the tree and the version it was based on. */
    saveClassification: fromApiCall<ClassificationSaved, SaveClassificationInput, HttpError>(({ program, tree, version }) => saveClassification(program, tree, version)),
    /** POST programs/{program}/admin/classification/preview: the draft's dry run. */
    previewClassification: fromApiCall<ClassificationPreview, PreviewClassificationInput, HttpError>(({ program, tree }) => previewClassification(program, tree)),
    /** Classification.xlsx of the draft. */
    downloadClassification: fromEffect<void, { readonly tree: Classification }, WorkbookWriteFailed>(({ tree }) => downloadClassification(tree)),
  },
  actions: {
    changeScope: assign((_, scope: SessionScope) => ({ scope })),
    holdScope: assign((_, scope: SessionScope) => ({ pendingScope: scope })),
    takePendingScope: assign(({ context }) => (context.pendingScope === null ? {} : { scope: context.pendingScope, pendingScope: null })),
    /** Another program: its classification is another one (the draft of this one goes). */
    forgetClassification: assign(noClassification),
    forgetPendingScope: assign({ pendingScope: null }),
    /** Tells the session to go back to the program edited, as the header's program switch does. */
    returnToProgram: ({ context }) => {
      const code = context.scope.program?.code;
      if (code !== undefined) context.session.send({ type: "session.programSelected", program: code });
    },
    storeLoaded: assign(({ context }, loaded: LoadedClassification) => {
      const saved = inExecutionOrder({ data: loaded.data });
      return { saved, version: loaded.version, steps: [], cursor: 0, draft: saved, selected: selectedAfter(saved, context.selected), preview: null };
    }),
    /** One more step (typing on in the same text replaces the last): the steps undone before it go; a taxonomy it adds is selected. */
    recordStep: assign(({ context }, step: DraftStep) => {
      const draft = applyDraftStep(context.draft, step);
      const steps = withStep(context.steps.slice(0, context.cursor), step);
      return { steps, cursor: steps.length, draft, selected: selectedAfter(draft, addedTaxonomyId(context.draft, draft) ?? context.selected) };
    }),
    undoStep: assign(({ context }) => withCursor(context, context.cursor - 1)),
    redoStep: assign(({ context }) => withCursor(context, context.cursor + 1)),
    announceDraftChange: raise({ type: "draft.changed" }),
    select: assign(({ context }, id: number) => ({ selected: selectedAfter(context.draft, id) })),
    storePreview: assign((_, preview: ClassificationPreview) => ({ preview })),
    prepareSubmission: assign(({ context }) => ({ submitted: context.draft })),
    /** Saved: what was sent is the saved tree now, at the answered version; the history starts again. */
    storeSaved: assign(({ context }, saved: ClassificationSaved) => {
      const tree = context.submitted ?? context.draft;
      return { saved: tree, draft: tree, version: saved.version, steps: [], cursor: 0, submitted: null, selected: selectedAfter(tree, context.selected) };
    }),
    forgetSubmission: assign({ submitted: null }),
    rememberDestination: assign((_, params: { href: string; steps: number | null }) => ({ leavingTo: params.href, leavingThroughHistory: params.steps })),
    forgetDestination: assign({ leavingTo: null, leavingThroughHistory: null }),
    /** A message to the app's toasts actor. */
    notify: ({ context }, params: { text: string; kind: "info" | "error" }) => {
      context.toasts?.send({ type: "toast.shown", text: params.text, kind: params.kind });
    },
    /** Provided by the view: opens / (after a 403). */
    goHome: () => {},
    /** Provided by the view: opens an address of the app. */
    goTo: (_, _href: string) => {},
    /** Provided by the view: makes the move through the history that Back or Forward was making. */
    leaveThroughHistory: (_, _steps: number) => {},
  },
  guards: {
    hasCompleteScope: ({ context }) => isComplete(context.scope),
    isIncompleteScope: (_, scope: SessionScope) => !isComplete(scope),
    /** Another API context or program (dates and named filters do not touch the classification). */
    isOtherProgram: ({ context }, scope: SessionScope) => !sameSessionScope(context.scope, { ...scope, range: context.scope.range, filter: context.scope.filter }),
    hasPendingScope: ({ context }) => context.pendingScope !== null,
    /** The header switched the program while the draft has unsaved changes. */
    isProgramSwitchOverDraft: ({ context }, scope: SessionScope) => isDirtyContext(context) && isProgramSwitch(context.scope, scope),
    /** A save failed after the header switched the program, and the draft still has unsaved changes. */
    hasPendingProgramSwitch: ({ context }) => context.pendingScope !== null && isDirtyContext(context) && isProgramSwitch(context.scope, context.pendingScope),
    isLeavingThroughHistory: ({ context }) => context.leavingThroughHistory !== null,
    /** A change the normal mode records: any step but a move, when it changes the draft. */
    isEditStep: ({ context }, step: DraftStep) => !isMove(step) && stepApplies(context.draft, step),
    /** A change the reorder mode records: a move the taxonomy can make. */
    isMoveStep: ({ context }, step: DraftStep) => isMove(step) && stepApplies(context.draft, step),
    canUndo: ({ context }) => context.cursor > 0,
    canRedo: ({ context }) => context.cursor < context.steps.length,
    isKnownTaxonomy: ({ context }, id: number) => findTaxonomy(context.draft, id) !== null,
    hasProblems: ({ context }) => draftProblems(context.draft).length > 0,
    canSave: ({ context }) => draftProblems(context.draft).length === 0,
    isDirty: ({ context }) => isDirtyContext(context),
    ...adminRefusalGuards,
    isStale: (_, error: unknown) => isStaleSave(error),
  },
  delays: {
    /** How long the draft stays unchanged before its preview is asked for. */
    previewDelay: 400,
  },
}).createMachine({
  id: "classificationEditor",
  context: ({ input }) => ({
    session: input.session,
    scope: openingScope(input.session),
    toasts: input.toasts ?? null,
    ...noClassification,
  }),
  invoke: followSessionScope,
  on: {
    "session.scopeChanged": [
      { guard: scopeGuard("isProgramSwitchOverDraft"), target: ".programSwitched", actions: scopeAction("holdScope") },
      { guard: scopeGuard("isIncompleteScope"), target: ".waiting", actions: [scopeAction("changeScope"), "forgetClassification"] },
      { guard: scopeGuard("isOtherProgram"), target: ".waiting", actions: [scopeAction("changeScope"), "forgetClassification"] },
      { actions: scopeAction("changeScope") },
    ],
  },
  initial: "waiting",
  states: {
    /** The session has no program yet. */
    waiting: waitForScope("loading"),
    loading: {
      invoke: {
        src: "loadClassification",
        input: ({ context }) => ({ api: context.scope.api, program: programOf(context) }),
        onDone: { target: "ready", actions: { type: "storeLoaded", params: ({ event }) => event.output } },
        onError: [{ guard: { type: "isForbidden", params: errorOf }, target: "forbidden" }, { target: "loadFailed" }],
      },
    },
    /** The load failed (the app's dialog said why): the person may try again. */
    loadFailed: {
      on: { "editor.reloaded": "loading" },
    },
    ready: {
      type: "parallel",
      states: {
        mode: {
          initial: "normal",
          on: {
            "draft.undone": { guard: "canUndo", actions: ["undoStep", "announceDraftChange"] },
            "draft.redone": { guard: "canRedo", actions: ["redoStep", "announceDraftChange"] },
            "editor.selected": { guard: { type: "isKnownTaxonomy", params: ({ event }) => event.id }, actions: { type: "select", params: ({ event }) => event.id } },
          },
          states: {
            normal: {
              on: {
                "draft.stepped": {
                  guard: { type: "isEditStep", params: ({ event }) => event.step },
                  actions: [{ type: "recordStep", params: ({ event }) => event.step }, "announceDraftChange"],
                },
                "editor.reorderStarted": "reorder",
                "editor.saved": { guard: "canSave", target: "#classificationEditor.saving", actions: "prepareSubmission" },
              },
            },
            reorder: {
              on: {
                "draft.stepped": {
                  guard: { type: "isMoveStep", params: ({ event }) => event.step },
                  actions: [{ type: "recordStep", params: ({ event }) => event.step }, "announceDraftChange"],
                },
                "editor.reorderDone": "normal",
              },
            },
          },
        },
        preview: {
          /**
           * Straight after a load (or a save, or back from a question) the preview is asked at
           * once: the panel's figures come only from it, and a screen that asks for more after
           * drawing is not ready. Only edits wait for the draft to rest.
           */
          initial: "checking",
          states: {
            /** Waiting for the draft to rest; each change starts the wait again. */
            debouncing: {
              after: { previewDelay: "checking" },
              on: { "draft.changed": { target: "debouncing", reenter: true } },
            },
            checking: {
              always: [{ guard: "hasProblems", target: "blocked" }, { target: "requesting" }],
            },
            /** Asking; the next change leaves this state, which cancels the request. */
            requesting: {
              invoke: {
                src: "previewClassification",
                input: ({ context }) => ({ api: context.scope.api, program: programOf(context), tree: context.draft }),
                onDone: { target: "shown", actions: { type: "storePreview", params: ({ event }) => event.output } },
                onError: "failed",
              },
              on: { "draft.changed": "debouncing" },
            },
            shown: { on: { "draft.changed": "debouncing" } },
            failed: { on: { "draft.changed": "debouncing" } },
            /** The draft has problems the server would refuse: no preview until they are fixed. */
            blocked: { on: { "draft.changed": "debouncing" } },
          },
        },
        leave: {
          initial: "staying",
          states: {
            staying: {
              on: {
                "editor.leaveAsked": [
                  { guard: "isDirty", target: "asking", actions: { type: "rememberDestination", params: ({ event }) => ({ href: event.href, steps: null }) } },
                  { actions: { type: "goTo", params: ({ event }) => event.href } },
                ],
                "editor.historyLeaveAsked": [
                  { guard: "isDirty", target: "asking", actions: { type: "rememberDestination", params: ({ event }) => ({ href: event.href, steps: event.steps }) } },
                  { target: "left", actions: { type: "leaveThroughHistory", params: ({ event }) => event.steps } },
                ],
              },
            },
            /** 'Leave without saving?' */
            asking: {
              on: {
                "editor.leaveConfirmed": [
                  { guard: "isLeavingThroughHistory", target: "left", actions: [{ type: "leaveThroughHistory", params: ({ context }) => context.leavingThroughHistory ?? -1 }, "forgetDestination"] },
                  { target: "staying", actions: [{ type: "goTo", params: ({ context }) => context.leavingTo ?? "/" }, "forgetDestination"] },
                ],
                "editor.leaveCancelled": { target: "staying", actions: "forgetDestination" },
              },
            },
            /** Leaving by Back or Forward: the browser is on its way, and no longer held. */
            left: {},
          },
        },
        download: {
          initial: "idle",
          states: {
            idle: { on: { "editor.downloaded": "writing" } },
            writing: {
              invoke: {
                src: "downloadClassification",
                input: ({ context }) => ({ tree: context.draft }),
                onDone: "idle",
                onError: "idle",
              },
            },
          },
        },
      },
    },
    /** Sending the draft; another program waits for the answer (the save went to this one). */
    saving: {
      on: {
        "session.scopeChanged": holdScopeWhileWriting,
      },
      invoke: {
        src: "saveClassification",
        input: ({ context }) => ({ api: context.scope.api, program: programOf(context), tree: context.submitted ?? context.draft, version: context.version }),
        onDone: [
          {
            guard: "hasPendingScope",
            target: "waiting",
            actions: [{ type: "notify", params: { text: classificationTexts.saved, kind: "info" } }, "takePendingScope", "forgetClassification"],
          },
          {
            target: "ready",
            actions: [{ type: "storeSaved", params: ({ event }) => event.output }, { type: "notify", params: { text: classificationTexts.saved, kind: "info" } }],
          },
        ],
        onError: [
          { guard: { type: "isForbidden", params: errorOf }, target: "forbidden" },
          { guard: "hasPendingProgramSwitch", target: "programSwitched", actions: [{ type: "notify", params: { text: classificationTexts.saveFailed, kind: "error" } }, "forgetSubmission"] },
          { guard: "hasPendingScope", target: "waiting", actions: [{ type: "notify", params: { text: classificationTexts.saveFailed, kind: "error" } }, "takePendingScope", "forgetClassification"] },
          { guard: { type: "isStale", params: errorOf }, target: "conflict", actions: "forgetSubmission" },
          { target: "ready", actions: ["forgetSubmission", { type: "notify", params: { text: classificationTexts.saveFailed, kind: "error" } }] },
        ],
      },
    },
    /** Someone else saved since this edit's version: reload (the draft goes) or keep editing. */
    conflict: {
      on: {
        "editor.reloaded": { target: "loading", actions: "forgetClassification" },
        "editor.conflictDismissed": "ready",
      },
    },
    /**
     * The header switched the session's program over unsaved changes: the editor keeps the
     * program edited and its draft, and asks. Discard loads the new program's classification;
     * go back tells the session to return to the program edited and keeps editing. Another
     * switch meanwhile is the one asked about; the header's own switch back answers it.
     */
    programSwitched: {
      on: {
        "session.scopeChanged": [
          { guard: scopeGuard("isProgramSwitchOverDraft"), actions: scopeAction("holdScope") },
          { guard: scopeGuard("isIncompleteScope"), target: "waiting", actions: [scopeAction("changeScope"), "forgetClassification"] },
          { guard: scopeGuard("isOtherProgram"), target: "waiting", actions: [scopeAction("changeScope"), "forgetClassification"] },
          { target: "ready", actions: [scopeAction("changeScope"), "forgetPendingScope"] },
        ],
        "editor.programSwitchConfirmed": { target: "waiting", actions: ["takePendingScope", "forgetClassification"] },
        "editor.programSwitchCancelled": { target: "ready", actions: ["returnToProgram", "forgetPendingScope"] },
      },
    },
    /** No access: to / with the text saying so. */
    forbidden: adminRefusedState,
  },
});

type Snap = SnapshotFrom<typeof classificationEditorMachine>;

const problemsOf = memoLast(draftProblems);

const editing = (s: Snap): boolean => s.matches("ready") || s.matches("saving") || s.matches("conflict") || s.matches("programSwitched");

const isDirtySnap = (s: Snap): boolean => !sameClassification(s.context.draft, s.context.saved);

/** Named selectors: the view reads the editor only through these. */
export const classificationEditorSelectors = {
  isLoading: (s: Snap) => s.matches("waiting") || s.matches("loading"),
  hasLoadFailed: (s: Snap) => s.matches("loadFailed"),
  /** Whether the editor shows: ready, saving, or saying someone else saved. */
  showsEditor: editing,
  taxonomies: (s: Snap) => s.context.draft.data,
  draft: (s: Snap) => s.context.draft,
  selectedId: (s: Snap) => s.context.selected,
  selected: (s: Snap) => findTaxonomy(s.context.draft, s.context.selected),
  isReordering: (s: Snap) => s.matches({ ready: { mode: "reorder" } }),
  /** Edits are taken in the normal mode only (never while saving or after a conflict). */
  canEdit: (s: Snap) => s.matches({ ready: { mode: "normal" } }),
  canUndo: (s: Snap) => s.matches("ready") && s.context.cursor > 0,
  canRedo: (s: Snap) => s.matches("ready") && s.context.cursor < s.context.steps.length,
  isDirty: isDirtySnap,
  /** Whether Back and Forward are held (asked about): unsaved changes on screen, and not already leaving that way. */
  holdsHistory: (s: Snap) => editing(s) && isDirtySnap(s) && !s.matches({ ready: { leave: "left" } }),
  problems: (s: Snap) => problemsOf(s.context.draft),
  canSave: (s: Snap) => s.matches({ ready: { mode: "normal" } }) && problemsOf(s.context.draft).length === 0,
  isSaving: (s: Snap) => s.matches("saving"),
  isConflict: (s: Snap) => s.matches("conflict"),
  isAskingToLeave: (s: Snap) => s.matches({ ready: { leave: "asking" } }),
  /** After the header's program switch over unsaved changes: the program edited and the one switched to (names), else null. */
  switchedFrom: (s: Snap) => (s.matches("programSwitched") ? (s.context.scope.program?.name ?? null) : null),
  switchedTo: (s: Snap) => (s.matches("programSwitched") ? (s.context.pendingScope?.program?.name ?? null) : null),
  isDownloading: (s: Snap) => s.matches({ ready: { download: "writing" } }),
  preview: (s: Snap) => s.context.preview,
  isPreviewUpdating: (s: Snap) => s.matches({ ready: { preview: "debouncing" } }) || s.matches({ ready: { preview: "requesting" } }),
  hasPreviewFailed: (s: Snap) => s.matches({ ready: { preview: "failed" } }),
  isPreviewBlocked: (s: Snap) => s.matches({ ready: { preview: "blocked" } }),
} satisfies Record<string, (s: Snap) => unknown>;

export type ClassificationEditorActorRef = ActorRefFrom<typeof classificationEditorMachine>;
