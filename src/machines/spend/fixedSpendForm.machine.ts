import { assign, setup, type ActorRefFrom, type AnyActorRef, type SnapshotFrom } from "xstate";
import type { Created } from "../../domain/report/configuration";
import { todayAt } from "../../domain/report/dateRange";
import { programTimeZone } from "../../domain/shell/timeZone";
import { sameSessionScope, type SessionScope } from "../../domain/report/reportScope";
import { isEmptyLevel, type FixedCost, type FixedCostAnswer } from "../../domain/spend/costs";
import { fixedSpendCreateKey, fixedSpendFormOf, fixedSpendIdOf, fixedSpendUpdateOf, newFixedSpendForm, type FixedSpendUpdate } from "../../domain/spend/fixedSpendForm";
import { emptySpendForm, isEndDateEnabled, spendFormFields, validateSpendForm, type SpendEntry, type SpendFormErrors, type SpendFormField, type SpendFormValues } from "../../domain/spend/spendForm";
import { spendListTexts } from "../../domain/spend/spendList";
import type { Ok } from "../../domain/access/auth";
import type { ApiContext } from "../../services/http/http";
import type { HttpError } from "../../services/http/httpErrors";
import { createFixedCost, findFixedCost, removeFixedCost, updateFixedCost } from "../../services/spend/costs";
import { fromApiCall } from "../runtime/fromEffect";
import { followSessionScope, openingScope, scopeAction, scopeGuard, sessionScopeActors, type SessionScopeChanged, type SessionSource } from "../shell/sessionScope";
import { holdScopeWhileWriting, waitForScope, waitOnIncompleteScope } from "../reports/reportScope";
import { spendFailureText } from "./spendForm.machine";

/**
 * The create and edit screen of a fixed spend configuration (/account/costs/fixed/create
 * and /account/costs/fixed/{spend}). The fields and every rule are the spend form's
 * (`validateSpendForm`, the same zod rules as the performance report's spend form).
 *
 * The screen owns its scope: it starts with the session's and follows it through
 * `sessionScopeListener` (`waiting` while the session has no program). Create starts
 * with the new-form defaults (cost 0, today to tomorrow in the program's time, daily).
 * Edit reads the route's id (anything but an id is `notFound` without a call), loads the
 * configuration, and loads again in another program; a 403 goes back to the list saying
 * 'You don't have access to this spend configuration', a 404 is `notFound`.
 *
 * Saving checks every rule (an invalid form shows each field's message) and sends once
 * (`saving` ignores saves); a create carries an Idempotency-Key made of the screen's id
 * and the body, so saving the same body again after a lost answer creates nothing twice.
 * Saved: the toast 'The spend configuration has been saved' and the list. Remove asks
 * first (`confirming`), then removes: 'The spend configuration was successfully removed'
 * and the list. A failed create says why (the spend form's words); other failed edits,
 * removals and loads open the app's dialog and the person stays on the form. A scope
 * the session moves to while a save or a removal runs waits for its answer (the request
 * went to the screen's program); a failure then takes it up.
 */

/** The session as the screen reads it. */
export type FixedSpendFormSession = SessionSource & AnyActorRef;

/** Which screen: a new configuration, or the one the route's `{spend}` (percent-decoded) names. */
export type FixedSpendFormRoute = { readonly kind: "create" } | { readonly kind: "edit"; readonly param: string };

export interface FixedSpendFormInput {
  readonly session: FixedSpendFormSession;
  readonly route: FixedSpendFormRoute;
  /** This opened form's own id, part of a create's Idempotency-Key. */
  readonly formId: string;
  /** The app's toasts actor: hears the saved, removed and no-access messages (`toast.shown`). */
  readonly toasts?: AnyActorRef | null;
  /** The clock "today" is read from (tests give a fixed time). */
  readonly now?: () => number;
}

