import { assign, setup, type ActorRefFrom, type DoneActorEvent, type ErrorActorEvent, type SnapshotFrom } from "xstate";
import type { Ok } from "../../domain/access/auth";
import type { Annotation, AnnotationInput, AnnotationList } from "../../domain/performance/annotations";
import { checkNoteDraft, defaultNoteColour, noteRefusal, type NoteDraft } from "../../domain/performance/campaignNotes";
import type { Created } from "../../domain/report/configuration";
import * as annotationsApi from "../../services/performance/annotations";
import type { ReportRange } from "../../services/performance/performance";
import type { ApiContext } from "../../services/http/http";
import type { HttpError } from "../../services/http/httpErrors";
import { fromApiCall } from "../runtime/fromEffect";

/**
 * The program's campaign notes on the performance chart: the notes of the dates shown, the 'Campaign Notes' toggle (drawn on
 * the chart or not), the notes table toggle, and adding (date, colour, text) and
 * deleting a note. A failed list load leaves the chart without notes; a refused add or
 * delete shows why, next to the form.
 *
 * Modes are states: the list (loading, ready, adding, deleting), the markers (shown,
 * hidden) and the table (closed, open). A new program or dates reload the list; an add
 * or a delete under way finishes first, then the list is loaded for the new scope.
 */

/** Which notes: the program's, in the dates shown. */
export interface NotesScope {
  readonly api: ApiContext;
  readonly program: string;
  readonly range: ReportRange;
}

export interface CampaignNotesInput {
  readonly scope: NotesScope;
}

export interface CampaignNotesContext {
  readonly scope: NotesScope;
  readonly notes: ReadonlyArray<Annotation>;
  readonly draft: NoteDraft;
  /** Why the last add or delete did not happen (the form's rules or the server's refusal). */
  readonly problem: string | null;
  /** The note being deleted. */
  readonly deleting: number | null;
}

export type CampaignNotesEvent =
  | { type: "notes.scopeChanged"; scope: NotesScope }
  | { type: "notes.markersToggled" }
  | { type: "notes.tableToggled" }
  | { type: "notes.draftChanged"; date?: string; colour?: string; text?: string }
  | { type: "notes.added" }
  | { type: "notes.deleted"; id: number };

export interface ListNotesInput {
  readonly scope: NotesScope;
}
export interface AddNoteInput {
  readonly scope: NotesScope;
  readonly note: AnnotationInput;
}
export interface DeleteNoteInput {
  readonly scope: NotesScope;
  readonly id: number;
}

export const sameNotesScope = (a: NotesScope, b: NotesScope): boolean =>
  a.api.baseUrl === b.api.baseUrl && a.api.token === b.api.token && a.program === b.program && a.range.from === b.range.from && a.range.to === b.range.to;

/** A fresh draft: dated the last day shown, the default colour, no text. */
/** Where a notes call goes: the API context its scope carries. */
const apiOfScope = ({ scope }: { readonly scope: NotesScope }) => scope.api;

const freshDraft = (scope: NotesScope): NoteDraft => ({ date: scope.range.to, colour: defaultNoteColour, text: "" });

const addInput = (context: CampaignNotesContext): AddNoteInput => {
  const checked = checkNoteDraft(context.draft);
  if (!checked.ok) throw new Error("the note draft is not valid");
  return { scope: context.scope, note: checked.input };
};

