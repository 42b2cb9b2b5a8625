import { useId, useMemo } from "react";
import { useSearch } from "wouter";
import { auditQueryShape } from "../../domain/audit/auditQuery";
import { auditTexts, changeSummary } from "../../domain/audit/auditTexts";
import { auditKinds, type AuditKind, type AuditLine } from "../../domain/audit/auditTrail";
import { formatUtcMinute } from "../../domain/report/dateFormat";
import { reportQueryLink } from "../../domain/report/reportQuery";
import { auditTrailMachine, auditTrailSelectors as sel, type AuditTrailActorRef } from "../../machines/audit/auditTrail.machine";
import { LoadFailed } from "../components/LoadFailed";
import { useSelected } from "../components/useSelected";
import { ExportDialog } from "../exports/ExportDialog";
import { AdminScreenPage } from "../shell/AdminScreenPage";
import { screenQuery } from "../shell/appChildren";
import { DateRangeControl } from "../shell/DateRangePicker";
import { MetricTable, type TableColumn } from "../table/MetricTable";
import "./audit.css";

const t = auditTexts;

type LineRow = AuditLine & Readonly<Record<string, unknown>>;

const rowKey = (row: { readonly id: number }): string => String(row.id);

const auditLink = reportQueryLink(auditQueryShape);

/**
 * /admin/audit (admins): who changed what and when, newest first, a page at a time, filtered by
 * person, program, kind and days (the filters and page in the link), with each change's short
 * before → after; Export Data saves every line the filters keep.
 */
export const AuditPage = () => {
  // The screen reads its URL's query once, when it opens; the frame writes its choices back.
  const search = useSearch();
  return (
    <AdminScreenPage
      title={t.title}
      name="auditTrail"
      logic={(goHome) => auditTrailMachine.provide({ actions: { goHome } })}
      route={{ search }}
      query={screenQuery(auditLink, sel.choices)}
    >
      {(screen) => <AuditScreen screen={screen} />}
    </AdminScreenPage>
  );
};

/** The screen itself, given its actor. */
export const AuditScreen = ({ screen }: { readonly screen: AuditTrailActorRef }) => (
  <article className="report audit">
    <h1 className="report-title">{t.title}</h1>
    <p>{t.intro}</p>
    <AuditFilters screen={screen} />
    <AuditTable screen={screen} />
    <AuditPager screen={screen} />
  </article>
);

const AuditFilters = ({ screen }: { readonly screen: AuditTrailActorRef }) => {
  const { filter, people, programs, isReady: ready, isExporting: exporting, lines, exportDialog, daysPicker } = useSelected(screen, sel, [
    "filter",
    "people",
    "programs",
    "isReady",
    "isExporting",
    "lines",
    "exportDialog",
    "daysPicker",
  ]);
  const baseId = useId();
  return (
    <fieldset className="filters">
      <legend>{t.filters}</legend>
      <label htmlFor={`${baseId}-person`}>{t.person}</label>{" "}
      <select
        id={`${baseId}-person`}
        value={filter.person === null ? "" : String(filter.person)}
        disabled={!ready}
        onChange={(e) => screen.send({ type: "audit.personChosen", person: e.target.value === "" ? null : Number(e.target.value) })}
      >
        <option value="">{t.anyone}</option>
        {people.map((person) => (
          <option key={person.id} value={String(person.id)}>
            {person.name}
          </option>
        ))}
      </select>{" "}
      <label htmlFor={`${baseId}-program`}>{t.program}</label>{" "}
      <select
        id={`${baseId}-program`}
        value={filter.program ?? ""}
        disabled={!ready}
        onChange={(e) => screen.send({ type: "audit.programChosen", program: e.target.value === "" ? null : e.target.value })}
      >
        <option value="">{t.anyProgram}</option>
        {programs.map((program) => (
          <option key={program.code} value={program.code}>
            {program.name}
          </option>
        ))}
      </select>{" "}
      <label htmlFor={`${baseId}-kind`}>{t.kind}</label>{" "}
      <select
        id={`${baseId}-kind`}
        value={filter.kind ?? ""}
        disabled={!ready}
        onChange={(e) => screen.send({ type: "audit.kindChosen", kind: e.target.value === "" ? null : (e.target.value as AuditKind) })}
      >
        <option value="">{t.anyKind}</option>
        {auditKinds.map((kind) => (
          <option key={kind} value={kind}>
            {t.kinds[kind]}
          </option>
        ))}
      </select>{" "}
      <span className="audit-days">
        <span>{t.days}</span>{" "}
        {daysPicker ? (
          <DateRangeControl
            picker={daysPicker}
            range={filter.from !== null && filter.to !== null ? { from: filter.from, to: filter.to } : null}
            locale="en-GB"
            timeZone="UTC"
            name={t.days}
            unset={{ text: t.anyDay, name: t.anyDay.toLowerCase() }}
            disabled={!ready}
          />
        ) : null}
        {filter.from !== null ? (
          <button type="button" className="button is-text" disabled={!ready} onClick={() => screen.send({ type: "audit.daysCleared" })}>
            {t.allDays}
          </button>
        ) : null}
      </span>{" "}
      <button
        type="button"
        className="button"
        disabled={!ready || lines.length === 0}
        aria-busy={exporting}
        onClick={() => screen.send({ type: "audit.exportAsked" })}
      >
        {t.exportData}
      </button>
      {exportDialog ? <ExportDialog dialog={exportDialog} /> : null}
    </fieldset>
  );
};

