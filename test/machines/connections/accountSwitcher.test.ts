import { SimulatedClock, createActor } from "xstate";
import { describe, expect, it } from "vitest";
import type { Ok } from "../../../src/domain/access/auth";
import type { ConsentReturn } from "../../../src/domain/connections/connections";
import type { ListAccountsResponse } from "../../../src/domain/connections/connectors";
import { connectionsTexts } from "../../../src/domain/connections/connectionsTexts";
import {
  accountSwitcherMachine,
  accountSwitcherSelectors as sel,
  type AccountListing,
  type AccountSwitching,
} from "../../../src/machines/connections/accountSwitcher.machine";
import { consentReturnMachine, type ConsentReturnInput } from "../../../src/machines/connections/consentReturn.machine";
import { ClientError } from "../../../src/services/http/httpErrors";
import { alice, httpErrors, quietSessionScopeListener, scopeOf, sessionOf } from "../../model/fixtures";
import { controlled, flush } from "../support";

const access = { api: { baseUrl: "/connectors", token: "tok-1" }, userId: 1 };
const brand = { accountId: "100-1", account_name: "Brand", active: true };
const generic = { accountId: "100-2", account_name: "Generic", active: false };
const consentPage = "http://app.test/connectors/consent/google-ads?state=s1&user=1";
const stateRefusal = new ClientError({
  status: 400,
  code: "invalid_state",
  message: "The connection state is unknown, expired or already used. Start the connection again.",
  path: "/adwords/1/listAccounts",
});


const setup = (consent: ConsentReturn | null = null) => {
  const list = controlled<ListAccountsResponse, AccountListing>();
  const redeem = controlled<ListAccountsResponse, ConsentReturnInput>();
  const switchSync = controlled<Ok, AccountSwitching>();
  const clock = new SimulatedClock();
  const actor = createActor(
    accountSwitcherMachine.provide({
      actors: {
        listAccounts: list.logic,
        switchAccountSync: switchSync.logic,
        sessionScopeListener: quietSessionScopeListener,
        consentReturn: consentReturnMachine.provide({ actors: { redeemConsent: redeem.logic } }),
      },
    }),
    { clock, input: { session: sessionOf(), consent } },
  ).start();
  const snap = () => actor.getSnapshot();
  return { actor, list, redeem, switchSync, clock, snap };
};

