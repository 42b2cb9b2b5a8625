import { assign, enqueueActions, setup, type ActorRefFrom, type AnyActorRef, type SnapshotFrom } from "xstate";
import type { Ok } from "../../domain/access/auth";
import type { Annotation, AnnotationInput, AnnotationList } from "../../domain/performance/annotations";
import { checkNoteDraft, defaultNoteColour, noteRefusal, type NoteDraft } from "../../domain/performance/campaignNotes";
import type { Created } from "../../domain/report/configuration";
import * as annotationsApi from "../../services/performance/annotations";
import type { ReportRange } from "../../services/performance/performance";
import type { ApiContext } from "../../services/http/http";
import type { HttpError } from "../../services/http/httpErrors";
import { fromApiCall } from "../runtime/fromEffect";
import { eventData } from "../runtime/eventData";

/**
 * The program's campaign notes on the performance chart: the notes of the dates shown, the 'Campaign Notes' toggle (drawn on
 * the chart or not), the notes table toggle, and adding (date, colour, text) and
 * deleting a note. A failed list load leaves the chart without notes; a refused add or
 * delete shows why, next to the form. Deleting asks first (`confirming`: Cancel or go ahead),
 * and only a note the server says the person may delete (`can_delete`: its author or an
 * admin) can be asked about.
 *
 * Modes are states: the list (loading, ready, adding, confirming, deleting), the markers (shown,
 * hidden) and the table (closed, open). A new program or dates reload the list; an add
 * or a delete under way finishes first, then the list is loaded for the new scope.
 * The toggles open as given (a shared link's; by default notes drawn, table closed), and
 * each toggle is told to the `listener` as `notes.toggleChanged` (the report keeps them for the URL).
 */

/** Which notes: the program's, in the dates shown. */
export interface NotesScope {
  readonly api: ApiContext;
  readonly program: string;
  readonly range: ReportRange;
}

export interface CampaignNotesInput {
  readonly scope: NotesScope;
  /** 'Campaign Notes' on at first (the default). */
  readonly markersShown?: boolean;
  /** The notes table open at first (closed by default). */
  readonly tableOpen?: boolean;
  /** Receives `notes.toggleChanged` after each toggle (the page's report). */
  readonly listener?: AnyActorRef | null;
}

/** What the notes tell their listener after each toggle: 'Campaign Notes' (`markers`) or the notes table, now on or off. */
export interface NotesToggleChanged {
  readonly type: "notes.toggleChanged";
  readonly toggle: "markers" | "table";
  readonly on: boolean;
}

const toggled = (toggle: NotesToggleChanged["toggle"], on: boolean) => ({ type: "reportToggle", params: { toggle, on } }) as const;

export interface CampaignNotesContext {
  readonly scope: NotesScope;
  readonly notes: ReadonlyArray<Annotation>;
  readonly draft: NoteDraft;
  /** Why the last add or delete did not happen (the form's rules or the server's refusal). */
  readonly problem: string | null;
  /** The note asked about, then being deleted. */
  readonly deleting: number | null;
  /** The toggles to open with (read once, when the notes start). */
  readonly opening: { readonly markersShown: boolean; readonly tableOpen: boolean };
  readonly listener: AnyActorRef | null;
}

