import type { ActorRefFrom } from "xstate";
import { useSelector } from "@xstate/react";
import { Link } from "wouter";
import type { CustomReport } from "../../domain/customReports/customReports";
import { customReportColumns } from "../../domain/customReports/customReportTable";
import { customReportsTexts } from "../../domain/customReports/customReportsTexts";
import type { IdentifiedRoute } from "../../domain/report/taxonomyRoute";
import { levelLabel } from "../../domain/customReports/reportDraft";
import { customReportViewMachine, customReportViewSelectors as sel, type CustomReportViewActorRef } from "../../machines/customReports/customReportView.machine";
import { sessionSelectors } from "../../machines/shell/session.machine";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { useDocumentTitle } from "../components/useDocumentTitle";
import { ExportDialog } from "../exports/ExportDialog";
import { ReportFrame } from "../reports/ReportFrame";
import { useAppActors } from "../shell/AppActorsContext";
import { Screen } from "../shell/appChildren";
import { AppShell } from "../shell/AppShell";
import { paths } from "../shell/routePaths";
import { customReportPaths } from "./customReportPaths";
import { customReportLabels, CustomReportTable, exportTaxonomyColumns } from "./CustomReportTable";
import "./customReports.css";

const t = customReportsTexts.view;
const words = customReportsTexts;

/**
 * /reports/view/{report}: a saved custom report for the session's program and dates: its
 * name, level and rules, then its table (15 a page, sortable, the footer 'Total' of every
 * row) and 'Export' through the one export dialog. 'Loading...', 'There's no data to
 * show', a failure with 'Try again', and 'You don't have access to this report' (with the
 * ways back) when the program has no such report.
 */
export const CustomReportViewPage = ({ id }: IdentifiedRoute) => {
  // The app root's screen child for this route (given the session and toasts by the root).
  return (
    <Screen name="customReportView" routeKey={JSON.stringify([id])} logic={customReportViewMachine} route={{ id }}>
      {(view) => <CustomReportViewPageScreen view={view} />}
    </Screen>
  );
};

const CustomReportViewPageScreen = ({ view }: { readonly view: ActorRefFrom<typeof customReportViewMachine> }) => {
  const status = useSelector(view, sel.status);
  const report = useSelector(view, sel.report);
  if (status === "notFound") return <NoAccess />;
  const title = report?.name ?? words.list.title;
  return (
    <ReportFrame
      title={title}
      crumbs={[{ label: words.list.title, href: customReportPaths.list }, { label: title }]}
      status={status}
      emptyText={t.empty}
      failure="message"
      onRetry={() => view.send({ type: "view.retried" })}
      controls={<ViewExport view={view} />}
      aside={report ? <ReportRules report={report} /> : null}
    >
      <ViewTable view={view} />
    </ReportFrame>
  );
};

const NoAccess = () => {
  useDocumentTitle(t.notFound);
  return (
    <AppShell>
      <article className="report custom-report-no-access">
        <Breadcrumbs crumbs={[{ label: words.list.title, href: customReportPaths.list }, { label: t.notFound }]} />
        <h1 className="report-title">{t.notFound}</h1>
        <p className="custom-reports-links">
          <Link href={customReportPaths.list} className="button">
            {t.back}
          </Link>
          <Link href={paths.performance} className="button">
            {t.home}
          </Link>
        </p>
      </article>
    </AppShell>
  );
};

/** The report's level and each rule it applies, in words ('Status does not equal Cancelled'). */
const ReportRules = ({ report }: { readonly report: CustomReport }) => (
  <section className="custom-report-summary" aria-label={t.rulesTitle}>
    <p>{t.levelLine(levelLabel(report.level))}</p>
    {report.rules.length === 0 ? (
      <p>{t.noRules}</p>
    ) : (
      <>
        <h2>{t.rulesTitle}</h2>
        <ul>
          {report.rules.map((rule, i) => (
            <li key={i}>
              {`${words.fields[rule.field] ?? rule.field} ${words.operators[rule.operator] ?? rule.operator} ${words.values[rule.value] ?? rule.value}`}
            </li>
          ))}
        </ul>
      </>
    )}
  </section>
);

const ViewTable = ({ view }: { readonly view: CustomReportViewActorRef }) => {
  const report = useSelector(view, sel.report);
  const rows = useSelector(view, sel.pageRows);
  const footer = useSelector(view, sel.footer);
  const sort = useSelector(view, sel.sort);
  const page = useSelector(view, sel.page);
  const pageCount = useSelector(view, sel.pageCount);
  const total = useSelector(view, sel.total);
  const perPage = useSelector(view, sel.perPage);
  if (report === null) return null;
  return (
    <CustomReportTable
      label={t.tableLabel(report.name)}
      level={report.level}
      rows={rows}
      footer={footer}
      sort={sort}
      onSort={(column) => view.send({ type: "view.sorted", column })}
      page={page}
      pageCount={pageCount}
      total={total}
      perPage={perPage}
      onPage={(p) => view.send({ type: "view.paged", page: p })}
      pageLabel={t.pagination}
      emptyText={t.empty}
    />
  );
};

/** 'Export': every row in the table's sort through the export dialog, named from the program, the report and the dates. */
const ViewExport = ({ view }: { readonly view: CustomReportViewActorRef }) => {
  const { session } = useAppActors();
  const program = useSelector(session, sessionSelectors.program);
  const range = useSelector(session, sessionSelectors.range);
  const total = useSelector(view, sel.total);
  // The report's own Export Data dialog.
  const exportDialog = useSelector(view, sel.exportDialog);
  if (!exportDialog) return null;
  const open = () => {
    const snapshot = view.getSnapshot();
    const report = sel.report(snapshot);
    if (report === null) return;
    exportDialog.send({
      type: "export.opened",
      kind: "table",
      columns: [...exportTaxonomyColumns(report.level), ...customReportColumns],
      visibleColumns: customReportColumns,
      taxonomyColumns: exportTaxonomyColumns(report.level),
      labels: customReportLabels,
      naming: { programName: program?.name ?? "", reportKind: report.name, from: range?.from ?? "", to: range?.to ?? "" },
      rows: sel.sortedRows(snapshot),
      sort: sel.sort(snapshot),
      sheetName: t.exportKind,
    });
  };
  return (
    <>
      <button type="button" className="button" onClick={open} disabled={total === 0}>
        {t.exportData}
      </button>
      <ExportDialog dialog={exportDialog} />
    </>
  );
};