describe("accountSwitcher", () => {
  it("lists the accounts of the signed-in user at the connections service beside the API", async () => {
    const { list, snap } = setup();
    expect(sel.isLoading(snap())).toBe(true);
    expect(list.calls).toEqual([access]);
    await list.resolve([brand, generic]);
    expect(snap().value).toEqual({ listed: "idle" });
    expect(sel.accounts(snap())).toEqual([brand, generic]);
    expect(sel.hasNoAccounts(snap())).toBe(false);
    expect(sel.signInTarget(snap())).toBeNull();
  });

  it("shows the sign-in prompt when the service answers a redirect", async () => {
    const { list, snap } = setup();
    await list.resolve({ redirect_to: consentPage });
    expect(snap().value).toBe("consentNeeded");
    expect(sel.signInTarget(snap())).toBe(consentPage);
    expect(sel.accounts(snap())).toEqual([]);
    expect(sel.isLoading(snap())).toBe(false);
  });

  it("says so when the list is empty", async () => {
    const { list, snap } = setup();
    await list.resolve([]);
    expect(sel.hasNoAccounts(snap())).toBe(true);
    expect(connectionsTexts.noAccounts).toBe("This account has a search-ads connection, but no ad accounts were found.");
  });

  it("tries a failed listing again every second, up to 10 times, then shows the error; Try again starts over", async () => {
    const { list, clock, snap, actor } = setup();
    await list.reject(httpErrors.server);
    for (let retry = 1; retry <= 10; retry++) {
      expect(snap().value).toBe("retrying");
      expect(sel.isLoading(snap())).toBe(true);
      clock.increment(999);
      await flush();
      expect(list.pendingCount()).toBe(0);
      clock.increment(1);
      await flush();
      expect(list.calls).toHaveLength(retry + 1);
      await list.reject(retry % 2 === 0 ? httpErrors.network : httpErrors.unavailable);
    }
    expect(snap().value).toBe("failed");
    expect(sel.hasFailed(snap())).toBe(true);
    clock.increment(60_000);
    await flush();
    expect(list.calls).toHaveLength(11);

    actor.send({ type: "accounts.retryPressed" });
    expect(list.calls).toHaveLength(12);
    await list.reject(httpErrors.server);
    expect(snap().value).toBe("retrying");
    clock.increment(1000);
    await flush();
    await list.resolve([brand]);
    expect(sel.accounts(snap())).toEqual([brand]);
  });

  it("stops at once on a 401 (the app signs out)", async () => {
    const { list, snap, clock } = setup();
    await list.reject(httpErrors.unauthorized);
    expect(snap().value).toBe("failed");
    clock.increment(5000);
    await flush();
    expect(list.calls).toHaveLength(1);
  });

  it("enables and disables an account in place, one switch at a time", async () => {
    const { list, switchSync, snap, actor } = setup();
    await list.resolve([brand, generic]);
    actor.send({ type: "accounts.switchPressed", accountId: generic.accountId });
    expect(sel.isSwitching(snap())).toBe(true);
    expect(sel.switchingAccount(snap())).toBe(generic.accountId);
    expect(switchSync.calls).toEqual([{ ...access, accountId: generic.accountId, active: true }]);
    actor.send({ type: "accounts.switchPressed", accountId: brand.accountId });
    expect(switchSync.calls).toHaveLength(1);
    await switchSync.resolve({ ok: true });
    expect(sel.accounts(snap()).map((a) => a.active)).toEqual([true, true]);
    actor.send({ type: "accounts.switchPressed", accountId: brand.accountId });
    expect(switchSync.calls[1]).toEqual({ ...access, accountId: brand.accountId, active: false });
    await switchSync.resolve({ ok: true });
    expect(sel.accounts(snap()).map((a) => a.active)).toEqual([false, true]);
    expect(list.calls).toHaveLength(1);
    actor.send({ type: "accounts.switchPressed", accountId: "unknown" });
    expect(switchSync.calls).toHaveLength(2);
  });

  it("keeps the old state when a switch fails, and says so until the next switch", async () => {
    const { list, switchSync, snap, actor } = setup();
    await list.resolve([brand, generic]);
    actor.send({ type: "accounts.switchPressed", accountId: brand.accountId });
    await switchSync.reject(httpErrors.server);
    expect(sel.accounts(snap())).toEqual([brand, generic]);
    expect(sel.switchFailure(snap())).toEqual({ account: brand, active: false });
    expect(connectionsTexts.switchFailed(brand.account_name, false)).toBe("Brand could not be disabled; it is still enabled.");
    actor.send({ type: "accounts.switchPressed", accountId: generic.accountId });
    expect(sel.switchFailure(snap())).toBeNull();
  });

  it("redeems the consent return's code and state once, lists the accounts and takes the pair out of the address", async () => {
    const consent = { code: "c0de", state: "5tate" };
    const { list, redeem, snap } = setup(consent);
    expect(snap().value).toBe("redeeming");
    expect(redeem.calls).toEqual([{ access, consent }]);
    expect(list.calls).toEqual([]);
    await redeem.resolve([brand]);
    expect(snap().value).toEqual({ listed: "idle" });
    expect(sel.accounts(snap())).toEqual([brand]);
    expect(sel.consent(snap())).toBeNull();
    expect(list.calls).toEqual([]);
  });

  it("shows a refused consent return with the service's words, lists nothing, and starts again without the pair", async () => {
    const { list, redeem, snap, actor } = setup({ code: "c0de", state: "used" });
    await redeem.reject(stateRefusal);
    expect(snap().value).toBe("refused");
    expect(sel.refusal(snap())).toBe(stateRefusal.message);
    expect(sel.accounts(snap())).toEqual([]);
    expect(sel.isListed(snap())).toBe(false);
    expect(sel.consent(snap())).toBeNull();
    actor.send({ type: "accounts.retryPressed" });
    expect(list.calls).toEqual([access]);
    await list.resolve({ redirect_to: consentPage });
    expect(sel.signInTarget(snap())).toBe(consentPage);
    expect(sel.refusal(snap())).toBeNull();
  });

  it("does not retry a consent return that failed otherwise: the error with Try again", async () => {
    const { redeem, snap, clock } = setup({ code: "c0de", state: "5tate" });
    await redeem.reject(httpErrors.network);
    expect(snap().value).toBe("failed");
    expect(sel.consent(snap())).toBeNull();
    clock.increment(5000);
    await flush();
    expect(redeem.calls).toHaveLength(1);
  });

  it("waits for a signed-in user, then lists; another user lists again", async () => {
    const list = controlled<ListAccountsResponse, AccountListing>();
    const actor = createActor(
      accountSwitcherMachine.provide({ actors: { listAccounts: list.logic, sessionScopeListener: quietSessionScopeListener, consentReturn: consentReturnMachine } }),
      { input: { session: sessionOf({ user: null }), consent: null } },
    ).start();
    expect(actor.getSnapshot().value).toBe("waiting");
    expect(list.calls).toEqual([]);
    const other = { api: { baseUrl: "/connectors", token: "tok-2" }, userId: 2 };
    const otherScope = scopeOf({ token: "tok-2", user: { ...alice, id: 2 } });
    actor.send({ type: "session.scopeChanged", scope: otherScope });
    expect(list.calls).toEqual([other]);
    await list.resolve([brand]);
    actor.send({ type: "session.scopeChanged", scope: { ...otherScope, range: null } });
    expect(list.calls).toHaveLength(1);
    actor.send({ type: "session.scopeChanged", scope: scopeOf({ user: null }) });
    expect(actor.getSnapshot().value).toBe("waiting");
    expect(sel.accounts(actor.getSnapshot())).toEqual([]);
  });
});
