import { and, assign, setup, type ActorRefFrom, type SnapshotFrom } from "xstate";
import { listingRetries, listingRetryDelayMs, switchedAccount, type ConsentReturn } from "../../domain/connections/connections";
import { isConnectionRedirect, type ConnectionAccount, type ConnectionAccountList, type ListAccountsResponse } from "../../domain/connections/connectors";
import type { Ok } from "../../domain/access/auth";
import type { HttpError } from "../../services/http/httpErrors";
import { listAccounts, switchAccountSync } from "../../services/connections/connectors";
import type { SessionScope } from "../../domain/report/reportScope";
import { fromApiCall } from "../runtime/fromEffect";
import { followSessionScope, sessionScopeActors, type SessionScopeChanged, type SessionSource } from "../shell/sessionScope";
import { connectionAccessGuards, followConnectionAccess, keepAccessAssignment, openingConnectionScope, type ConnectionAccess, type ConnectionScreen } from "./connectionAccess";
import { consentReturnMachine, type ConsentOutcome } from "./consentReturn.machine";

/**
 * The Google Ads connection (/account/connections/google-ads): the user's ad accounts,
 * each switched on (Enable) or off (Disable).
 *
 * With `code` and `state` in the page's query (the consent page's return) the page first
 * redeems them (`consentReturn`), then forgets them (`forgetConsent`); the screen frame
 * keeps the pair in the address only while the machine holds it (`consent`), so a reload
 * does not send a used state again. Otherwise it lists: a redirect
 * answer shows the sign-in prompt (a link to the consent page, which comes back here); a
 * list shows the accounts (an empty one says no ad accounts were found). A failed listing
 * is tried again after 1 second (`listingRetry`), up to 10 times, then the page says it
 * failed and offers Try again. A refused return (a used, unknown, expired or other user's
 * state) says so with the service's words and lists nothing; Start again lists afresh.
 *
 * One switch runs at a time: the account changes in the list when the service answers
 * Ok, without listing again; a failed switch keeps the account as it was and says so.
 */

export interface AccountSwitcherInput {
  readonly session: SessionSource;
  /** `code` and `state` from the page's query, when both are there. */
  readonly consent: ConsentReturn | null;
}

/** A switch asked for: the account and the state it is to have. */
export interface AccountSwitch {
  readonly accountId: string;
  readonly active: boolean;
}

export interface AccountSwitcherContext extends ConnectionScreen {
  readonly consent: ConsentReturn | null;
  readonly accounts: ConnectionAccountList;
  /** The consent page to sign in on, once the service answered a redirect. */
  readonly redirectTo: string | null;
  /** Listing attempts that failed in a row. */
  readonly failures: number;
  /** The service's words for a refused consent return. */
  readonly refusal: string | null;
  readonly switching: AccountSwitch | null;
  /** The last switch that failed (the account kept its state); null after a later switch. */
  readonly switchFailure: AccountSwitch | null;
}

export type AccountSwitcherEvent =
  | SessionScopeChanged
  | { type: "accounts.switchPressed"; accountId: string }
  | { type: "accounts.retryPressed" };

/** What a listing or a switch is given. */
export interface AccountListing {
  readonly api: ConnectionAccess["api"];
  readonly userId: number;
}
export interface AccountSwitching extends AccountListing, AccountSwitch {}

type Context = AccountSwitcherContext;

const listingOf = ({ context }: { readonly context: Context }): AccountListing => ({
  api: (context.access as ConnectionAccess).api,
  userId: (context.access as ConnectionAccess).userId,
});

