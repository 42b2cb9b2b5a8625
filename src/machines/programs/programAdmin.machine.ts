import { assign, sendTo, setup, type ActorRefFrom, type AnyActorRef, type SnapshotFrom } from "xstate";
import type { AdminProgram, AdminProgramAnswer, AdminProgramList } from "../../domain/programs/programAdmin";
import {
  changeValueOf,
  draftValueOf,
  hasProblems,
  newProgramForm,
  programFormOf,
  programFormProblems,
  type ProgramFormField,
  type ProgramFormProblems,
  type ProgramFormValues,
} from "../../domain/programs/programForm";
import { programTexts } from "../../domain/programs/programTexts";
import type { ProgramList } from "../../domain/shell/program";
import type { ApiContext } from "../../domain/shell/session";
import { archiveProgram, changeProgram, createProgram, listAdminPrograms } from "../../services/programs/programAdmin";
import { programs as listMenuPrograms } from "../../services/shell/programs";
import type { HttpError } from "../../services/http/httpErrors";
import { adminRefusalGuards, adminRefusedState, notifyToasts } from "../reports/adminRefusal";
import { followSessionScope, keepScopeAssignment, openingScope, sessionScopeActors, type SessionScopeChanged, type SessionSource } from "../reports/reportScope";
import { apiScopeGuards, followScopeLoad, loadStates, loadStatusOf, type LoadStatus } from "../screenLoad/loadStates";
import { fromApiCall } from "../runtime/fromEffect";
import type { ScopedScreen } from "../shell/sessionScope";

/**
 * The Programs screen (/admin/programs, admins; docs/architecture.md, "Programs"): every
 * program, archived ones too. It needs no program of its own (a new installation has none
 * until its admin creates the first), only the signed-in API context.
 *
 * `waiting` (no token yet), `loading`, `failed` ('Try again'), `refused` (a 403: the admin
 * refusal, then /), or `ready`: `idle`, `editing` the form (create or edit; checked with the
 * API's own rules before it is sent), `saving`, `confirming` an archive or an unarchive,
 * `archiving`, and `syncing`: after each change the person's program list is loaded again and
 * told to the session (`session.programsChanged`), so the program switcher and menus follow.
 */

export interface ProgramAdminInput {
  /** The session actor: the calls use its API context; it hears the new program list after each change. */
  readonly session: AnyActorRef & SessionSource;
  /** The app's toasts actor: hears the no-access message. */
  readonly toasts?: AnyActorRef | null;
}

/** The open form: a new program, or the program with this code. */
export interface ProgramFormState {
  readonly mode: "create" | "edit";
  readonly code: string | null;
  readonly values: ProgramFormValues;
  /** Shown once the form was submitted (and kept up to date while it is corrected). */
  readonly problems: ProgramFormProblems;
  readonly submitted: boolean;
  /** A failure of the last save that no field explains. */
  readonly failure: string | null;
}

export interface ProgramsNotice {
  readonly tone: "success" | "failure";
  readonly text: string;
}

/** What the confirmation asks: archive or unarchive the target. */
export type ArchiveAsk = "archive" | "unarchive";

export interface ProgramAdminContext extends ScopedScreen {
  readonly session: AnyActorRef & SessionSource;
  readonly toasts: AnyActorRef | null;
  readonly programs: ReadonlyArray<AdminProgram>;
  readonly form: ProgramFormState | null;
  readonly target: AdminProgram | null;
  readonly ask: ArchiveAsk;
  readonly notice: ProgramsNotice | null;
}

export type ProgramAdminEvent =
  | SessionScopeChanged
  | { readonly type: "programs.retried" }
  | { readonly type: "programs.createAsked" }
  | { readonly type: "programs.editAsked"; readonly code: string }
  | { readonly type: "programs.fieldChanged"; readonly field: ProgramFormField; readonly value: string }
  | { readonly type: "programs.formSubmitted" }
  | { readonly type: "programs.formCancelled" }
  | { readonly type: "programs.archiveAsked"; readonly code: string }
  | { readonly type: "programs.unarchiveAsked"; readonly code: string }
  | { readonly type: "programs.archiveCancelled" }
  | { readonly type: "programs.archiveConfirmed" }
  | { readonly type: "programs.noticeDismissed" };

