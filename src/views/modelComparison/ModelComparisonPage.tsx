import { useSelector } from "@xstate/react";
import { useCallback, useMemo } from "react";
import { createPortal } from "react-dom";
import {
  comparedModels,
  comparisonLevels,
  figureColumnsOf,
  figureHeaders,
  modelComparisonQuery,
  modelComparisonTexts as texts,
  type ComparisonLevel,
  type ModelComparisonTableRow,
  type RemovalEffect,
  type TransitionMatrix,
} from "../../domain/modelComparison/modelComparison";
import { analysisReportTexts } from "../../domain/report/analysisReportTexts";
import { formatMetric, formatNumber, formatPercent } from "../../domain/report/numberFormat";
import { reportCrumbs } from "../../domain/report/reportCrumbs";
import type { TaxonomyRoute } from "../../domain/report/taxonomyRoute";
import {
  modelComparisonMachine,
  modelComparisonSelectors as sel,
  type ModelComparisonActorRef,
} from "../../machines/modelComparison/modelComparison.machine";
import { useSelected } from "../components/useSelected";
import { ExportDialog } from "../exports/ExportDialog";
import { ReportFrame } from "../reports/ReportFrame";
import { ReportSelect } from "../reports/ReportSelect";
import { TaxonomyReportScreen } from "../reports/TaxonomyReportScreen";
import { MetricTable, type TableColumn } from "../table/MetricTable";
import "./modelComparison.css";

/** The report's route. */
export const modelComparisonBase = "/model-comparison";

/**
 * /model-comparison: the level choice and Export Data, the table of every channel's sales and revenue by each model
 * with each model's change against last click (sorted by a header), a line on each model, and the Markov model's
 * removal effects and transition matrix (a table whose cells are shaded by their probability, the numbers in them).
 * Everything shown is read from the page's report actor; controls only send it events.
 */
export const ModelComparisonPage = ({ path }: TaxonomyRoute) => (
  // The app root's screen child for this route (given the session and toasts by the root).
  <TaxonomyReportScreen name="modelComparison" logic={modelComparisonMachine} path={path} queryShape={modelComparisonQuery} choices={sel.choices}>
    {(report) => <ModelComparisonScreen report={report} />}
  </TaxonomyReportScreen>
);

export const ModelComparisonScreen = ({ report }: { readonly report: ModelComparisonActorRef }) => {
  const status = useSelector(report, sel.status);
  const dialog = useSelector(report, sel.exportDialog);
  const retry = useCallback(() => report.send({ type: "modelComparison.retried" }), [report]);
  return (
    <ReportFrame
      title={texts.title}
      crumbs={reportCrumbs(modelComparisonBase, [])}
      status={status}
      emptyText={analysisReportTexts.noResults}
      failure="message"
      onRetry={retry}
      controls={<ComparisonControls report={report} />}
      aside={dialog ? createPortal(<ExportDialog dialog={dialog} />, document.body) : null}
    >
      <ComparisonTable report={report} />
      <ModelExplanations />
      <RemovalEffects report={report} />
      <TransitionHeatMap report={report} />
    </ReportFrame>
  );
};

const ComparisonControls = ({ report }: { readonly report: ModelComparisonActorRef }) => {
  const level = useSelector(report, sel.level);
  const status = useSelector(report, sel.status);
  return (
    <>
      <ReportSelect<ComparisonLevel>
        label={texts.level}
        value={level}
        options={comparisonLevels.map((l) => ({ value: l, label: texts.levels[l] }))}
        onChange={(next) => report.send({ type: "modelComparison.levelChanged", level: next })}
      />
      <button type="button" className="button" disabled={status !== "ready"} onClick={() => report.send({ type: "modelComparison.exportRequested" })}>
        {texts.exportData}
      </button>
    </>
  );
};