export const accountSwitcherMachine = setup({
  types: {
    context: {} as AccountSwitcherContext,
    events: {} as AccountSwitcherEvent,
    input: {} as AccountSwitcherInput,
  },
  actors: {
    ...sessionScopeActors,
    consentReturn: consentReturnMachine,
    listAccounts: fromApiCall<ListAccountsResponse, AccountListing, HttpError>((listing) => listAccounts(listing.userId, null)),
    switchAccountSync: fromApiCall<Ok, AccountSwitching, HttpError>((s) => switchAccountSync(s.userId, s.accountId, s.active)),
  },
  actions: {
    /** Provided by the app: `code` and `state` leave the page's address (replaced, not a new history entry). */
    keepScope: assign(keepAccessAssignment),
    storeAccess: assign((_, scope: SessionScope) => ({
      ...keepAccessAssignment(_, scope),
      accounts: [] as ConnectionAccountList,
      redirectTo: null,
      failures: 0,
      refusal: null,
      switching: null,
      switchFailure: null,
    })),
    forgetConsent: assign({ consent: null }),
    storeOutcome: assign((_, outcome: ConsentOutcome) => ({
      accounts: outcome.kind === "redeemed" ? outcome.accounts : ([] as ConnectionAccountList),
      redirectTo: outcome.kind === "consentNeeded" ? outcome.redirectTo : null,
      refusal: outcome.kind === "refused" ? outcome.message : null,
    })),
    storeAnswer: assign((_, answer: ListAccountsResponse) =>
      isConnectionRedirect(answer) ? { redirectTo: answer.redirect_to, accounts: [] as ConnectionAccountList, failures: 0 } : { accounts: answer, redirectTo: null, failures: 0 },
    ),
    countFailure: assign(({ context }) => ({ failures: context.failures + 1 })),
    startAgain: assign({ failures: 0, refusal: null }),
    askSwitch: assign((_, asked: AccountSwitch) => ({ switching: asked, switchFailure: null })),
    applySwitch: assign(({ context }) => ({
      accounts: context.switching === null ? context.accounts : switchedAccount(context.accounts, context.switching.accountId, context.switching.active),
      switching: null,
    })),
    noteSwitchFailure: assign(({ context }) => ({ switchFailure: context.switching, switching: null })),
  },
  guards: {
    ...connectionAccessGuards,
    hasConsentReturn: ({ context }) => context.consent !== null,
    isRedeemed: (_, outcome: ConsentOutcome) => outcome.kind === "redeemed",
    isRefused: (_, outcome: ConsentOutcome) => outcome.kind === "refused",
    isConsentNeeded: (_, outcome: ConsentOutcome) => outcome.kind === "consentNeeded",
    isRedirect: (_, answer: ListAccountsResponse) => isConnectionRedirect(answer),
    /** A 401 signs out app-wide: not tried again. */
    isUnauthorized: (_, error: HttpError) => error._tag === "Unauthorized",
    /** Fewer than 10 retries so far: the failed listing is tried again. */
    mayRetry: ({ context }) => context.failures < listingRetries,
    isListedAccount: ({ context }, accountId: string) => context.accounts.some((account) => account.accountId === accountId),
  },
  delays: {
    listingRetry: listingRetryDelayMs,
  },
}).createMachine({
  id: "accountSwitcher",
  context: ({ input }) => ({
    ...openingConnectionScope(input.session),
    consent: input.consent,
    accounts: [],
    redirectTo: null,
    failures: 0,
    refusal: null,
    switching: null,
    switchFailure: null,
  }),
  invoke: followSessionScope,
  on: { "session.scopeChanged": followConnectionAccess },
  initial: "waiting",
  states: {
    /** No signed-in user yet; then the consent page's `code` and `state` are redeemed when the address has them, else the accounts are listed. */
    waiting: {
      always: [
        { guard: and(["hasAccess", "hasConsentReturn"]), target: "redeeming" },
        { guard: "hasAccess", target: "listing" },
      ],
    },
    redeeming: {
      invoke: {
        src: "consentReturn",
        input: ({ context }) => ({ access: context.access as ConnectionAccess, consent: context.consent as ConsentReturn }),
        onDone: [
          {
            guard: { type: "isRedeemed", params: ({ event }) => event.output },
            target: "listed",
            actions: [{ type: "storeOutcome", params: ({ event }) => event.output }, "forgetConsent"],
          },
          {
            guard: { type: "isRefused", params: ({ event }) => event.output },
            target: "refused",
            actions: [{ type: "storeOutcome", params: ({ event }) => event.output }, "forgetConsent"],
          },
          {
            guard: { type: "isConsentNeeded", params: ({ event }) => event.output },
            target: "consentNeeded",
            actions: [{ type: "storeOutcome", params: ({ event }) => event.output }, "forgetConsent"],
          },
          { target: "failed", actions: "forgetConsent" },
        ],
      },
    },
    listing: {
      invoke: {
        src: "listAccounts",
        input: listingOf,
        onDone: [
          {
            guard: { type: "isRedirect", params: ({ event }) => event.output },
            target: "consentNeeded",
            actions: { type: "storeAnswer", params: ({ event }) => event.output },
          },
          { target: "listed", actions: { type: "storeAnswer", params: ({ event }) => event.output } },
        ],
        onError: [
          { guard: { type: "isUnauthorized", params: ({ event }) => event.error as HttpError }, target: "failed" },
          { guard: "mayRetry", target: "retrying", actions: "countFailure" },
          { target: "failed" },
        ],
      },
    },
    /** 1 second, then the listing again (up to 10 retries after the first attempt). */
    retrying: {
      after: { listingRetry: "listing" },
    },
    /** The sign-in prompt: a link to the consent page, which returns here with `code` and `state`. */
    consentNeeded: {},
    listed: {
      initial: "idle",
      states: {
        idle: {
          on: {
            "accounts.switchPressed": {
              guard: { type: "isListedAccount", params: ({ event }) => event.accountId },
              target: "switching",
              actions: {
                type: "askSwitch",
                params: ({ context, event }) => ({
                  accountId: event.accountId,
                  active: !(context.accounts.find((account) => account.accountId === event.accountId)?.active ?? false),
                }),
              },
            },
          },
        },
        switching: {
          invoke: {
            src: "switchAccountSync",
            input: ({ context }) => ({ ...listingOf({ context }), ...(context.switching as AccountSwitch) }),
            onDone: { target: "idle", actions: "applySwitch" },
            onError: { target: "idle", actions: "noteSwitchFailure" },
          },
        },
      },
    },
    /** Listing failed 11 times in a row (or the consent return failed): the error with Try again. */
    failed: {
      on: { "accounts.retryPressed": { target: "listing", actions: "startAgain" } },
    },
    /** The consent return was refused: the service's words, nothing listed, Start again. */
    refused: {
      on: { "accounts.retryPressed": { target: "listing", actions: "startAgain" } },
    },
  },
});