export interface ApiOnly {
  readonly api: ApiContext;
}

export interface SaveCall extends ApiOnly {
  /** Null for a create. */
  readonly code: string | null;
  readonly body: unknown;
}

export interface ArchiveCall extends ApiOnly {
  readonly code: string;
  readonly archive: boolean;
}

type Context = ProgramAdminContext;

const t = programTexts;

const apiCallOf = ({ context }: { readonly context: Context }): ApiOnly => ({ api: context.scope.api });

const saveCallOf = ({ context }: { readonly context: Context }): SaveCall => {
  const form = context.form ?? { mode: "create", code: null, values: newProgramForm };
  return form.mode === "create"
    ? { api: context.scope.api, code: null, body: draftValueOf(form.values) }
    : { api: context.scope.api, code: form.code, body: changeValueOf(form.values) };
};

const archiveCallOf = ({ context }: { readonly context: Context }): ArchiveCall => ({
  api: context.scope.api,
  code: context.target?.code ?? "",
  archive: context.ask === "archive",
});

const failureOf = ({ event }: { readonly event: { readonly error: unknown } }): unknown => event.error;
const codeOf = ({ event }: { readonly event: { readonly code: string } }): string => event.code;

/** Whether a failed save is the server's 409: another program has the code. */
const isCodeTakenFailure = (error: unknown): boolean =>
  typeof error === "object" && error !== null && (error as { readonly _tag?: unknown })._tag === "ClientError" && (error as { readonly status?: unknown }).status === 409;

/** Every state but `refused` follows the session: another API context loads afresh, none waits. */
const followScope = { "session.scopeChanged": followScopeLoad({ waiting: "#programAdmin.waiting", loading: "#programAdmin.loading" }, "forgetAll") } as const;

const refusedOnForbidden = { guard: { type: "isForbidden", params: failureOf }, target: "#programAdmin.refused" } as const;

/** `waiting`, `loading` (a 403 is the admin refusal) and `failed`. */
const programsLoad = loadStates({ src: "loadPrograms", input: apiCallOf, keep: "keepPrograms", retried: "programs.retried", failures: [refusedOnForbidden] });

const replaced = (programs: ReadonlyArray<AdminProgram>, saved: AdminProgram): ReadonlyArray<AdminProgram> =>
  programs.some((p) => p.id === saved.id) ? programs.map((p) => (p.id === saved.id ? saved : p)) : [...programs, saved];

