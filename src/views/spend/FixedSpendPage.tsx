import type { ActorRefFrom } from "xstate";
import { Link } from "wouter";
import { formatMoney, formatNumber } from "../../domain/report/numberFormat";
import { fixedSpendCreateSegment } from "../../domain/spend/fixedSpendForm";
import { fixedSpendColumns, spendListTexts as t, taxonomyCell, type FixedSpendColumn, type FixedSpendRow } from "../../domain/spend/spendList";
import { fixedSpendListMachine, fixedSpendListSelectors as sel } from "../../machines/spend/fixedSpendList.machine";
import { useDocumentTitle } from "../components/useDocumentTitle";
import { Screen } from "../shell/appChildren";
import { AppShell } from "../shell/AppShell";
import { paths } from "../shell/routePaths";
import type { TableColumn } from "../table/MetricTable";
import { SpendListFrame } from "./SpendListFrame";
import "./spend.css";

/** The edit screen of a configuration (/account/costs/fixed/{spend}). */
const fixedSpendPath = (id: number): string => `${paths.fixedSpend}/${encodeURIComponent(String(id))}`;

/** The create screen (/account/costs/fixed/create). */
const fixedSpendCreatePath = `${paths.fixedSpend}/${fixedSpendCreateSegment}`;

/** A taxonomy level's cell: 3 and 4 cut after 30 characters, the full text in the tooltip. */
const taxonomyColumn = (level: "taxonomy_1" | "taxonomy_2" | "taxonomy_3" | "taxonomy_4"): TableColumn<FixedSpendRow> => ({
  key: level,
  header: t.fixedColumns[level],
  align: "start",
  width: 8.5,
  cell: (row) => {
    const cell = taxonomyCell(level, row[level]);
    return cell.cut ? <span title={cell.full}>{cell.shown}</span> : cell.shown;
  },
});

const textColumn = (key: FixedSpendColumn, width: number): TableColumn<FixedSpendRow> => ({ key, header: t.fixedColumns[key], align: "start", width });

/**
 * The list's columns, in order, for the program's currency and locale. Their widths (71rem in
 * all) fit the content beside the menu at 1440 px, so no column hides behind a sideways scroll;
 * longer text is cut, whole in its tooltip.
 */
const fixedColumns = (currency: string | null, locale: string | null): ReadonlyArray<TableColumn<FixedSpendRow>> => {
  const byKey: Readonly<Record<FixedSpendColumn, TableColumn<FixedSpendRow>>> = {
    id: { key: "id", header: t.fixedColumns.id, align: "start", width: 4.5, cell: (row) => <Link href={fixedSpendPath(row.id)}>{row.id}</Link> },
    taxonomy_1: taxonomyColumn("taxonomy_1"),
    taxonomy_2: taxonomyColumn("taxonomy_2"),
    taxonomy_3: taxonomyColumn("taxonomy_3"),
    taxonomy_4: taxonomyColumn("taxonomy_4"),
    cost: { key: "cost", header: t.fixedColumns.cost, align: "end", width: 7, cell: (row) => formatMoney(row.cost, 2, { currency, locale }) },
    start_date: textColumn("start_date", 6.5),
    end_date: textColumn("end_date", 6.5),
    days: { key: "days", header: t.fixedColumns.days, align: "end", width: 5, cell: (row) => (row.days === null ? "" : formatNumber(row.days, 0, locale)) },
    frequency: textColumn("frequency", 7.5),
  };
  return fixedSpendColumns.map((key) => byKey[key]);
};

/**
 * /account/costs/fixed: the fixed spend configurations of the session's program and
 * dates, with the date-range notice, the links to Add Fixed Spend and Batch Import, a
 * search, the sortable list (id descending at first; each id opens its configuration) and
 * its pages. The list's actor owns the scope and follows the session.
 */
export const FixedSpendPage = () => (
  <AppShell>
    <FixedSpendList />
  </AppShell>
);

const FixedSpendList = () => {
  useDocumentTitle(t.fixedTitle);
  // The app root's screen child for this route (given the session and toasts by the root).
  return (
    <Screen name="fixedSpendList" routeKey={""} logic={fixedSpendListMachine} route={{}}>
      {(list) => <FixedSpendListScreen list={list} />}
    </Screen>
  );
};

const FixedSpendListScreen = ({ list }: { readonly list: ActorRefFrom<typeof fixedSpendListMachine> }) => (
  <SpendListFrame
    list={list}
    sel={sel}
    prefix="fixedSpend"
    className="fixed-spend"
    texts={{ title: t.fixedTitle, search: t.fixedSearch, loading: t.fixedLoading, empty: t.fixedEmpty }}
    columnsOf={fixedColumns}
    intro={
      <>
        <p className="fixed-spend-notice" role="note">
          {t.dateRangeNotice}
        </p>
        <p className="spend-list-links">
          <Link href={fixedSpendCreatePath} className="button is-primary">
            {t.addFixedSpend}
          </Link>
          <Link href={paths.fixedSpendBatch} className="button">
            {t.batchImport}
          </Link>
        </p>
      </>
    }
  />
);
