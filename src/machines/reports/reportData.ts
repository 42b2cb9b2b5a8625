import { toggledColumns } from "../../domain/report/reportColumns";
import { clampPage } from "../../domain/table/pagination";
import { nextSort, sortReportRows, type SortDirection, type SortSpec, type SortableRow } from "../../domain/table/tableSort";
import type { ReportStatus } from "../../domain/report/analysisReportTexts";
import { keepScope, scopeGuard, waitForScope } from "./reportScope";

/**
 * The `data` region an analysis report loads into, the same way for every report that
 * loads one answer for its scope:
 *
 * - `waiting` while the session has no program or dates (`hasCompleteScope` leaves it);
 * - `loading` invokes the report's load actor (named in its `setup`) with the input the
 *   report makes of its context;
 * - a new scope without a program or dates goes back to `waiting` and forgets the answer
 *   (the report's `forget` action), another scope loads afresh, even while loading (the
 *   load under way is for the old scope).
 *
 * Two shapes: `rowsDataStates` (the answer's rows go straight to `ready` or `empty`: funnel,
 * initiator rating) and `seriesDataStates` (the answer is kept, then `settled` sees whether
 * the route's series is in it: diminishing returns, funnel trends). Every action, guard and
 * actor they name stays registered in the report's own `setup`.
 */

export type { ReportRouteInput, RouteReport } from "./reportFrame";

/** Selectors of a snapshot's context, each worked out again only when the context is another one: `const memoByContext = contextMemo<Snapshot>()`. */
export const contextMemo =
  <S extends { readonly context: unknown }>() =>
  <T>(read: (s: S) => T): ((s: S) => T) => {
    let last: { readonly context: unknown; readonly value: T } | null = null;
    return (s) => {
      if (last !== null && last.context === s.context) return last.value;
      const value = read(s);
      last = { context: s.context, value };
      return value;
    };
  };

/** The region's answers to `session.scopeChanged`: back to `waiting` (forgetting with `forget`), or a fresh load. */
export const followScope = <TForget extends string>(forget: TForget) =>
  [
    { guard: scopeGuard("isIncompleteScope"), target: ".waiting", actions: [keepScope, forget] },
    { guard: scopeGuard("isOtherScope"), target: ".loading", reenter: true, actions: keepScope },
  ] as const;

/**
 * The same without entering the data states' parent again, for a report whose data states
 * are the machine's own (its children and listener would start afresh) or sit beside
 * regions that must stay as they are (an open chooser stays open): `outer` goes on the
 * parent, `loading` on the `loading` state, which loads afresh (the load under way is for
 * the old scope).
 */
export const followScopeInPlace = <TForget extends string>(forget: TForget) =>
  ({
    outer: [
      { guard: scopeGuard("isIncompleteScope"), target: ".waiting", actions: [keepScope, forget] },
      { guard: scopeGuard("isOtherScope"), target: ".loading", actions: keepScope },
    ],
    loading: [
      { guard: scopeGuard("isIncompleteScope"), target: "waiting", actions: [keepScope, forget] },
      { guard: scopeGuard("isOtherScope"), target: "loading", reenter: true, actions: keepScope },
    ],
  }) as const;

/** No program or dates yet: nothing loads. */
export const waitingState = waitForScope("loading");

/** What a load's input is made of: the report's context holding its scope. */
type InputOf<TContext, TInput> = (args: { readonly context: TContext }) => TInput;

/** A report's load: its actor (registered in the report's `setup`) and the input it makes of the report's context. */
interface ReportLoad<TContext, TInput, TLoad extends string> {
  readonly src: TLoad;
  readonly input: InputOf<TContext, TInput>;
}

const outputOf = <TAnswer>({ event }: { readonly event: { readonly output: TAnswer } }): TAnswer => event.output;

/**
 * A rows load's answer (its `onDone`): kept with the report's `keep` action, then `ready`
 * when there are rows (`hasRows`), else `empty`; both are given what `answerOf` reads of
 * the done event.
 */
