import { assign, setup, type ActorRefFrom, type AnyActorRef, type SnapshotFrom } from "xstate";
import type { Ok } from "../../domain/access/auth";
import { absoluteApiBase, collectionOrigin } from "../../domain/dataSources/dataSources";
import { dataSourcesTexts } from "../../domain/dataSources/dataSourcesTexts";
import type { CreatedWriteKey, IssuedKeyKind, WriteKey, WriteKeyKind, WriteKeyList } from "../../domain/ingestion/writeKeys";
import { createWriteKey, listWriteKeys, revokeWriteKey } from "../../services/dataSources/dataSources";
import type { HttpError } from "../../services/http/httpErrors";
import { adminRefusalGuards, adminRefusedState, notifyToasts } from "../reports/adminRefusal";
import {
  keepScopeAssignment,
  sessionScopeActors,
  openingScope,
  programCallOf,
  followSessionScope,
  type ProgramCall,
  type ScopedReport,
  type SessionScopeChanged,
  type SessionSource,
} from "../reports/reportScope";
import { askAboutTarget, confirmingTarget, followScopeLoad, loadStates, loadStatusOf, programScopeGuards, screenProgramCall, targetCallOf, type LoadStatus, type TargetCall } from "../screenLoad/loadStates";
import { fromApiCall } from "../runtime/fromEffect";
import { ingestionHealthMachine, type IngestionHealthActorRef } from "./ingestionHealth.machine";

/**
 * The data sources screen (/account/data-sources, admins; docs/architecture.md, "Data
 * sources") for the session's program: its write keys, the snippets to paste and the
 * ingestion health.
 *
 * `waiting` (no program yet), `loading` the keys, `failed` ('Try again'), `refused` (a
 * 403: the admin refusal, then /), or `ready`: `idle`, `creating` a publishable or a secret
 * key (the new key is kept in the context to be shown once, until dismissed or another
 * program; never stored),
 * `confirming` a revocation, `revoking`, `revoked` (the list loaded again). While
 * `ready`, it runs the program's ingestion health (ingestionHealth.machine.ts, loaded
 * again on its named delay), as the child `health`.
 * Another program or API context loads afresh and forgets the shown key.
 */

export interface DataSourcesInput {
  readonly session: SessionSource;
  /** The app's toasts actor: hears the no-access message. */
  readonly toasts?: AnyActorRef | null;
  /** The page's own origin (`location.origin`): the snippets' addresses when the API is on the same origin. */
  readonly pageOrigin?: string;
}

/** A key just created: shown once. */
export interface ShownKey {
  readonly id: number;
  readonly prefix: string;
  readonly kind: WriteKeyKind;
  readonly key: string;
}

/** What a copy button copied last, or that the browser refused. */
export type CopyTarget = "key" | "script" | "consent" | "calls" | "collect" | "order";
export type CopyState = { readonly target: CopyTarget; readonly outcome: "copied" | "refused" } | null;

export interface KeysNotice {
  readonly tone: "success" | "failure";
  readonly text: string;
}

export interface DataSourcesContext extends ScopedReport {
  readonly toasts: AnyActorRef | null;
  readonly pageOrigin: string;
  readonly keys: ReadonlyArray<WriteKey>;
  /** The kind of key the last create asked for. */
  readonly asked: IssuedKeyKind;
  readonly shown: ShownKey | null;
  readonly target: WriteKey | null;
  readonly notice: KeysNotice | null;
  readonly copy: CopyState;
}

export type DataSourcesEvent =
  | SessionScopeChanged
  | { readonly type: "keys.retried" }
  | { readonly type: "keys.createAsked"; readonly kind: IssuedKeyKind }
  | { readonly type: "keys.shownDismissed" }
  | { readonly type: "keys.revokeAsked"; readonly id: number }
  | { readonly type: "keys.revokeCancelled" }
  | { readonly type: "keys.revokeConfirmed" }
  | { readonly type: "keys.noticeDismissed" }
  | { readonly type: "copy.done"; readonly target: CopyTarget }
  | { readonly type: "copy.refused"; readonly target: CopyTarget };

export type { ProgramCall };