type Snap = SnapshotFrom<typeof accountSwitcherMachine>;

/** Named selectors: the view reads the connection only through these. */
export const accountSwitcherSelectors = {
  isLoading: (s: Snap): boolean => s.matches("waiting") || s.matches("redeeming") || s.matches("listing") || s.matches("retrying"),
  accounts: (s: Snap): ConnectionAccountList => s.context.accounts,
  isListed: (s: Snap): boolean => s.matches("listed"),
  hasNoAccounts: (s: Snap): boolean => s.matches("listed") && s.context.accounts.length === 0,
  /** The consent page the sign-in prompt links to; null when no prompt is shown. */
  signInTarget: (s: Snap): string | null => (s.matches("consentNeeded") ? s.context.redirectTo : null),
  hasFailed: (s: Snap): boolean => s.matches("failed"),
  /** The consent page's return while the page holds it (the address keeps it until then). */
  consent: (s: Snap): ConsentReturn | null => s.context.consent,
  refusal: (s: Snap): string | null => (s.matches("refused") ? s.context.refusal : null),
  /** The account being switched; null when none. */
  switchingAccount: (s: Snap): string | null => s.context.switching?.accountId ?? null,
  isSwitching: (s: Snap): boolean => s.matches({ listed: "switching" }),
  /** The account whose last switch failed, with the state it asked for. */
  switchFailure: (s: Snap): { readonly account: ConnectionAccount; readonly active: boolean } | null => {
    const failure = s.context.switchFailure;
    const account = failure === null ? undefined : s.context.accounts.find((a) => a.accountId === failure.accountId);
    return failure === null || account === undefined ? null : { account, active: failure.active };
  },
} satisfies Record<string, (s: Snap) => unknown>;

export type AccountSwitcherActorRef = ActorRefFrom<typeof accountSwitcherMachine>;
