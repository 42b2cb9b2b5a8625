import type { ActorRefFrom } from "xstate";
import { useSelector } from "@xstate/react";
import { useState } from "react";
import {
  connectionOf,
  connectionsPath,
  consentReturnOf,
  consentQueryLink,
  type KnownConnection,
} from "../../domain/connections/connections";
import type { ConnectionAccount } from "../../domain/connections/connectors";
import { connectionsTexts as t } from "../../domain/connections/connectionsTexts";
import {
  accountSwitcherMachine,
  accountSwitcherSelectors as sel,
  type AccountSwitcherActorRef,
} from "../../machines/connections/accountSwitcher.machine";
import { connectionSessionSelectors } from "../../machines/connections/connectionAccess";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { useDocumentTitle } from "../components/useDocumentTitle";
import { useAppActors } from "../shell/AppActorsContext";
import { Screen, screenQuery } from "../shell/appChildren";
import { AppShell } from "../shell/AppShell";
import { routeParam } from "../shell/rawLocation";
import { MetricTable, type TableColumn } from "../table/MetricTable";
import { openExternalPage } from "./externalPage";
import "./connections.css";

/**
 * /account/connections/{connection}: the breadcrumb 'Connections' then the connection;
 * google-ads lists the ad accounts (or the sign-in prompt) with Enable / Disable, facebook
 * opens the platform's own page, and any other value shows 'Invalid Connection'.
 */
export const ConnectionPage = ({ params }: { readonly params: Record<string, string | undefined> }) => {
  const connection = connectionOf(routeParam(params["connection"]));
  return (
    <AppShell>
      <ConnectionDetail connection={connection} />
    </AppShell>
  );
};

const ConnectionDetail = ({ connection }: { readonly connection: KnownConnection | null }) => {
  const name = connection === null ? t.invalidConnection : t.connectionNames[connection];
  useDocumentTitle(`${name} · ${t.title}`);
  return (
    <article className="report connection-detail">
      <Breadcrumbs crumbs={[{ label: t.title, href: connectionsPath }, { label: name }]} />
      <h1 className="report-title">{name}</h1>
      {connection === "google-ads" ? <GoogleAdsConnection /> : null}
      {connection === "facebook" ? <FacebookConnection /> : null}
    </article>
  );
};

const GoogleAdsConnection = () => {
  // The consent page's return is read once, as the page opens; the actor then takes it out of the address.
  const [consent] = useState(() => consentReturnOf(window.location.search));
  // The app root's screen child for this route (given the session and toasts by the root).
  return (
    <Screen name="accountSwitcher" routeKey={""} logic={accountSwitcherMachine} route={{ consent }} query={screenQuery(consentQueryLink, sel.consent)}>
      {(switcher) => <GoogleAdsConnectionScreen switcher={switcher} />}
    </Screen>
  );
};

const GoogleAdsConnectionScreen = ({ switcher }: { readonly switcher: ActorRefFrom<typeof accountSwitcherMachine> }) => {
  // The consent page's return is read once, as the page opens; the actor then takes it out of the address.
  return <GoogleAdsAccounts switcher={switcher} />;
};

/** The Google Ads connection as its actor has it: an error, the sign-in prompt, the accounts with their switches, a failed switch. */
export const GoogleAdsAccounts = ({ switcher }: { readonly switcher: AccountSwitcherActorRef }) => (
  <>
    <ConnectionStatus switcher={switcher} />
    <SignInPrompt switcher={switcher} />
    <AccountsTable switcher={switcher} />
    <SwitchFailure switcher={switcher} />
  </>
);

/** The listing's failure (after its retries) and a refused consent return, each with its way to start again. */
const ConnectionStatus = ({ switcher }: { readonly switcher: AccountSwitcherActorRef }) => {
  const failed = useSelector(switcher, sel.hasFailed);
  const refusal = useSelector(switcher, sel.refusal);
  const retry = () => switcher.send({ type: "accounts.retryPressed" });
  if (refusal !== null) {
    return (
      <div className="notification is-danger connection-error" role="alert">
        <p>
          <strong>{t.refusedHeading}</strong>
        </p>
        <p>{refusal}</p>
        <button type="button" className="button" onClick={retry}>
          {t.startAgain}
        </button>
      </div>
    );
  }
  if (!failed) return null;
  return (
    <div className="notification is-danger connection-error" role="alert">
      <p>{t.listingFailed}</p>
      <button type="button" className="button" onClick={retry}>
        {t.tryAgain}
      </button>
    </div>
  );
};

/** Before access was granted: a link to the consent page, which comes back here with `code` and `state`. */
const SignInPrompt = ({ switcher }: { readonly switcher: AccountSwitcherActorRef }) => {
  const target = useSelector(switcher, sel.signInTarget);
  if (target === null) return null;
  return (
    <section className="connection-sign-in" aria-label={t.signIn}>
      <p>{t.signInPrompt}</p>
      <a className="button is-primary" href={target}>
        {t.signIn}
      </a>
    </section>
  );
};

const accountKey = (row: ConnectionAccount): string => row.accountId;

const AccountsTable = ({ switcher }: { readonly switcher: AccountSwitcherActorRef }) => {
  const loading = useSelector(switcher, sel.isLoading);
  const listed = useSelector(switcher, sel.isListed);
  const accounts = useSelector(switcher, sel.accounts);
  const switching = useSelector(switcher, sel.switchingAccount);
  const busy = useSelector(switcher, sel.isSwitching);
  if (!loading && !listed) return null;
  const columns: ReadonlyArray<TableColumn<ConnectionAccount>> = [
    { key: "account_name", header: t.accountColumns.account_name, align: "start", sortable: false },
    { key: "accountId", header: t.accountColumns.accountId, align: "start", sortable: false },
    {
      key: "active",
      header: t.accountColumns.active,
      align: "end",
      sortable: false,
      cell: (row) => (
        <span className="connection-account-switch">
          <span className={row.active ? "connection-account-on" : "connection-account-off"}>{row.active ? t.enabled : t.disabled}</span>
          <button
            type="button"
            className={row.active ? "button" : "button is-primary"}
            disabled={busy}
            aria-busy={switching === row.accountId}
            aria-label={row.active ? t.disableAccount(row.account_name) : t.enableAccount(row.account_name)}
            onClick={() => switcher.send({ type: "accounts.switchPressed", accountId: row.accountId })}
          >
            {row.active ? t.disable : t.enable}
          </button>
        </span>
      ),
    },
  ];
  return (
    <MetricTable<ConnectionAccount>
      label={t.accountsCaption}
      columns={columns}
      rows={accounts}
      rowKey={accountKey}
      loading={loading}
      loadingText={t.accountsLoading}
      emptyText={t.noAccounts}
    />
  );
};

/** A switch that failed: said, and the account keeps its state. */
const SwitchFailure = ({ switcher }: { readonly switcher: AccountSwitcherActorRef }) => {
  const failure = useSelector(switcher, sel.switchFailure);
  if (failure === null) return null;
  return (
    <p className="notification is-danger connection-error" role="alert">
      {t.switchFailed(failure.account.account_name, failure.active)}
    </p>
  );
};

/** The social platform: its connection is made on its own page, opened in this tab with `svid` = the user id. */
const FacebookConnection = () => {
  const { session } = useAppActors();
  const page = useSelector(session, connectionSessionSelectors.facebookPage);
  if (page === null) return null;
  return (
    <section className="connection-external">
      <p>{t.facebookIntro}</p>
      <button type="button" className="button is-primary" onClick={() => openExternalPage(page)}>
        {t.openFacebook}
      </button>
    </section>
  );
};
