import { assign, enqueueActions, setup, type ActorRefFrom, type AnyActorRef, type SnapshotFrom } from "xstate";
import type { Ok } from "../../domain/access/auth";
import type { SessionScope } from "../../domain/report/reportScope";
import type { VariableCostList } from "../../domain/spend/costs";
import {
  initialSpendListQuery,
  variableSpendColumns,
  variableSpendListPage,
  spendListTexts,
  type SpendListQuery,
  type VariableSpendRow,
} from "../../domain/spend/spendList";
import type { ApiContext } from "../../services/http/http";
import type { HttpError } from "../../services/http/httpErrors";
import { deleteVariableCost, listVariableCosts } from "../../services/spend/costs";
import { sameProgramCall } from "../reports/reportScope";
import { fromApiCall } from "../runtime/fromEffect";
import { followSessionScope, openingScope, scopeAction, scopeGuard, sessionScopeActors, type SessionScopeChanged, type SessionSource } from "../shell/sessionScope";
import { spendListEvents, spendListQueryOf, type SpendListEvent } from "./spendListQuery";
import { spendListSelectorsOf } from "./spendListSelectors";

/**
 * The variable spend list (/account/costs/variable): every variable spend entry of the
 * session's program (the call takes no dates), searched, sorted (id descending at first)
 * and paged 15 at a time in the browser with the same list rules as the fixed list
 * (`domain/spend/spendList.ts`), and deleting an entry after a confirmation.
 *
 * The list owns its scope: it starts with the session's scope and follows it through
 * `sessionScopeListener`; another program or API context loads again (the search and the
 * sort stay, the page goes back to the first), other dates load nothing. Modes are
 * states: `waiting` while the session has no program, `loading`, `loaded` (`idle`,
 * `confirming` one entry, `removing` it) and `failed`, which only stops the loading
 * indicator. A delete is sent once: while it runs nothing else can be confirmed; the
 * removed entry leaves the rows in place, without loading the list again, and the app's
 * toasts say 'The spend configuration was successfully removed'. A 404 (the entry is
 * already gone) drops the row as well, without the message; any other failure keeps the
 * row (the app's dialog says why).
 */

/** The session as the list reads it. */
export type VariableSpendSession = SessionSource & AnyActorRef;

export interface VariableSpendListInput {
  readonly session: VariableSpendSession;
  /** The app's toasts actor: hears the removed message (`toast.shown`). */
  readonly toasts?: AnyActorRef | null;
}

export interface VariableSpendListContext {
  readonly session: VariableSpendSession;
  readonly scope: SessionScope;
  /** Every entry of the program, in the order answered. */
  readonly rows: ReadonlyArray<VariableSpendRow>;
  readonly query: SpendListQuery;
  /** The entry asked about, then being removed; null when none. */
  readonly removal: number | null;
  readonly toasts: AnyActorRef | null;
}

export type VariableSpendListEvent =
  | SessionScopeChanged
  | SpendListEvent<"variableSpend">
  | { type: "variableSpend.removeAsked"; id: number }
  | { type: "variableSpend.removeConfirmed" }
  | { type: "variableSpend.removeCancelled" };

/** What one load asks for: where the call goes and the program. */
export interface VariableSpendLoad {
  readonly api: ApiContext;
  readonly program: string;
}

/** What one delete asks for: where the call goes, the program and the entry. */
export interface VariableSpendRemoval extends VariableSpendLoad {
  readonly id: number;
}

type Context = VariableSpendListContext;

const hasProgram = (scope: SessionScope): boolean => scope.program !== null;

const loadOf = ({ context }: { readonly context: Context }): VariableSpendLoad => ({
  api: context.scope.api,
  program: context.scope.program?.code ?? "",
});

const removalOf = ({ context }: { readonly context: Context }): VariableSpendRemoval => ({ ...loadOf({ context }), id: context.removal ?? -1 });

const listQuery = spendListQueryOf<VariableSpendRow, Context>(variableSpendListPage);

/** The page the list shows now (searched, sorted, paged; a page past the last moves to the last). */
export const shownPage = listQuery.shownPage;

/** The rows without the entry being removed, on a page that still exists. */
const withoutRemoval = (context: Context): Pick<Context, "rows" | "query" | "removal"> => {
  const rows = context.rows.filter((row) => row.id !== context.removal);
  return { rows, query: { ...context.query, page: listQuery.pageFor(context, rows, context.query) }, removal: null };
};

