import type { IngestionHealth } from "../../../src/domain/ingestion/ingestionHealth";
import { healthRefreshMs, ingestionHealthMachine, ingestionHealthSelectors as healthSel } from "../../../src/machines/dataSources/ingestionHealth.machine";
import type { CreatedWriteKey, WriteKey } from "../../../src/domain/ingestion/writeKeys";
import { dataSourcesMachine, dataSourcesSelectors as sel } from "../../../src/machines/dataSources/dataSources.machine";
import { defineMachineModel, invariant } from "../harness";
import { httpErrors, ok, sessionOf } from "../fixtures";
import { quietScope, scopeChanges } from "../reports/reportModels";

const working: WriteKey = { id: 1, prefix: "wk_working", kind: "legacy", created_at: 1_700_000_000_000, revoked_at: null, last_used_at: null };
const revoked: WriteKey = { id: 2, prefix: "wk_revoked", kind: "legacy", created_at: 1_690_000_000_000, revoked_at: 1_695_000_000_000, last_used_at: null };
const secret = "wk_createdthe-whole-secret";
const created: CreatedWriteKey = { data: { id: 3, prefix: "wk_created", kind: "legacy", created_at: 1_710_000_000_000, revoked_at: null, last_used_at: null, key: secret } };
const health: IngestionHealth = {
  data: { at: 1_710_000_000_000, day: "2024-03-09", events: { accepted: 5, duplicates: 0 }, orders: { accepted: 1, duplicates: 0 }, custom_events: { accepted: 0, duplicates: 0 }, identifies: { accepted: 0, duplicates: 0 }, refused: [], last_event_at: null, last_order_at: null, pending: 0, lag_ms: 0 },
};

/**
 * The data sources screen: keys loading, ready (idle, creating, confirming, revoking,
 * revoked), failed with 'Try again', refused on a 403 (also when its health poller ends,
 * refused). Invariants: the key itself is only ever in the shown key, never in the list;
 * only a working listed key is asked about; calls go to the program in scope.
 */
export const dataSourcesModel = defineMachineModel({
  name: "dataSources",
  machine: dataSourcesMachine,
  input: () => ({ session: sessionOf() }),
  events: {
    "session.scopeChanged": scopeChanges,
    "keys.retried": [{}],
    "keys.createAsked": [{ kind: "publishable" }, { kind: "secret" }],
    "keys.shownDismissed": [{}],
    "keys.revokeAsked": { working: { id: 1 }, revoked: { id: 2 } },
    "keys.revokeCancelled": [{}],
    "keys.revokeConfirmed": [{}],
  },
  actorOutcomes: {
    loadKeys: { resolves: { two: { data: [working, revoked] } }, rejects: { server: httpErrors.server, forbidden: httpErrors.forbidden } },
    createKey: { resolves: { created }, rejects: { server: httpErrors.server } },
    revokeKey: { resolves: { ok }, rejects: { server: httpErrors.server } },
    healthPoller: { resolves: { refused: undefined } },
  },
  provide: quietScope,
  observe: (c) => ({
    working: Math.min(c.keys.filter((k) => k.revoked_at === null).length, 3),
    revoked: Math.min(c.keys.filter((k) => k.revoked_at !== null).length, 3),
    shown: c.shown !== null,
    notice: c.notice?.tone ?? null,
  }),
  strategies: {
    shortest: { maxPaths: 60, transitions: false },
    simple: { observe: null, maxPaths: 20 },
  },
  limit: 40_000,
  check: ({ after, newCalls }) => {
    invariant(!JSON.stringify(sel.keys(after)).includes(secret), "the key itself is never kept in the list");
    const asked = sel.confirming(after);
    invariant(asked === null || sel.keys(after).some((k) => k.id === asked.id && k.revoked_at === null), "only a working listed key is asked about");
    for (const call of newCalls.filter((c) => c.kind === "actor")) {
      invariant((call.payload as { program: string }).program === after.context.scope.program?.code, "calls go to the program in scope");
    }
    if (sel.shownKey(after) !== null) invariant(sel.shownKey(after)?.key === secret, "the shown key is the one the create answered");
  },
});

/**
 * The screen's ingestion health: loading, shown or unavailable, each loaded again after
 * the named delay; a 403 ends it. Invariant: figures once shown stay while the next load.
 */
export const ingestionHealthModel = defineMachineModel({
  name: "ingestionHealth",
  machine: ingestionHealthMachine,
  input: () => ({ api: { baseUrl: "/api", token: "tok-1" }, program: "acme" }),
  events: {},
  actorOutcomes: {
    loadHealth: { resolves: { health }, rejects: { server: httpErrors.server, forbidden: httpErrors.forbidden } },
  },
  delays: { healthRefresh: healthRefreshMs },
  observe: (c) => ({ health: c.health !== null }),
  check: ({ before, after, newCalls }) => {
    if (before !== undefined && healthSel.health(before) !== null) invariant(healthSel.health(after) !== null, "figures once shown stay");
    for (const call of newCalls.filter((c) => c.kind === "actor")) invariant((call.payload as { program: string }).program === "acme", "for the screen's program");
  },
});
