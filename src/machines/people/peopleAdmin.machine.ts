import { Effect } from "effect";
import { assign, setup, type ActorRefFrom, type AnyActorRef, type SnapshotFrom } from "xstate";
import type { Ok } from "../../domain/access/auth";
import type { Invitation, InvitationAnswer, InvitationDraft, Person, PersonAnswer, PersonChange, Role } from "../../domain/people/people";
import {
  changeValueOf,
  hasProblems,
  invitationValueOf,
  newInvitationForm,
  personFormOf,
  personFormProblems,
  toggledPrograms,
  type PersonFormProblems,
  type PersonFormValues,
} from "../../domain/people/peopleForm";
import { peopleTexts } from "../../domain/people/peopleTexts";
import type { HttpError } from "../../services/http/httpErrors";
import {
  changePerson,
  invitePerson,
  loadPeopleScreen,
  removePerson,
  resendInvitation,
  revokeInvitation,
  type PeopleScreenData,
} from "../../services/people/people";
import { adminRefusalGuards, adminRefusedState, notifyToasts } from "../reports/adminRefusal";
import { followSessionScope, keepScopeAssignment, openingScope, sessionScopeActors, type SessionScopeChanged, type SessionSource } from "../reports/reportScope";
import { apiScopeGuards, followScopeLoad, loadStates, loadStatusOf, type LoadStatus } from "../screenLoad/loadStates";
import { fromApiCall } from "../runtime/fromEffect";
import type { ScopedScreen } from "../shell/sessionScope";

/**
 * The People screen (/admin/people, admins; docs/architecture.md, "People"): everyone with an
 * account and the pending invitations, with the programs a member may be given. It needs no
 * program of its own, only the signed-in API context.
 *
 * `waiting` (no token yet), `loading`, `failed` ('Try again'), `refused` (a 403: the admin
 * refusal, then /), or `ready`: `idle`, `editing` the form (an invitation or a person's role
 * and programs; checked with the API's own rules before it is sent), `saving`, `confirming` a
 * removal, `removing`, and `working` on an invitation (resend or revoke, at once: both are
 * undone by inviting again).
 */

export interface PeopleAdminInput {
  /** The session actor: the calls use its API context. */
  readonly session: AnyActorRef & SessionSource;
  /** The app's toasts actor: hears the no-access message. */
  readonly toasts?: AnyActorRef | null;
}

/** The open form: an invitation, or the person with this id. */
export interface PersonFormState {
  readonly mode: "invite" | "edit";
  readonly personId: number | null;
  readonly values: PersonFormValues;
  /** Shown once the form was submitted (and kept up to date while it is corrected). */
  readonly problems: PersonFormProblems;
  readonly submitted: boolean;
  /** A failure of the last save that no field explains (the server's words for a refusal). */
  readonly failure: string | null;
}

export interface PeopleNotice {
  readonly tone: "success" | "failure";
  readonly text: string;
}

/** What is done to an invitation from its row. */
export type InvitationWork = "resend" | "revoke";

export interface PeopleAdminContext extends ScopedScreen {
  readonly session: AnyActorRef & SessionSource;
  readonly toasts: AnyActorRef | null;
  readonly people: ReadonlyArray<Person>;
  readonly invitations: ReadonlyArray<Invitation>;
  readonly programs: PeopleScreenData["programs"];
  readonly form: PersonFormState | null;
  /** The person asked about (removal). */
  readonly target: Person | null;
  /** The invitation being resent or revoked, and which. */
  readonly work: { readonly invitation: Invitation; readonly kind: InvitationWork } | null;
  readonly notice: PeopleNotice | null;
}

export type PeopleAdminEvent =
  | SessionScopeChanged
  | { readonly type: "people.retried" }
  | { readonly type: "people.inviteAsked" }
  | { readonly type: "people.editAsked"; readonly id: number }
  | { readonly type: "people.emailChanged"; readonly value: string }
  | { readonly type: "people.roleChanged"; readonly role: Role }
  | { readonly type: "people.programToggled"; readonly code: string }
  | { readonly type: "people.formSubmitted" }
  | { readonly type: "people.formCancelled" }
  | { readonly type: "people.removeAsked"; readonly id: number }
  | { readonly type: "people.removeCancelled" }
  | { readonly type: "people.removeConfirmed" }
  | { readonly type: "people.resendAsked"; readonly id: number }
  | { readonly type: "people.revokeAsked"; readonly id: number }
  | { readonly type: "people.noticeDismissed" };

export interface ApiOnly {
  readonly api: PeopleAdminContext["scope"]["api"];
}

