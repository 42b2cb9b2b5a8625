import type { ActorRefFrom } from "xstate";
import { useSelector } from "@xstate/react";
import { useMemo } from "react";
import { Link } from "wouter";
import type { CustomReport } from "../../domain/customReports/customReports";
import { customReportsTexts } from "../../domain/customReports/customReportsTexts";
import { levelLabel } from "../../domain/customReports/reportDraft";
import { customReportListMachine, customReportListSelectors as sel, type CustomReportListActorRef } from "../../machines/customReports/customReportList.machine";
import { ConfirmDialog } from "../components/Modal";
import { useDocumentTitle } from "../components/useDocumentTitle";
import { Screen } from "../shell/appChildren";
import { AppShell } from "../shell/AppShell";
import { MetricTable, type TableColumn } from "../table/MetricTable";
import { customReportPaths } from "./customReportPaths";
import "./customReports.css";
import { LoadFailed } from "../components/LoadFailed";

const t = customReportsTexts.list;

type ReportRow = CustomReport & Readonly<Record<string, unknown>>;

const rowKey = (row: ReportRow): string => String(row.id);

/**
 * /reports: the program's custom reports (ID, Report Name linking to the report's view,
 * Report Level with spaces, Rules Applied), 'Create Report', the empty text with 'Create
 * one here', and Delete behind 'Are you sure?'. The list's actor owns the program.
 */
export const CustomReportsPage = () => {
  useDocumentTitle(t.title);
  // The app root's screen child for this route (given the session and toasts by the root).
  return (
    <Screen name="customReportList" routeKey={""} logic={customReportListMachine} route={{}}>
      {(list) => <CustomReportsPageScreen list={list} />}
    </Screen>
  );
};

const CustomReportsPageScreen = ({ list }: { readonly list: ActorRefFrom<typeof customReportListMachine> }) => {
  useDocumentTitle(t.title);
  return (
    <AppShell>
      <article className="report custom-reports">
        <h1 className="report-title">{t.title}</h1>
        <p className="custom-reports-links">
          <Link href={customReportPaths.builder} className="button is-primary">
            {t.create}
          </Link>
        </p>
        <ListNotice list={list} />
        <ReportList list={list} />
        <RemoveDialog list={list} />
      </article>
    </AppShell>
  );
};

const ListNotice = ({ list }: { readonly list: CustomReportListActorRef }) => {
  const notice = useSelector(list, sel.notice);
  if (notice === null) return null;
  return (
    <p className={`custom-reports-notice is-${notice.tone}`} role={notice.tone === "failure" ? "alert" : "status"}>
      {notice.text}
    </p>
  );
};

const ReportList = ({ list }: { readonly list: CustomReportListActorRef }) => {
  const status = useSelector(list, sel.status);
  const reports = useSelector(list, sel.reports) as ReadonlyArray<ReportRow>;
  const columns = useMemo(
    (): ReadonlyArray<TableColumn<ReportRow>> => [
      { key: "id", header: t.id, align: "start", sortable: false, width: 5, cell: (row) => row.id },
      { key: "name", header: t.name, align: "start", sortable: false, width: 20, cell: (row) => <Link href={customReportPaths.view(row.id)}>{row.name}</Link> },
      { key: "level", header: t.level, align: "start", sortable: false, cell: (row) => levelLabel(row.level) },
      { key: "rules", header: t.rules, align: "end", sortable: false, cell: (row) => row.rules.length },
      {
        key: "actions",
        header: t.actions,
        align: "end",
        sortable: false,
        cell: (row) => (
          <button type="button" className="button is-small is-danger" aria-label={t.removeLabel(row.name)} onClick={() => list.send({ type: "reports.removeAsked", id: row.id })}>
            {t.remove}
          </button>
        ),
      },
    ],
    [list],
  );
  if (status === "empty") {
    return (
      <p className="custom-reports-empty" role="status">
        {t.empty} <Link href={customReportPaths.builder}>{t.createOne}</Link>
      </p>
    );
  }
  return (
    <MetricTable<ReportRow>
      label={t.tableLabel}
      columns={columns}
      rows={status === "ready" ? reports : []}
      rowKey={rowKey}
      loading={status === "loading"}
      loadingText={t.loading}
      failure={
        status === "failed" ? (
          <LoadFailed message={t.loadFailed} retryLabel={t.tryAgain} onRetry={() => list.send({ type: "reports.retried" })} />
        ) : undefined
      }
    />
  );
};

/** 'Are you sure?' with the sentence naming the report, Cancel first (focus starts there; Escape cancels). */
const RemoveDialog = ({ list }: { readonly list: CustomReportListActorRef }) => {
  const report = useSelector(list, sel.confirming);
  const removing = useSelector(list, sel.isRemoving);
  if (report === null) return null;
  const cancel = () => {
    if (!removing) list.send({ type: "reports.removeCancelled" });
  };
  return (
    <ConfirmDialog
      title={t.confirmTitle}
      cancel={{ label: t.cancel, disabled: removing, onClick: cancel }}
      confirm={{ label: removing ? t.removing : t.confirm, look: "primary", busy: removing, onClick: () => list.send({ type: "reports.removeConfirmed" }) }}
    >
      <p>{t.confirmText(report.name)}</p>
    </ConfirmDialog>
  );
};
