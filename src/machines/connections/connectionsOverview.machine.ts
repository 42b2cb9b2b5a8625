import { assign, setup, type ActorRefFrom, type SnapshotFrom } from "xstate";
import { cardDestinationOf, cardOffersOf, connectionCards, type CardDestination, type CardOffers, type ConnectionCard } from "../../domain/connections/connections";
import { isConnectionRedirect, type ListAccountsResponse } from "../../domain/connections/connectors";
import type { HttpError } from "../../services/http/httpErrors";
import { listAccounts } from "../../services/connections/connectors";
import type { SessionScope } from "../../domain/report/reportScope";
import { fromApiCall } from "../runtime/fromEffect";
import { followSessionScope, sessionScopeActors, type SessionScopeChanged, type SessionSource } from "../shell/sessionScope";
import { connectionAccessGuards, followConnectionAccess, keepAccessAssignment, openingConnectionScope, type ConnectionAccess, type ConnectionScreen } from "./connectionAccess";

/**
 * The connections overview (/account/connections): the cards of the search-ads platform
 * (Google Ads), the social platform, the second search platform and the affiliate network,
 * each with its state. Google Ads' state comes from the connections service (listing its
 * accounts answers either the accounts or, before access was granted, a redirect); the
 * others are set up on the platform's own pages or by the account manager.
 *
 * Each card offers Add, Edit or both (`cardOffersOf`: Google Ads Add until connected, then
 * Edit). Add on the affiliate card opens the notice 'Account manager required: …'; Add on another
 * card goes to its destination (Google Ads' detail page; the social platform's external
 * page in the same tab, the second search platform's in a new tab, both with `svid` = the
 * user id). Edit asks 'Are you sure you want to edit this connection': Yes goes to the
 * destination, No closes the question. Going is the app's action `openDestination`.
 */

/** Google Ads' state on its card. */
export type GoogleAdsState =
  | { readonly kind: "checking" }
  | { readonly kind: "connected"; readonly enabled: number; readonly total: number }
  | { readonly kind: "notConnected" }
  | { readonly kind: "unknown" };

export interface ConnectionsOverviewInput {
  readonly session: SessionSource;
}

export interface ConnectionsOverviewContext extends ConnectionScreen {
  readonly googleAds: GoogleAdsState;
  /** The card whose Edit question is open; null when none. */
  readonly asked: ConnectionCard | null;
}

export type ConnectionsOverviewEvent =
  | SessionScopeChanged
  | { type: "connections.addPressed"; card: ConnectionCard }
  | { type: "connections.editPressed"; card: ConnectionCard }
  | { type: "connections.editConfirmed" }
  | { type: "connections.editCancelled" }
  | { type: "connections.noticeClosed" };

type Context = ConnectionsOverviewContext;

const googleAdsStateOf = (answer: ListAccountsResponse): GoogleAdsState =>
  isConnectionRedirect(answer)
    ? { kind: "notConnected" }
    : { kind: "connected", enabled: answer.filter((account) => account.active).length, total: answer.length };

const destinationOf = (context: Context, card: ConnectionCard | null): CardDestination | null =>
  card === null || context.access === null ? null : cardDestinationOf(card, context.access.api.baseUrl, context.access.userId);