export const readyOrEmpty = <const TKeep extends string, TAnswerOf>(keep: TKeep, answerOf: TAnswerOf) =>
  [
    { guard: { type: "hasRows", params: answerOf }, target: "ready", actions: { type: keep, params: answerOf } },
    { target: "empty", actions: { type: keep, params: answerOf } },
  ] as const;

/**
 * The `data` states of a report whose answer is its rows: `loading` keeps them
 * (`keepRows`) and is `ready` when there are some (`hasRows`), else `empty`; a failure is
 * `failed` and shows nothing (`dropRows`); `ready` turns the page (`turnPage`) on `paged`.
 */
export const rowsDataStates = <TContext, TInput, TLoad extends string, TPaged extends string>(load: ReportLoad<TContext, TInput, TLoad> & { readonly paged: TPaged }) => ({
  waiting: waitingState,
  loading: {
    invoke: {
      src: load.src,
      input: load.input,
      onDone: readyOrEmpty("keepRows", outputOf),
      onError: { target: "failed", actions: "dropRows" },
    },
  },
  ready: {
    on: { [load.paged]: { actions: { type: "turnPage", params: ({ event }: { readonly event: { readonly page: number } }) => event.page } } } as Record<
      TPaged,
      { readonly actions: { readonly type: "turnPage"; readonly params: (args: { readonly event: { readonly page: number } }) => number } }
    >,
  },
  empty: {},
  /** The load failed: loading stops and nothing is shown. */
  failed: {},
}) as const;

/**
 * The `data` states of a report whose answer holds the level's series: `loading` keeps
 * it (`keepAnswer`), `settled` is `ready` when the route's series is there
 * (`hasChosenSeries`), else `empty`; a failure forgets it (`forgetAnswer`) and is `failed`,
 * which 'Try again' (`report.retried`) loads again. `ready` answers the report's own events.
 */
export const seriesDataStates = <TContext, TInput, TLoad extends string, TReady>(load: ReportLoad<TContext, TInput, TLoad> & { readonly ready: TReady }) => ({
  waiting: waitingState,
  loading: {
    invoke: {
      src: load.src,
      input: load.input,
      onDone: { target: "settled", actions: { type: "keepAnswer", params: outputOf } },
      onError: { target: "failed", actions: "forgetAnswer" },
    },
  },
  settled: {
    always: [{ guard: "hasChosenSeries", target: "ready" }, { target: "empty" }],
  },
  ready: { on: load.ready },
  empty: {},
  failed: {
    on: { "report.retried": { target: "loading" } },
  },
}) as const;

/**
 * The states of a report whose data states sit under `open` (attribution comparison,
 * channel breakdown): `waiting` while the scope has no program or dates (it keeps a new
 * scope, `waiting` answers the report's own events besides), `open` while it has them,
 * going back to `waiting` for a scope without them and loading afresh for another one
 * (`open` answers the report's own events besides). In `open`, `loading` keeps the answer
 * (`keep`) or forgets what there was (`forget`) and is `failed`; `loaded` passes through to
 * `ready` when there is something to show (`has`), else `empty`; `ready` and `failed`
 * answer the report's own events.
 */
export const openDataStates = <TContext, TInput, TLoad extends string, TKeep extends string, TForget extends string, THas extends string, const TWaiting, const TOpen, const TReady, const TFailed>(
  load: ReportLoad<TContext, TInput, TLoad> & {
    readonly keep: TKeep;
    readonly forget: TForget;
    readonly has: THas;
    readonly waiting: TWaiting;
    readonly open: TOpen;
    readonly ready: TReady;
    readonly failed: TFailed;
  },
) =>
  ({
    waiting: {
      ...waitForScope("open"),
      on: { "session.scopeChanged": { actions: keepScope }, ...load.waiting },
    },
    open: {
      initial: "loading",
      on: {
        "session.scopeChanged": [
          { guard: scopeGuard("isIncompleteScope"), target: "waiting", actions: keepScope },
          { guard: scopeGuard("isOtherScope"), target: ".loading", reenter: true, actions: keepScope },
        ],
        ...load.open,
      },
      states: {
        loading: {
          invoke: {
            src: load.src,
            input: load.input,
            onDone: { target: "loaded", actions: { type: load.keep, params: outputOf } },
            onError: { target: "failed", actions: load.forget },
          },
        },
        /** Passed through: something to show or nothing. */
        loaded: { always: [{ guard: load.has, target: "ready" }, { target: "empty" }] },
        ready: { on: load.ready },
        empty: {},
        failed: { on: load.failed },
      },
    },
  }) as const;

