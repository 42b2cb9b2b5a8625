import type { ActorRefFrom } from "xstate";
import { useSelector } from "@xstate/react";
import { useMemo } from "react";
import { initiatorDefaultColumns, initiatorFieldNames, type InitiatorRow } from "../../domain/initiatorRating/initiatorRating";
import { initiatorDrillQuery, initiatorQueryShape } from "../../domain/initiatorRating/initiatorRatingQuery";
import { initiatorRatingTexts } from "../../domain/initiatorRating/initiatorRatingTexts";
import { initiatorRatingMachine, initiatorRatingSelectors as sel, type InitiatorRatingActorRef } from "../../machines/initiatorRating/initiatorRating.machine";
import type { TaxonomyRoute } from "../../domain/report/taxonomyRoute";
import { DrillColumnsControl, DrillReportExport, DrillReportFrame, DrillReportTable, StackedBarFigure } from "../reports/drillTable";
import { TaxonomyReportScreen } from "../reports/TaxonomyReportScreen";

/** Where the initiator rating's routes start. */
export const initiatorRatingBase = "/initiator-rating";

const t = initiatorRatingTexts;
const labels: Readonly<Record<string, string>> = t.columns;

/** A row's name: its deepest taxonomy value. */
const nameOf = (row: InitiatorRow): string => row.location.at(-1) ?? "";

/**
 * /initiator-rating and its taxonomy pages (down to taxonomy_three): breadcrumbs from 'All
 * Channels', the column chooser and the export, then the stacked bars of the page's rows
 * (upper funnel + solo against mid + lower; 100 px plus 30 a bar) and the table (10 a page,
 * total funnel revenue biggest first; a row links one level deeper while its location has
 * fewer than 4 names, 'None' never). 'Loading...' while loading, the empty text when there
 * are no rows; a failed load stops loading silently.
 */
export const InitiatorRatingPage = ({ path }: TaxonomyRoute) => (
  // The app root's screen child for this route (given the session and toasts by the root).
  <TaxonomyReportScreen name="initiatorRating" logic={initiatorRatingMachine} path={path} queryShape={initiatorQueryShape(path)} choices={sel.choices}>
    {(report) => <InitiatorRatingPageScreen report={report} path={path} />}
  </TaxonomyReportScreen>
);

const InitiatorRatingPageScreen = ({ report, path }: Pick<TaxonomyRoute, "path"> & { readonly report: ActorRefFrom<typeof initiatorRatingMachine> }) => {
  return (
    <DrillReportFrame
      report={report}
      sel={sel}
      title={t.title}
      base={initiatorRatingBase}
      path={path}
      emptyText={t.empty}
      controls={<InitiatorControls report={report} />}
    >
      <InitiatorChart report={report} />
      <InitiatorTable report={report} />
    </DrillReportFrame>
  );
};

const sameChoices = (a: ReturnType<typeof sel.choices>, b: ReturnType<typeof sel.choices>) =>
  a.sort === b.sort && a.direction === b.direction && a.page === b.page && a.columns.join() === b.columns.join();

/** The column chooser and 'Export': every row in the table's sort, the five derived columns, the visible ones for 'Reset to visible'. */
const InitiatorControls = ({ report }: { readonly report: InitiatorRatingActorRef }) => (
  <>
    <DrillColumnsControl report={report} sel={sel} prefix="initiator" text={t.columnsButton} fields={initiatorFieldNames} labels={labels} />
    <DrillReportExport report={report} sel={sel} texts={t} fields={initiatorFieldNames} labels={labels} />
  </>
);

const InitiatorChart = ({ report }: { readonly report: InitiatorRatingActorRef }) => {
  const bars = useSelector(report, sel.chart);
  const height = useSelector(report, sel.chartHeight);
  const path = useSelector(report, sel.path);
  return <StackedBarFigure bars={bars} name={t.chartName} height={height} depth={path.length} />;
};

const InitiatorTable = ({ report }: { readonly report: InitiatorRatingActorRef }) => {
  const choices = useSelector(report, sel.choices, sameChoices);
  const shape = useMemo(
    () => ({
      base: initiatorRatingBase,
      fields: initiatorFieldNames,
      labels,
      nameOf,
      locationOf: (row: InitiatorRow) => row.location,
      queryOf: (to: ReadonlyArray<string>) => initiatorDrillQuery(choices, to),
    }),
    [choices],
  );
  return <DrillReportTable report={report} sel={sel} prefix="initiator" texts={t} defaultColumns={initiatorDefaultColumns} shape={shape} />;
};