export type CampaignNotesEvent =
  | { type: "notes.scopeChanged"; scope: NotesScope }
  | { type: "notes.markersToggled" }
  | { type: "notes.tableToggled" }
  | { type: "notes.draftChanged"; date?: string; colour?: string; text?: string }
  | { type: "notes.added" }
  /** A note's Delete: asks first. */
  | { type: "notes.deleteAsked"; id: number }
  | { type: "notes.deleteConfirmed" }
  | { type: "notes.deleteCancelled" };

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
    changeScope: assign((_, params: { scope: NotesScope }) => ({ scope: params.scope })),
    storeNotes: assign((_, list: AnnotationList) => ({ notes: list.data })),
    clearNotes: assign({ notes: [] as ReadonlyArray<Annotation> }),
    editDraft: assign(({ context }, params: { date?: string; colour?: string; text?: string }) => {
      const { date = context.draft.date, colour = context.draft.colour, text = context.draft.text } = params;
      return { draft: { date, colour, text }, problem: null };
    }),
    rememberDraftProblem: assign(({ context }) => {
      const checked = checkNoteDraft(context.draft);
      return { problem: checked.ok ? null : checked.problem };
    }),
    forgetProblem: assign({ problem: null }),
    /** After a note is added the form is ready for the next one: same date and colour, no text. */
    clearDraftText: assign(({ context }) => ({ draft: { ...context.draft, text: "" } })),
    markDeleting: assign((_, params: { id: number }) => ({ deleting: params.id, problem: null })),
    forgetDeleting: assign({ deleting: null }),
    /** The deleted note leaves the list at once (the reload that follows confirms it). */
    dropDeleted: assign(({ context }) => ({ notes: context.notes.filter((n) => n.id !== context.deleting), deleting: null })),
    rememberAddRefusal: assign((_, params: { error: unknown }) => ({ problem: noteRefusal("add", params.error) })),
    rememberDeleteRefusal: assign((_, params: { error: unknown }) => ({ problem: noteRefusal("delete", params.error), deleting: null })),
    /** The listener hears which toggle is now on or off. */
    reportToggle: enqueueActions(({ context, enqueue }, change: Omit<NotesToggleChanged, "type">) => {
      if (context.listener) enqueue.sendTo(context.listener, { type: "notes.toggleChanged", ...change } satisfies NotesToggleChanged);
    }),
  },
  guards: {
    isNewScope: ({ context }, params: { scope: NotesScope }) => !sameNotesScope(context.scope, params.scope),
    isDraftValid: ({ context }) => checkNoteDraft(context.draft).ok,
    /** A listed note the person may delete (its author or an admin, as the server says). */
    isDeletableNote: ({ context }, params: { id: number }) => context.notes.some((n) => n.id === params.id && n.can_delete),
    opensHidden: ({ context }) => !context.opening.markersShown,
    opensTableOpen: ({ context }) => context.opening.tableOpen,
  },
}).createMachine({
  id: "campaignNotes",
  context: ({ input }) => ({
    scope: input.scope,
    notes: [],
    draft: freshDraft(input.scope),
    problem: null,
    deleting: null,
    opening: { markersShown: input.markersShown ?? true, tableOpen: input.tableOpen ?? false },
    listener: input.listener ?? null,
  }),
  type: "parallel",
  on: {
    "notes.draftChanged": { actions: { type: "editDraft", params: eventData } },
  },
  states: {
    list: {
      initial: "loading",
      on: { "notes.scopeChanged": { guard: { type: "isNewScope", params: eventData }, target: ".loading", actions: { type: "changeScope", params: eventData } } },
      states: {
        loading: {
          invoke: {
            src: "listNotes",
            input: ({ context }) => ({ scope: context.scope }),
            onDone: { target: "ready", actions: { type: "storeNotes", params: ({ event }) => event.output } },
            onError: { target: "ready", actions: "clearNotes" },
          },
        },
        ready: {
          on: {
            "notes.added": [{ guard: "isDraftValid", target: "adding", actions: "forgetProblem" }, { actions: "rememberDraftProblem" }],
            "notes.deleteAsked": { guard: { type: "isDeletableNote", params: eventData }, target: "confirming", actions: { type: "markDeleting", params: eventData } },
          },
        },
        /** 'Delete' asks first: the note stays until the person goes ahead. */
        confirming: {
          on: {
            "notes.deleteConfirmed": { target: "deleting" },
            "notes.deleteCancelled": { target: "ready", actions: "forgetDeleting" },
          },
        },
        /** A new scope while adding is kept for the reload that follows: the add is not abandoned. */
        adding: {
          on: { "notes.scopeChanged": { guard: { type: "isNewScope", params: eventData }, actions: { type: "changeScope", params: eventData } } },
          invoke: {
            src: "addNote",
            input: ({ context }) => addInput(context),
            onDone: { target: "loading", actions: "clearDraftText" },
            onError: { target: "ready", actions: { type: "rememberAddRefusal", params: ({ event }) => ({ error: event.error }) } },
          },
        },
        deleting: {
          on: { "notes.scopeChanged": { guard: { type: "isNewScope", params: eventData }, actions: { type: "changeScope", params: eventData } } },
          invoke: {
            src: "deleteNote",
            input: ({ context }) => ({ scope: context.scope, id: context.deleting ?? -1 }),
            onDone: { target: "loading", actions: "dropDeleted" },
            onError: { target: "ready", actions: { type: "rememberDeleteRefusal", params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    /** 'Campaign Notes': the notes drawn on the chart or not. */
    markers: {
      initial: "opening",
      states: {
        /** Passed through: shown or hidden as the notes were opened. */
        opening: { always: [{ guard: "opensHidden", target: "hidden" }, { target: "shown" }] },
        shown: { on: { "notes.markersToggled": { target: "hidden", actions: toggled("markers", false) } } },
        hidden: { on: { "notes.markersToggled": { target: "shown", actions: toggled("markers", true) } } },
      },
    },
    /** The notes table (with the add-a-note form). */
    table: {
      initial: "opening",
      states: {
        /** Passed through: open or closed as the notes were opened. */
        opening: { always: [{ guard: "opensTableOpen", target: "open" }, { target: "closed" }] },
        closed: { on: { "notes.tableToggled": { target: "open", actions: toggled("table", true) } } },
        open: { on: { "notes.tableToggled": { target: "closed", actions: toggled("table", false) } } },
      },
    },
  },
});

type Snap = SnapshotFrom<typeof campaignNotesMachine>;

export const campaignNotesSelectors = {
  isLoading: (s: Snap) => s.matches({ list: "loading" }),
  isAdding: (s: Snap) => s.matches({ list: "adding" }),
  /** The list takes no add or delete (loading, adding, deleting): its buttons are disabled, never silently ignored. */
  isBusy: (s: Snap) => !s.matches({ list: "ready" }) && !s.matches({ list: "confirming" }),
  deleting: (s: Snap) => (s.matches({ list: "deleting" }) ? s.context.deleting : null),
  /** The note the delete question is about (null while none is asked). */
  confirming: (s: Snap): Annotation | null => (s.matches({ list: "confirming" }) ? (s.context.notes.find((n) => n.id === s.context.deleting) ?? null) : null),
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
