import type { ActorRefFrom } from "xstate";
import { useSelector } from "@xstate/react";
import { useMemo } from "react";
import { useLocation } from "wouter";
import {
  keyLastUsedWords,
  keyStatusWords,
  lagWords,
  lastArrivalWords,
  collectSnippet,
  orderFeedSnippet,
  pageCallsSnippet,
  refusedLines,
  scriptSnippet,
} from "../../domain/dataSources/dataSources";
import { dataSourcesTexts } from "../../domain/dataSources/dataSourcesTexts";
import { writeKeyKinds, type IssuedKeyKind, type WriteKey, type WriteKeyKind } from "../../domain/ingestion/writeKeys";
import { formatDate, formatUtcMinute } from "../../domain/report/dateFormat";
import { formatNumber } from "../../domain/report/numberFormat";
import { dayInZone, programTimeZone } from "../../domain/shell/timeZone";
import {
  dataSourcesMachine,
  dataSourcesSelectors as sel,
  type CopyTarget,
  type DataSourcesActorRef,
} from "../../machines/dataSources/dataSources.machine";
import { ingestionHealthSelectors as healthSel, type IngestionHealthActorRef } from "../../machines/dataSources/ingestionHealth.machine";
import { ConfirmDialog } from "../components/Modal";
import { useDocumentTitle } from "../components/useDocumentTitle";
import { Screen } from "../shell/appChildren";
import { AppShell } from "../shell/AppShell";
import { MetricTable, type TableColumn } from "../table/MetricTable";
import "./dataSources.css";
import { LoadFailed } from "../components/LoadFailed";

const t = dataSourcesTexts;

type KeyRow = WriteKey & Readonly<Record<string, unknown>>;

const rowKey = (row: KeyRow): string => String(row.id);
/** The day of a moment in the program's time zone ("2 Jun 2025"): a key's creation and revocation. */
const dayIn = (zone: string) => (ms: number): string => formatDate(dayInZone(ms, zone), "en-GB");
/** A moment to the minute, in UTC (as the server keeps a key's last use). */
const timeOf = formatUtcMinute;
const count = (n: number): string => formatNumber(n, 0, "en-GB");

/** Copies a text and tells the screen whether the browser let it. */
const copyText = (screen: DataSourcesActorRef, target: CopyTarget, text: string): void => {
  const clipboard = typeof navigator === "undefined" ? undefined : navigator.clipboard;
  if (!clipboard) {
    screen.send({ type: "copy.refused", target });
    return;
  }
  clipboard.writeText(text).then(
    () => screen.send({ type: "copy.done", target }),
    () => screen.send({ type: "copy.refused", target }),
  );
};

/**
 * /account/data-sources (admins): the session program's write keys (create: the key shown
 * once with a copy button; revoke after a question), the script tag and the order feed
 * call to paste, and the ingestion health, loaded again every 10 s while the page is open.
 */
export const DataSourcesPage = () => {
  useDocumentTitle(t.title);
  const [, navigate] = useLocation();
  // The app root's screen child for this route (given the session and toasts by the root).
  return (
    <Screen name="dataSources" routeKey={""} logic={dataSourcesMachine.provide({ actions: { goHome: () => navigate("/", { replace: true }) } })} route={{ pageOrigin: window.location.origin }}>
      {(screen) => <DataSourcesPageScreen screen={screen} />}
    </Screen>
  );
};

const DataSourcesPageScreen = ({ screen }: { readonly screen: ActorRefFrom<typeof dataSourcesMachine> }) => (
  <AppShell>
    <DataSourcesScreen screen={screen} />
  </AppShell>
);

/** The screen itself, given its actor: the keys, the snippets and the health. */
export const DataSourcesScreen = ({ screen }: { readonly screen: ActorRefFrom<typeof dataSourcesMachine> }) => {
  useDocumentTitle(t.title);
  return (
    <article className="report data-sources">
      <h1 className="report-title">{t.title}</h1>
      <p className="data-sources-intro">{t.intro}</p>
      <section aria-labelledby="data-sources-keys">
        <h2 id="data-sources-keys">{t.keys.heading}</h2>
        <KeysNotice screen={screen} />
        <ShownKey screen={screen} />
        <CreateButton screen={screen} />
        <KeyList screen={screen} />
      </section>
      <Snippets screen={screen} />
      <Health screen={screen} />
      <RevokeDialog screen={screen} />
    </article>
  );
};

