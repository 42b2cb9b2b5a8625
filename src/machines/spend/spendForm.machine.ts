import { assign, enqueueActions, setup, type ActorRefFrom, type AnyActorRef, type SnapshotFrom } from "xstate";
import {
  emptySpendForm,
  isEndDateEnabled,
  spendFormFields,
  spendFormTexts,
  spendMessages,
  validateSpendForm,
  type SpendEntry,
  type SpendFormErrors,
  type SpendFormField,
  type SpendFormValues,
} from "../../domain/spend/spendForm";
import { createFixedCost, type CreatedFixedCost } from "../../services/spend/costs";
import type { ApiContext } from "../../services/http/http";
import type { HttpError } from "../../services/http/httpErrors";
import { fromApiCall } from "../runtime/fromEffect";

/**
 * The quick spend entry form. The person types; 'Create Spend'
 * checks every rule: an invalid form shows each field's message and the toast 'The
 * spend configuration is not valid! Please check the fields.' (3 seconds, through the
 * app's toasts actor given as `toasts`, see `spendFormTellingToasts`); a valid one is sent
 * through the fixed-costs call (taxonomy_2..4 only when filled, end_date only when the
 * frequency is not single). Created: the form is emptied and says what was created.
 * Each creation is told to the `listener` (the performance report) as `spend.created`,
 * once, so what shows costs loads again. Refused or failed: the reason is shown and
 * everything typed is kept.
 */

export interface SpendFormInput {
  readonly api: ApiContext;
  /** The program code the spend is created in. */
  readonly program: string;
  /** The app's toasts actor: hears the invalid-form toast (`toast.shown`, an error). */
  readonly toasts?: AnyActorRef | null;
  /** Hears `spend.created` after each creation (the performance report). */
  readonly listener?: AnyActorRef | null;
}

/** A created configuration: its id and what was sent. */
export interface CreatedSpend {
  readonly id: number;
  readonly entry: SpendEntry;
}

export interface SpendFormContext extends SpendFormInput {
  readonly values: SpendFormValues;
  /** The messages shown under the fields (only while invalid). */
  readonly errors: SpendFormErrors;
  /** The body being sent (while submitting) or last sent. */
  readonly submitted: SpendEntry | null;
  readonly created: CreatedSpend | null;
  /** Why the last send failed (the server's refusal, or the failure's kind). */
  readonly failure: string | null;
}

/** What the form tells its listener after each creation. */
export interface SpendCreated {
  readonly type: "spend.created";
  readonly id: number;
}

export type SpendFormEvent = { type: "spend.fieldChanged"; field: SpendFormField; value: string } | { type: "spend.saved" };

export interface CreateSpendInput {
  readonly api: ApiContext;
  readonly program: string;
  readonly body: SpendEntry;
}

const noErrors: SpendFormErrors = {};

const errorsOf = (values: SpendFormValues): SpendFormErrors => {
  const r = validateSpendForm(values);
  return r.ok ? noErrors : r.errors;
};

/** The message of a failed send: the server's own reason for a refusal (4xx), else the kind of failure. */
export const spendFailureText = (error: unknown): string => {
  const e = typeof error === "object" && error !== null ? (error as { _tag?: unknown; message?: unknown }) : {};
  const reason = typeof e.message === "string" && e.message.trim() !== "" ? e.message.trim() : null;
  switch (e._tag) {
    case "ClientError":
    case "Forbidden":
    case "NotFound":
    case "Unauthorized":
      return spendFormTexts.refused(reason ?? "the server refused it.");
    case "NetworkError":
      return spendFormTexts.unreachable;
    case "DecodeError":
      return spendFormTexts.unreadableAnswer;
    default:
      return spendFormTexts.serverFailed;
  }
};

const isField = (field: unknown): field is SpendFormField => typeof field === "string" && (spendFormFields as ReadonlyArray<string>).includes(field);

/** The field and value a `spend.fieldChanged` sets. */
const fieldChange = ({ event }: { event: { field: SpendFormField; value: string } }) => ({ field: event.field, value: event.value });