/** The status of a report built with `openDataStates`. */
type OpenState = "waiting" | { readonly open: "loading" | "loaded" | "failed" | "empty" };
interface OpenSnapshot {
  matches(state: OpenState): boolean;
}
export const openStatusOf = (s: OpenSnapshot): ReportStatus =>
  s.matches("waiting")
    ? "waiting"
    : s.matches({ open: "loading" }) || s.matches({ open: "loaded" })
      ? "loading"
      : s.matches({ open: "failed" })
        ? "failed"
        : s.matches({ open: "empty" })
          ? "empty"
          : "ready";

/** The assignments of `changePage` (kept within the items there are, `totalOf`) and `changePerPage` (back to page 1). */
export const pagingAssignments = <TChoices extends PagedChoices, TContext extends { readonly choices: TChoices }>(totalOf: (context: TContext) => number) => ({
  changePage: ({ context }: { readonly context: TContext }, page: number) => ({
    choices: { ...context.choices, page: clampPage(page, totalOf(context), context.choices.perPage) },
  }),
  changePerPage: ({ context }: { readonly context: TContext }, perPage: number) => ({ choices: { ...context.choices, perPage, page: 1 } }),
});

const pageOf = ({ event }: { readonly event: { readonly page: number } }): number => event.page;
const perPageOf = ({ event }: { readonly event: { readonly perPage: number } }): number => event.perPage;

/** The events of a report's sorted, paged items (`pagedItemsEvents`), named under the report's `prefix`. */
export type PagedItemsEvent<TPrefix extends string> =
  | { type: `${TPrefix}.directionToggled` }
  | { type: `${TPrefix}.pageChanged`; page: number }
  | { type: `${TPrefix}.perPageChanged`; perPage: number };

/** How a report answers them. */
type PagedItemsEvents<TPrefix extends string> = {
  readonly [K in `${TPrefix}.directionToggled`]: { readonly actions: "toggleDirection" };
} & {
  readonly [K in `${TPrefix}.pageChanged`]: { readonly actions: { readonly type: "changePage"; readonly params: typeof pageOf } };
} & {
  readonly [K in `${TPrefix}.perPageChanged`]: {
    readonly guard: { readonly type: "isPerPageOffered"; readonly params: typeof perPageOf };
    readonly actions: { readonly type: "changePerPage"; readonly params: typeof perPageOf };
  };
};

/**
 * How a report answers its sorted, paged items' events at any time (`<prefix>.directionToggled`,
 * `<prefix>.pageChanged`, `<prefix>.perPageChanged`): `toggleDirection`, `changePage`, and
 * `changePerPage` when the number is one the report offers (`isPerPageOffered`, made with
 * `isOfferedPerPage`); `pagingAssignments` makes the last two's assignments.
 */
export const pagedItemsEvents = <TPrefix extends string>(prefix: TPrefix): PagedItemsEvents<TPrefix> =>
  ({
    [`${prefix}.directionToggled`]: { actions: "toggleDirection" },
    [`${prefix}.pageChanged`]: { actions: { type: "changePage", params: pageOf } },
    [`${prefix}.perPageChanged`]: { guard: { type: "isPerPageOffered", params: perPageOf }, actions: { type: "changePerPage", params: perPageOf } },
  }) as PagedItemsEvents<TPrefix>;

/** The `isPerPageOffered` guard of a report whose query offers the numbers `perPage` reads. */
export const isOfferedPerPage =
  (perPage: { readonly read: (text: string) => unknown }) =>
  (_: unknown, count: number): boolean =>
    (perPage.read(String(count)) ?? null) !== null;

/** The table events a series report answers in `ready`: its page, its rows per page, the export (`showPage`, `showPerPage`, `openExport`). */
export const seriesTableEvents = {
  "table.pageChanged": { actions: { type: "showPage", params: ({ event }: { readonly event: { readonly page: number } }) => event.page } },
  "table.perPageChanged": { actions: { type: "showPerPage", params: ({ event }: { readonly event: { readonly perPage: number } }) => event.perPage } },
  "report.exportRequested": { actions: "openExport" },
} as const;

