import { assign, sendTo, setup, type ActorRefFrom, type AnyActorRef, type SnapshotFrom } from "xstate";
import type { Ok } from "../../domain/access/auth";
import {
  passwordChangeProblem,
  profileProblem,
  tidyProfile,
  type PasswordChange,
  type PasswordChangeProblem,
  type ProfileAnswer,
  type ProfileChange,
  type ProfileProblem,
} from "../../domain/account/accountProfile";
import type { SessionScope } from "../../domain/report/reportScope";
import type { User } from "../../domain/shell/user";
import { changePassword, changeProfile, signOutEverywhere } from "../../services/account/account";
import type { ApiContext } from "../../services/http/http";
import type { HttpError } from "../../services/http/httpErrors";
import { eventData } from "../runtime/eventData";
import { EffectDefect, failureOf, fromApiCall } from "../runtime/fromEffect";
import {
  followSessionScope,
  openingScope,
  scopeAction,
  sessionScopeActors,
  type SessionScopeChanged,
  type SessionSource,
} from "../shell/sessionScope";

export interface AccountProfileInput {
  /** The session actor: the calls use its API context; it hears a new name and email, and ends when every session has. */
  readonly session: AnyActorRef & SessionSource;
}

interface AccountProfileContext {
  readonly session: AnyActorRef & SessionSource;
  readonly scope: SessionScope;
  /** The account as the page last knew it: the session's at opening, then each saved change's answer. */
  readonly user: User | null;
  /** The name and email last submitted (shown back in the form). */
  readonly profileDraft: ProfileChange | null;
  /** The password change being sent: held only while it is sent. */
  readonly passwordChange: PasswordChange | null;
  readonly notice: AccountNotice | null;
}

export interface PasswordSubmission {
  readonly current: string;
  readonly password: string;
  readonly confirm: string;
  readonly keepThisSession: boolean;
}

export type AccountProfileEvent =
  | SessionScopeChanged
  | { readonly type: "account.profileSubmitted"; readonly username: string; readonly email: string }
  | ({ readonly type: "account.passwordSubmitted" } & PasswordSubmission)
  | { readonly type: "account.signOutEverywhereAsked" };

interface ApiCall<B> {
  readonly api: ApiContext;
  readonly body: B;
}

const profileCall = fromApiCall<ProfileAnswer, ApiCall<ProfileChange>, HttpError>(({ body }) => changeProfile(body));
const passwordCall = fromApiCall<Ok, ApiCall<PasswordChange>, HttpError>(({ body }) => changePassword(body));
const everywhereCall = fromApiCall<Ok, { readonly api: ApiContext }, HttpError>(() => signOutEverywhere());

/** What a refused call says: its status and the server's error code, when it has them. */
interface Refusal {
  readonly status: number | undefined;
  readonly code: string | undefined;
}

const refusalOf = ({ event }: { readonly event: { readonly error: unknown } }): Refusal => {
  const failure = failureOf(profileCall, event);
  if (failure instanceof EffectDefect) return { status: undefined, code: undefined };
  return { status: "status" in failure ? failure.status : undefined, code: "code" in failure ? failure.code : undefined };
};

const refusedAs = (code: string) => ({ type: "isRefusedAs", params: (arg: { readonly event: { readonly error: unknown } }) => ({ ...refusalOf(arg), expected: code }) }) as const;

const profileProblemIs = (problem: ProfileProblem) =>
  ({ type: "profileProblemIs", params: ({ event }: { readonly event: { readonly username: string; readonly email: string } }) => ({ change: { username: event.username, email: event.email }, problem }) }) as const;

const passwordProblemIs = (problem: PasswordChangeProblem) =>
  ({ type: "passwordProblemIs", params: ({ event }: { readonly event: PasswordSubmission }) => ({ form: event, problem }) }) as const;

/** The outcome each form shows: a problem found before sending, a refusal, or what was done. */
export type ProfileStatus = ProfileProblem | "saved" | "nameTaken" | "emailTaken" | "failed";
export type PasswordStatus = PasswordChangeProblem | "changed" | "wrongCurrent" | "throttled" | "failed";