export const spendFormMachine = setup({
  types: {
    context: {} as SpendFormContext,
    events: {} as SpendFormEvent,
    input: {} as SpendFormInput,
  },
  actors: {
    /** POST programs/{program}/fixed-costs with the form's body. */
    createSpend: fromApiCall<CreatedFixedCost, CreateSpendInput, HttpError>(({ program, body }) => createFixedCost(program, body)),
  },
  actions: {
    changeField: assign(({ context }, params: { field: SpendFormField; value: string }) =>
      isField(params.field) ? { values: { ...context.values, [params.field]: String(params.value) } } : {},
    ),
    showErrors: assign(({ context }) => ({ errors: errorsOf(context.values), failure: null, created: null })),
    /** While invalid, the messages follow what is typed. */
    revalidate: assign(({ context }) => ({ errors: errorsOf(context.values) })),
    prepareSubmission: assign(({ context }) => {
      const r = validateSpendForm(context.values);
      return { submitted: r.ok ? r.body : null, errors: noErrors, failure: null, created: null };
    }),
    /** Created: the form is emptied and remembers what was created. */
    rememberCreated: assign(({ context }, created: CreatedFixedCost) => {
      const id = created.data.id;
      return { created: context.submitted ? { id, entry: context.submitted } : null, values: emptySpendForm, errors: noErrors, failure: null };
    }),
    /** Failed: the reason is kept; the values are left as typed. */
    rememberFailure: assign((_, params: { error: unknown }) => ({ failure: spendFailureText(params.error) })),
    forgetCreated: assign({ created: null }),
    /** The listener hears of the creation once, so what shows costs loads again. */
    tellSpendCreated: enqueueActions(({ context, enqueue }) => {
      if (context.listener && context.created) enqueue.sendTo(context.listener, { type: "spend.created", id: context.created.id } satisfies SpendCreated);
    }),
    /** Provided by the owner: the invalid-form toast (`toast.shown` to the app's toasts actor, 3 seconds; see `spendFormTellingToasts`). */
    notifyInvalid: (_, _params: { text: string }) => {},
  },
  guards: {
    isFormValid: ({ context }) => validateSpendForm(context.values).ok,
    hasNoErrors: ({ context }) => Object.keys(context.errors).length === 0,
  },
}).createMachine({
  id: "spendForm",
  context: ({ input }) => ({ ...input, values: emptySpendForm, errors: noErrors, submitted: null, created: null, failure: null }),
  initial: "editing",
  states: {
    editing: {
      initial: "idle",
      on: {
        "spend.saved": [
          { guard: "isFormValid", target: "submitting", actions: "prepareSubmission" },
          { target: ".invalid", actions: ["showErrors", { type: "notifyInvalid", params: { text: spendMessages.invalidToast } }] },
        ],
      },
      states: {
        /** Typing; nothing checked yet. */
        idle: {
          on: { "spend.fieldChanged": { actions: { type: "changeField", params: fieldChange } } },
        },
        /** Saved while invalid: each broken rule's message under its field, updated as the person types. */
        invalid: {
          always: { guard: "hasNoErrors", target: "idle" },
          on: { "spend.fieldChanged": { actions: [{ type: "changeField", params: fieldChange }, "revalidate"] } },
        },
        /** Created: the form is empty and says what was created until the person types again. */
        created: {
          on: { "spend.fieldChanged": { target: "idle", actions: ["forgetCreated", { type: "changeField", params: fieldChange }] } },
        },
        /** Not created: the reason is shown until the next save; what was typed is kept. */
        failed: {
          on: { "spend.fieldChanged": { actions: { type: "changeField", params: fieldChange } } },
        },
      },
    },
    /** Sending; the fields wait (edits and saves are ignored). */
    submitting: {
      invoke: {
        src: "createSpend",
        input: ({ context }) => ({ api: context.api, program: context.program, body: context.submitted as SpendEntry }),
        onDone: { target: "editing.created", actions: [{ type: "rememberCreated", params: ({ event }) => event.output }, "tellSpendCreated"] },
        onError: { target: "editing.failed", actions: { type: "rememberFailure", params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});

/** The form whose invalid toast goes to the toasts actor given as its `toasts` input. */
export const spendFormTellingToasts = spendFormMachine.provide({
  actions: {
    notifyInvalid: ({ context }, params: { text: string }) => context.toasts?.send({ type: "toast.shown", text: params.text, kind: "error" }),
  },
});

type Snap = SnapshotFrom<typeof spendFormMachine>;

export const spendFormSelectors = {
  values: (s: Snap) => s.context.values,
  /** The field messages (none unless the form was saved invalid). */
  errors: (s: Snap) => (s.matches({ editing: "invalid" }) ? s.context.errors : noErrors),
  isEndDateEnabled: (s: Snap) => isEndDateEnabled(s.context.values.frequency),
  isSubmitting: (s: Snap) => s.matches("submitting"),
  isInvalid: (s: Snap) => s.matches({ editing: "invalid" }),
  created: (s: Snap) => (s.matches({ editing: "created" }) ? s.context.created : null),
  failure: (s: Snap) => (s.matches({ editing: "failed" }) ? s.context.failure : null),
} satisfies Record<string, (s: Snap) => unknown>;

export type SpendFormActorRef = ActorRefFrom<typeof spendFormMachine>;
