import type { SessionScope } from "../../domain/report/reportScope";
import type { SpendListPage, SpendListQuery } from "../../domain/spend/spendList";

/** What both spend lists' snapshots hold that their views read: the load's state, the query and the scope. */
export interface SpendListSnapshot<C extends { readonly query: SpendListQuery; readonly scope: SessionScope }> {
  matches(state: "loading" | "failed"): boolean;
  readonly context: C;
}

/**
 * The named selectors the fixed and the variable spend lists share, over the list's own
 * shown page (its search, sort and paging of its rows): the view reads a list only
 * through these, and each list adds its own (the variable list's removal).
 */
export const spendListSelectorsOf = <C extends { readonly query: SpendListQuery; readonly scope: SessionScope }, R>(shownPage: (context: C) => SpendListPage<R>) => ({
  isLoading: (s: SpendListSnapshot<C>) => s.matches("loading"),
  hasFailed: (s: SpendListSnapshot<C>) => s.matches("failed"),
  search: (s: SpendListSnapshot<C>) => s.context.query.search,
  sort: (s: SpendListSnapshot<C>) => s.context.query.sort,
  /** The rows of the page shown. */
  pageRows: (s: SpendListSnapshot<C>) => shownPage(s.context).rows,
  page: (s: SpendListSnapshot<C>) => shownPage(s.context).page,
  pageCount: (s: SpendListSnapshot<C>) => shownPage(s.context).pageCount,
  /** Rows matching the search, over all pages. */
  total: (s: SpendListSnapshot<C>) => shownPage(s.context).total,
  /** The program's currency and locale, for the cost column. */
  currency: (s: SpendListSnapshot<C>) => s.context.scope.program?.currency ?? null,
  locale: (s: SpendListSnapshot<C>) => s.context.scope.program?.locale ?? null,
});
