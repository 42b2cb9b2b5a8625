import { assign, sendTo, setup, type ActorRefFrom, type AnyActorRef, type SnapshotFrom } from "xstate";
import type { LoginResponse } from "../../domain/access/auth";
import { firstAdminFormProblem } from "../../domain/access/firstRun";
import type { InvitationAcceptance, InvitationPreview } from "../../domain/people/people";
import * as invitationApi from "../../services/access/invitation";
import type { ApiContext } from "../../services/http/http";
import type { HttpError } from "../../services/http/httpErrors";
import { failureOf, fromApiCall } from "../runtime/fromEffect";
import { signedOutApiOf, type SessionSource } from "../shell/sessionScope";
import { accessLinkGuards, isCheckingLink, linkCheckStates } from "./accessLink";
import { accountFormGuards, accountFormSelectors, accountFormStates, accountRefusalOf, signedInEventOf, type AccountRefusal } from "./accountForm";

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

const refusalOf = (event: { readonly error: unknown }): AccountRefusal => accountRefusalOf(failureOf(acceptInvitation, event));

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
    announceSignedIn: sendTo(({ context }) => context.session, signedInEventOf),
  },
  guards: {
    ...accountFormGuards,
    ...accessLinkGuards,
    /** The link died meanwhile (used, revoked, expired). */
    isDeadLink: (_, refusal: AccountRefusal) => refusal.code === "invalid_invitation_link",
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
    ...linkCheckStates({
      src: "validateInvitation",
      input: ({ context }: { readonly context: AcceptInvitationContext }) => ({ api: context.api, token: context.token, email: context.email }),
      onDone: { target: "editing", actions: { type: "keepPreview", params: ({ event }: { readonly event: { readonly output: InvitationPreview } }) => event.output } },
    }),
    /** The link cannot be used: says so, with the way to the login page. */
    badLink: {},
    ...accountFormStates({
      submitted: "invitation.submitted",
      problemOf: ({ context, event }: { readonly context: AcceptInvitationContext; readonly event: { readonly form: InvitationForm } }) =>
        formProblem(event.form, context.preview?.email ?? context.email),
      src: "acceptInvitation",
      input: ({ context }: { readonly context: AcceptInvitationContext }) => ({ api: context.api, body: context.request }),
      refusalOf,
      ends: { guard: "isDeadLink", target: "badLink" },
    }),
  },
});

type Snap = SnapshotFrom<typeof acceptInvitationMachine>;
export const acceptInvitationSelectors = {
  isChecking: isCheckingLink,
  isBadLink: (s: Snap) => s.matches("badLink"),
  ...accountFormSelectors,
  preview: (s: Snap) => s.context.preview,
};
export type AcceptInvitationActorRef = ActorRefFrom<typeof acceptInvitationMachine>;