const KeysNotice = ({ screen }: { readonly screen: DataSourcesActorRef }) => {
  const notice = useSelector(screen, sel.notice);
  if (notice === null) return null;
  return (
    <p className={`data-sources-notice is-${notice.tone}`} role={notice.tone === "failure" ? "alert" : "status"}>
      {notice.text}
    </p>
  );
};

const CopyOutcome = ({ screen, target }: { readonly screen: DataSourcesActorRef; readonly target: CopyTarget }) => {
  const copy = useSelector(screen, sel.copy);
  if (copy === null || copy.target !== target) return null;
  return (
    <span className={`data-sources-copied is-${copy.outcome}`} role="status">
      {copy.outcome === "copied" ? t.keys.copied : t.keys.copyFailed}
    </span>
  );
};

/** The key just created, once: with Copy and the warning that it is never shown again. */
const ShownKey = ({ screen }: { readonly screen: DataSourcesActorRef }) => {
  const shown = useSelector(screen, sel.shownKey);
  if (shown === null) return null;
  return (
    <div className="data-sources-shown" role="region" aria-label={t.keys.createdHeading}>
      <h3>{t.keys.createdKindHeading(t.keys.kinds[shown.kind])}</h3>
      <p className="data-sources-warning">
        <strong>{t.keys.onlyTime}</strong>
      </p>
      <p className="data-sources-key-line">
        <code className="data-sources-key" data-testid="new-write-key">
          {shown.key}
        </code>
        <button type="button" className="button is-primary" onClick={() => copyText(screen, "key", shown.key)}>
          {t.keys.copy}
        </button>
        <CopyOutcome screen={screen} target="key" />
      </p>
      <button type="button" className="button" onClick={() => screen.send({ type: "keys.shownDismissed" })}>
        {t.keys.done}
      </button>
    </div>
  );
};

const createLabels: Readonly<Record<IssuedKeyKind, string>> = { publishable: t.keys.createPublishable, secret: t.keys.createSecret };

/** 'Create publishable key' and 'Create secret key': a key of each kind is created on its own. */
const CreateButton = ({ screen }: { readonly screen: DataSourcesActorRef }) => {
  const status = useSelector(screen, sel.keysStatus);
  const creating = useSelector(screen, sel.isCreating);
  const asked = useSelector(screen, sel.creatingKind);
  if (status === "loading" || status === "failed") return null;
  return (
    <p className="data-sources-create">
      {(["publishable", "secret"] as const).map((kind) => (
        <button
          key={kind}
          type="button"
          className="button is-primary"
          disabled={creating}
          aria-busy={creating && asked === kind}
          onClick={() => screen.send({ type: "keys.createAsked", kind })}
        >
          {creating && asked === kind ? t.keys.creating : createLabels[kind]}
        </button>
      ))}
    </p>
  );
};

const kindHeadings: Readonly<Record<WriteKeyKind, { readonly heading: string; readonly hint: string }>> = {
  publishable: { heading: t.keys.publishableHeading, hint: t.keys.publishableHint },
  secret: { heading: t.keys.secretHeading, hint: t.keys.secretHint },
  legacy: { heading: t.keys.legacyHeading, hint: t.keys.legacyHint },
};

/** The keys listed by kind: publishable, secret, and (asking to rotate them) legacy keys from before the split. */
const KeyList = ({ screen }: { readonly screen: DataSourcesActorRef }) => {
  const status = useSelector(screen, sel.keysStatus);
  const keys = useSelector(screen, sel.keys);
  if (status !== "ready") return <KeyTable screen={screen} label={t.keys.tableLabel} rows={[]} />;
  return (
    <>
      {writeKeyKinds.map((kind) => {
        const rows = keys.filter((k) => k.kind === kind);
        if (rows.length === 0) return null;
        return (
          <div key={kind} className={`data-sources-keys is-${kind}`}>
            <h3>{kindHeadings[kind].heading}</h3>
            <p className="data-sources-aside" role={kind === "legacy" ? "alert" : undefined}>
              {kindHeadings[kind].hint}
            </p>
            <KeyTable screen={screen} label={kindHeadings[kind].heading} rows={rows} />
          </div>
        );
      })}
    </>
  );
};

