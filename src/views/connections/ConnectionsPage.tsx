import type { ActorRefFrom } from "xstate";
import { useSelector } from "@xstate/react";
import { useLocation } from "wouter";
import { connectionCards, type CardDestination, type ConnectionCard } from "../../domain/connections/connections";
import { connectionsTexts as t } from "../../domain/connections/connectionsTexts";
import {
  connectionsOverviewMachine,
  connectionsOverviewSelectors as sel,
  type ConnectionsOverviewActorRef,
  type GoogleAdsState,
} from "../../machines/connections/connectionsOverview.machine";
import { ConfirmDialog, InfoDialog } from "../components/Modal";
import { useDocumentTitle } from "../components/useDocumentTitle";
import { Screen } from "../shell/appChildren";
import { AppShell } from "../shell/AppShell";
import { openExternalPage } from "./externalPage";
import "./connections.css";

/**
 * /account/connections: a card per ad platform with its state and its Add / Edit buttons;
 * the affiliate network's Add shows the account manager notice, Edit asks first. The
 * overview's actor decides; this page draws it and goes where the actor says.
 */
export const ConnectionsPage = () => (
  <AppShell>
    <ConnectionsOverview />
  </AppShell>
);

const ConnectionsOverview = () => {
  useDocumentTitle(t.title);
  const [, navigate] = useLocation();
  // The app root's screen child for this route (given the session and toasts by the root).
  return (
    <Screen name="connectionsOverview" routeKey={""} logic={connectionsOverviewMachine.provide({
      actions: {
        openDestination: (_, destination: CardDestination | null) => {
          if (destination === null) return;
          if (destination.kind === "route") navigate(destination.path);
          else openExternalPage(destination);
        },
      },
    })} route={{}}>
      {(overview) => <ConnectionsOverviewScreen overview={overview} />}
    </Screen>
  );
};

const ConnectionsOverviewScreen = ({ overview }: { readonly overview: ActorRefFrom<typeof connectionsOverviewMachine> }) => {
  useDocumentTitle(t.title);
  return (
    <article className="report connections">
      <h1 className="report-title">{t.title}</h1>
      <ConnectionCards overview={overview} />
    </article>
  );
};

/** The cards, the Edit question and the account manager notice, as the overview's actor has them. */
export const ConnectionCards = ({ overview }: { readonly overview: ConnectionsOverviewActorRef }) => (
  <>
    <ul className="connection-cards">
      {connectionCards.map((card) => (
        <ConnectionCardView key={card} card={card} overview={overview} />
      ))}
    </ul>
    <EditQuestion overview={overview} />
    <AccountManagerNotice overview={overview} />
  </>
);

const stateText = (card: ConnectionCard, googleAds: GoogleAdsState): string => {
  if (card === "affiliate") return t.states.accountManager;
  if (card !== "google-ads") return t.states.external(t.cardNames[card]);
  if (googleAds.kind === "connected") return t.states.connected(googleAds.enabled, googleAds.total);
  return t.states[googleAds.kind];
};

const ConnectionCardView = ({ card, overview }: { readonly card: ConnectionCard; readonly overview: ConnectionsOverviewActorRef }) => {
  const googleAds = useSelector(overview, sel.googleAds);
  const canAct = useSelector(overview, sel.canAct);
  const offers = useSelector(overview, sel.cardOffers)[card];
  const name = t.cardNames[card];
  const headingId = `connection-card-${card}`;
  return (
    <li className="connection-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="connection-card-name">
        {name}
      </h2>
      <p className="connection-card-kind">{t.cardKinds[card]}</p>
      <p className="connection-card-state" data-state={card === "google-ads" ? googleAds.kind : undefined}>
        {stateText(card, googleAds)}
      </p>
      <div className="connection-card-actions">
        {offers.add ? (
          <button
            type="button"
            className="button is-primary"
            disabled={!canAct}
            aria-label={card === "microsoft-ads" ? `${t.add} ${name} ${t.opensInNewTab}` : `${t.add} ${name}`}
            onClick={() => overview.send({ type: "connections.addPressed", card })}
          >
            {t.add}
          </button>
        ) : null}
        {offers.edit ? (
          <button type="button" className="button" disabled={!canAct} aria-label={`${t.edit} ${name}`} onClick={() => overview.send({ type: "connections.editPressed", card })}>
            {t.edit}
          </button>
        ) : null}
      </div>
    </li>
  );
};

/** 'Are you sure you want to edit this connection' with Yes and No (No first, so focus starts on it; Escape is No). */
const EditQuestion = ({ overview }: { readonly overview: ConnectionsOverviewActorRef }) => {
  const asked = useSelector(overview, sel.editAsked);
  if (asked === null) return null;
  const cancel = () => overview.send({ type: "connections.editCancelled" });
  return (
    <ConfirmDialog
      title={t.editQuestion}
      tone="warning"
      cancel={{ label: t.no, onClick: cancel }}
      confirm={{ label: t.yes, look: "primary", onClick: () => overview.send({ type: "connections.editConfirmed" }) }}
    >
      <p>{t.cardNames[asked]}</p>
    </ConfirmDialog>
  );
};

/** The affiliate network's answer to Add. */
const AccountManagerNotice = ({ overview }: { readonly overview: ConnectionsOverviewActorRef }) => {
  const open = useSelector(overview, sel.isAccountManagerNoticeOpen);
  if (!open) return null;
  const close = () => overview.send({ type: "connections.noticeClosed" });
  return (
    <InfoDialog
      title={t.cardNames.affiliate}
      close={{ label: t.close, look: "primary", onClick: close }}
    >
      <p role="status">{t.accountManagerRequired}</p>
    </InfoDialog>
  );
};