export type RevokeCall = TargetCall;

export interface CreateCall extends ProgramCall {
  readonly kind: IssuedKeyKind;
}

type Context = DataSourcesContext;

const t = dataSourcesTexts.keys;

const createCallOf = ({ context }: { readonly context: Context }): CreateCall => ({ ...programCallOf(context.scope), kind: context.asked });

const failureOf = ({ event }: { readonly event: { readonly error: unknown } }): unknown => event.error;

/** Every state but `refused` follows the session: another program loads afresh, no program waits. */
const followScope = { "session.scopeChanged": followScopeLoad({ waiting: "#dataSources.waiting", loading: "#dataSources.loading" }, "forgetAll") } as const;

const refusedOnForbidden = { guard: { type: "isForbidden", params: failureOf }, target: "#dataSources.refused" } as const;

/** `waiting`, `loading` (a 403 is the admin refusal) and `failed`. */
const keysLoad = loadStates({ src: "loadKeys", input: screenProgramCall, keep: "keepKeys", retried: "keys.retried", failures: [refusedOnForbidden] });

export const dataSourcesMachine = setup({
  types: {
    context: {} as Context,
    events: {} as DataSourcesEvent,
    input: {} as DataSourcesInput,
  },
  actors: {
    ...sessionScopeActors,
    loadKeys: fromApiCall<WriteKeyList, ProgramCall, HttpError>(({ program }) => listWriteKeys(program)),
    createKey: fromApiCall<CreatedWriteKey, CreateCall, HttpError>(({ program, kind }) => createWriteKey(program, kind)),
    revokeKey: fromApiCall<Ok, RevokeCall, HttpError>(({ program, id }) => revokeWriteKey(program, id)),
    healthPoller: ingestionHealthMachine,
  },
  actions: {
    keepScope: assign(keepScopeAssignment),
    keepKeys: assign((_, answer: WriteKeyList) => ({ keys: answer.data })),
    forgetAll: assign({ keys: () => [], shown: () => null, target: () => null, notice: () => null, copy: () => null }),
    /** The new key: first in the list (newest first) and shown once. */
    keepCreated: assign(({ context }, answer: CreatedWriteKey) => {
      const { key, ...record } = answer.data;
      return { keys: [record, ...context.keys], shown: { id: record.id, prefix: record.prefix, kind: record.kind, key }, copy: null, notice: null };
    }),
    keepAsked: assign((_, asked: IssuedKeyKind) => ({ asked })),
    forgetShown: assign({ shown: () => null, copy: () => null }),
    sayCreateFailed: assign({ notice: () => ({ tone: "failure", text: t.createFailed }) as KeysNotice }),
    chooseTarget: assign(({ context }, id: number) => ({ target: context.keys.find((k) => k.id === id) ?? null, notice: null })),
    forgetTarget: assign({ target: () => null }),
    markRevoked: assign(({ context }, at: number) => ({
      keys: context.keys.map((k) => (k.id === context.target?.id ? { ...k, revoked_at: at } : k)),
      shown: context.shown?.id === context.target?.id ? null : context.shown,
      notice: { tone: "success", text: t.revoked(context.target?.prefix ?? "") } as KeysNotice,
      target: null,
    })),
    sayRevokeFailed: assign(({ context }) => ({ notice: { tone: "failure", text: t.revokeFailed(context.target?.prefix ?? "") } as KeysNotice, target: null })),
    forgetNotice: assign({ notice: () => null }),
    keepCopy: assign((_, copy: CopyState) => ({ copy })),
    notify: notifyToasts,
    goHome: () => {},
  },
  guards: {
    ...adminRefusalGuards,
    ...programScopeGuards,
    isActiveKey: ({ context }, id: number) => context.keys.some((k) => k.id === id && k.revoked_at === null),
  },
}).createMachine({
  id: "dataSources",
  context: ({ input }) => ({
    session: input.session,
    scope: openingScope(input.session),
    toasts: input.toasts ?? null,
    pageOrigin: input.pageOrigin ?? "http://localhost",
    keys: [],
    asked: "publishable",
    shown: null,
    target: null,
    notice: null,
    copy: null,
  }),
  invoke: followSessionScope,
  initial: "waiting",
  states: {
    waiting: { ...keysLoad.waiting, on: followScope },
    loading: { ...keysLoad.loading, on: followScope },
    /** The keys could not be loaded: says so, with 'Try again'. */
    failed: { on: { ...followScope, ...keysLoad.failed.on } },
    refused: adminRefusedState,
    ready: {
      invoke: { id: "health", src: "healthPoller", input: screenProgramCall, onDone: "#dataSources.refused" },
      on: {
        ...followScope,
        "keys.shownDismissed": { actions: "forgetShown" },
        "keys.noticeDismissed": { actions: "forgetNotice" },
        "copy.done": { actions: { type: "keepCopy", params: ({ event }) => ({ target: event.target, outcome: "copied" }) } },
        "copy.refused": { actions: { type: "keepCopy", params: ({ event }) => ({ target: event.target, outcome: "refused" }) } },
      },
      initial: "idle",
      states: {
        idle: {
          on: {
            "keys.createAsked": { target: "creating", actions: { type: "keepAsked", params: ({ event }) => event.kind } },
            "keys.revokeAsked": askAboutTarget("isActiveKey"),
          },
        },
        creating: {
          invoke: {
            src: "createKey",
            input: createCallOf,
            onDone: { target: "idle", actions: { type: "keepCreated", params: ({ event }) => event.output } },
            onError: [refusedOnForbidden, { target: "idle", actions: "sayCreateFailed" }],
          },
        },
        /** 'Revoke this write key?' about the target. */
        confirming: confirmingTarget({ cancelled: "keys.revokeCancelled", confirmed: "keys.revokeConfirmed" }, "revoking"),
        revoking: {
          invoke: {
            src: "revokeKey",
            input: targetCallOf,
            onDone: "revoked",
            onError: [refusedOnForbidden, { target: "idle", actions: "sayRevokeFailed" }],
          },
        },
        /** Revoked: the list is loaded again for the server's revocation time. */
        revoked: {
          invoke: {
            src: "loadKeys",
            input: screenProgramCall,
            onDone: { target: "idle", actions: [{ type: "markRevoked", params: 0 }, { type: "keepKeys", params: ({ event }) => event.output }] },
            onError: [refusedOnForbidden, { target: "idle", actions: { type: "markRevoked", params: 0 } }],
          },
        },
      },
    },
  },
});

