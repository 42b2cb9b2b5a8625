import type { ActorRefFrom } from "xstate";
import { useSelector } from "@xstate/react";
import { useMemo } from "react";
import { useSearch } from "wouter";
import type { FunnelRow } from "../../domain/analysis/analysis";
import { funnelDrillQuery, funnelQueryShape } from "../../domain/funnel/funnelQuery";
import { funnelColumnNames, funnelDefaultColumns, funnelModes, isFunnelMode, rowLocation, rowName } from "../../domain/funnel/funnelReport";
import { funnelTexts } from "../../domain/funnel/funnelTexts";
import { reportCrumbs, reportTitle } from "../../domain/report/reportCrumbs";
import { funnelReportMachine, funnelReportSelectors as sel, type FunnelReportActorRef } from "../../machines/funnel/funnelReport.machine";
import { ColumnsDialog } from "../performance/ColumnsDialog";
import type { TaxonomyRoute } from "../../domain/report/taxonomyRoute";
import { reportQueryLink } from "../../domain/report/reportQuery";
import { DrillTableExport, drillTableColumns, StackedBarFigure, useFunnelFieldFormat } from "../reports/drillTable";
import { ReportFrame } from "../reports/ReportFrame";
import { Screen, screenQuery } from "../shell/appChildren";
import { MetricTable } from "../table/MetricTable";

/** Where the funnel's routes start. */
export const funnelBase = "/funnel";

const t = funnelTexts;

/**
 * /funnel and its taxonomy pages (down to taxonomy_four): breadcrumbs from 'All Channels',
 * the Revenue / Revenue Percent / Credit choice, the column chooser and the export, then
 * the stacked bars of the page's rows and the table (8 a page; a row links one level
 * deeper while its location has fewer than 4 names, 'None' never). The page's report actor
 * owns every choice; the URL mirrors them.
 */
export const FunnelPage = ({ path }: TaxonomyRoute) => {
  const urlQuery = useSearch();
  // The app root's screen child for this route (given the session and toasts by the root).
  return (
    <Screen name="funnel" routeKey={JSON.stringify([path])} logic={funnelReportMachine} route={{ path, search: urlQuery }} query={screenQuery(reportQueryLink(funnelQueryShape(path)), sel.choices)}>
      {(report) => <FunnelPageScreen report={report} path={path} />}
    </Screen>
  );
};

const FunnelPageScreen = ({ report, path }: Pick<TaxonomyRoute, "path"> & { readonly report: ActorRefFrom<typeof funnelReportMachine> }) => {
  const status = useSelector(report, sel.status);
  return (
    <ReportFrame
      title={reportTitle(t.title, path)}
      crumbs={reportCrumbs(funnelBase, path)}
      status={status}
      emptyText={t.empty}
      failure="silent"
      controls={<FunnelControls report={report} />}
    >
      <FunnelChart report={report} />
      <FunnelTable report={report} />
    </ReportFrame>
  );
};

const sameChoices = (a: ReturnType<typeof sel.choices>, b: ReturnType<typeof sel.choices>) =>
  a.mode === b.mode && a.sort === b.sort && a.direction === b.direction && a.page === b.page && a.columns.join() === b.columns.join();

const FunnelControls = ({ report }: { readonly report: FunnelReportActorRef }) => {
  const mode = useSelector(report, sel.mode);
  const choosing = useSelector(report, sel.isChoosingColumns);
  const columns = useSelector(report, sel.columns);
  const headers = useSelector(report, sel.headers);
  return (
    <>
      <label className="field-inline">
        <span>{t.modeLabel}</span>
        <select
          value={mode}
          onChange={(e) => {
            const chosen = e.target.value;
            if (isFunnelMode(chosen)) report.send({ type: "funnel.modeChosen", mode: chosen });
          }}
        >
          {funnelModes.map((m) => (
            <option key={m} value={m}>
              {t.modes[m]}
            </option>
          ))}
        </select>
      </label>
      <button type="button" className="button" onClick={() => report.send({ type: "funnel.columnsOpened" })}>
        {t.columns}
      </button>
      <FunnelExport report={report} />
      {choosing ? (
        <ColumnsDialog
          available={funnelColumnNames}
          selected={columns}
          labels={headers}
          onToggle={(column) => report.send({ type: "funnel.columnToggled", column })}
          onReset={() => report.send({ type: "funnel.columnsReset" })}
          onClose={() => report.send({ type: "funnel.columnsClosed" })}
        />
      ) : null}
    </>
  );
};

const FunnelChart = ({ report }: { readonly report: FunnelReportActorRef }) => {
  const bars = useSelector(report, sel.chart);
  const mode = useSelector(report, sel.mode);
  const path = useSelector(report, sel.path);
  return <StackedBarFigure bars={bars} name={t.chartName(t.modes[mode])} height={t.chartHeight} depth={path.length} />;
};

const FunnelTable = ({ report }: { readonly report: FunnelReportActorRef }) => {
  const rows = useSelector(report, sel.pageRows);
  const visible = useSelector(report, sel.columns);
  const headers = useSelector(report, sel.headers);
  const levelColumn = useSelector(report, sel.levelColumn);
  const sort = useSelector(report, sel.sort);
  const page = useSelector(report, sel.page);
  const pageCount = useSelector(report, sel.pageCount);
  const total = useSelector(report, sel.total);
  const perPage = useSelector(report, sel.perPage);
  const choices = useSelector(report, sel.choices, sameChoices);
  const format = useFunnelFieldFormat();
  const columns = useMemo(
    () =>
      drillTableColumns<FunnelRow>({
        base: funnelBase,
        levelColumn,
        fields: funnelColumnNames,
        labels: headers,
        format,
        nameOf: rowName,
        locationOf: rowLocation,
        queryOf: (to) => funnelDrillQuery(choices, to),
      }),
    [levelColumn, headers, format, choices],
  );
  return (
    <MetricTable<FunnelRow>
      label={t.tableLabel}
      columns={columns}
      visibleColumns={visible.length === 0 ? funnelDefaultColumns : visible}
      rows={rows}
      rowName={rowName}
      sort={sort}
      onSort={(column) => report.send({ type: "funnel.sorted", column })}
      emptyText={t.empty}
      paging={{ label: t.pagination, page, pageCount, total, perPage, onPage: (p) => report.send({ type: "funnel.paged", page: p }) }}
    />
  );
};

/** 'Export': every row in the table's sort, the 12 funnel columns, the visible ones for 'Reset to visible'. */
const FunnelExport = ({ report }: { readonly report: FunnelReportActorRef }) => {
  const total = useSelector(report, sel.total);
  const dialog = useSelector(report, sel.exportDialog);
  const tableOf = () => {
    const snapshot = report.getSnapshot();
    return {
      levelColumn: sel.levelColumn(snapshot),
      columns: funnelColumnNames,
      visibleColumns: sel.columns(snapshot),
      labels: sel.headers(snapshot),
      rows: sel.sortedRows(snapshot),
      sort: sel.sort(snapshot),
    };
  };
  return dialog ? <DrillTableExport texts={t} disabled={total === 0} tableOf={tableOf} dialog={dialog} /> : null;
};
