import type { SessionScope } from "../../domain/report/reportScope";
import type { SpendListPage, SpendListQuery } from "../../domain/spend/spendList";
import { nextSort } from "../../domain/table/tableSort";
import { memoLast } from "../runtime/memoLast";

/** What both spend lists' contexts hold for their shown page: the rows, the query and the scope (its locale). */
export interface SpendListContext<R> {
  readonly scope: SessionScope;
  readonly rows: ReadonlyArray<R>;
  readonly query: SpendListQuery;
}

/**
 * The shown page and the query's actions the fixed and the variable spend lists share,
 * over the list's own paging of its rows (`listPage`). `shownPage` is worked out again
 * only when the rows, the query or the locale change; `pageFor` is the page a query
 * lands on for some rows. Register each assignment as `assign(…)` under its name in the
 * list's `setup`: `storeRows` is the list's own.
 */
export const spendListQueryOf = <R, C extends SpendListContext<R>>(
  listPage: (rows: ReadonlyArray<R>, query: SpendListQuery, options: { readonly locale: string | null }) => SpendListPage<R>,
) => {
  const pageOf = memoLast((rows: ReadonlyArray<R>, query: SpendListQuery, locale: string | null): SpendListPage<R> => listPage(rows, query, { locale }));
  const localeOf = (context: C): string | null => context.scope.program?.locale ?? null;
  /** The page a query lands on over these rows (a page past the last moves to the last). */
  const pageFor = (context: C, rows: ReadonlyArray<R>, query: SpendListQuery): number => pageOf(rows, query, localeOf(context)).page;
  return {
    localeOf,
    pageFor,
    /** The page the list shows now (searched, sorted, paged; a page past the last moves to the last). */
    shownPage: (context: C): SpendListPage<R> => pageOf(context.rows, context.query, localeOf(context)),
    assignments: {
      /** A new search starts on the first page. */
      changeSearch: ({ context }: { readonly context: C }, search: string) => ({ query: { ...context.query, search, page: 1 } }),
      /** A header click: another column sorts descending first, the same column turns round. */
      changeSort: ({ context }: { readonly context: C }, column: string) => ({ query: { ...context.query, sort: nextSort(context.query.sort, column) } }),
      /** A page of the searched rows (a page past the last moves to the last). */
      changePage: ({ context }: { readonly context: C }, page: number) => {
        const query = { ...context.query, page };
        return { query: { ...query, page: pageFor(context, context.rows, query) } };
      },
    },
  };
};

/** The events a spend list's screen sends, named with the list's prefix (`fixedSpend.searchChanged`, `variableSpend.searchChanged`). */
export type SpendListEvent<TPrefix extends string> =
  | { readonly type: `${TPrefix}.searchChanged`; readonly search: string }
  | { readonly type: `${TPrefix}.sortChanged`; readonly column: string }
  | { readonly type: `${TPrefix}.pageChanged`; readonly page: number };

const searchOf = ({ event }: { readonly event: { readonly search: string } }): string => event.search;
const columnOf = ({ event }: { readonly event: { readonly column: string } }): string => event.column;
const pageOf = ({ event }: { readonly event: { readonly page: number } }): number => event.page;

/** How a spend list answers them. */
type SpendListEvents<TPrefix extends string> = {
  readonly [K in `${TPrefix}.searchChanged`]: { readonly actions: { readonly type: "changeSearch"; readonly params: typeof searchOf } };
} & {
  readonly [K in `${TPrefix}.sortChanged`]: {
    readonly guard: { readonly type: "isListColumn"; readonly params: typeof columnOf };
    readonly actions: { readonly type: "changeSort"; readonly params: typeof columnOf };
  };
} & {
  readonly [K in `${TPrefix}.pageChanged`]: { readonly actions: { readonly type: "changePage"; readonly params: typeof pageOf } };
};

/**
 * How a spend list answers its query's events at any time: `changeSearch`, `changeSort`
 * for one of its columns (`isListColumn`) and `changePage`, each registered in the list's
 * `setup` (the assignments from `spendListQueryOf`).
 */
export const spendListEvents = <TPrefix extends string>(prefix: TPrefix): SpendListEvents<TPrefix> =>
  ({
    [`${prefix}.searchChanged`]: { actions: { type: "changeSearch", params: searchOf } },
    [`${prefix}.sortChanged`]: { guard: { type: "isListColumn", params: columnOf }, actions: { type: "changeSort", params: columnOf } },
    [`${prefix}.pageChanged`]: { actions: { type: "changePage", params: pageOf } },
  }) as SpendListEvents<TPrefix>;