/** An invitation (personId null) or a change of a person. */
export type SaveCall = ApiOnly &
  ({ readonly personId: null; readonly body: InvitationDraft } | { readonly personId: number; readonly body: PersonChange });

export interface IdCall extends ApiOnly {
  readonly id: number;
}

export interface WorkCall extends IdCall {
  readonly kind: InvitationWork;
}

/** What a save answers: the invitation sent or the person changed. */
export type SaveAnswer = { readonly invitation: Invitation } | { readonly person: Person };

type Context = PeopleAdminContext;

const t = peopleTexts;

const apiCallOf = ({ context }: { readonly context: Context }): ApiOnly => ({ api: context.scope.api });

const saveCallOf = ({ context }: { readonly context: Context }): SaveCall => {
  const form = context.form ?? { mode: "invite" as const, personId: null, values: newInvitationForm };
  return form.mode === "edit" && form.personId !== null
    ? { api: context.scope.api, personId: form.personId, body: changeValueOf(form.values) }
    : { api: context.scope.api, personId: null, body: invitationValueOf(form.values) };
};

const removeCallOf = ({ context }: { readonly context: Context }): IdCall => ({ api: context.scope.api, id: context.target?.id ?? 0 });

const workCallOf = ({ context }: { readonly context: Context }): WorkCall => ({
  api: context.scope.api,
  id: context.work?.invitation.id ?? 0,
  kind: context.work?.kind ?? "resend",
});

const failureOf = ({ event }: { readonly event: { readonly error: unknown } }): unknown => event.error;
const idOf = ({ event }: { readonly event: { readonly id: number } }): number => event.id;

/** The server's 409 (the email is someone's, the admin's own role, the last admin), with its code and words. */
const conflictOf = (error: unknown): { readonly code: string; readonly message: string } | null => {
  if (typeof error !== "object" || error === null) return null;
  const failure = error as { readonly _tag?: unknown; readonly status?: unknown; readonly code?: unknown; readonly message?: unknown };
  return failure._tag === "ClientError" && failure.status === 409 && typeof failure.code === "string" && typeof failure.message === "string"
    ? { code: failure.code, message: failure.message }
    : null;
};

/** Every state but `refused` follows the session: another API context loads afresh, none waits. */
const followScope = { "session.scopeChanged": followScopeLoad({ waiting: "#peopleAdmin.waiting", loading: "#peopleAdmin.loading" }, "forgetAll") } as const;

const refusedOnForbidden = { guard: { type: "isForbidden", params: failureOf }, target: "#peopleAdmin.refused" } as const;

/** `waiting`, `loading` (a 403 is the admin refusal) and `failed`. */
const peopleLoad = loadStates({ src: "loadPeople", input: apiCallOf, keep: "keepPeople", retried: "people.retried", failures: [refusedOnForbidden] });

const replacedBy = <T extends { readonly id: number }>(items: ReadonlyArray<T>, saved: T): ReadonlyArray<T> =>
  items.some((item) => item.id === saved.id) ? items.map((item) => (item.id === saved.id ? saved : item)) : [...items, saved];

const formAfter = (form: PersonFormState, values: PersonFormValues): PersonFormState => ({
  ...form,
  values,
  problems: form.submitted ? personFormProblems(values, form.mode) : {},
});

