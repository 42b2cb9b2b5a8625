import { assign, fromCallback, setup, type ActorRefFrom, type AnyActorRef, type EventObject, type SnapshotFrom } from "xstate";
import type { DateRange } from "../../domain/report/dateRange";
import type { SessionScope } from "../../domain/report/reportScope";
import type { FixedCostList } from "../../domain/spend/costs";
import {
  fixedSpendColumns,
  fixedSpendListPage,
  fixedSpendRow,
  initialSpendListQuery,
  rememberedFixedSearchText,
  type FixedSpendRow,
  type SpendListQuery,
} from "../../domain/spend/spendList";
import type { ApiContext } from "../../services/http/http";
import type { HttpError } from "../../services/http/httpErrors";
import { listFixedCosts } from "../../services/spend/costs";
import { reportScopeGuards, waitForScope, waitOnIncompleteScope } from "../reports/reportScope";
import { fromApiCall } from "../runtime/fromEffect";
import { followSessionScope, openingScope, scopeAction, scopeGuard, sessionScopeActors, type SessionScopeChanged, type SessionSource } from "../shell/sessionScope";
import { spendListEvents, spendListQueryOf, type SpendListEvent } from "./spendListQuery";
import { spendListSelectorsOf } from "./spendListSelectors";

/**
 * The fixed spend list (/account/costs/fixed): the configurations of the session's
 * program overlapping its dates, searched, sorted (id descending at first) and paged 15
 * at a time in the browser with the list rules of `domain/spend/spendList.ts`.
 *
 * The list owns its scope: it starts with the session's scope and follows it through
 * `sessionScopeListener`; another program, dates or API context loads again (the search
 * and the sort stay, the page goes back to the first). Modes are states: `waiting` while
 * the session has no program or dates, `loading`, `loaded`, and `failed`, which only
 * stops the loading indicator (no message; the list shows no rows).
 */

/** The session as the list reads it. */
export type FixedSpendSession = SessionSource & AnyActorRef;

export interface FixedSpendListInput {
  readonly session: FixedSpendSession;
}

export interface FixedSpendListContext {
  readonly session: FixedSpendSession;
  readonly scope: SessionScope;
  /** Every configuration of the scope as a list row, in the order answered. */
  readonly rows: ReadonlyArray<FixedSpendRow>;
  readonly query: SpendListQuery;
}

export type FixedSpendListEvent = SessionScopeChanged | SpendListEvent<"fixedSpend">;

/** What one load asks for: where the call goes, the program and its dates. */
export interface FixedSpendLoad {
  readonly api: ApiContext;
  readonly program: string;
  readonly range: DateRange;
}

type Context = FixedSpendListContext;

const loadOf = ({ context }: { readonly context: Context }): FixedSpendLoad => ({
  api: context.scope.api,
  program: context.scope.program?.code ?? "",
  range: context.scope.range ?? { from: "", to: "" },
});

const listQuery = spendListQueryOf<FixedSpendRow, Context>(fixedSpendListPage);

/** Rows whose search texts are worked out in one task while the list warms them. */
export const searchTextsPerTask = 250;

export interface SearchTextsInput {
  readonly rows: ReadonlyArray<FixedSpendRow>;
  readonly locale: string | null;
}

/**
 * Works out every loaded row's search text ahead of the first keystroke, `searchTextsPerTask`
 * rows a task with the page's turn in between (5,000 rows in one keystroke's task took
 * 90 ms in Chromium); stopping it (another load) leaves the rest to the search.
 */
const searchTextsWarmer = fromCallback<EventObject, SearchTextsInput>(({ input }) => {
  let next = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const slice = (): void => {
    const end = Math.min(input.rows.length, next + searchTextsPerTask);
    for (; next < end; next++) {
      const row = input.rows[next];
      if (row) rememberedFixedSearchText(row, { locale: input.locale });
    }
    if (next < input.rows.length) timer = setTimeout(slice, 0);
  };
  timer = setTimeout(slice, 0);
  return () => clearTimeout(timer);
});

const searchTextsOf = ({ context }: { readonly context: Context }): SearchTextsInput => ({
  rows: context.rows,
  locale: listQuery.localeOf(context),
});

/** The page the list shows now (searched, sorted, paged; a page past the last moves to the last). */
export const shownPage = listQuery.shownPage;

export const fixedSpendListMachine = setup({
  types: {
    context: {} as FixedSpendListContext,
    events: {} as FixedSpendListEvent,
    input: {} as FixedSpendListInput,
  },
  actors: {
    ...sessionScopeActors,
    searchTextsWarmer,
    loadFixedCosts: fromApiCall<FixedCostList, FixedSpendLoad, HttpError>((load) => listFixedCosts(load.program, load.range)),
  },
  actions: {
    /** Another scope: its rows are not this one's, so they go, and the list starts on its first page. */
    changeScope: assign(({ context }, scope: SessionScope) => ({ scope, rows: [], query: { ...context.query, page: 1 } })),
    storeRows: assign((_, answer: FixedCostList) => ({ rows: answer.data.map(fixedSpendRow) })),
    changeSearch: assign(listQuery.assignments.changeSearch),
    changeSort: assign(listQuery.assignments.changeSort),
    changePage: assign(listQuery.assignments.changePage),
  },
  guards: {
    ...reportScopeGuards,
    isListColumn: (_, column: string) => (fixedSpendColumns as ReadonlyArray<string>).includes(column),
  },
}).createMachine({
  id: "fixedSpendList",
  context: ({ input }) => ({
    session: input.session,
    scope: openingScope(input.session),
    rows: [],
    query: initialSpendListQuery,
  }),
  invoke: followSessionScope,
  on: {
    "session.scopeChanged": [waitOnIncompleteScope, { guard: scopeGuard("isOtherScope"), target: ".loading", actions: scopeAction("changeScope") }],
    ...spendListEvents("fixedSpend"),
  },
  initial: "waiting",
  states: {
    /** The session has no program or dates: nothing to load. */
    waiting: waitForScope("loading"),
    loading: {
      invoke: {
        src: "loadFixedCosts",
        input: loadOf,
        onDone: { target: "loaded", actions: { type: "storeRows", params: ({ event }) => event.output } },
        onError: "failed",
      },
    },
    loaded: {
      invoke: { src: "searchTextsWarmer", input: searchTextsOf },
    },
    /** Silent: the loading indicator stops, nothing else is shown. */
    failed: {},
  },
});

type Snap = SnapshotFrom<typeof fixedSpendListMachine>;

/** Named selectors: the view reads the list only through these. */
export const fixedSpendListSelectors = {
  ...spendListSelectorsOf(shownPage),
} satisfies Record<string, (s: Snap) => unknown>;

export type FixedSpendListActorRef = ActorRefFrom<typeof fixedSpendListMachine>;
