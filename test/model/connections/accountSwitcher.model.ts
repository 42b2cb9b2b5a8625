import type { ConnectionAccount } from "../../../src/domain/connections/connectors";
import { listingRetries } from "../../../src/domain/connections/connections";
import {
  accountSwitcherMachine,
  accountSwitcherSelectors as sel,
  type AccountListing,
  type AccountSwitching,
} from "../../../src/machines/connections/accountSwitcher.machine";
import type { SessionScope } from "../../../src/domain/report/reportScope";
import type { ConsentOutcome } from "../../../src/machines/connections/consentReturn.machine";
import { defineMachineModel, invariant } from "../harness";
import { alice, httpErrors, ok, quietSessionScopeListener, scopeOf, sessionOf } from "../fixtures";

/** The session's scope with alice signed in (tok-1), with bob (tok-2), and with nobody. */
const alicesScope = scopeOf();
const bobsScope = scopeOf({ token: "tok-2", user: { ...alice, id: 2, username: "bob" } });
const signedOutScope = scopeOf({ user: null, token: null });
const brand: ConnectionAccount = { accountId: "100-1", account_name: "Brand", active: true };
const generic: ConnectionAccount = { accountId: "100-2", account_name: "Generic", active: false };
const consentPage = "http://app.test/connectors/consent/google-ads?state=s&user=1";

const outcomes: Readonly<Record<string, ConsentOutcome>> = {
  redeemed: { kind: "redeemed", accounts: [brand, generic] },
  refused: { kind: "refused", message: "The connection state is unknown, expired or already used. Start the connection again." },
  consentNeeded: { kind: "consentNeeded", redirectTo: consentPage },
  failed: { kind: "failed" },
};

/**
 * The Google Ads connection: waiting for a user, redeeming a consent return (redeemed,
 * refused, consent still needed, failed), listing with its retries a second apart (up to
 * 10, then failed), the sign-in prompt, the accounts switched one at a time (Ok or a
 * failure that keeps the state), Try again / Start again, and another user or none.
 */
export const accountSwitcherModel = defineMachineModel({
  name: "accountSwitcher",
  machine: accountSwitcherMachine,
  input: {
    plain: () => ({ session: sessionOf(), consent: null }),
    consentReturn: () => ({ session: sessionOf(), consent: { code: "c0de", state: "5tate" } }),
    signedOut: () => ({ session: sessionOf({ user: null, token: null }), consent: null }),
  },
  events: {
    "session.scopeChanged": (s): Record<string, { scope: SessionScope }> =>
      s.context.access === null ? { signedIn: { scope: alicesScope } } : { otherUser: { scope: bobsScope }, signedOut: { scope: signedOutScope } },
    "accounts.switchPressed": (s): Record<string, { accountId: string }> => {
      const first = s.context.accounts[0];
      return first === undefined ? { unknown: { accountId: "nope" } } : { first: { accountId: first.accountId }, unknown: { accountId: "nope" } };
    },
    "accounts.retryPressed": [{}],
  },
  actorOutcomes: {
    listAccounts: {
      resolves: { two: [brand, generic], empty: [], redirect: { redirect_to: consentPage } },
      rejects: { server: httpErrors.server, unauthorized: httpErrors.unauthorized },
    },
    consentReturn: { resolves: outcomes },
    switchAccountSync: { resolves: { ok }, rejects: { server: httpErrors.server } },
  },
  delays: { listingRetry: 1000 },
  provide: () => ({ actors: { sessionScopeListener: quietSessionScopeListener } }),
  observe: (c) => ({
    user: c.access?.userId ?? null,
    consent: c.consent !== null,
    accounts: c.accounts.map((a) => `${a.accountId}:${a.active}`).join(","),
    redirect: c.redirectTo !== null,
    failures: c.failures,
    refusal: c.refusal !== null,
    switching: c.switching?.accountId ?? null,
    switchFailure: c.switchFailure?.accountId ?? null,
  }),
  strategies: {
    shortest: { maxPaths: 150 },
    simple: { observe: null, maxPaths: 40 },
  },
  limit: 60_000,
  check: ({ action, before, after, newCalls }) => {
    const c = after.context;
    invariant(sel.isLoading(after) === (after.matches("waiting") || after.matches("redeeming") || after.matches("listing") || after.matches("retrying")), "loading is waiting, redeeming, listing or retrying");
    invariant(c.failures <= listingRetries, `at most ${listingRetries} retries, counted ${c.failures}`);
    if (c.access === null) invariant(after.matches("waiting"), "without a user the page waits");
    // The consent return is redeemed once, and its pair leaves the address exactly when it settles.
    const redeems = newCalls.filter((x) => x.kind === "actor" && x.name === "consentReturn");
    const leftRedeeming = before?.matches("redeeming") === true && !after.matches("redeeming");
    if (before?.matches("redeeming") === true && after.matches("redeeming")) invariant(c.consent !== null, "the pair stays while it is redeemed");
    if (leftRedeeming && action.kind === "actor") invariant(c.consent === null, "the pair is forgotten when the return settles");
    invariant(redeems.length <= 1 && (redeems.length === 0 || after.matches("redeeming")), "one redemption at a time");
    for (const r of redeems) invariant(JSON.stringify((r.payload as { access: unknown }).access) === JSON.stringify(c.access), "redeemed with the user's access");
    if (!after.matches("redeeming")) invariant(c.consent === null || action.kind === "init" || c.access === null || after.matches("waiting"), "the pair is used once");
    // Listings go to the user's access, without the pair.
    for (const l of newCalls.filter((x) => x.kind === "actor" && x.name === "listAccounts")) {
      const listing = l.payload as AccountListing;
      invariant(c.access !== null && listing.userId === c.access.userId && listing.api === c.access.api, "a listing asks for the signed-in user");
    }
    // A refusal lists nothing; the prompt shows only with its target.
    if (after.matches("refused")) invariant(c.accounts.length === 0 && sel.refusal(after) !== null, "a refused return lists nothing and says why");
    invariant((sel.signInTarget(after) !== null) === after.matches("consentNeeded"), "the prompt shows exactly while consent is needed");
    // Switches: one at a time, for the account pressed, to the other state; only Ok changes the list.
    const switches = newCalls.filter((x) => x.kind === "actor" && x.name === "switchAccountSync");
    invariant(switches.length <= 1, "one switch at a time");
    for (const s of switches) {
      const asked = s.payload as AccountSwitching;
      const account = before?.context.accounts.find((a) => a.accountId === asked.accountId);
      invariant(account !== undefined && asked.active === !account.active, "a switch asks for the other state of a listed account");
    }
    if (action.kind === "actor" && action.src === "switchAccountSync" && before) {
      const id = before.context.switching?.accountId;
      const was = before.context.accounts.find((a) => a.accountId === id)?.active;
      const now = c.accounts.find((a) => a.accountId === id)?.active;
      invariant(action.outcome === "resolves" ? now === !was : now === was, action.outcome === "resolves" ? "Ok switches the account" : "a failed switch keeps the state");
      invariant((sel.switchFailure(after) !== null) === (action.outcome === "rejects"), "a failed switch is said");
    }
  },
});
