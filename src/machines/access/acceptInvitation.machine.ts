import { assign, sendTo, setup, type ActorRefFrom, type AnyActorRef, type SnapshotFrom } from "xstate";
import type { LoginResponse } from "../../domain/access/auth";
import { firstAdminFormProblem } from "../../domain/access/firstRun";
import type { InvitationAcceptance, InvitationPreview } from "../../domain/people/people";
import * as invitationApi from "../../services/access/invitation";
import type { ApiContext } from "../../services/http/http";
import type { HttpError } from "../../services/http/httpErrors";
import { EffectDefect, failureOf, fromApiCall } from "../runtime/fromEffect";
import { signedOutApiOf, type SessionSource } from "../shell/sessionScope";

export interface AcceptInvitationInput {
  /** The session actor: the calls go to its base URL, and it is told of the person's sign-in. */
  readonly session: AnyActorRef & SessionSource;
  /** The invitation link's token and email. */
  readonly token: string;
  readonly email: string;
}

/** What the form gives: the name to sign in with and the password, twice. */
export interface InvitationForm {
  readonly name: string;
  readonly password: string;
  readonly confirmPassword: string;
}

interface AcceptInvitationContext {
  readonly session: AnyActorRef & SessionSource;
  readonly api: ApiContext;
  readonly token: string;
  readonly email: string;
  readonly preview: InvitationPreview | null;
  /** What is sent; the password is held only while it is being sent. */
  readonly request: InvitationAcceptance;
  /** Why the last submit was not accepted: the form's own rule, or the server's words. */
  readonly problem: string;
}

export type AcceptInvitationEvent = { readonly type: "invitation.submitted"; readonly form: InvitationForm };

const validateInvitation = fromApiCall<InvitationPreview, { api: ApiContext; token: string; email: string }, HttpError>(({ token, email }) =>
  invitationApi.validateInvitation(token, email),
);
const acceptInvitation = fromApiCall<LoginResponse, { api: ApiContext; body: InvitationAcceptance }, HttpError>(({ body }) =>
  invitationApi.acceptInvitation(body),
);

/** A refused acceptance: its status, code and the server's words, when the failure has them. */
interface Refusal {
  readonly status: number | undefined;
  readonly code: string;
  readonly message: string;
}

const refusalOf = (event: { readonly error: unknown }): Refusal => {
  const failure = failureOf(acceptInvitation, event);
  if (failure instanceof EffectDefect) return { status: undefined, code: "", message: "" };
  return { status: "status" in failure ? failure.status : undefined, code: "code" in failure ? failure.code : "", message: failure.message };
};

/** The first admin's form rules (name, password length, the retyped password), the invitation's email standing in for the email. */
const formProblem = (form: InvitationForm, email: string): string | null => firstAdminFormProblem({ ...form, email });

/**
 * The accept-invitation page (/accept-invitation/{token}?email=, the invitation mail's link):
 * the link is checked first (a dead one: wrong, expired, revoked or used, says so); then the
 * form (the name to sign in with, the password twice), checked here by the first admin's rules
 * the browser can see and by the server for the rest (a common password, a name taken: its
 * words shown); the person is signed in (the session is told).
 */