type Snap = SnapshotFrom<typeof dataSourcesMachine>;

export type KeysStatus = LoadStatus;

/** Named selectors: the view reads the screen only through these. */
export const dataSourcesSelectors = {
  keysStatus: (s: Snap): KeysStatus => loadStatusOf(s, s.context.keys.length),
  keys: (s: Snap) => s.context.keys,
  isCreating: (s: Snap) => s.matches({ ready: "creating" }),
  /** The kind of key being created (while `isCreating`). */
  creatingKind: (s: Snap) => s.context.asked,
  shownKey: (s: Snap) => s.context.shown,
  copy: (s: Snap) => s.context.copy,
  /** The key 'Revoke this write key?' asks about (also while it is revoked). */
  confirming: (s: Snap): WriteKey | null =>
    s.matches({ ready: "confirming" }) || s.matches({ ready: "revoking" }) ? s.context.target : null,
  isRevoking: (s: Snap) => s.matches({ ready: "revoking" }),
  notice: (s: Snap) => s.context.notice,
  program: (s: Snap) => s.context.scope.program,
  /** Where the script tag sends events: the API's origin, or the page's. */
  collectionOrigin: (s: Snap) => collectionOrigin(s.context.scope.api.baseUrl, s.context.pageOrigin),
  /** The API's absolute base, for the order feed example. */
  apiBase: (s: Snap) => absoluteApiBase(s.context.scope.api.baseUrl, s.context.pageOrigin),
  /** The running ingestion health (while the keys are shown). */
  health: (s: Snap) => (s.children["health"] as IngestionHealthActorRef | undefined) ?? null,
} satisfies Record<string, (s: Snap) => unknown>;

export type DataSourcesActorRef = ActorRefFrom<typeof dataSourcesMachine>;
