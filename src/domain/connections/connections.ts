import type { QueryLink } from "../report/reportQuery";
import type { ConnectionAccount } from "./connectors";

/**
 * The connections to ad platforms (/account/connections and /account/connections/{connection}):
 * the four cards of the overview, the detail routes the app knows, where the connections
 * service lives beside the main API, the external pages of the social and the second search
 * platform (with `svid` = the user id), and the consent return's `code` and `state`.
 */

/** The cards of the overview, in order: search-ads, social, second search platform, affiliate network. */
export const connectionCards = ["google-ads", "facebook", "microsoft-ads", "affiliate"] as const;
export type ConnectionCard = (typeof connectionCards)[number];

/** The values of /account/connections/{connection} that have a detail page. */
export const knownConnections = ["google-ads", "facebook"] as const;
export type KnownConnection = (typeof knownConnections)[number];

/** The route's connection when the app knows it, else null (the page shows 'Invalid Connection'). */
export const connectionOf = (value: string | undefined): KnownConnection | null =>
  (knownConnections as ReadonlyArray<string>).find((known) => known === value) === undefined ? null : (value as KnownConnection);

/** The overview's path, and a connection's detail path (the value percent-encoded). */
export const connectionsPath = "/account/connections";
export const connectionPath = (connection: string): string => `${connectionsPath}/${encodeURIComponent(connection)}`;

/**
 * Where the connections service answers, beside the main API: a base ending in `/api`
 * becomes the same base ending in `/connectors` (`/api` → `/connectors`,
 * `https://api.example.com/api` → `https://api.example.com/connectors`); any other base
 * gets `/connectors` added.
 */
export const connectorsBaseUrlOf = (apiBaseUrl: string): string => {
  const base = apiBaseUrl.trim().replace(/\/+$/, "");
  return /(^|\/)api$/.test(base) ? `${base.slice(0, -"api".length)}connectors` : `${base}/connectors`;
};

/** How a card's external page opens: the second search platform in a new tab, the social platform in the same tab. */
export interface ExternalPage {
  readonly url: string;
  readonly newTab: boolean;
}

/** The platforms whose connection is made on their own pages. */
export type ExternalConnection = "facebook" | "microsoft-ads";

const externalPaths: Readonly<Record<ExternalConnection, string>> = {
  facebook: "facebook/connect",
  "microsoft-ads": "microsoft-ads/connect",
};

/** A platform's external page, with `svid` = the user id (encoded). */
export const externalPageOf = (connection: ExternalConnection, connectorsBaseUrl: string, userId: number): ExternalPage => ({
  url: `${connectorsBaseUrl.replace(/\/+$/, "")}/${externalPaths[connection]}?svid=${encodeURIComponent(String(userId))}`,
  newTab: connection === "microsoft-ads",
});

/** The consent page's return: `code` and `state`, passed on only when both are in the page's query. */
export interface ConsentReturn {
  readonly code: string;
  readonly state: string;
}

/** The `code` and `state` of a query string, or null unless both are there and not empty. */
export const consentReturnOf = (search: string): ConsentReturn | null => {
  const query = new URLSearchParams(search);
  const code = query.get("code") ?? "";
  const state = query.get("state") ?? "";
  return code !== "" && state !== "" ? { code, state } : null;
};

/** The query string without `code` and `state` (after the return was redeemed or refused), with its `?` when not empty. */
export const withoutConsentReturn = (search: string): string => {
  const query = new URLSearchParams(search);
  query.delete("code");
  query.delete("state");
  const rest = query.toString();
  return rest === "" ? "" : `?${rest}`;
};

/** An account with its sync switched as asked. */
export const switchedAccount = (accounts: ReadonlyArray<ConnectionAccount>, accountId: string, active: boolean): ReadonlyArray<ConnectionAccount> =>
  accounts.map((account) => (account.accountId === accountId ? { ...account, active } : account));

/** How many listing attempts follow a failed one, and how long each waits. */
export const listingRetries = 10;
export const listingRetryDelayMs = 1000;

/** Where a card's Add (or a confirmed Edit) goes: a page of the app, or the platform's external page. */
export type CardDestination = { readonly kind: "route"; readonly path: string } | ({ readonly kind: "external" } & ExternalPage);

/**
 * A card's destination: Google Ads its detail page (the sign-in prompt or its accounts),
 * the social and the second search platform their external pages; the affiliate network
 * none (its connection is set up by the account manager).
 */
export const cardDestinationOf = (card: ConnectionCard, connectorsBaseUrl: string, userId: number): CardDestination | null => {
  if (card === "affiliate") return null;
  if (card === "google-ads") return { kind: "route", path: connectionPath(card) };
  return { kind: "external", ...externalPageOf(card, connectorsBaseUrl, userId) };
};

/** The buttons a card offers: Add, Edit, or both. */
export interface CardOffers {
  readonly add: boolean;
  readonly edit: boolean;
}

const offers = (add: boolean, edit: boolean): CardOffers => ({ add, edit });
const addOnly = offers(true, false);
const editOnly = offers(false, true);
const addAndEdit = offers(true, true);

/**
 * What a card offers: Google Ads Add until it is connected, then Edit; the affiliate
 * network only Add (its connection is the account manager's); the platforms connected on
 * their own pages both.
 */
export const cardOffersOf = (card: ConnectionCard, googleAdsConnected: boolean): CardOffers => {
  if (card === "affiliate") return addOnly;
  if (card === "google-ads") return googleAdsConnected ? editOnly : addOnly;
  return addAndEdit;
};

/**
 * The Google Ads page's `QueryLink`: the consent page's return stays in the address while
 * the page holds it, and leaves it (`withoutConsentReturn`) once redeemed or refused, so a
 * reload never sends a used state. Nothing of it is refused: a pair that is not whole is
 * simply not passed on.
 */
export const consentQueryLink: QueryLink<ConsentReturn | null> = {
  unreadable: () => null,
  written: (search, consent) => (consent === null ? withoutConsentReturn(search).replace(/^\?/, "") : search),
};