export const acceptInvitationMachine = setup({
  types: {
    context: {} as AcceptInvitationContext,
    events: {} as AcceptInvitationEvent,
    input: {} as AcceptInvitationInput,
  },
  actors: { validateInvitation, acceptInvitation },
  actions: {
    keepPreview: assign((_, preview: InvitationPreview) => ({ preview })),
    holdRequest: assign(({ context }, form: InvitationForm) => ({
      request: {
        token: context.token,
        email: context.email,
        name: form.name.trim(),
        password: form.password,
        confirm_password: form.confirmPassword,
      },
      problem: "",
    })),
    noteProblem: assign((_, problem: string) => ({ problem })),
    forgetPassword: assign(({ context }) => ({ request: { ...context.request, password: "", confirm_password: "" } })),
    announceSignedIn: sendTo(
      ({ context }) => context.session,
      (_, output: LoginResponse) => ({ type: "session.signedIn", token: output.token, user: output.user, programs: output.programs }),
    ),
  },
  guards: {
    hasLink: ({ context }) => context.token !== "" && context.email !== "",
    hasFormProblem: ({ context }, form: InvitationForm) => formProblem(form, context.preview?.email ?? context.email) !== null,
    /** The link died meanwhile (used, revoked, expired). */
    isDeadLink: (_, refusal: Refusal) => refusal.code === "invalid_invitation_link",
    /** 400 or 409: the server refused the form, in words to show (a common password, a name taken). */
    isRefusedForm: (_, refusal: Refusal) => refusal.status === 400 || refusal.status === 409,
  },
}).createMachine({
  id: "acceptInvitation",
  context: ({ input }) => ({
    session: input.session,
    api: signedOutApiOf(input.session),
    token: input.token,
    email: input.email,
    preview: null,
    request: { token: input.token, email: input.email, name: "", password: "", confirm_password: "" },
    problem: "",
  }),
  initial: "checkingLink",
  states: {
    checkingLink: {
      always: [{ guard: "hasLink", target: "validating" }, { target: "badLink" }],
    },
    validating: {
      invoke: {
        src: "validateInvitation",
        input: ({ context }) => ({ api: context.api, token: context.token, email: context.email }),
        onDone: { target: "editing", actions: { type: "keepPreview", params: ({ event }) => event.output } },
        onError: "badLink",
      },
    },
    /** The link cannot be used: says so, with the way to the login page. */
    badLink: {},
    editing: {
      initial: "fresh",
      states: {
        fresh: {},
        /** The last submit was refused, by the form's rule or the server: `problem` says why. */
        refused: {},
      },
      on: {
        "invitation.submitted": [
          {
            guard: { type: "hasFormProblem", params: ({ event }) => event.form },
            target: ".refused",
            actions: { type: "noteProblem", params: ({ context, event }) => formProblem(event.form, context.preview?.email ?? context.email) ?? "" },
          },
          { target: "submitting", actions: { type: "holdRequest", params: ({ event }) => event.form } },
        ],
      },
    },
    submitting: {
      exit: "forgetPassword",
      invoke: {
        src: "acceptInvitation",
        input: ({ context }) => ({ api: context.api, body: context.request }),
        onDone: { target: "signedIn", actions: { type: "announceSignedIn", params: ({ event }) => event.output } },
        onError: [
          { guard: { type: "isDeadLink", params: ({ event }) => refusalOf(event) }, target: "badLink" },
          {
            guard: { type: "isRefusedForm", params: ({ event }) => refusalOf(event) },
            target: "editing.refused",
            actions: { type: "noteProblem", params: ({ event }) => refusalOf(event).message },
          },
          // Server and network failures are shown by the global dialog; the form stays.
          { target: "editing" },
        ],
      },
    },
    signedIn: { type: "final" },
  },
});

type Snap = SnapshotFrom<typeof acceptInvitationMachine>;
export const acceptInvitationSelectors = {
  isChecking: (s: Snap) => s.matches("checkingLink") || s.matches("validating"),
  isBadLink: (s: Snap) => s.matches("badLink"),
  /** The form shows while editing and while it is being sent. */
  showsForm: (s: Snap) => s.matches("editing") || s.matches("submitting"),
  isSubmitting: (s: Snap) => s.matches("submitting"),
  preview: (s: Snap) => s.context.preview,
  problem: (s: Snap) => (s.matches({ editing: "refused" }) ? s.context.problem : null),
  isSignedIn: (s: Snap) => s.matches("signedIn"),
};
export type AcceptInvitationActorRef = ActorRefFrom<typeof acceptInvitationMachine>;
