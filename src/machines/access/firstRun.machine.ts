import { assign, sendTo, setup, type ActorRefFrom, type AnyActorRef, type SnapshotFrom } from "xstate";
import type { LoginResponse } from "../../domain/access/auth";
import { firstAdminFormProblem, type FirstAdminForm, type FirstAdminRequest, type SetupStatus } from "../../domain/access/firstRun";
import * as firstRunApi from "../../services/access/firstRun";
import type { ApiContext } from "../../services/http/http";
import type { HttpError } from "../../services/http/httpErrors";
import { failureOf, fromApiCall } from "../runtime/fromEffect";
import { signedOutApiOf, type SessionSource } from "../shell/sessionScope";
import { accountFormGuards, accountFormSelectors, accountFormStates, accountRefusalOf, signedInEventOf, type AccountRefusal } from "./accountForm";

export interface FirstRunInput {
  /** The session actor: the calls go to its base URL, and it is told of the new admin's sign-in. */
  readonly session: AnyActorRef & SessionSource;
}

interface FirstRunContext {
  readonly session: AnyActorRef & SessionSource;
  readonly api: ApiContext;
  /** What the form sends; the password is held only while it is being sent. */
  readonly request: FirstAdminRequest;
  /** Why the last submit was not accepted: the form's own rule, or the server's words. */
  readonly problem: string;
}

export type FirstRunEvent = { type: "firstRun.submitted"; form: FirstAdminForm } | { type: "firstRun.retried" };

const setupStatus = fromApiCall<SetupStatus, { api: ApiContext }, HttpError>(() => firstRunApi.setupStatus());
const createFirstAdmin = fromApiCall<LoginResponse, { api: ApiContext; body: FirstAdminRequest }, HttpError>(({ body }) =>
  firstRunApi.createFirstAdmin(body),
);

const refusalOf = (event: { readonly error: unknown }): AccountRefusal => accountRefusalOf(failureOf(createFirstAdmin, event));

const noRequest: FirstAdminRequest = { name: "", email: "", password: "" };

/**
 * The first-run screen (/setup) of a server with no account: asks the server whether it
 * needs its first admin; if so, the form (name, email, password twice), checked here for
 * what the browser can see and by the server for the rest (a common password: its words
 * shown); the new admin is signed in (the session is told). A server already set up, or
 * set up by someone else meanwhile (409), sends the person to the login page. On /login
 * the same check tells the login page to open /setup, and whether the server is a demo
 * reachable from other machines.
 */
export const firstRunMachine = setup({
  types: {
    context: {} as FirstRunContext,
    events: {} as FirstRunEvent,
    input: {} as FirstRunInput,
  },
  actors: { setupStatus, createFirstAdmin },
  actions: {
    /** Provided by the app: the login page (on /setup once the server has an account). */
    leaveSetup: () => {},
    holdRequest: assign((_, form: FirstAdminForm) => ({
      request: { name: form.name.trim(), email: form.email.trim(), password: form.password },
      problem: "",
    })),
    noteProblem: assign((_, problem: string) => ({ problem })),
    forgetPassword: assign(({ context }) => ({ request: { ...context.request, password: "" } })),
    announceSignedIn: sendTo(({ context }) => context.session, signedInEventOf),
  },
  guards: {
    ...accountFormGuards,
    isNeeded: (_, status: SetupStatus) => status.needed,
    isExposedDemo: (_, status: SetupStatus) => status.exposed_demo,
    /** 409: the server has an account now (another first run won, or the shell made one). */
    isSetUpMeanwhile: (_, refusal: AccountRefusal) => refusal.status === 409,
  },
}).createMachine({
  id: "firstRun",
  context: ({ input }) => ({ session: input.session, api: signedOutApiOf(input.session), request: noRequest, problem: "" }),
  initial: "checking",
  states: {
    checking: {
      invoke: {
        src: "setupStatus",
        input: ({ context }) => ({ api: context.api }),
        onDone: [
          { guard: { type: "isNeeded", params: ({ event }) => event.output }, target: "editing" },
          { guard: { type: "isExposedDemo", params: ({ event }) => event.output }, target: "notNeeded.exposedDemo" },
          { target: "notNeeded.quiet" },
        ],
        onError: "checkFailed",
      },
    },
    checkFailed: {
      on: { "firstRun.retried": "checking" },
    },
    /** The server has an account: nothing to set up. */
    notNeeded: {
      entry: "leaveSetup",
      initial: "quiet",
      states: {
        quiet: {},
        /** A demo reachable from other machines: the login page warns. */
        exposedDemo: {},
      },
    },
    ...accountFormStates({
      submitted: "firstRun.submitted",
      problemOf: ({ event }: { readonly event: { readonly form: FirstAdminForm } }) => firstAdminFormProblem(event.form),
      src: "createFirstAdmin",
      input: ({ context }: { readonly context: FirstRunContext }) => ({ api: context.api, body: context.request }),
      refusalOf,
      ends: { guard: "isSetUpMeanwhile", target: "setUpMeanwhile" },
    }),
    /** Someone else made the first admin while this form was open: the person signs in instead. */
    setUpMeanwhile: {},
  },
});

type Snap = SnapshotFrom<typeof firstRunMachine>;
export const firstRunSelectors = {
  isChecking: (s: Snap) => s.matches("checking"),
  hasCheckFailed: (s: Snap) => s.matches("checkFailed"),
  ...accountFormSelectors,
  isNotNeeded: (s: Snap) => s.matches("notNeeded"),
  isExposedDemo: (s: Snap) => s.matches({ notNeeded: "exposedDemo" }),
  isSetUpMeanwhile: (s: Snap) => s.matches("setUpMeanwhile"),
};
export type FirstRunActorRef = ActorRefFrom<typeof firstRunMachine>;