const ComparisonTable = ({ report }: { readonly report: ModelComparisonActorRef }) => {
  const { rows, choices, currency, locale } = useSelected(report, sel, ["rows", "choices", "currency", "locale"]);
  const columns = useMemo((): ReadonlyArray<TableColumn<ModelComparisonTableRow>> => {
    const money = (v: number | null) => formatMetric(v ?? 0, "attributed_revenue", { currency, locale });
    const figure = (key: string): TableColumn<ModelComparisonTableRow> => ({
      key,
      header: figureHeaders[key] ?? key,
      align: "end",
      sortable: true,
      value: (row) => (typeof row[key] === "number" ? (row[key] as number) : null),
      format: key.endsWith("_sales") ? (v) => formatNumber(v, 2, locale) : key.endsWith("_percent") ? (v) => formatPercent(v, 2, locale) : money,
    });
    return [
      { key: "name", header: texts.channel, sortable: true, cell: (row: ModelComparisonTableRow) => row.name },
      ...comparedModels.flatMap((model) => figureColumnsOf(model).map(figure)),
    ];
  }, [currency, locale]);
  return (
    <MetricTable<ModelComparisonTableRow>
      label={texts.tableName}
      columns={columns}
      rows={rows}
      rowName={(row) => row.name}
      sort={{ column: choices.sort, direction: choices.direction }}
      onSort={(column) => report.send({ type: "modelComparison.headerClicked", column })}
      emptyText={analysisReportTexts.noResults}
    />
  );
};

const ModelExplanations = () => (
  <section aria-labelledby="model-explanations">
    <h2 id="model-explanations">{texts.explanationsTitle}</h2>
    <dl className="model-explanations">
      {comparedModels.map((model) => (
        <div key={model}>
          <dt>{texts.models[model]}</dt>
          <dd>{texts.explanations[model]}</dd>
        </div>
      ))}
    </dl>
  </section>
);

const RemovalEffects = ({ report }: { readonly report: ModelComparisonActorRef }) => {
  const { removalEffects, locale } = useSelected(report, sel, ["removalEffects", "locale"]);
  const columns = useMemo((): ReadonlyArray<TableColumn<RemovalEffect>> => {
    const share = (key: "removal_effect" | "weight", header: string): TableColumn<RemovalEffect> => ({
      key,
      header,
      align: "end",
      value: (row) => (typeof row[key] === "number" ? (row[key] as number) * 100 : null),
      format: (v) => formatPercent(v, 1, locale),
    });
    return [{ key: "channel", header: texts.channel, cell: (row: RemovalEffect) => row.channel }, share("removal_effect", texts.removalEffect), share("weight", texts.weight)];
  }, [locale]);
  return (
    <section aria-labelledby="removal-effects">
      <h2 id="removal-effects">{texts.removalTitle}</h2>
      <MetricTable<RemovalEffect> label={texts.removalTitle} columns={columns} rows={removalEffects} rowName={(row) => row.channel} emptyText={analysisReportTexts.noResults} />
    </section>
  );
};

/** A cell's shade: the brand blue, stronger for a likelier move (dark text stays readable on the strongest). */
const shadeOf = (probability: number): string => `rgba(39, 153, 255, ${(Math.max(0, Math.min(1, probability)) * 0.45).toFixed(3)})`;

const TransitionHeatMap = ({ report }: { readonly report: ModelComparisonActorRef }) => {
  const { transitions, locale } = useSelected(report, sel, ["transitions", "locale"]);
  if (transitions === null) return null;
  return (
    <section aria-labelledby="transition-matrix">
      <h2 id="transition-matrix">{texts.matrixTitle}</h2>
      <div className="metric-table-frame">
        <HeatMapTable transitions={transitions} locale={locale} />
      </div>
    </section>
  );
};

const HeatMapTable = ({ transitions, locale }: { readonly transitions: TransitionMatrix; readonly locale: string | null }) => (
  <table className="heat-map">
    <caption>{texts.matrixCaption}</caption>
    <thead>
      <tr>
        <th scope="col">{texts.from}</th>
        {transitions.to.map((state) => (
          <th scope="col" key={state}>
            {state}
          </th>
        ))}
      </tr>
    </thead>
    <tbody>
      {transitions.from.map((state, i) => (
        <tr key={state}>
          <th scope="row">{state}</th>
          {transitions.to.map((to, j) => {
            const p = transitions.probabilities[i]?.[j] ?? 0;
            return (
              <td key={to} style={{ background: shadeOf(p) }}>
                {formatPercent(p * 100, 1, locale)}
              </td>
            );
          })}
        </tr>
      ))}
    </tbody>
  </table>
);