export interface FixedSpendFormContext {
  readonly session: FixedSpendFormSession;
  readonly scope: SessionScope;
  readonly route: FixedSpendFormRoute;
  /** The configuration edited (null on create, and for a route parameter that is not an id). */
  readonly id: number | null;
  readonly formId: string;
  readonly toasts: AnyActorRef | null;
  readonly now: () => number;
  /** The configuration as loaded (edit). */
  readonly stored: FixedCost | null;
  /** What the person typed; null until the form starts (a create waits for the program's today). */
  readonly values: SpendFormValues | null;
  /** The messages shown under the fields (only while invalid). */
  readonly errors: SpendFormErrors;
  /** The body being sent (while saving) or last sent. */
  readonly submitted: SpendEntry | null;
  /** Why the last create failed. */
  readonly failure: string | null;
  /** A scope the session moved to while a save or a removal ran (taken up when it fails). */
  readonly pendingScope: SessionScope | null;
}

export type FixedSpendFormEvent =
  | SessionScopeChanged
  | { type: "spend.fieldChanged"; field: SpendFormField; value: string }
  | { type: "spend.saved" }
  | { type: "spend.removeAsked" }
  | { type: "spend.removeConfirmed" }
  | { type: "spend.removeCancelled" }
  | { type: "spend.loadRetried" };

export interface FindSpendInput {
  readonly api: ApiContext;
  readonly program: string;
  readonly id: number;
}

export interface CreateSpendInput {
  readonly api: ApiContext;
  readonly program: string;
  readonly body: SpendEntry;
  readonly idempotencyKey: string;
}

export interface UpdateSpendInput {
  readonly api: ApiContext;
  readonly program: string;
  readonly id: number;
  readonly body: FixedSpendUpdate;
  /** The version the configuration was loaded at. */
  readonly version: number;
}

type Context = FixedSpendFormContext;

const noErrors: SpendFormErrors = {};

const isComplete = (scope: SessionScope): boolean => scope.program !== null && scope.range !== null;

const programOf = (context: Context): string => context.scope.program?.code ?? "";

const errorsOf = (values: SpendFormValues | null): SpendFormErrors => {
  const r = validateSpendForm(values ?? emptySpendForm);
  return r.ok ? noErrors : r.errors;
};

const isField = (field: unknown): field is SpendFormField => typeof field === "string" && (spendFormFields as ReadonlyArray<string>).includes(field);

const tagOf = (error: unknown): unknown => (typeof error === "object" && error !== null ? (error as { _tag?: unknown })._tag : undefined);

/** The taxonomy path of a stored configuration, empty levels left out ("Paid Search / Google"). */
export const storedPath = (cost: FixedCost): string =>
  [cost.taxonomy_1, cost.taxonomy_2, cost.taxonomy_3, cost.taxonomy_4].filter((level) => !isEmptyLevel(level)).join(" / ");