/** The paged choices of a series report's table. */
export interface PagedChoices {
  readonly page: number;
  readonly perPage: number;
}

/** The assignments of `showPage` and `showPerPage` (each kept within the rows there are, `totalOf`). */
export const pagedChoicesAssignments = <TChoices extends PagedChoices, TContext extends { readonly choices: TChoices }>(totalOf: (context: TContext) => number) => ({
  showPage: ({ context }: { readonly context: TContext }, page: number) => ({
    choices: { ...context.choices, page: clampPage(page, totalOf(context), context.choices.perPage) },
  }),
  showPerPage: ({ context }: { readonly context: TContext }, perPage: number) => ({
    choices: { ...context.choices, perPage, page: clampPage(context.choices.page, totalOf(context), perPage) },
  }),
});

/** The context of a report's local table: every row in the current sort, the page and the shown columns. */
/**
 * The events of a local table (`localTableAssignments`), named under the report's prefix:
 * a header clicked (`sorted`), a page, and the column chooser (a checkbox clicked, Reset,
 * opened, closed).
 */
export type LocalTableEvent<TPrefix extends string> =
  | { readonly type: `${TPrefix}.sorted`; readonly column: string }
  | { readonly type: `${TPrefix}.paged`; readonly page: number }
  /** A checkbox of the column chooser clicked. */
  | { readonly type: `${TPrefix}.columnToggled`; readonly column: string }
  | { readonly type: `${TPrefix}.columnsReset` }
  | { readonly type: `${TPrefix}.columnsOpened` }
  | { readonly type: `${TPrefix}.columnsClosed` };

export interface LocalTable<TRow> {
  readonly sort: SortSpec;
  readonly page: number;
  readonly columns: ReadonlyArray<string>;
  readonly sorted: ReadonlyArray<TRow>;
}

/** What a report's local table is: rows a page, how a new column sorts first, and its columns. */
export interface LocalTableShape<TContext> {
  readonly perPage: number;
  readonly firstDirectionOf: (context: TContext, column: string) => SortDirection;
  /** The columns the chooser offers, in their order. */
  readonly columnNames: ReadonlyArray<string>;
  readonly defaultColumns: ReadonlyArray<string>;
  /** A link's column choice read: the known ones, or the defaults. */
  readonly columnsOf: (columns: ReadonlyArray<string>) => ReadonlyArray<string>;
}

/**
 * The assignments of a local table's actions (register each as `assign(…)` under its
 * name): `keepRows` (an answer's rows in the current sort, the page kept within them),
 * `dropRows`, `sortBy` (back to page 1), `turnPage`, `toggleColumn` (the last one
 * staying), `resetColumns`, `chooseColumns`.
 */
export const localTableAssignments = <TRow extends SortableRow, TContext extends LocalTable<TRow>>(shape: LocalTableShape<TContext>) => ({
  keepRows: ({ context }: { readonly context: TContext }, rows: ReadonlyArray<TRow>) => ({
    sorted: sortReportRows(rows, context.sort),
    page: clampPage(context.page, rows.length, shape.perPage),
  }),
  dropRows: () => ({ sorted: [] as ReadonlyArray<TRow>, page: 1 }),
  sortBy: ({ context }: { readonly context: TContext }, column: string) => {
    const sort = nextSort(context.sort, column, shape.firstDirectionOf(context, column));
    return { sort, sorted: sortReportRows(context.sorted, sort), page: 1 };
  },
  turnPage: ({ context }: { readonly context: TContext }, page: number) => ({ page: clampPage(page, context.sorted.length, shape.perPage) }),
  toggleColumn: ({ context }: { readonly context: TContext }, column: string) => ({ columns: toggledColumns(context.columns, column, shape.columnNames) }),
  resetColumns: () => ({ columns: shape.defaultColumns }),
  chooseColumns: (_: unknown, columns: ReadonlyArray<string>) => ({ columns: shape.columnsOf(columns) }),
});
