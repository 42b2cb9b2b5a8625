import type { RefusalReason } from "../ingestion/collection";
import type { IngestedKind, IngestionHealth } from "../ingestion/ingestionHealth";
import type { WriteKey } from "../ingestion/writeKeys";
import { dataSourcesTexts } from "./dataSourcesTexts";

/**
 * The data sources screen's wording (docs/architecture.md, "Data sources"): the snippets
 * a site and a shop paste, and the ingestion health in words.
 */

const t = dataSourcesTexts;

/** The attribute-safe form of a text (a key is URL-safe base64 already; an origin may carry anything). */
const attribute = (text: string): string => text.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");

/** A single-quoted shell word. */
const shellWord = (text: string): string => `'${text.replaceAll("'", `'\\''`)}'`;

/** The one-line queue stub before the script tag: calls to `tv(…)` made before /t.js loads are kept and run once it has. */
export const queueStub = "<script>window.tv=window.tv||function(){(tv.q=tv.q||[]).push(arguments)}</script>";

/**
 * What a site puts on its pages: the queue stub and the collection script of this server, with the key in `data-key`
 * (identity on: the script keeps a first-party visitor id); with `consent`, `data-consent="required"` (nothing is
 * stored or sent until the page calls `tv('consent', true)`).
 */
export const scriptSnippet = (origin: string, key: string, options: { readonly consent?: boolean } = {}): string =>
  `${queueStub}\n<script async src="${attribute(`${origin}/t.js`)}" data-key="${attribute(key)}"${options.consent ? ' data-consent="required"' : ""}></script>`;

/** The calls a page's own code makes on `tv`: the consent answers, identify when a visitor signs in, a custom event. */
export const pageCallsSnippet = [
  "// When the visitor signs in: the customer id your shop's orders carry.",
  "tv('identify', 'CUSTOMER_ID');",
  "// A custom event, with properties if you like (a JSON object).",
  "tv('track', 'Added to basket', { sku: 'B-1' });",
  "// With data-consent=\"required\": when the visitor agrees, or refuses (their id is then forgotten).",
  "tv('consent', true);",
  "tv('consent', false);",
].join("\n");

/**
 * A POST /collect call as curl from a shop's own server, with the program's secret key as a
 * bearer token (a secret key's events skip the robot filter, docs/engine.md, "Ingestion"): one
 * page land from a newsletter link, dated `time` (the server's clock as the health last told it).
 */
export const collectSnippet = (origin: string, secretKey: string, time: number): string => {
  const body = JSON.stringify({
    events: [
      {
        event_id: `example-${time}`,
        type: "click",
        time,
        visitor_id: "VISITOR_ID",
        url: "https://www.example.com/?utm_source=newsletter&utm_medium=email&utm_campaign=spring",
        referrer: null,
      },
    ],
  });
  return [
    `curl -X POST ${shellWord(`${origin}/collect`)} \\`,
    `  -H ${shellWord(`Authorization: Bearer ${secretKey}`)} \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d ${shellWord(body)}`,
  ].join("\n");
};

/** An example order for the feed's curl example: the program's currency, now. */
export interface ExampleOrder {
  readonly currency: string;
  readonly time: number;
}

/**
 * The order feed call a shop's server makes (POST {api}/programs/{program}/orders with the key as a bearer token), as
 * curl: with the visitor id and the customer id the pages identify the buyer with (the journey joins its visitors).
 */
export const orderFeedSnippet = (apiBaseUrl: string, program: string, key: string, order: ExampleOrder): string => {
  const body = JSON.stringify({
    order_id: "1001",
    time: order.time,
    amount: 59.9,
    currency: order.currency,
    status: "valid",
    customer_type: "new",
    payment: "card",
    visitor_id: "VISITOR_ID",
    customer_id: "CUSTOMER_ID",
  });
  return [
    `curl -X POST ${shellWord(`${apiBaseUrl}/programs/${encodeURIComponent(program)}/orders`)} \\`,
    `  -H ${shellWord(`Authorization: Bearer ${key}`)} \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d ${shellWord(body)}`,
  ].join("\n");
};

/** The origin the snippets name: the API's own origin when it is absolute, else the page's. */
export const collectionOrigin = (apiBaseUrl: string, pageOrigin: string): string => {
  try {
    return new URL(apiBaseUrl, pageOrigin).origin;
  } catch {
    return pageOrigin;
  }
};

/** The API base as an absolute URL (the app's default is the relative /api). */
export const absoluteApiBase = (apiBaseUrl: string, pageOrigin: string): string => {
  try {
    return new URL(apiBaseUrl, pageOrigin).href.replace(/\/$/, "");
  } catch {
    return `${pageOrigin}/api`;
  }
};

/** The words of a refusal reason. */
export const refusalWords: Readonly<Record<RefusalReason, string>> = {
  invalid: "missing or malformed fields",
  out_of_range: "time out of range",
  bot: "robots",
  currency: "another currency",
};

const kindWords: Readonly<Record<IngestedKind, readonly [string, string]>> = {
  event: ["event", "events"],
  order: ["order", "orders"],
};

/** "3 events: missing or malformed fields" per refusal tally, most first; 'None' when nothing was refused. */
export const refusedLines = (refused: IngestionHealth["data"]["refused"], formatCount: (n: number) => string): ReadonlyArray<string> =>
  refused.length === 0
    ? [t.health.noneRefused]
    : refused.map((r) => `${formatCount(r.rows)} ${kindWords[r.kind][r.rows === 1 ? 0 : 1]}: ${refusalWords[r.reason]}`);

/** A duration in words, rounded down: '4 s', '2 min 5 s', '3 h 10 min', '2 days'. */
export const durationWords = (ms: number): string => {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return s % 60 === 0 ? `${m} min` : `${m} min ${s % 60} s`;
  const h = Math.floor(m / 60);
  if (h < 48) return m % 60 === 0 ? `${h} h` : `${h} h ${m % 60} min`;
  return `${Math.floor(h / 24)} days`;
};

/** The processing lag in words: 'Caught up' at 0, else how far behind. */
export const lagWords = (lagMs: number): string => (lagMs <= 0 ? t.health.caughtUp : `${durationWords(lagMs)} behind`);

/** A latest arrival in words: 'Never', or how long ago (now and then in epoch ms). */
export const lastArrivalWords = (at: number | null, now: number): string => (at === null ? t.health.never : `${durationWords(now - at)} ago`);

/** A key's status: 'Active', or 'Revoked' with the day. */
export const keyStatusWords = (key: WriteKey, formatDate: (ms: number) => string): string =>
  key.revoked_at === null ? t.keys.active : t.keys.revokedOn(formatDate(key.revoked_at));

/** When a key was last presented: the day and time, or that it is not known (never used, or not since this was kept). */
export const keyLastUsedWords = (key: WriteKey, formatTime: (ms: number) => string): string =>
  key.last_used_at === null ? t.keys.notUsed : formatTime(key.last_used_at);