const AuditTable = ({ screen }: { readonly screen: AuditTrailActorRef }) => {
  const { status, lines } = useSelected(screen, sel, ["status", "lines"]);
  const columns = useMemo(
    (): ReadonlyArray<TableColumn<LineRow>> => [
      { key: "when", header: t.columns.when, align: "start", sortable: false, cell: (row) => formatUtcMinute(row.at) },
      { key: "who", header: t.columns.who, align: "start", sortable: false, cell: (row) => row.user_name },
      { key: "kind", header: t.columns.kind, align: "start", sortable: false, cell: (row) => t.kinds[row.kind] },
      { key: "program", header: t.columns.program, align: "start", sortable: false, cell: (row) => row.program ?? t.noProgram },
      { key: "object", header: t.columns.object, align: "start", sortable: false, cell: (row) => row.object },
      { key: "action", header: t.columns.action, align: "start", sortable: false, cell: (row) => t.actions[row.action] },
      { key: "change", header: t.columns.change, align: "start", sortable: false, cell: (row) => changeSummary(row) },
    ],
    [],
  );
  if (status === "empty") return <p role="status">{t.empty}</p>;
  return (
    <MetricTable<LineRow>
      label={t.tableLabel}
      columns={columns}
      rows={status === "ready" ? (lines as ReadonlyArray<LineRow>) : []}
      rowKey={rowKey}
      loading={status === "loading"}
      loadingText={t.loading}
      failure={status === "failed" ? <LoadFailed message={t.loadFailed} retryLabel={t.retry} onRetry={() => screen.send({ type: "audit.retried" })} /> : undefined}
    />
  );
};

const AuditPager = ({ screen }: { readonly screen: AuditTrailActorRef }) => {
  const { page, pages, isReady: ready } = useSelected(screen, sel, ["page", "pages", "isReady"]);
  if (pages <= 1) return null;
  return (
    <nav aria-label={t.tableLabel}>
      <button type="button" className="button" disabled={!ready || page <= 1} onClick={() => screen.send({ type: "audit.pageChosen", page: page - 1 })}>
        {t.previousPage}
      </button>{" "}
      <span>{t.pageOf(page, pages)}</span>{" "}
      <button type="button" className="button" disabled={!ready || page >= pages} onClick={() => screen.send({ type: "audit.pageChosen", page: page + 1 })}>
        {t.nextPage}
      </button>
    </nav>
  );
};