export const connectionsOverviewMachine = setup({
  types: {
    context: {} as ConnectionsOverviewContext,
    events: {} as ConnectionsOverviewEvent,
    input: {} as ConnectionsOverviewInput,
  },
  actors: {
    ...sessionScopeActors,
    checkGoogleAds: fromApiCall<ListAccountsResponse, ConnectionAccess, HttpError>((access) => listAccounts(access.userId, null)),
  },
  actions: {
    /** Provided by the app: goes to a page of the app, or opens the platform's external page (same tab or new tab). */
    openDestination: (_, _destination: CardDestination | null) => {},
    keepScope: assign(keepAccessAssignment),
    storeAccess: assign((_, scope: SessionScope) => ({ ...keepAccessAssignment(_, scope), googleAds: { kind: "checking" } as GoogleAdsState, asked: null })),
    storeGoogleAds: assign((_, answer: ListAccountsResponse) => ({ googleAds: googleAdsStateOf(answer) })),
    markGoogleAdsUnknown: assign({ googleAds: { kind: "unknown" } as GoogleAdsState }),
    askEdit: assign((_, card: ConnectionCard) => ({ asked: card })),
    forgetEdit: assign({ asked: null }),
  },
  guards: {
    ...connectionAccessGuards,
    isAffiliate: (_, card: ConnectionCard) => card === "affiliate",
    offersAdd: ({ context }, card: ConnectionCard) => cardOffersOf(card, context.googleAds.kind === "connected").add,
    offersEdit: ({ context }, card: ConnectionCard) => cardOffersOf(card, context.googleAds.kind === "connected").edit,
  },
}).createMachine({
  id: "connectionsOverview",
  context: ({ input }) => ({
    ...openingConnectionScope(input.session),
    googleAds: { kind: "checking" },
    asked: null,
  }),
  invoke: followSessionScope,
  on: { "session.scopeChanged": followConnectionAccess },
  initial: "waiting",
  states: {
    /** No signed-in user yet: nothing to check. */
    waiting: {
      always: { guard: "hasAccess", target: "checking" },
    },
    checking: {
      invoke: {
        src: "checkGoogleAds",
        input: ({ context }) => context.access as ConnectionAccess,
        onDone: { target: "ready", actions: { type: "storeGoogleAds", params: ({ event }) => event.output } },
        onError: { target: "ready", actions: "markGoogleAdsUnknown" },
      },
    },
    ready: {
      initial: "idle",
      states: {
        idle: {
          on: {
            "connections.addPressed": [
              { guard: { type: "isAffiliate", params: ({ event }) => event.card }, target: "accountManagerNotice" },
              {
                guard: { type: "offersAdd", params: ({ event }) => event.card },
                actions: { type: "openDestination", params: ({ context, event }) => destinationOf(context, event.card) },
              },
            ],
            "connections.editPressed": {
              guard: { type: "offersEdit", params: ({ event }) => event.card },
              target: "confirmingEdit",
              actions: { type: "askEdit", params: ({ event }) => event.card },
            },
          },
        },
        /** 'Are you sure you want to edit this connection' (Yes / No). */
        confirmingEdit: {
          on: {
            "connections.editConfirmed": {
              target: "idle",
              actions: [{ type: "openDestination", params: ({ context }) => destinationOf(context, context.asked) }, "forgetEdit"],
            },
            "connections.editCancelled": { target: "idle", actions: "forgetEdit" },
          },
        },
        /** 'Account manager required: Please contact your account manager to setup this connection.' */
        accountManagerNotice: {
          on: { "connections.noticeClosed": "idle" },
        },
      },
    },
  },
});

type Snap = SnapshotFrom<typeof connectionsOverviewMachine>;

/** Each card's buttons, worked out again only when Google Ads' connection changes. */
const offersByCard = (connected: boolean): Readonly<Record<ConnectionCard, CardOffers>> =>
  Object.fromEntries(connectionCards.map((card) => [card, cardOffersOf(card, connected)])) as Record<ConnectionCard, CardOffers>;
const connectedOffers = offersByCard(true);
const unconnectedOffers = offersByCard(false);

/** Named selectors: the view reads the overview only through these. */
export const connectionsOverviewSelectors = {
  googleAds: (s: Snap): GoogleAdsState => s.context.googleAds,
  isGoogleAdsConnected: (s: Snap): boolean => s.context.googleAds.kind === "connected",
  /** The buttons each card offers (Add, Edit). */
  cardOffers: (s: Snap): Readonly<Record<ConnectionCard, CardOffers>> => (s.context.googleAds.kind === "connected" ? connectedOffers : unconnectedOffers),
  isEditAsked: (s: Snap): boolean => s.matches({ ready: "confirmingEdit" }),
  editAsked: (s: Snap): ConnectionCard | null => (s.matches({ ready: "confirmingEdit" }) ? s.context.asked : null),
  isAccountManagerNoticeOpen: (s: Snap): boolean => s.matches({ ready: "accountManagerNotice" }),
  /** Whether the cards' buttons may be used (the check answered, no question open). */
  canAct: (s: Snap): boolean => s.matches({ ready: "idle" }),
} satisfies Record<string, (s: Snap) => unknown>;

export type ConnectionsOverviewActorRef = ActorRefFrom<typeof connectionsOverviewMachine>;
