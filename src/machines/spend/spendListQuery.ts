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
