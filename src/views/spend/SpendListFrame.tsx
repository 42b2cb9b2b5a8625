import { useSelector } from "@xstate/react";
import { useMemo, type ReactNode } from "react";
import type { AnyActorRef } from "xstate";
import type { SortSpec } from "../../domain/table/tableSort";
import { spendListPerPage } from "../../domain/spend/spendList";
import type { SpendListEvent } from "../../machines/spend/spendListQuery";
import { useDocumentTitle } from "../components/useDocumentTitle";
import { MetricTable, type MetricTableRow, type TableColumn } from "../table/MetricTable";
import { SpendListSearch } from "./SpendListSearch";

/** What a spend list's screen reads of its actor (the lists' shared named selectors). */
export interface SpendListSelectors<S, R extends SpendListRow> {
  readonly isLoading: (s: S) => boolean;
  readonly search: (s: S) => string;
  readonly sort: (s: S) => SortSpec;
  readonly pageRows: (s: S) => ReadonlyArray<R>;
  readonly page: (s: S) => number;
  readonly pageCount: (s: S) => number;
  readonly total: (s: S) => number;
  readonly currency: (s: S) => string | null;
  readonly locale: (s: S) => string | null;
}

/** A spend list's row: a configuration or entry, keyed by its id. */
export type SpendListRow = MetricTableRow & { readonly id: number };

interface Props<S, R extends SpendListRow, P extends string> {
  readonly list: { getSnapshot(): S; subscribe: AnyActorRef["subscribe"]; send(event: SpendListEvent<P>): void };
  readonly sel: SpendListSelectors<S, R>;
  readonly prefix: P;
  /** The article's class. */
  readonly className: string;
  readonly texts: { readonly title: string; readonly search: string; readonly loading: string; readonly empty: string };
  /** The list's columns for the program's currency and locale (a stable function: the columns are made again when it changes). */
  readonly columnsOf: (currency: string | null, locale: string | null) => ReadonlyArray<TableColumn<R>>;
  /** What stands between the title and the search (notices, links). */
  readonly intro: ReactNode;
  /** What follows the list (a confirmation). */
  readonly children?: ReactNode;
}

const rowKey = (row: SpendListRow): string => String(row.id);

/**
 * A spend list's screen (fixed spend, variable spend): the title (also the document's),
 * what stands above the search, the search, the sortable list by id with its loading and
 * empty texts and its pages, and what follows it. The list's actor owns the scope and
 * follows the session.
 */
export const SpendListFrame = <S, R extends SpendListRow, P extends string>({ list, sel, prefix, className, texts, columnsOf, intro, children }: Props<S, R, P>) => {
  useDocumentTitle(texts.title);
  const search = useSelector(list, sel.search);
  const loading = useSelector(list, sel.isLoading);
  const rows = useSelector(list, sel.pageRows);
  const sort = useSelector(list, sel.sort);
  const page = useSelector(list, sel.page);
  const pageCount = useSelector(list, sel.pageCount);
  const total = useSelector(list, sel.total);
  const currency = useSelector(list, sel.currency);
  const locale = useSelector(list, sel.locale);
  const columns = useMemo(() => columnsOf(currency, locale), [columnsOf, currency, locale]);
  return (
    <article className={`report ${className}`}>
      <h1 className="report-title">{texts.title}</h1>
      {intro}
      <SpendListSearch label={texts.search} search={search} onSearch={(value) => list.send({ type: `${prefix}.searchChanged`, search: value })} />
      <MetricTable<R>
        label={texts.title}
        columns={columns}
        rows={rows}
        rowKey={rowKey}
        sort={sort}
        onSort={(column) => list.send({ type: `${prefix}.sortChanged`, column })}
        loading={loading}
        loadingText={texts.loading}
        emptyText={texts.empty}
        paging={{ page, pageCount, total, perPage: spendListPerPage, onPage: (p) => list.send({ type: `${prefix}.pageChanged`, page: p }) }}
      />
      {children}
    </article>
  );
};
