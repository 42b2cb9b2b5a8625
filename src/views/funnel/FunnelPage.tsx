import type { ActorRefFrom } from "xstate";
import { useSelector } from "@xstate/react";
import { useMemo } from "react";
import { funnelDrillQuery, funnelQueryShape } from "../../domain/funnel/funnelQuery";
import { funnelColumnNames, funnelDefaultColumns, funnelModes, isFunnelMode, rowLocation, rowName } from "../../domain/funnel/funnelReport";
import { funnelTexts } from "../../domain/funnel/funnelTexts";
import { funnelReportMachine, funnelReportSelectors as sel, type FunnelReportActorRef } from "../../machines/funnel/funnelReport.machine";
import type { TaxonomyRoute } from "../../domain/report/taxonomyRoute";
import { DrillColumnsControl, DrillReportExport, DrillReportFrame, DrillReportTable, StackedBarFigure } from "../reports/drillTable";
import { TaxonomyReportScreen } from "../reports/TaxonomyReportScreen";

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
export const FunnelPage = ({ path }: TaxonomyRoute) => (
  // The app root's screen child for this route (given the session and toasts by the root).
  <TaxonomyReportScreen name="funnel" logic={funnelReportMachine} path={path} queryShape={funnelQueryShape(path)} choices={sel.choices}>
    {(report) => <FunnelPageScreen report={report} path={path} />}
  </TaxonomyReportScreen>
);

const FunnelPageScreen = ({ report, path }: Pick<TaxonomyRoute, "path"> & { readonly report: ActorRefFrom<typeof funnelReportMachine> }) => {
  return (
    <DrillReportFrame
      report={report}
      sel={sel}
      title={t.title}
      base={funnelBase}
      path={path}
      emptyText={t.empty}
      controls={<FunnelControls report={report} />}
    >
      <FunnelChart report={report} />
      <FunnelTable report={report} />
    </DrillReportFrame>
  );
};

const sameChoices = (a: ReturnType<typeof sel.choices>, b: ReturnType<typeof sel.choices>) =>
  a.mode === b.mode && a.sort === b.sort && a.direction === b.direction && a.page === b.page && a.columns.join() === b.columns.join();

const FunnelControls = ({ report }: { readonly report: FunnelReportActorRef }) => {
  const mode = useSelector(report, sel.mode);
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
      <DrillColumnsControl report={report} sel={sel} prefix="funnel" text={t.columns} fields={funnelColumnNames} labels={headers} />
      {/* 'Export': every row in the table's sort, the 12 funnel columns, the visible ones for 'Reset to visible'. */}
      <DrillReportExport report={report} sel={sel} texts={t} fields={funnelColumnNames} labels={headers} />
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
  const headers = useSelector(report, sel.headers);
  const choices = useSelector(report, sel.choices, sameChoices);
  const shape = useMemo(
    () => ({
      base: funnelBase,
      fields: funnelColumnNames,
      labels: headers,
      nameOf: rowName,
      locationOf: rowLocation,
      queryOf: (to: ReadonlyArray<string>) => funnelDrillQuery(choices, to),
    }),
    [headers, choices],
  );
  return <DrillReportTable report={report} sel={sel} prefix="funnel" texts={t} defaultColumns={funnelDefaultColumns} shape={shape} />;
};