export const fixedSpendFormMachine = setup({
  types: {
    context: {} as FixedSpendFormContext,
    events: {} as FixedSpendFormEvent,
    input: {} as FixedSpendFormInput,
  },
  actors: {
    ...sessionScopeActors,
    /** GET programs/{program}/fixed-costs/{id}. */
    findSpend: fromApiCall<FixedCostAnswer, FindSpendInput, HttpError>(({ program, id }) => findFixedCost(program, id)),
    /** POST programs/{program}/fixed-costs with the form's body and its Idempotency-Key. */
    createSpend: fromApiCall<Created, CreateSpendInput, HttpError>(({ program, body, idempotencyKey }) => createFixedCost(program, body, { idempotencyKey })),
    /** PATCH programs/{program}/fixed-costs/{id} with every field of the form. */
    updateSpend: fromApiCall<FixedCostAnswer, UpdateSpendInput, HttpError>(({ program, id, body, version }) => updateFixedCost(program, id, body, version)),
    /** DELETE programs/{program}/fixed-costs/{id}. */
    removeSpend: fromApiCall<Ok, FindSpendInput, HttpError>(({ program, id }) => removeFixedCost(program, id)),
  },
  actions: {
    changeScope: assign((_, scope: SessionScope) => ({ scope })),
    /** While a save or a removal runs, another scope waits: the request already went to the screen's program. */
    holdScope: assign((_, scope: SessionScope) => ({ pendingScope: scope })),
    /** The request failed: the scope the session moved to meanwhile is taken up (a configuration loaded elsewhere goes). */
    takePendingScope: assign(({ context }) =>
      context.pendingScope === null ? {} : { scope: context.pendingScope, pendingScope: null, stored: null, errors: noErrors, failure: null },
    ),
    /** A create starts with the defaults once, for the program's today; what is typed survives another program. */
    startNewForm: assign(({ context }) => ({
      values: context.values ?? newFixedSpendForm(todayAt(context.now(), programTimeZone(context.scope.program))),
    })),
    /** Another program: the configuration loaded there goes (an edit loads again; a create keeps what was typed). */
    forgetStored: assign({ stored: null, errors: noErrors, failure: null }),
    storeConfiguration: assign((_, answer: FixedCostAnswer) => ({ stored: answer.data, values: fixedSpendFormOf(answer.data), errors: noErrors })),
    changeField: assign(({ context }, change: { field: SpendFormField; value: string }) =>
      isField(change.field) && context.values ? { values: { ...context.values, [change.field]: String(change.value) } } : {},
    ),
    showErrors: assign(({ context }) => ({ errors: errorsOf(context.values), failure: null })),
    /** While invalid, the messages follow what is typed. */
    revalidate: assign(({ context }) => ({ errors: errorsOf(context.values) })),
    prepareSubmission: assign(({ context }) => {
      const r = validateSpendForm(context.values ?? emptySpendForm);
      return { submitted: r.ok ? r.body : null, errors: noErrors, failure: null };
    }),
    /** A failed create: the reason is kept (the spend form's words); the values are left as typed. */
    rememberFailure: assign((_, error: unknown) => ({ failure: spendFailureText(error) })),
    /** A message to the app's toasts actor (saved, removed, no access). */
    notify: ({ context }, params: { text: string; kind: "info" | "error" }) => {
      context.toasts?.send({ type: "toast.shown", text: params.text, kind: params.kind });
    },
    /** Provided by the view: opens the fixed spend list. */
    goToList: () => {},
  },
  guards: {
    hasCompleteScope: ({ context }) => isComplete(context.scope),
    hasPendingScope: ({ context }) => context.pendingScope !== null,
    isIncompleteScope: (_, scope: SessionScope) => !isComplete(scope),
    /** Another API context or program (other dates or a named filter do not touch a configuration). */
    isOtherProgram: ({ context }, scope: SessionScope) =>
      !sameSessionScope(context.scope, { ...scope, range: context.scope.range, filter: context.scope.filter }),
    isCreate: ({ context }) => context.route.kind === "create",
    isEdit: ({ context }) => context.route.kind === "edit",
    hasSpendId: ({ context }) => context.id !== null,
    isFormValid: ({ context }) => context.values !== null && validateSpendForm(context.values).ok,
    hasNoErrors: ({ context }) => Object.keys(context.errors).length === 0,
    isForbidden: (_, error: unknown) => tagOf(error) === "Forbidden",
    isRefused: (_, error: unknown) => tagOf(error) === "ClientError",
    isNotFound: (_, error: unknown) => tagOf(error) === "NotFound",
  },
}).createMachine({
  id: "fixedSpendForm",
  context: ({ input }) => ({
    session: input.session,
    scope: openingScope(input.session),
    route: input.route,
    id: input.route.kind === "edit" ? fixedSpendIdOf(input.route.param) : null,
    formId: input.formId,
    toasts: input.toasts ?? null,
    now: input.now ?? Date.now,
    stored: null,
    values: null,
    errors: noErrors,
    submitted: null,
    failure: null,
    pendingScope: null,
  }),
  invoke: followSessionScope,
  on: {
    "session.scopeChanged": [
      waitOnIncompleteScope,
      { guard: scopeGuard("isOtherProgram"), target: ".waiting", actions: [scopeAction("changeScope"), "forgetStored"] },
      { actions: scopeAction("changeScope") },
    ],
  },
  initial: "waiting",
  states: {
    /** The session has no program yet: nothing to load or start. */
    waiting: waitForScope("starting"),
    starting: {
      always: [
        { guard: "isCreate", target: "editing", actions: "startNewForm" },
        { guard: "hasSpendId", target: "loading" },
        { target: "notFound" },
      ],
    },
    loading: {
      invoke: {
        src: "findSpend",
        input: ({ context }) => ({ api: context.scope.api, program: programOf(context), id: context.id ?? 0 }),
        onDone: { target: "editing", actions: { type: "storeConfiguration", params: ({ event }) => event.output } },
        onError: [
          { guard: { type: "isForbidden", params: ({ event }: { readonly event: { readonly error: unknown } }) => event.error }, target: "forbidden" },
          { guard: { type: "isNotFound", params: ({ event }: { readonly event: { readonly error: unknown } }) => event.error }, target: "notFound" },
          { target: "loadFailed" },
        ],
      },
    },
    /** The load failed otherwise (the app's dialog said why): the person may try again. */
    loadFailed: {
      on: { "spend.loadRetried": "loading" },
    },
    /** No configuration with this id in the program (or the route's parameter is not an id). */
    notFound: {},
    editing: {
      initial: "idle",
      on: {
        "spend.saved": [
          { guard: "isFormValid", target: "saving", actions: "prepareSubmission" },
          { target: ".invalid", actions: "showErrors" },
        ],
        "spend.removeAsked": { guard: "isEdit", target: "confirming" },
      },
      states: {
        /** Typing; nothing checked yet. */
        idle: {
          on: { "spend.fieldChanged": { actions: { type: "changeField", params: ({ event }) => event } } },
        },
        /** Saved while invalid: each broken rule's message under its field, updated as the person types. */
        invalid: {
          always: { guard: "hasNoErrors", target: "idle" },
          on: { "spend.fieldChanged": { actions: [{ type: "changeField", params: ({ event }) => event }, "revalidate"] } },
        },
        /** A create failed: the reason shows until the next save; what was typed is kept. */
        failed: {
          on: { "spend.fieldChanged": { actions: { type: "changeField", params: ({ event }) => event } } },
        },
      },
    },
    /** 'Are you sure you want to remove this spend configuration?' */
    confirming: {
      on: {
        "spend.removeConfirmed": "removing",
        "spend.removeCancelled": "editing",
      },
    },
    /** Sending; saves, edits and other programs wait (the answer decides where the screen goes). */
    saving: {
      on: {
        "session.scopeChanged": holdScopeWhileWriting,
      },
      initial: "choosing",
      states: {
        choosing: {
          always: [{ guard: "isCreate", target: "creating" }, { target: "updating" }],
        },
        creating: {
          invoke: {
            src: "createSpend",
            input: ({ context }) => {
              const body = context.submitted as SpendEntry;
              return { api: context.scope.api, program: programOf(context), body, idempotencyKey: fixedSpendCreateKey(context.formId, body) };
            },
            onDone: "#fixedSpendForm.saved",
            onError: [
              { guard: "hasPendingScope", target: "#fixedSpendForm.waiting", actions: "takePendingScope" },
              { target: "#fixedSpendForm.editing.failed", actions: { type: "rememberFailure", params: ({ event }: { readonly event: { readonly error: unknown } }) => event.error } },
            ],
          },
        },
        updating: {
          invoke: {
            src: "updateSpend",
            input: ({ context }) => ({
              api: context.scope.api,
              program: programOf(context),
              id: context.id ?? 0,
              body: fixedSpendUpdateOf(context.submitted as SpendEntry),
              // The version it was loaded at: someone else's save since then is refused (409), not overwritten.
              version: context.stored?.version ?? 1,
            }),
            onDone: "#fixedSpendForm.saved",
            onError: [
              { guard: { type: "isForbidden", params: ({ event }: { readonly event: { readonly error: unknown } }) => event.error }, target: "#fixedSpendForm.forbidden" },
              { guard: "hasPendingScope", target: "#fixedSpendForm.waiting", actions: "takePendingScope" },
              { guard: { type: "isNotFound", params: ({ event }: { readonly event: { readonly error: unknown } }) => event.error }, target: "#fixedSpendForm.notFound" },
              // A refusal (409: someone else saved it since it was loaded) shows its reason until the next save.
              {
                guard: { type: "isRefused", params: ({ event }: { readonly event: { readonly error: unknown } }) => event.error },
                target: "#fixedSpendForm.editing.failed",
                actions: { type: "rememberFailure", params: ({ event }: { readonly event: { readonly error: unknown } }) => event.error },
              },
              { target: "#fixedSpendForm.editing" },
            ],
          },
        },
      },
    },
    removing: {
      on: {
        "session.scopeChanged": holdScopeWhileWriting,
      },
      invoke: {
        src: "removeSpend",
        input: ({ context }) => ({ api: context.scope.api, program: programOf(context), id: context.id ?? 0 }),
        onDone: "removed",
        onError: [
          { guard: { type: "isForbidden", params: ({ event }: { readonly event: { readonly error: unknown } }) => event.error }, target: "forbidden" },
          { guard: "hasPendingScope", target: "waiting", actions: "takePendingScope" },
          { guard: { type: "isNotFound", params: ({ event }: { readonly event: { readonly error: unknown } }) => event.error }, target: "notFound" },
          { target: "editing" },
        ],
      },
    },
    saved: {
      type: "final",
      entry: [{ type: "notify", params: { text: spendListTexts.saved, kind: "info" } }, "goToList"],
    },
    removed: {
      type: "final",
      entry: [{ type: "notify", params: { text: spendListTexts.removed, kind: "info" } }, "goToList"],
    },
    /** No access: back to the list, saying so. */
    forbidden: {
      type: "final",
      entry: [{ type: "notify", params: { text: spendListTexts.forbidden, kind: "error" } }, "goToList"],
    },
  },
});

