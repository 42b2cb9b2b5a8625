import { setup, type ActorRefFrom, type SnapshotFrom } from "xstate";
import type { Ok } from "../../domain/access/auth";
import { isValidEmail } from "../../domain/access/email";
import * as authApi from "../../services/access/auth";
import type { ApiContext } from "../../services/http/http";
import type { HttpError } from "../../services/http/httpErrors";
import { fromApiCall } from "../runtime/fromEffect";
import { signedOutApiOf, type SessionSource } from "../shell/sessionScope";

export interface RecoverPasswordInput {
  /** The session: the request goes to its base URL. */
  readonly session: SessionSource;
}

interface RecoverPasswordContext {
  readonly api: ApiContext;
}

export type RecoverPasswordEvent = { type: "recover.submitted"; email: string };

/**
 * Forgotten password: the form, then the confirmation view and a redirect to /login
 * after 4 seconds. A failed request is only logged, the page does not change, and the
 * redirect comes after 5 seconds.
 */
export const recoverPasswordMachine = setup({
  types: {
    context: {} as RecoverPasswordContext,
    events: {} as RecoverPasswordEvent,
    input: {} as RecoverPasswordInput,
  },
  actors: {
    requestReset: fromApiCall<Ok, { api: ApiContext; email: string }, HttpError>(({ email }) =>
      authApi.requestPasswordReset(email),
    ),
  },
  actions: {
    /** Provided by the app: goes to /login. */
    redirectToLogin: () => {},
    logFailure: (_, params: { error: unknown }) => {
      console.warn("Password reset request failed", params.error);
    },
  },
  guards: {
    isValidEmail: ({ event }) => isValidEmail(event.email.trim()),
  },
  delays: {
    confirmationRedirect: 4000,
    failureRedirect: 5000,
  },
}).createMachine({
  id: "recoverPassword",
  context: ({ input }) => ({ api: signedOutApiOf(input.session) }),
  initial: "editing",
  states: {
    editing: {
      on: { "recover.submitted": { guard: "isValidEmail", target: "submitting" } },
    },
    submitting: {
      invoke: {
        src: "requestReset",
        input: ({ context, event }) => ({ api: context.api, email: event.email.trim() }),
        onDone: "submitted",
        onError: { target: "failed", actions: { type: "logFailure", params: ({ event }) => ({ error: event.error }) } },
      },
    },
    submitted: {
      after: { confirmationRedirect: "redirected" },
    },
    /** The form stays as it was. */
    failed: {
      after: { failureRedirect: "redirected" },
    },
    redirected: { type: "final", entry: "redirectToLogin" },
  },
});

type Snap = SnapshotFrom<typeof recoverPasswordMachine>;
export const recoverPasswordSelectors = {
  isSubmitting: (s: Snap) => s.matches("submitting"),
  isSubmitted: (s: Snap) => s.matches("submitted"),
  showsForm: (s: Snap) => s.matches("editing") || s.matches("submitting") || s.matches("failed"),
};
export type RecoverPasswordActorRef = ActorRefFrom<typeof recoverPasswordMachine>;
