import type { ActorRefFrom } from "xstate";
import { useSelector } from "@xstate/react";
import { useCallback } from "react";
import { Link } from "wouter";
import { formatMoney } from "../../domain/report/numberFormat";
import { spendListTexts as t, variableSpendColumns, type VariableSpendColumn, type VariableSpendRow } from "../../domain/spend/spendList";
import {
  variableSpendListMachine,
  variableSpendListSelectors as sel,
  type VariableSpendListActorRef,
} from "../../machines/spend/variableSpendList.machine";
import { useDocumentTitle } from "../components/useDocumentTitle";
import { Screen } from "../shell/appChildren";
import { AppShell } from "../shell/AppShell";
import { paths } from "../shell/routePaths";
import type { TableColumn } from "../table/MetricTable";
import { RemoveSpendDialog } from "./RemoveSpendDialog";
import { SpendListFrame } from "./SpendListFrame";
import "./spend.css";

const textColumn = (key: VariableSpendColumn): TableColumn<VariableSpendRow> => ({ key, header: t.variableColumns[key], align: "start" });

/** The list's columns, in order, for the program's currency and locale, then each entry's Delete button. */
const variableColumns = (
  currency: string | null,
  locale: string | null,
  onDelete: (id: number) => void,
): ReadonlyArray<TableColumn<VariableSpendRow>> => {
  const byKey: Readonly<Record<VariableSpendColumn, TableColumn<VariableSpendRow>>> = {
    id: textColumn("id"),
    taxonomy_1: textColumn("taxonomy_1"),
    cost: { key: "cost", header: t.variableColumns.cost, align: "end", cell: (row) => formatMoney(row.cost, 2, { currency, locale }) },
    date: textColumn("date"),
    cost_link: textColumn("cost_link"),
  };
  const remove: TableColumn<VariableSpendRow> = {
    key: "delete",
    header: t.delete,
    align: "end",
    sortable: false,
    cell: (row) => (
      <button type="button" className="button is-text" aria-label={t.deleteEntry(row.id)} onClick={() => onDelete(row.id)}>
        {t.delete}
      </button>
    ),
  };
  return [...variableSpendColumns.map((key) => byKey[key]), remove];
};

/**
 * /account/costs/variable: every variable spend entry of the session's program, with a
 * search, the sortable list (id descending at first) and its pages, a Delete button per
 * entry (after a confirmation) and the Batch Import link. The list's actor owns the
 * scope and follows the session.
 */
export const VariableSpendPage = () => (
  <AppShell>
    <VariableSpendList />
  </AppShell>
);

const VariableSpendList = () => {
  useDocumentTitle(t.variableTitle);
  // The app root's screen child for this route (given the session and toasts by the root).
  return (
    <Screen name="variableSpendList" routeKey={""} logic={variableSpendListMachine} route={{}}>
      {(list) => <VariableSpendListScreen list={list} />}
    </Screen>
  );
};

const VariableSpendListScreen = ({ list }: { readonly list: ActorRefFrom<typeof variableSpendListMachine> }) => {
  const columnsOf = useCallback(
    (currency: string | null, locale: string | null) => variableColumns(currency, locale, (id) => list.send({ type: "variableSpend.removeAsked", id })),
    [list],
  );
  return (
    <SpendListFrame
      list={list}
      sel={sel}
      prefix="variableSpend"
      className="variable-spend"
      texts={{ title: t.variableTitle, search: t.variableSearch, loading: t.variableLoading, empty: t.variableEmpty }}
      columnsOf={columnsOf}
      intro={
        <div className="spend-list-links">
          <Link href={paths.variableSpendBatch} className="button">
            {t.batchImport}
          </Link>
        </div>
      }
    >
      <VariableSpendRemoval list={list} />
    </SpendListFrame>
  );
};

/** The confirmation for the entry asked about: its fields under the question. */
const VariableSpendRemoval = ({ list }: { readonly list: VariableSpendListActorRef }) => {
  const entry = useSelector(list, sel.removalAsked);
  const busy = useSelector(list, sel.isRemoving);
  const currency = useSelector(list, sel.currency);
  const locale = useSelector(list, sel.locale);
  if (entry === null) return null;
  return (
    <RemoveSpendDialog
      busy={busy}
      onConfirm={() => list.send({ type: "variableSpend.removeConfirmed" })}
      onCancel={() => list.send({ type: "variableSpend.removeCancelled" })}
    >
      <dl className="spend-removal-entry">
        {variableSpendColumns.map((key) => (
          <div key={key}>
            <dt>{t.variableColumns[key]}</dt>
            <dd>{key === "cost" ? formatMoney(entry.cost, 2, { currency, locale }) : String(entry[key])}</dd>
          </div>
        ))}
      </dl>
    </RemoveSpendDialog>
  );
};