const KeyTable = ({ screen, label, rows: keys }: { readonly screen: DataSourcesActorRef; readonly label: string; readonly rows: ReadonlyArray<WriteKey> }) => {
  const status = useSelector(screen, sel.keysStatus);
  const zone = programTimeZone(useSelector(screen, sel.program));
  const dayOf = useMemo(() => dayIn(zone), [zone]);
  const columns = useMemo(
    (): ReadonlyArray<TableColumn<KeyRow>> => [
      { key: "prefix", header: t.keys.prefix, align: "start", sortable: false, width: 12, cell: (row) => <code>{`${row.prefix}…`}</code> },
      { key: "created", header: t.keys.created, align: "start", sortable: false, cell: (row) => dayOf(row.created_at) },
      { key: "lastUsed", header: t.keys.lastUsed, align: "start", sortable: false, cell: (row) => keyLastUsedWords(row, timeOf) },
      { key: "status", header: t.keys.status, align: "start", sortable: false, cell: (row) => keyStatusWords(row, dayOf) },
      {
        key: "actions",
        header: t.keys.actions,
        align: "end",
        sortable: false,
        cell: (row) =>
          row.revoked_at === null ? (
            <button type="button" className="button is-small is-danger" aria-label={t.keys.revokeLabel(row.prefix)} onClick={() => screen.send({ type: "keys.revokeAsked", id: row.id })}>
              {t.keys.revoke}
            </button>
          ) : null,
      },
    ],
    [screen, dayOf],
  );
  if (status === "empty") {
    return (
      <p className="data-sources-empty" role="status">
        {t.keys.empty}
      </p>
    );
  }
  return (
    <MetricTable<KeyRow>
      label={label}
      columns={columns}
      rows={status === "ready" ? (keys as ReadonlyArray<KeyRow>) : []}
      rowKey={rowKey}
      loading={status === "loading"}
      loadingText={t.keys.loading}
      failure={
        status === "failed" ? (
          <LoadFailed message={t.keys.loadFailed} retryLabel={t.keys.tryAgain} onRetry={() => screen.send({ type: "keys.retried" })} />
        ) : undefined
      }
    />
  );
};

/** The snippets, their example order dated by the server's clock as the health last told it. */
const Snippets = ({ screen }: { readonly screen: DataSourcesActorRef }) => {
  const health = useSelector(screen, sel.health);
  const keys = useSelector(screen, sel.keys);
  return health === null ? <SnippetTexts screen={screen} at={keys[0]?.created_at ?? 0} /> : <SnippetsAtHealth screen={screen} health={health} fallback={keys[0]?.created_at ?? 0} />;
};

const SnippetsAtHealth = ({ screen, health, fallback }: { readonly screen: DataSourcesActorRef; readonly health: IngestionHealthActorRef; readonly fallback: number }) => {
  const figures = useSelector(health, healthSel.health);
  return <SnippetTexts screen={screen} at={figures?.at ?? fallback} />;
};

/**
 * The script tag, with a publishable key just created in it (else a placeholder to replace),
 * and the server-side calls (events to /collect, the order feed), always with the secret key's
 * placeholder: a secret key is shown once in its own box and never copied into an example.
 */
const SnippetTexts = ({ screen, at }: { readonly screen: DataSourcesActorRef; readonly at: number }) => {
  const shown = useSelector(screen, sel.shownKey);
  const program = useSelector(screen, sel.program);
  const origin = useSelector(screen, sel.collectionOrigin);
  const apiBase = useSelector(screen, sel.apiBase);
  if (program === null) return null;
  // The page's snippet only ever carries a publishable key; the order feed's never a real key.
  const publishable = shown?.kind === "publishable" ? shown.key : null;
  const pageKey = publishable ?? t.snippet.keyPlaceholder;
  const order = orderFeedSnippet(apiBase, program.code, t.snippet.secretPlaceholder, { currency: program.currency, time: at });
  return (
    <section aria-labelledby="data-sources-snippets">
      <h2 id="data-sources-snippets">{t.snippet.heading}</h2>
      <p>{t.snippet.keyHint}</p>
      <Snippet screen={screen} target="script" label={t.snippet.scriptLabel} copy={t.snippet.copyScript} text={scriptSnippet(origin, pageKey)} />
      <h3>{t.snippet.storedHeading}</h3>
      <p>{t.snippet.stored}</p>
      <Snippet screen={screen} target="consent" label={t.snippet.consentLabel} copy={t.snippet.copyConsent} text={scriptSnippet(origin, pageKey, { consent: true })} />
      <Snippet screen={screen} target="calls" label={t.snippet.callsLabel} copy={t.snippet.copyCalls} text={pageCallsSnippet} />
      <Snippet screen={screen} target="collect" label={t.snippet.collectLabel} copy={t.snippet.copyCollect} text={collectSnippet(origin, t.snippet.secretPlaceholder, at)} />
      <Snippet screen={screen} target="order" label={t.snippet.orderLabel} copy={t.snippet.copyOrder} text={order} />
    </section>
  );
};