/** The last outcome, said beside the form it belongs to (one at a time: a new submit replaces it). */
export type AccountNotice =
  | { readonly form: "profile"; readonly status: ProfileStatus }
  | { readonly form: "password"; readonly status: PasswordStatus }
  | { readonly form: "everywhere"; readonly status: "failed" };

const noteProfile = (status: ProfileStatus) => ({ type: "note", params: { form: "profile", status } }) as const;
const notePassword = (status: PasswordStatus) => ({ type: "note", params: { form: "password", status } }) as const;

/** A submit of name and email: its first problem is said and nothing is sent; else saving. */
const profileSubmit = [
  { guard: profileProblemIs("nameMissing"), actions: [{ type: "keepProfileDraft", params: eventData }, noteProfile("nameMissing")] },
  { guard: profileProblemIs("nameTooLong"), actions: [{ type: "keepProfileDraft", params: eventData }, noteProfile("nameTooLong")] },
  { guard: profileProblemIs("invalidEmail"), actions: [{ type: "keepProfileDraft", params: eventData }, noteProfile("invalidEmail")] },
  { target: "savingProfile", actions: [{ type: "keepProfileDraft", params: eventData }, "forgetNotice"] },
] as const;

/** A submit of the password form: the reset's rules first (passwordForm.ts), else changing. */
const passwordSubmit = [
  { guard: passwordProblemIs("currentMissing"), actions: notePassword("currentMissing") },
  { guard: passwordProblemIs("tooShort"), actions: notePassword("tooShort") },
  { guard: passwordProblemIs("mismatch"), actions: notePassword("mismatch") },
  { target: "changingPassword", actions: [{ type: "keepPasswordChange", params: eventData }, "forgetNotice"] },
] as const;

/**
 * The signed-in person's own account (/account/profile), one call at a time: `editing`,
 * `savingProfile` (name and email; the session is told the new user, so the header shows
 * it), `changingPassword` (the current password and the new one twice under the reset's
 * rules; this session kept, or the page ends `signedOut` with the others),
 * `signingOutEverywhere` (every session, then `signedOut`). The last outcome is the
 * context's `notice`, said beside its form: a problem found before sending (nothing is
 * sent), the server's refusal (name or email taken, wrong current password, too many
 * attempts), a failure, or what was done. `signedOut` tells the session to end here too,
 * so the person signs in again.
 */
