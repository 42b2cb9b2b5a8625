import { setup, type ActorRefFrom, type SnapshotFrom } from "xstate";
import type { Ok, PasswordReset } from "../../domain/access/auth";
import { newPasswordProblem } from "../../domain/access/passwordForm";
import * as authApi from "../../services/access/auth";
import type { ApiContext } from "../../services/http/http";
import type { HttpError } from "../../services/http/httpErrors";
import { fromApiCall } from "../runtime/fromEffect";
import { signedOutApiOf, type SessionSource } from "../shell/sessionScope";
import { accessLinkGuards, isCheckingLink, linkCheckStates } from "./accessLink";

export interface ResetPasswordInput {
  /** The session: the calls go to its base URL. */
  readonly session: SessionSource;
  /** The reset link's token and email. */
  readonly token: string;
  readonly email: string;
}

interface ResetPasswordContext {
  readonly api: ApiContext;
  readonly token: string;
  readonly email: string;
}

export type ResetPasswordEvent = { type: "reset.submitted"; password: string; confirmPassword: string };

/**
 * Set-new-password: the link is validated first; a bad link warns and redirects after
 * 5 seconds. A new password under 8 characters shows 'Use at least 8 characters' and a
 * mismatch 'These passwords don't match…', and neither sends anything; otherwise the reset
 * is sent; success thanks the person and redirects after 3 seconds; failure shows nothing.
 */
const submitTransitions = [
  { guard: "passwordTooShort", target: "tooShort" },
  { guard: "passwordsDiffer", target: "mismatch" },
  { target: "submitting" },
] as const;

export const resetPasswordMachine = setup({
  types: {
    context: {} as ResetPasswordContext,
    events: {} as ResetPasswordEvent,
    input: {} as ResetPasswordInput,
  },
  actors: {
    validateLink: fromApiCall<Ok, ResetPasswordContext, HttpError>(({ token, email }) => authApi.validateResetLink(token, email)),
    resetPassword: fromApiCall<Ok, { api: ApiContext; body: PasswordReset }, HttpError>(({ body }) =>
      authApi.resetPassword(body),
    ),
  },
  actions: {
    /** Provided by the app: goes to /login. */
    redirectToLogin: () => {},
  },
  guards: {
    passwordTooShort: ({ event }) =>
      newPasswordProblem({ password: event.password, confirm_password: event.confirmPassword }) === "tooShort",
    passwordsDiffer: ({ event }) =>
      newPasswordProblem({ password: event.password, confirm_password: event.confirmPassword }) === "mismatch",
    ...accessLinkGuards,
  },
  delays: {
    badLinkRedirect: 5000,
    thankYouRedirect: 3000,
  },
}).createMachine({
  id: "resetPassword",
  context: ({ input }) => ({ api: signedOutApiOf(input.session), token: input.token, email: input.email }),
  initial: "checkingLink",
  states: {
    ...linkCheckStates({ src: "validateLink", input: ({ context }: { readonly context: ResetPasswordContext }) => context, onDone: "authorised" }),
    badLink: {
      after: { badLinkRedirect: "redirected" },
    },
    authorised: {
      initial: "editing",
      states: {
        editing: { on: { "reset.submitted": submitTransitions } },
        tooShort: { on: { "reset.submitted": submitTransitions } },
        mismatch: { on: { "reset.submitted": submitTransitions } },
        submitting: {
          invoke: {
            src: "resetPassword",
            input: ({ context, event }) => ({
              api: context.api,
              body: {
                password: event.password,
                confirm_password: event.confirmPassword,
                email: context.email,
                token: context.token,
              },
            }),
            onDone: "#resetPassword.thankYou",
            onError: "editing",
          },
        },
      },
    },
    thankYou: {
      after: { thankYouRedirect: "redirected" },
    },
    redirected: { type: "final", entry: "redirectToLogin" },
  },
});

type Snap = SnapshotFrom<typeof resetPasswordMachine>;
export const resetPasswordSelectors = {
  isValidating: isCheckingLink,
  isBadLink: (s: Snap) => s.matches("badLink"),
  showsForm: (s: Snap) => s.matches("authorised"),
  isTooShort: (s: Snap) => s.matches({ authorised: "tooShort" }),
  hasMismatch: (s: Snap) => s.matches({ authorised: "mismatch" }),
  isSubmitting: (s: Snap) => s.matches({ authorised: "submitting" }),
  isThankYou: (s: Snap) => s.matches("thankYou"),
};
export type ResetPasswordActorRef = ActorRefFrom<typeof resetPasswordMachine>;