/** One snippet: what it is for, its text, and its copy button with the copy's outcome. */
const Snippet = (props: {
  readonly screen: DataSourcesActorRef;
  readonly target: CopyTarget;
  readonly label: string;
  readonly copy: string;
  readonly text: string;
}) => (
  <>
    <p>{props.label}</p>
    <pre className="data-sources-snippet" aria-label={props.copy}>
      <code>{props.text}</code>
    </pre>
    <p>
      <button type="button" className="button" onClick={() => copyText(props.screen, props.target, props.text)}>
        {props.copy}
      </button>
      <CopyOutcome screen={props.screen} target={props.target} />
    </p>
  </>
);

const Health = ({ screen }: { readonly screen: DataSourcesActorRef }) => {
  const poller = useSelector(screen, sel.health);
  if (poller === null) return null;
  return <HealthFigures poller={poller} />;
};

const HealthFigures = ({ poller }: { readonly poller: IngestionHealthActorRef }) => {
  const health = useSelector(poller, healthSel.health);
  const status = useSelector(poller, healthSel.status);
  return (
    <section aria-labelledby="data-sources-health" className="data-sources-health">
      <h2 id="data-sources-health">{t.health.heading}</h2>
      {status === "unavailable" ? (
        <p role="alert">{t.health.failed}</p>
      ) : health === null ? (
        <p role="status">{t.health.loading}</p>
      ) : (
        <>
          <dl className="data-sources-figures" data-testid="ingestion-health">
            <dt>{t.health.eventsToday}</dt>
            <dd data-testid="events-accepted">
              {count(health.events.accepted)}
              {health.events.duplicates > 0 ? <span className="data-sources-aside"> ({t.health.duplicates(count(health.events.duplicates))})</span> : null}
            </dd>
            <dt>{t.health.ordersToday}</dt>
            <dd data-testid="orders-accepted">
              {count(health.orders.accepted)}
              {health.orders.duplicates > 0 ? <span className="data-sources-aside"> ({t.health.duplicates(count(health.orders.duplicates))})</span> : null}
            </dd>
            <dt>{t.health.customEventsToday}</dt>
            <dd data-testid="custom-events-accepted">
              {count(health.custom_events.accepted)}
              {health.custom_events.duplicates > 0 ? (
                <span className="data-sources-aside"> ({t.health.duplicates(count(health.custom_events.duplicates))})</span>
              ) : null}
            </dd>
            <dt>{t.health.identifiesToday}</dt>
            <dd data-testid="identifies-accepted">{count(health.identifies.accepted)}</dd>
            <dt>{t.health.refusedToday}</dt>
            <dd>
              <ul className="data-sources-refused">
                {refusedLines(health.refused, count).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </dd>
            <dt>{t.health.lastEvent}</dt>
            <dd>{lastArrivalWords(health.last_event_at, health.at)}</dd>
            <dt>{t.health.lastOrder}</dt>
            <dd>{lastArrivalWords(health.last_order_at, health.at)}</dd>
            <dt>{t.health.lag}</dt>
            <dd>{lagWords(health.lag_ms)}</dd>
          </dl>
          <p className="data-sources-aside">{t.health.refreshed}</p>
        </>
      )}
    </section>
  );
};

/** 'Revoke this write key?' naming the key, Cancel first (focus starts there; Escape cancels). */
const RevokeDialog = ({ screen }: { readonly screen: DataSourcesActorRef }) => {
  const key = useSelector(screen, sel.confirming);
  const revoking = useSelector(screen, sel.isRevoking);
  if (key === null) return null;
  const cancel = () => {
    if (!revoking) screen.send({ type: "keys.revokeCancelled" });
  };
  return (
    <ConfirmDialog
      title={t.keys.confirmTitle}
      cancel={{ label: t.keys.cancel, disabled: revoking, onClick: cancel }}
      confirm={{ label: revoking ? t.keys.revoking : t.keys.confirm, look: "danger", busy: revoking, onClick: () => screen.send({ type: "keys.revokeConfirmed" }) }}
    >
      <p>{t.keys.confirmText(key.prefix)}</p>
    </ConfirmDialog>
  );
};