export const programAdminMachine = setup({
  types: {
    context: {} as Context,
    events: {} as ProgramAdminEvent,
    input: {} as ProgramAdminInput,
  },
  actors: {
    ...sessionScopeActors,
    loadPrograms: fromApiCall<AdminProgramList, ApiOnly, HttpError>(() => listAdminPrograms()),
    saveProgram: fromApiCall<AdminProgramAnswer, SaveCall, HttpError>(({ code, body }) =>
      code === null ? createProgram(body) : changeProgram(code, body),
    ),
    setArchived: fromApiCall<AdminProgramAnswer, ArchiveCall, HttpError>(({ code, archive }) => archiveProgram(code, archive)),
    loadMenuPrograms: fromApiCall<ProgramList, ApiOnly, HttpError>(() => listMenuPrograms()),
  },
  actions: {
    keepScope: assign(keepScopeAssignment),
    keepPrograms: assign((_, answer: AdminProgramList) => ({ programs: answer.data })),
    forgetAll: assign({ programs: () => [], form: () => null, target: () => null, notice: () => null }),
    openCreate: assign({
      form: (): ProgramFormState => ({ mode: "create", code: null, values: newProgramForm, problems: {}, submitted: false, failure: null }),
      notice: () => null,
    }),
    openEdit: assign(({ context }, code: string) => {
      const program = context.programs.find((p) => p.code === code);
      return {
        form: program ? { mode: "edit" as const, code, values: programFormOf(program), problems: {}, submitted: false, failure: null } : null,
        notice: null,
      };
    }),
    changeField: assign(({ context }, change: { readonly field: ProgramFormField; readonly value: string }) => {
      if (!context.form) return {};
      const values = { ...context.form.values, [change.field]: change.value };
      return { form: { ...context.form, values, problems: context.form.submitted ? programFormProblems(values, context.form.mode) : {} } };
    }),
    showProblems: assign(({ context }) =>
      context.form ? { form: { ...context.form, submitted: true, failure: null, problems: programFormProblems(context.form.values, context.form.mode) } } : {},
    ),
    closeForm: assign({ form: () => null }),
    keepSaved: assign(({ context }, answer: AdminProgramAnswer) => ({
      programs: replaced(context.programs, answer.data),
      notice: {
        tone: "success",
        text: context.form?.mode === "create" ? t.notices.created(answer.data.name) : t.notices.saved(answer.data.name),
      } as ProgramsNotice,
      form: null,
    })),
    sayCodeTaken: assign(({ context }) =>
      context.form ? { form: { ...context.form, submitted: true, problems: { ...context.form.problems, code: t.form.codeTaken } } } : {},
    ),
    saySaveFailed: assign(({ context }) => (context.form ? { form: { ...context.form, failure: t.form.failed } } : {})),
    chooseTarget: assign(({ context }, ask: { readonly code: string; readonly ask: ArchiveAsk }) => ({
      target: context.programs.find((p) => p.code === ask.code) ?? null,
      ask: ask.ask,
      notice: null,
    })),
    forgetTarget: assign({ target: () => null }),
    keepArchived: assign(({ context }, answer: AdminProgramAnswer) => ({
      programs: replaced(context.programs, answer.data),
      notice: {
        tone: "success",
        text: answer.data.archived ? t.notices.archived(answer.data.name) : t.notices.unarchived(answer.data.name),
      } as ProgramsNotice,
      target: null,
    })),
    sayArchiveFailed: assign(({ context }) => ({
      notice: { tone: "failure", text: t.notices.archiveFailed(context.target?.name ?? "") } as ProgramsNotice,
      target: null,
    })),
    forgetNotice: assign({ notice: () => null }),
    tellSession: sendTo(
      ({ context }) => context.session,
      (_, answer: ProgramList) => ({ type: "session.programsChanged" as const, programs: answer.data }),
    ),
    notify: notifyToasts,
    goHome: () => {},
  },
  guards: {
    ...adminRefusalGuards,
    ...apiScopeGuards,
    isCodeTaken: (_, error: unknown) => isCodeTakenFailure(error),
    hasFormProblems: ({ context }) => context.form !== null && hasProblems(programFormProblems(context.form.values, context.form.mode)),
    isListed: ({ context }, code: string) => context.programs.some((p) => p.code === code),
    isActive: ({ context }, code: string) => context.programs.some((p) => p.code === code && !p.archived),
    isArchived: ({ context }, code: string) => context.programs.some((p) => p.code === code && p.archived),
  },
}).createMachine({
  id: "programAdmin",
  context: ({ input }) => ({
    session: input.session,
    scope: openingScope(input.session),
    toasts: input.toasts ?? null,
    programs: [],
    form: null,
    target: null,
    ask: "archive",
    notice: null,
  }),
  invoke: followSessionScope,
  initial: "waiting",
  states: {
    waiting: { ...programsLoad.waiting, on: followScope },
    loading: { ...programsLoad.loading, on: followScope },
    /** The programs could not be loaded: says so, with 'Try again'. */
    failed: { on: { ...followScope, ...programsLoad.failed.on } },
    refused: adminRefusedState,
    ready: {
      on: { ...followScope, "programs.noticeDismissed": { actions: "forgetNotice" } },
      initial: "idle",
      states: {
        idle: {
          on: {
            "programs.createAsked": { target: "editing", actions: "openCreate" },
            "programs.editAsked": { guard: { type: "isListed", params: codeOf }, target: "editing", actions: { type: "openEdit", params: codeOf } },
            "programs.archiveAsked": {
              guard: { type: "isActive", params: codeOf },
              target: "confirming",
              actions: { type: "chooseTarget", params: ({ event }) => ({ code: event.code, ask: "archive" as const }) },
            },
            "programs.unarchiveAsked": {
              guard: { type: "isArchived", params: codeOf },
              target: "confirming",
              actions: { type: "chooseTarget", params: ({ event }) => ({ code: event.code, ask: "unarchive" as const }) },
            },
          },
        },
        /** The form, create or edit: a submit with problems shows them by field; one without is sent. */
        editing: {
          on: {
            "programs.fieldChanged": { actions: { type: "changeField", params: ({ event }) => ({ field: event.field, value: event.value }) } },
            "programs.formSubmitted": [{ guard: "hasFormProblems", actions: "showProblems" }, { target: "saving" }],
            "programs.formCancelled": { target: "idle", actions: "closeForm" },
          },
        },
        saving: {
          invoke: {
            src: "saveProgram",
            input: saveCallOf,
            onDone: { target: "syncing", actions: { type: "keepSaved", params: ({ event }) => event.output } },
            onError: [
              refusedOnForbidden,
              { guard: { type: "isCodeTaken", params: failureOf }, target: "editing", actions: "sayCodeTaken" },
              { target: "editing", actions: "saySaveFailed" },
            ],
          },
        },
        /** 'Archive this program?' or 'Unarchive this program?' about the target. */
        confirming: {
          on: {
            "programs.archiveCancelled": { target: "idle", actions: "forgetTarget" },
            "programs.archiveConfirmed": "archiving",
          },
        },
        archiving: {
          invoke: {
            src: "setArchived",
            input: archiveCallOf,
            onDone: { target: "syncing", actions: { type: "keepArchived", params: ({ event }) => event.output } },
            onError: [refusedOnForbidden, { target: "idle", actions: "sayArchiveFailed" }],
          },
        },
        /** The person's programs again, for the session (the switcher and menus); a failure leaves them until the next load. */
        syncing: {
          invoke: {
            src: "loadMenuPrograms",
            input: apiCallOf,
            onDone: { target: "idle", actions: { type: "tellSession", params: ({ event }) => event.output } },
            onError: "idle",
          },
        },
      },
    },
  },
});

type Snap = SnapshotFrom<typeof programAdminMachine>;

/** Named selectors: the view reads the screen only through these. */
export const programAdminSelectors = {
  status: (s: Snap): LoadStatus => loadStatusOf(s, s.context.programs.length),
  programs: (s: Snap) => s.context.programs,
  form: (s: Snap) => s.context.form,
  isSaving: (s: Snap) => s.matches({ ready: "saving" }),
  /** The program the confirmation asks about (also while it is being changed), and what it asks. */
  confirming: (s: Snap): { readonly program: AdminProgram; readonly ask: ArchiveAsk } | null =>
    (s.matches({ ready: "confirming" }) || s.matches({ ready: "archiving" })) && s.context.target !== null
      ? { program: s.context.target, ask: s.context.ask }
      : null,
  isArchiving: (s: Snap) => s.matches({ ready: "archiving" }),
  /** Whether a row's buttons may start something (nothing else under way). */
  isIdle: (s: Snap) => s.matches({ ready: "idle" }),
  notice: (s: Snap) => s.context.notice,
} satisfies Record<string, (s: Snap) => unknown>;

export type ProgramAdminActorRef = ActorRefFrom<typeof programAdminMachine>;