export const peopleAdminMachine = setup({
  types: {
    context: {} as Context,
    events: {} as PeopleAdminEvent,
    input: {} as PeopleAdminInput,
  },
  actors: {
    ...sessionScopeActors,
    loadPeople: fromApiCall<PeopleScreenData, ApiOnly, HttpError>(() => loadPeopleScreen()),
    savePerson: fromApiCall<SaveAnswer, SaveCall, HttpError>((call) =>
      call.personId === null
        ? Effect.map(invitePerson(call.body), (answer: InvitationAnswer): SaveAnswer => ({ invitation: answer.data }))
        : Effect.map(changePerson(call.personId, call.body), (answer: PersonAnswer): SaveAnswer => ({ person: answer.data })),
    ),
    removePerson: fromApiCall<Ok, IdCall, HttpError>(({ id }) => removePerson(id)),
    workOnInvitation: fromApiCall<SaveAnswer | Ok, WorkCall, HttpError>(({ id, kind }) =>
      kind === "revoke"
        ? revokeInvitation(id)
        : Effect.map(resendInvitation(id), (answer: InvitationAnswer): SaveAnswer => ({ invitation: answer.data })),
    ),
  },
  actions: {
    keepScope: assign(keepScopeAssignment),
    keepPeople: assign((_, answer: PeopleScreenData) => ({ people: answer.people, invitations: answer.invitations, programs: answer.programs })),
    forgetAll: assign({ people: () => [], invitations: () => [], programs: () => [], form: () => null, target: () => null, work: () => null, notice: () => null }),
    openInvite: assign({
      form: (): PersonFormState => ({ mode: "invite", personId: null, values: newInvitationForm, problems: {}, submitted: false, failure: null }),
      notice: () => null,
    }),
    openEdit: assign(({ context }, id: number) => {
      const person = context.people.find((p) => p.id === id);
      return {
        form: person ? { mode: "edit" as const, personId: id, values: personFormOf(person), problems: {}, submitted: false, failure: null } : null,
        notice: null,
      };
    }),
    changeEmail: assign(({ context }, value: string) => (context.form ? { form: formAfter(context.form, { ...context.form.values, email: value }) } : {})),
    changeRole: assign(({ context }, role: Role) => (context.form ? { form: formAfter(context.form, { ...context.form.values, role }) } : {})),
    toggleProgram: assign(({ context }, code: string) =>
      context.form ? { form: formAfter(context.form, { ...context.form.values, programs: toggledPrograms(context.form.values.programs, code) }) } : {},
    ),
    showProblems: assign(({ context }) =>
      context.form ? { form: { ...context.form, submitted: true, failure: null, problems: personFormProblems(context.form.values, context.form.mode) } } : {},
    ),
    closeForm: assign({ form: () => null }),
    keepSaved: assign(({ context }, answer: SaveAnswer) =>
      "invitation" in answer
        ? {
            invitations: replacedBy(context.invitations, answer.invitation),
            notice: { tone: "success", text: t.notices.invited(answer.invitation.email) } as PeopleNotice,
            form: null,
          }
        : {
            people: replacedBy(context.people, answer.person),
            notice: { tone: "success", text: t.notices.saved(answer.person.name) } as PeopleNotice,
            form: null,
          },
    ),
    sayConflict: assign(({ context }, error: unknown) => {
      const conflict = conflictOf(error);
      if (!context.form || conflict === null) return {};
      return conflict.code === "person_exists"
        ? { form: { ...context.form, submitted: true, problems: { ...context.form.problems, email: t.form.personExists } } }
        : { form: { ...context.form, failure: conflict.message } };
    }),
    saySaveFailed: assign(({ context }) => (context.form ? { form: { ...context.form, failure: t.form.failed } } : {})),
    chooseTarget: assign(({ context }, id: number) => ({ target: context.people.find((p) => p.id === id) ?? null, notice: null })),
    forgetTarget: assign({ target: () => null }),
    keepRemoved: assign(({ context }) => ({
      people: context.people.filter((p) => p.id !== context.target?.id),
      notice: { tone: "success", text: t.notices.removed(context.target?.name ?? "") } as PeopleNotice,
      target: null,
    })),
    sayRemoveFailed: assign((_, error: unknown) => ({
      notice: { tone: "failure", text: conflictOf(error)?.message ?? t.notices.failed } as PeopleNotice,
      target: null,
    })),
    chooseWork: assign(({ context }, ask: { readonly id: number; readonly kind: InvitationWork }) => {
      const invitation = context.invitations.find((i) => i.id === ask.id);
      return { work: invitation ? { invitation, kind: ask.kind } : null, notice: null };
    }),
    keepWorked: assign(({ context }, answer: SaveAnswer | Ok) => {
      const work = context.work;
      if (!work) return {};
      if (work.kind === "revoke")
        return {
          invitations: context.invitations.filter((i) => i.id !== work.invitation.id),
          notice: { tone: "success", text: t.notices.revoked(work.invitation.email) } as PeopleNotice,
          work: null,
        };
      return {
        invitations: "invitation" in answer ? replacedBy(context.invitations, answer.invitation) : context.invitations,
        notice: { tone: "success", text: t.notices.resent(work.invitation.email) } as PeopleNotice,
        work: null,
      };
    }),
    sayWorkFailed: assign({ notice: () => ({ tone: "failure", text: t.notices.failed }) as PeopleNotice, work: () => null }),
    forgetNotice: assign({ notice: () => null }),
    notify: notifyToasts,
    goHome: () => {},
  },
  guards: {
    ...adminRefusalGuards,
    ...apiScopeGuards,
    isConflict: (_, error: unknown) => conflictOf(error) !== null,
    hasFormProblems: ({ context }) => context.form !== null && hasProblems(personFormProblems(context.form.values, context.form.mode)),
    isListedPerson: ({ context }, id: number) => context.people.some((p) => p.id === id),
    isListedInvitation: ({ context }, id: number) => context.invitations.some((i) => i.id === id),
  },
}).createMachine({
  id: "peopleAdmin",
  context: ({ input }) => ({
    session: input.session,
    scope: openingScope(input.session),
    toasts: input.toasts ?? null,
    people: [],
    invitations: [],
    programs: [],
    form: null,
    target: null,
    work: null,
    notice: null,
  }),
  invoke: followSessionScope,
  initial: "waiting",
  states: {
    waiting: { ...peopleLoad.waiting, on: followScope },
    loading: { ...peopleLoad.loading, on: followScope },
    /** The people could not be loaded: says so, with 'Try again'. */
    failed: { on: { ...followScope, ...peopleLoad.failed.on } },
    refused: adminRefusedState,
    ready: {
      on: { ...followScope, "people.noticeDismissed": { actions: "forgetNotice" } },
      initial: "idle",
      states: {
        idle: {
          on: {
            "people.inviteAsked": { target: "editing", actions: "openInvite" },
            "people.editAsked": { guard: { type: "isListedPerson", params: idOf }, target: "editing", actions: { type: "openEdit", params: idOf } },
            "people.removeAsked": { guard: { type: "isListedPerson", params: idOf }, target: "confirming", actions: { type: "chooseTarget", params: idOf } },
            "people.resendAsked": {
              guard: { type: "isListedInvitation", params: idOf },
              target: "working",
              actions: { type: "chooseWork", params: ({ event }) => ({ id: event.id, kind: "resend" as const }) },
            },
            "people.revokeAsked": {
              guard: { type: "isListedInvitation", params: idOf },
              target: "working",
              actions: { type: "chooseWork", params: ({ event }) => ({ id: event.id, kind: "revoke" as const }) },
            },
          },
        },
        /** The form: a submit with problems shows them by field; one without is sent. */
        editing: {
          on: {
            "people.emailChanged": { actions: { type: "changeEmail", params: ({ event }) => event.value } },
            "people.roleChanged": { actions: { type: "changeRole", params: ({ event }) => event.role } },
            "people.programToggled": { actions: { type: "toggleProgram", params: ({ event }) => event.code } },
            "people.formSubmitted": [{ guard: "hasFormProblems", actions: "showProblems" }, { target: "saving" }],
            "people.formCancelled": { target: "idle", actions: "closeForm" },
          },
        },
        saving: {
          invoke: {
            src: "savePerson",
            input: saveCallOf,
            onDone: { target: "idle", actions: { type: "keepSaved", params: ({ event }) => event.output } },
            onError: [
              refusedOnForbidden,
              { guard: { type: "isConflict", params: failureOf }, target: "editing", actions: { type: "sayConflict", params: failureOf } },
              { target: "editing", actions: "saySaveFailed" },
            ],
          },
        },
        /** 'Remove this person?' about the target. */
        confirming: {
          on: {
            "people.removeCancelled": { target: "idle", actions: "forgetTarget" },
            "people.removeConfirmed": "removing",
          },
        },
        removing: {
          invoke: {
            src: "removePerson",
            input: removeCallOf,
            onDone: { target: "idle", actions: "keepRemoved" },
            onError: [refusedOnForbidden, { target: "idle", actions: { type: "sayRemoveFailed", params: failureOf } }],
          },
        },
        /** Resending or revoking the invitation asked about. */
        working: {
          invoke: {
            src: "workOnInvitation",
            input: workCallOf,
            onDone: { target: "idle", actions: { type: "keepWorked", params: ({ event }) => event.output } },
            onError: [refusedOnForbidden, { target: "idle", actions: "sayWorkFailed" }],
          },
        },
      },
    },
  },
});

type Snap = SnapshotFrom<typeof peopleAdminMachine>;

/** Named selectors: the view reads the screen only through these. */
export const peopleAdminSelectors = {
  status: (s: Snap): LoadStatus => loadStatusOf(s, s.context.people.length),
  people: (s: Snap) => s.context.people,
  invitations: (s: Snap) => s.context.invitations,
  programs: (s: Snap) => s.context.programs,
  form: (s: Snap) => s.context.form,
  isSaving: (s: Snap) => s.matches({ ready: "saving" }),
  /** The person the removal asks about (also while they are being removed). */
  confirming: (s: Snap): Person | null => ((s.matches({ ready: "confirming" }) || s.matches({ ready: "removing" })) ? s.context.target : null),
  isRemoving: (s: Snap) => s.matches({ ready: "removing" }),
  /** Whether a row's buttons may start something (nothing else under way). */
  isIdle: (s: Snap) => s.matches({ ready: "idle" }),
  notice: (s: Snap) => s.context.notice,
} satisfies Record<string, (s: Snap) => unknown>;

export type PeopleAdminActorRef = ActorRefFrom<typeof peopleAdminMachine>;
