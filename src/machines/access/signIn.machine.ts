import { assign, sendTo, setup, type ActorRefFrom, type AnyActorRef, type SnapshotFrom } from "xstate";
import type { LoginRequest, LoginResponse } from "../../domain/access/auth";
import * as authApi from "../../services/access/auth";
import type { ApiContext } from "../../services/http/http";
import { statusOf, type HttpError } from "../../services/http/httpErrors";
import type { SessionScope } from "../../domain/report/reportScope";
import { EffectDefect, failureOf, fromApiCall } from "../runtime/fromEffect";
import { followSessionScope, openingScope, sessionScopeActors, signedOutApiOf, type SessionScopeChanged, type SessionSource } from "../shell/sessionScope";
import { signedInEventOf } from "./accountForm";

export interface SignInInput {
  /** The session actor: the form calls its base URL (and follows a change of it), and is told of a successful sign-in. */
  readonly session: AnyActorRef & SessionSource;
}

interface SignInContext extends SignInInput {
  /** The session's scope (the listener follows the session from it): its base URL is where sign-in goes. */
  readonly scope: SessionScope;
  readonly api: ApiContext;
  readonly username: string;
  /** The password being sent: held only while the sign-in call is made. */
  readonly password: string;
}

export type SignInEvent =
  | { type: "signIn.submitted"; username: string; password: string }
  | { type: "signIn.alertClosed" }
  | SessionScopeChanged;

/** What a failed sign-in says: its HTTP status, when it has one. */
interface FailureStatus {
  readonly status: number | undefined;
}

const login = fromApiCall<LoginResponse, { api: ApiContext; body: LoginRequest }, HttpError>(({ body }) => authApi.login(body));

const failureStatus = (event: { readonly error: unknown }): FailureStatus => {
  const failure = failureOf(login, event);
  return { status: failure instanceof EffectDefect ? undefined : statusOf(failure) };
};

/**
 * The login form: submitting sends the credentials; wrong ones (401, or 400 for a
 * refused body) or too many attempts (429) open the failure alert, which only its own
 * button closes.
 */
export const signInMachine = setup({
  types: {
    context: {} as SignInContext,
    events: {} as SignInEvent,
    input: {} as SignInInput,
  },
  actors: {
    login,
    ...sessionScopeActors,
  },
  actions: {
    /** A new API base URL set on the login page: the next sign-in goes there. */
    followBaseUrl: assign((_, scope: SessionScope) => ({ scope, api: { baseUrl: scope.api.baseUrl, token: null } })),
    rememberCredentials: assign((_, params: { username: string; password: string }) => ({
      username: params.username.trim(),
      password: params.password,
    })),
    forgetPassword: assign({ password: "" }),
    announceSignedIn: sendTo(({ context }) => context.session, signedInEventOf),
  },
  guards: {
    hasCredentials: (_, params: { username: string; password: string }) => params.username.trim() !== "" && params.password !== "",
    /** Wrong or missing credentials (401, 400) and throttling (429); any other answer is the global dialog's. */
    isCredentialFailure: (_, { status }: FailureStatus) => status === 401 || status === 400,
    isThrottled: (_, { status }: FailureStatus) => status === 429,
  },
}).createMachine({
  id: "signIn",
  context: ({ input }) => ({ session: input.session, scope: openingScope(input.session), api: signedOutApiOf(input.session), username: "", password: "" }),
  invoke: followSessionScope,
  on: { "session.scopeChanged": { actions: { type: "followBaseUrl", params: ({ event }) => event.scope } } },
  initial: "editing",
  states: {
    editing: {
      on: {
        "signIn.submitted": {
          guard: { type: "hasCredentials", params: ({ event }) => ({ username: event.username, password: event.password }) },
          target: "submitting",
          actions: { type: "rememberCredentials", params: ({ event }) => ({ username: event.username, password: event.password }) },
        },
      },
    },
    submitting: {
      exit: "forgetPassword",
      invoke: {
        src: "login",
        input: ({ context }) => ({ api: context.api, body: { username: context.username, password: context.password } }),
        onDone: { target: "signedIn", actions: { type: "announceSignedIn", params: ({ event }) => event.output } },
        onError: [
          { guard: { type: "isCredentialFailure", params: ({ event }) => failureStatus(event) }, target: "failed.wrongCredentials" },
          { guard: { type: "isThrottled", params: ({ event }) => failureStatus(event) }, target: "failed.throttled" },
          // Server and network failures are shown by the global dialog; the form stays.
          { target: "editing" },
        ],
      },
    },
    /** The failure alert: not dismissable by clicking outside or Escape. */
    failed: {
      initial: "wrongCredentials",
      states: {
        wrongCredentials: {},
        /** Too many failures for this username (429): the alert says to wait. */
        throttled: {},
      },
      on: { "signIn.alertClosed": "editing" },
    },
    signedIn: { type: "final" },
  },
});

type Snap = SnapshotFrom<typeof signInMachine>;
export const signInSelectors = {
  isSubmitting: (s: Snap) => s.matches("submitting"),
  hasFailed: (s: Snap) => s.matches("failed"),
  isThrottled: (s: Snap) => s.matches({ failed: "throttled" }),
  isSignedIn: (s: Snap) => s.matches("signedIn"),
  username: (s: Snap) => s.context.username,
};
export type SignInActorRef = ActorRefFrom<typeof signInMachine>;