type Snap = SnapshotFrom<typeof fixedSpendFormMachine>;

/** Named selectors: the view reads the screen only through these. */
export const fixedSpendFormSelectors = {
  isCreate: (s: Snap) => s.context.route.kind === "create",
  /** The id of the configuration edited (null on create or for a route parameter that is not an id). */
  spendId: (s: Snap) => s.context.id,
  /** The loaded configuration's taxonomy path ("" until loaded). */
  storedPath: (s: Snap) => (s.context.stored ? storedPath(s.context.stored) : ""),
  isLoading: (s: Snap) => s.matches("waiting") || s.matches("starting") || s.matches("loading"),
  isNotFound: (s: Snap) => s.matches("notFound"),
  hasLoadFailed: (s: Snap) => s.matches("loadFailed"),
  /** Whether the form shows: editing, asking, saving or removing. */
  showsForm: (s: Snap) => s.context.values !== null && (s.matches("editing") || s.matches("confirming") || s.matches("saving") || s.matches("removing")),
  values: (s: Snap) => s.context.values ?? emptySpendForm,
  /** The field messages (none unless the form was saved invalid). */
  errors: (s: Snap) => (s.matches({ editing: "invalid" }) ? s.context.errors : noErrors),
  isEndDateEnabled: (s: Snap) => isEndDateEnabled(s.context.values?.frequency ?? ""),
  isSaving: (s: Snap) => s.matches("saving"),
  isConfirming: (s: Snap) => s.matches("confirming"),
  isRemoving: (s: Snap) => s.matches("removing"),
  /** Fields and buttons wait while a save or a removal runs, and once the screen is done. */
  isBusy: (s: Snap) => s.matches("saving") || s.matches("removing") || s.status === "done",
  failure: (s: Snap) => (s.matches({ editing: "failed" }) ? s.context.failure : null),
} satisfies Record<string, (s: Snap) => unknown>;

export type FixedSpendFormActorRef = ActorRefFrom<typeof fixedSpendFormMachine>;
