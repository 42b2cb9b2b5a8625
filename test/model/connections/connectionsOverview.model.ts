import type { CardDestination, ConnectionCard } from "../../../src/domain/connections/connections";
import { connectionCards } from "../../../src/domain/connections/connections";
import type { SessionScope } from "../../../src/domain/report/reportScope";
import { connectionsOverviewMachine, connectionsOverviewSelectors as sel } from "../../../src/machines/connections/connectionsOverview.machine";
import { defineMachineModel, invariant } from "../harness";
import { alice, httpErrors, quietSessionScopeListener, scopeOf, sessionOf } from "../fixtures";

/** The session's scope with bob signed in (tok-2), and with nobody. */
const bobsScope = scopeOf({ token: "tok-2", user: { ...alice, id: 2, username: "bob" } });
const signedOutScope = scopeOf({ user: null, token: null });
const cardsOf = (): Record<string, { card: ConnectionCard }> => Object.fromEntries(connectionCards.map((card) => [card, { card }]));

/**
 * The connections overview: Google Ads checked (connected, not connected, unknown), then
 * Add per card (the affiliate notice, or the card's destination), Edit asked (Yes / No),
 * and another user or none.
 */
export const connectionsOverviewModel = defineMachineModel({
  name: "connectionsOverview",
  machine: connectionsOverviewMachine,
  input: {
    signedIn: () => ({ session: sessionOf() }),
    signedOut: () => ({ session: sessionOf({ user: null, token: null }) }),
  },
  events: {
    "session.scopeChanged": (s): Record<string, { scope: SessionScope }> =>
      s.context.access === null ? { signedIn: { scope: bobsScope } } : { signedOut: { scope: signedOutScope } },
    "connections.addPressed": cardsOf,
    "connections.editPressed": cardsOf,
    "connections.editConfirmed": [{}],
    "connections.editCancelled": [{}],
    "connections.noticeClosed": [{}],
  },
  actorOutcomes: {
    checkGoogleAds: {
      resolves: { connected: [{ accountId: "1", account_name: "One", active: true }], redirect: { redirect_to: "http://x/consent" } },
      rejects: { server: httpErrors.server },
    },
  },
  appActions: ["openDestination"],
  provide: () => ({ actors: { sessionScopeListener: quietSessionScopeListener } }),
  observe: (c) => ({ user: c.access?.userId ?? null, googleAds: c.googleAds.kind, asked: c.asked }),
  strategies: { shortest: { maxPaths: 120 }, simple: { observe: null, maxPaths: 30 } },
  check: ({ action, before, after, newCalls }) => {
    const opened = newCalls.filter((x) => x.name === "openDestination").map((x) => x.payload as CardDestination | null);
    // Something opens only on Add of a card other than the affiliate network's, or on Yes, and always somewhere.
    const added = action.kind === "event" && action.event.type === "connections.addPressed" && before?.matches({ ready: "idle" }) === true;
    const addedCard = added ? (action.event as unknown as { card: ConnectionCard }).card : null;
    const confirmed = action.kind === "event" && action.event.type === "connections.editConfirmed" && before?.matches({ ready: "confirmingEdit" }) === true;
    const offered = addedCard !== null && before !== undefined && sel.cardOffers(before)[addedCard].add;
    invariant(opened.length === ((offered && addedCard !== "affiliate") || confirmed ? 1 : 0), "one destination per offered Add (not the affiliate's) or Yes");
    if (action.kind === "event" && action.event.type === "connections.editPressed" && before !== undefined) {
      const card = (action.event as unknown as { card: ConnectionCard }).card;
      invariant(after.matches({ ready: "confirmingEdit" }) === (before.matches({ ready: "idle" }) && sel.cardOffers(before)[card].edit), "Edit asks only where the card offers it");
    }
    for (const destination of opened) invariant(destination !== null, "a destination is somewhere");
    if (addedCard === "affiliate") invariant(sel.isAccountManagerNoticeOpen(after), "the affiliate's Add shows the notice");
    invariant(sel.cardOffers(after)["google-ads"].add !== sel.cardOffers(after)["google-ads"].edit, "Google Ads offers Add or Edit, by its connection");
    if (confirmed && before?.context.asked === "google-ads") invariant(opened[0]?.kind === "route", "Google Ads' Edit goes to its page");
    if (confirmed && before?.context.asked === "microsoft-ads") invariant(opened[0]?.kind === "external" && opened[0].newTab, "the second search platform opens in a new tab");
    if (confirmed && before?.context.asked === "facebook") invariant(opened[0]?.kind === "external" && !opened[0].newTab, "the social platform opens in the same tab");
    invariant((sel.editAsked(after) !== null) === after.matches({ ready: "confirmingEdit" }), "the question is open exactly while confirming");
    invariant(after.context.asked !== "affiliate", "the affiliate network has no Edit");
    if (after.context.access === null) invariant(after.matches("waiting"), "without a user the overview waits");
  },
});