export const variableSpendListMachine = setup({
  types: {
    context: {} as VariableSpendListContext,
    events: {} as VariableSpendListEvent,
    input: {} as VariableSpendListInput,
  },
  actors: {
    ...sessionScopeActors,
    loadVariableCosts: fromApiCall<VariableCostList, VariableSpendLoad, HttpError>((load) => listVariableCosts(load.program)),
    deleteVariableCost: fromApiCall<Ok, VariableSpendRemoval, HttpError>((removal) => deleteVariableCost(removal.program, removal.id)),
  },
  actions: {
    /** Another program: its rows are not this one's, so they go, and the list starts on its first page. */
    changeScope: assign(({ context }, scope: SessionScope) => ({ scope, rows: [], query: { ...context.query, page: 1 }, removal: null })),
    /** The same program (other dates, or its currency or locale answered again): nothing to load. */
    keepScope: assign((_, scope: SessionScope) => ({ scope })),
    storeRows: assign((_, answer: VariableCostList) => ({ rows: answer.data })),
    changeSearch: assign(listQuery.assignments.changeSearch),
    changeSort: assign(listQuery.assignments.changeSort),
    changePage: assign(listQuery.assignments.changePage),
    /** The confirmation opens for an entry. */
    askRemoval: assign((_, id: number) => ({ removal: id })),
    forgetRemoval: assign({ removal: null }),
    /** Removed, or already gone (404): the row leaves the list. */
    dropRemoved: assign(({ context }) => withoutRemoval(context)),
    /** 'The spend configuration was successfully removed', through the app's toasts actor. */
    notifyRemoved: enqueueActions(({ context, enqueue }) => {
      if (context.toasts) enqueue.sendTo(context.toasts, { type: "toast.shown", text: spendListTexts.removed, kind: "info" });
    }),
  },
  guards: {
    hasProgram: ({ context }) => hasProgram(context.scope),
    hasNoProgram: (_, scope: SessionScope) => !hasProgram(scope),
    /** Another API context or program lists other entries (the dates do not matter). */
    isOtherProgram: ({ context }, scope: SessionScope) => !sameProgramCall(context.scope, scope),
    isListColumn: (_, column: string) => (variableSpendColumns as ReadonlyArray<string>).includes(column),
    isListedEntry: ({ context }, id: number) => context.rows.some((row) => row.id === id),
    isNotFound: (_, error: HttpError) => error._tag === "NotFound",
  },
}).createMachine({
  id: "variableSpendList",
  context: ({ input }) => ({
    session: input.session,
    scope: openingScope(input.session),
    rows: [],
    query: initialSpendListQuery,
    removal: null,
    toasts: input.toasts ?? null,
  }),
  invoke: followSessionScope,
  on: {
    "session.scopeChanged": [
      {
        guard: scopeGuard("hasNoProgram"),
        target: ".waiting",
        actions: scopeAction("changeScope"),
      },
      {
        guard: scopeGuard("isOtherProgram"),
        target: ".loading",
        actions: scopeAction("changeScope"),
      },
      { actions: scopeAction("keepScope") },
    ],
    ...spendListEvents("variableSpend"),
  },
  initial: "waiting",
  states: {
    /** The session has no program: nothing to load. */
    waiting: {
      always: { guard: "hasProgram", target: "loading" },
    },
    loading: {
      invoke: {
        src: "loadVariableCosts",
        input: loadOf,
        onDone: { target: "loaded", actions: { type: "storeRows", params: ({ event }) => event.output } },
        onError: "failed",
      },
    },
    loaded: {
      initial: "idle",
      states: {
        idle: {
          on: {
            "variableSpend.removeAsked": {
              guard: { type: "isListedEntry", params: ({ event }) => event.id },
              target: "confirming",
              actions: { type: "askRemoval", params: ({ event }) => event.id },
            },
          },
        },
        /** 'Are you sure you want to remove this spend configuration?' */
        confirming: {
          on: {
            "variableSpend.removeConfirmed": "removing",
            "variableSpend.removeCancelled": { target: "idle", actions: "forgetRemoval" },
          },
        },
        /** The delete runs once; a second confirmation or another entry waits for it. */
        removing: {
          invoke: {
            src: "deleteVariableCost",
            input: removalOf,
            onDone: { target: "idle", actions: ["dropRemoved", "notifyRemoved"] },
            onError: [
              { guard: { type: "isNotFound", params: ({ event }) => event.error as HttpError }, target: "idle", actions: "dropRemoved" },
              { target: "idle", actions: "forgetRemoval" },
            ],
          },
        },
      },
    },
    /** Silent: the loading indicator stops, nothing else is shown. */
    failed: {},
  },
});

type Snap = SnapshotFrom<typeof variableSpendListMachine>;

/** Named selectors: the view reads the list only through these. */
export const variableSpendListSelectors = {
  ...spendListSelectorsOf(shownPage),
  /** The entry the confirmation asks about (also while it is being removed); null when it is closed. */
  removalAsked: (s: Snap): VariableSpendRow | null =>
    s.matches({ loaded: "confirming" }) || s.matches({ loaded: "removing" }) ? (s.context.rows.find((row) => row.id === s.context.removal) ?? null) : null,
  isRemoving: (s: Snap) => s.matches({ loaded: "removing" }),
} satisfies Record<string, (s: Snap) => unknown>;

export type VariableSpendListActorRef = ActorRefFrom<typeof variableSpendListMachine>;