export const accountProfileMachine = setup({
  types: {
    context: {} as AccountProfileContext,
    events: {} as AccountProfileEvent,
    input: {} as AccountProfileInput,
  },
  actors: {
    ...sessionScopeActors,
    changeProfile: profileCall,
    changePassword: passwordCall,
    signOutEverywhere: everywhereCall,
  },
  actions: {
    keepScope: assign((_, scope: SessionScope) => ({ scope })),
    keepProfileDraft: assign((_, params: { readonly username: string; readonly email: string }) => ({
      profileDraft: { username: params.username, email: params.email },
    })),
    keepUser: assign((_, answer: ProfileAnswer) => ({ user: answer.user, profileDraft: null })),
    tellSessionUser: sendTo(
      ({ context }) => context.session,
      (_, answer: ProfileAnswer) => ({ type: "session.userChanged", user: answer.user }),
    ),
    keepPasswordChange: assign((_, params: PasswordSubmission) => ({
      passwordChange: {
        current_password: params.current,
        password: params.password,
        confirm_password: params.confirm,
        keep_this_session: params.keepThisSession,
      },
    })),
    forgetPasswordChange: assign({ passwordChange: null }),
    note: assign((_, notice: AccountNotice) => ({ notice })),
    forgetNotice: assign({ notice: null }),
    endThisSession: sendTo(({ context }) => context.session, { type: "session.signOutRequested" }),
  },
  guards: {
    profileProblemIs: (_, params: { readonly change: ProfileChange; readonly problem: ProfileProblem }) =>
      profileProblem(params.change) === params.problem,
    passwordProblemIs: (_, params: { readonly form: PasswordSubmission; readonly problem: PasswordChangeProblem }) =>
      passwordChangeProblem(params.form) === params.problem,
    isRefusedAs: (_, params: Refusal & { readonly expected: string }) => params.code === params.expected,
    isThrottled: (_, params: Refusal) => params.status === 429,
    keptThisSession: ({ context }) => context.passwordChange?.keep_this_session === true,
  },
}).createMachine({
  id: "accountProfile",
  context: ({ input }) => ({
    session: input.session,
    scope: openingScope(input.session),
    user: input.session.getSnapshot().context.user,
    profileDraft: null,
    passwordChange: null,
    notice: null,
  }),
  invoke: followSessionScope,
  on: { "session.scopeChanged": { actions: scopeAction("keepScope") } },
  initial: "editing",
  states: {
    editing: {
      on: {
        "account.profileSubmitted": profileSubmit,
        "account.passwordSubmitted": passwordSubmit,
        "account.signOutEverywhereAsked": { target: "signingOutEverywhere", actions: "forgetNotice" },
      },
    },
    savingProfile: {
      invoke: {
        src: "changeProfile",
        input: ({ context }) => ({ api: context.scope.api, body: tidyProfile(context.profileDraft ?? { username: "", email: "" }) }),
        onDone: {
          target: "editing",
          actions: [
            { type: "keepUser", params: ({ event }) => event.output },
            { type: "tellSessionUser", params: ({ event }) => event.output },
            noteProfile("saved"),
          ],
        },
        onError: [
          { guard: refusedAs("name_taken"), target: "editing", actions: noteProfile("nameTaken") },
          { guard: refusedAs("email_taken"), target: "editing", actions: noteProfile("emailTaken") },
          { guard: refusedAs("invalid_email"), target: "editing", actions: noteProfile("invalidEmail") },
          { target: "editing", actions: noteProfile("failed") },
        ],
      },
    },
    changingPassword: {
      exit: "forgetPasswordChange",
      invoke: {
        src: "changePassword",
        input: ({ context }) => ({
          api: context.scope.api,
          body: context.passwordChange ?? { current_password: "", password: "", confirm_password: "", keep_this_session: true },
        }),
        onDone: [{ guard: "keptThisSession", target: "editing", actions: notePassword("changed") }, { target: "signedOut" }],
        onError: [
          { guard: refusedAs("wrong_current_password"), target: "editing", actions: notePassword("wrongCurrent") },
          { guard: { type: "isThrottled", params: refusalOf }, target: "editing", actions: notePassword("throttled") },
          { target: "editing", actions: notePassword("failed") },
        ],
      },
    },
    signingOutEverywhere: {
      invoke: {
        src: "signOutEverywhere",
        input: ({ context }) => ({ api: context.scope.api }),
        onDone: "signedOut",
        onError: { target: "editing", actions: { type: "note", params: { form: "everywhere", status: "failed" } } },
      },
    },
    /** Every session has ended (or this one with the others): the session ends here too. */
    signedOut: { type: "final", entry: "endThisSession" },
  },
});

type Snap = SnapshotFrom<typeof accountProfileMachine>;

const profileNoticeOf = (notice: AccountNotice | null): ProfileStatus | null => (notice?.form === "profile" ? notice.status : null);
const passwordNoticeOf = (notice: AccountNotice | null): PasswordStatus | null => (notice?.form === "password" ? notice.status : null);

/** Named selectors for the view. */
export const accountProfileSelectors = {
  user: (s: Snap) => s.context.user,
  /** The name and email the form shows: the last submitted, else the account's. */
  profileValues: (s: Snap): ProfileChange => s.context.profileDraft ?? { username: s.context.user?.username ?? "", email: s.context.user?.email ?? "" },
  profileNotice: (s: Snap): ProfileStatus | null => profileNoticeOf(s.context.notice),
  passwordNotice: (s: Snap): PasswordStatus | null => passwordNoticeOf(s.context.notice),
  everywhereFailed: (s: Snap): boolean => s.context.notice?.form === "everywhere",
  isSavingProfile: (s: Snap) => s.matches("savingProfile"),
  isChangingPassword: (s: Snap) => s.matches("changingPassword"),
  isSigningOutEverywhere: (s: Snap) => s.matches("signingOutEverywhere"),
  /** A call is under way: every button waits. */
  isBusy: (s: Snap) => !s.matches("editing") && !s.matches("signedOut"),
  isSignedOut: (s: Snap) => s.matches("signedOut"),
};

export type AccountProfileActorRef = ActorRefFrom<typeof accountProfileMachine>;
