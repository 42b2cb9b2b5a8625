import { createActor } from "xstate";
import { describe, expect, it } from "vitest";
import type { CardDestination } from "../../../src/domain/connections/connections";
import type { ListAccountsResponse } from "../../../src/domain/connections/connectors";
import { connectionsTexts } from "../../../src/domain/connections/connectionsTexts";
import type { ConnectionAccess } from "../../../src/machines/connections/connectionAccess";
import { connectionsOverviewMachine, connectionsOverviewSelectors as sel } from "../../../src/machines/connections/connectionsOverview.machine";
import { alice, httpErrors, quietSessionScopeListener, scopeOf, sessionOf } from "../../model/fixtures";
import { controlled } from "../support";

const access = { api: { baseUrl: "/connectors", token: "tok-1" }, userId: alice.id };

const setup = () => {
  const check = controlled<ListAccountsResponse, ConnectionAccess>();
  const opened: Array<CardDestination | null> = [];
  const actor = createActor(
    connectionsOverviewMachine.provide({
      actors: { checkGoogleAds: check.logic, sessionScopeListener: quietSessionScopeListener },
      actions: { openDestination: (_, destination: CardDestination | null) => opened.push(destination) },
    }),
    { input: { session: sessionOf() } },
  ).start();
  return { actor, check, opened, snap: () => actor.getSnapshot() };
};

describe("connectionsOverview", () => {
  it("checks Google Ads: connected with its enabled accounts counted", async () => {
    const { check, snap } = setup();
    expect(sel.googleAds(snap())).toEqual({ kind: "checking" });
    expect(sel.canAct(snap())).toBe(false);
    expect(check.calls).toEqual([access]);
    await check.resolve([
      { accountId: "1", account_name: "One", active: true },
      { accountId: "2", account_name: "Two", active: false },
    ]);
    expect(sel.googleAds(snap())).toEqual({ kind: "connected", enabled: 1, total: 2 });
    expect(sel.isGoogleAdsConnected(snap())).toBe(true);
    expect(sel.canAct(snap())).toBe(true);
  });

  it.each([
    ["a redirect", { redirect_to: "http://x/consent" }, { kind: "notConnected" }],
    ["a failure", httpErrors.server, { kind: "unknown" }],
  ] as const)("after %s Google Ads is %j", async (_label, answer, state) => {
    const { check, snap } = setup();
    if ("redirect_to" in answer) await check.resolve(answer);
    else await check.reject(answer);
    expect(sel.googleAds(snap())).toEqual(state);
  });

  it("answers the affiliate network's Add with the account manager notice, and opens nothing", async () => {
    const { check, actor, snap, opened } = setup();
    await check.resolve([]);
    actor.send({ type: "connections.addPressed", card: "affiliate" });
    expect(sel.isAccountManagerNoticeOpen(snap())).toBe(true);
    expect(connectionsTexts.accountManagerRequired).toBe("Account manager required: Please contact your account manager to setup this connection.");
    actor.send({ type: "connections.noticeClosed" });
    expect(sel.isAccountManagerNoticeOpen(snap())).toBe(false);
    expect(opened).toEqual([]);
  });

  it("opens each other card's destination on Add: Google Ads' page, the social platform in this tab, the second search platform in a new tab", async () => {
    const { check, actor, opened } = setup();
    await check.resolve({ redirect_to: "http://x/consent" });
    for (const card of ["google-ads", "facebook", "microsoft-ads"] as const) actor.send({ type: "connections.addPressed", card });
    expect(opened).toEqual([
      { kind: "route", path: "/account/connections/google-ads" },
      { kind: "external", url: "/connectors/facebook/connect?svid=1", newTab: false },
      { kind: "external", url: "/connectors/microsoft-ads/connect?svid=1", newTab: true },
    ]);
  });

  it("asks before editing: Yes goes, No stays; the affiliate network has no Edit", async () => {
    const { check, actor, snap, opened } = setup();
    await check.resolve([]);
    actor.send({ type: "connections.editPressed", card: "affiliate" });
    expect(sel.isEditAsked(snap())).toBe(false);
    actor.send({ type: "connections.editPressed", card: "facebook" });
    expect(sel.editAsked(snap())).toBe("facebook");
    expect(connectionsTexts.editQuestion).toBe("Are you sure you want to edit this connection");
    actor.send({ type: "connections.addPressed", card: "google-ads" });
    expect(opened).toEqual([]);
    actor.send({ type: "connections.editCancelled" });
    expect(sel.editAsked(snap())).toBeNull();
    expect(opened).toEqual([]);
    actor.send({ type: "connections.editPressed", card: "google-ads" });
    actor.send({ type: "connections.editConfirmed" });
    expect(opened).toEqual([{ kind: "route", path: "/account/connections/google-ads" }]);
    expect(sel.editAsked(snap())).toBeNull();
    expect(sel.canAct(snap())).toBe(true);
  });

  it("offers Google Ads Add until it is connected, then Edit; a button it does not offer does nothing", async () => {
    const connected = setup();
    await connected.check.resolve([{ accountId: "1", account_name: "One", active: true }]);
    expect(sel.cardOffers(connected.snap())["google-ads"]).toEqual({ add: false, edit: true });
    connected.actor.send({ type: "connections.addPressed", card: "google-ads" });
    expect(connected.opened).toEqual([]);
    const notConnected = setup();
    await notConnected.check.resolve({ redirect_to: "http://x/consent" });
    expect(sel.cardOffers(notConnected.snap())["google-ads"]).toEqual({ add: true, edit: false });
    notConnected.actor.send({ type: "connections.editPressed", card: "google-ads" });
    expect(sel.isEditAsked(notConnected.snap())).toBe(false);
    expect(sel.cardOffers(notConnected.snap())).toMatchObject({ facebook: { add: true, edit: true }, affiliate: { add: true, edit: false } });
  });

  it("checks again for another user, and waits while nobody is signed in", async () => {
    const { check, actor, snap } = setup();
    await check.resolve([]);
    actor.send({ type: "session.scopeChanged", scope: scopeOf({ user: null }) });
    expect(snap().value).toBe("waiting");
    const other = { api: { baseUrl: "/connectors", token: "tok-9" }, userId: 9 };
    actor.send({ type: "session.scopeChanged", scope: scopeOf({ token: "tok-9", user: { ...alice, id: 9 } }) });
    expect(check.calls).toEqual([access, other]);
  });
});