export const campaignNotesMachine = setup({
  types: {
    context: {} as CampaignNotesContext,
    events: {} as CampaignNotesEvent,
    input: {} as CampaignNotesInput,
  },
  actors: {
    listNotes: fromApiCall<AnnotationList, ListNotesInput, HttpError>(({ scope }) => annotationsApi.listAnnotations(scope.program, scope.range), apiOfScope),
    addNote: fromApiCall<Created, AddNoteInput, HttpError>(({ scope, note }) => annotationsApi.createAnnotation(scope.program, note), apiOfScope),
    deleteNote: fromApiCall<Ok, DeleteNoteInput, HttpError>(({ scope, id }) => annotationsApi.deleteAnnotation(scope.program, id), apiOfScope),
  },
  actions: {
    changeScope: assign(({ event }) => (event.type === "notes.scopeChanged" ? { scope: event.scope } : {})),
    storeNotes: assign(({ event }) => ({ notes: (event as unknown as DoneActorEvent<AnnotationList>).output.data })),
    clearNotes: assign({ notes: [] as ReadonlyArray<Annotation> }),
    editDraft: assign(({ context, event }) => {
      if (event.type !== "notes.draftChanged") return {};
      const { date = context.draft.date, colour = context.draft.colour, text = context.draft.text } = event;
      return { draft: { date, colour, text }, problem: null };
    }),
    rememberDraftProblem: assign(({ context }) => {
      const checked = checkNoteDraft(context.draft);
      return { problem: checked.ok ? null : checked.problem };
    }),
    forgetProblem: assign({ problem: null }),
    /** After a note is added the form is ready for the next one: same date and colour, no text. */
    clearDraftText: assign(({ context }) => ({ draft: { ...context.draft, text: "" } })),
    markDeleting: assign(({ event }) => (event.type === "notes.deleted" ? { deleting: event.id, problem: null } : {})),
    /** The deleted note leaves the list at once (the reload that follows confirms it). */
    dropDeleted: assign(({ context }) => ({ notes: context.notes.filter((n) => n.id !== context.deleting), deleting: null })),
    rememberAddRefusal: assign(({ event }) => ({ problem: noteRefusal("add", (event as unknown as ErrorActorEvent).error) })),
    rememberDeleteRefusal: assign(({ event }) => ({ problem: noteRefusal("delete", (event as unknown as ErrorActorEvent).error), deleting: null })),
  },
  guards: {
    isNewScope: ({ context, event }) => event.type === "notes.scopeChanged" && !sameNotesScope(context.scope, event.scope),
    isDraftValid: ({ context }) => checkNoteDraft(context.draft).ok,
    isListedNote: ({ context, event }) => event.type === "notes.deleted" && context.notes.some((n) => n.id === event.id),
  },
}).createMachine({
  id: "campaignNotes",
  context: ({ input }) => ({ scope: input.scope, notes: [], draft: freshDraft(input.scope), problem: null, deleting: null }),
  type: "parallel",
  on: {
    "notes.draftChanged": { actions: "editDraft" },
  },
  states: {
    list: {
      initial: "loading",
      on: { "notes.scopeChanged": { guard: "isNewScope", target: ".loading", actions: "changeScope" } },
      states: {
        loading: {
          invoke: {
            src: "listNotes",
            input: ({ context }) => ({ scope: context.scope }),
            onDone: { target: "ready", actions: "storeNotes" },
            onError: { target: "ready", actions: "clearNotes" },
          },
        },
        ready: {
          on: {
            "notes.added": [{ guard: "isDraftValid", target: "adding", actions: "forgetProblem" }, { actions: "rememberDraftProblem" }],
            "notes.deleted": { guard: "isListedNote", target: "deleting", actions: "markDeleting" },
          },
        },
        /** A new scope while adding is kept for the reload that follows: the add is not abandoned. */
        adding: {
          on: { "notes.scopeChanged": { guard: "isNewScope", actions: "changeScope" } },
          invoke: {
            src: "addNote",
            input: ({ context }) => addInput(context),
            onDone: { target: "loading", actions: "clearDraftText" },
            onError: { target: "ready", actions: "rememberAddRefusal" },
          },
        },
        deleting: {
          on: { "notes.scopeChanged": { guard: "isNewScope", actions: "changeScope" } },
          invoke: {
            src: "deleteNote",
            input: ({ context }) => ({ scope: context.scope, id: context.deleting ?? -1 }),
            onDone: { target: "loading", actions: "dropDeleted" },
            onError: { target: "ready", actions: "rememberDeleteRefusal" },
          },
        },
      },
    },
    /** 'Campaign Notes': the notes drawn on the chart or not. */
    markers: {
      initial: "shown",
      states: {
        shown: { on: { "notes.markersToggled": "hidden" } },
        hidden: { on: { "notes.markersToggled": "shown" } },
      },
    },
    /** The notes table (with the add-a-note form). */
    table: {
      initial: "closed",
      states: {
        closed: { on: { "notes.tableToggled": "open" } },
        open: { on: { "notes.tableToggled": "closed" } },
      },
    },
  },
});

type Snap = SnapshotFrom<typeof campaignNotesMachine>;

export const campaignNotesSelectors = {
  isLoading: (s: Snap) => s.matches({ list: "loading" }),
  isAdding: (s: Snap) => s.matches({ list: "adding" }),
  isBusy: (s: Snap) => s.matches({ list: "adding" }) || s.matches({ list: "deleting" }),
  deleting: (s: Snap) => (s.matches({ list: "deleting" }) ? s.context.deleting : null),
  notes: (s: Snap) => s.context.notes,
  /** The notes to draw on the chart: none when 'Campaign Notes' is off. */
  drawnNotes: (s: Snap): ReadonlyArray<Annotation> => (s.matches({ markers: "shown" }) ? s.context.notes : noNotes),
  areMarkersShown: (s: Snap) => s.matches({ markers: "shown" }),
  isTableOpen: (s: Snap) => s.matches({ table: "open" }),
  draft: (s: Snap) => s.context.draft,
  problem: (s: Snap) => s.context.problem,
  scope: (s: Snap) => s.context.scope,
} satisfies Record<string, (s: Snap) => unknown>;

const noNotes: ReadonlyArray<Annotation> = [];

export type CampaignNotesActorRef = ActorRefFrom<typeof campaignNotesMachine>;
