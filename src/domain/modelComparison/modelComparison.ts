import { Schema } from "effect";
import { RangeQuery } from "../performance/performance";
import { programTexts } from "../programs/programTexts";
import { ratio } from "../report/metrics";
import { noneValue } from "../report/reportCrumbs";
import { oneOfChoice, type ReportQueryShape } from "../report/reportQuery";
import { taxonomyLabelsOf } from "../report/taxonomyLevels";
import { sortPathRows, type SortDirection } from "../table/tableSort";
import { attributionModels } from "../settings/programSettings";

/**
 * The model comparison report (docs/architecture.md, "Model comparison"): per channel of a level (taxonomy 1 or 2)
 * and the dates, the sales and revenue each attribution model credits it with, side by side: first click and last
 * click, the program models' three rules, and the two data-driven models with the weights the engine fits. Each
 * model's change against last click is its revenue minus last click's, and that as a percent of last click's
 * (0 when last click credits none). The Markov model's removal effects and transition matrix explain its weights.
 */

/** The models compared, in the order the report shows them. */
export const comparedModels = ["first_click", "last_click", ...attributionModels] as const;
export type ComparedModel = (typeof comparedModels)[number];
export const ComparedModel = Schema.Literal(...comparedModels);

/** The levels a comparison is made at. */
export const comparisonLevels = ["taxonomy_1", "taxonomy_2"] as const;
export const ComparisonLevel = Schema.Literal(...comparisonLevels);
export type ComparisonLevel = typeof ComparisonLevel.Type;

/** The call's query: the dates (the performance report's range rules). */
export const ModelComparisonQuery = RangeQuery;

const modelFigures = Schema.Struct(
  Object.fromEntries(comparedModels.map((model) => [model, Schema.Number])) as Record<ComparedModel, typeof Schema.Number>,
);
export type ModelFigures = typeof modelFigures.Type;

/** One channel of the level: its taxonomy path down to the level, and the sales and revenue each model credits it with. */
export const ModelComparisonRow = Schema.Struct({
  taxonomy: Schema.Array(Schema.String),
  sales: modelFigures,
  revenue: modelFigures,
});
export type ModelComparisonRow = typeof ModelComparisonRow.Type;

/** A level-1 channel's Markov removal effect (share of converting journeys lost without it) and its weight. */
export const RemovalEffect = Schema.Struct({ channel: Schema.String, removal_effect: Schema.Number, weight: Schema.Number });
export type RemovalEffect = typeof RemovalEffect.Type;

/** The first-order chain: from each of `from` (start, channels) to each of `to` (channels, conversion, null). */
export const TransitionMatrix = Schema.Struct({
  from: Schema.Array(Schema.String),
  to: Schema.Array(Schema.String),
  probabilities: Schema.Array(Schema.Array(Schema.Number)),
});
export type TransitionMatrix = typeof TransitionMatrix.Type;

export const ModelComparisonResponse = Schema.Struct({
  level: ComparisonLevel,
  data: Schema.Array(ModelComparisonRow),
  total: Schema.Number,
  markov: Schema.Struct({ removal_effects: Schema.Array(RemovalEffect), transitions: TransitionMatrix }),
});
export type ModelComparisonResponse = typeof ModelComparisonResponse.Type;

/** The states of the chain the matrix names beside the channels. */
export const chainStates = { start: "(start)", conversion: "(conversion)", null: "(null)" } as const;

export const modelComparisonTexts = {
  title: "Model Comparison",
  exportKind: "Model Comparison",
  tableName: "Sales and revenue by attribution model",
  level: "Level",
  levels: { taxonomy_1: "Taxonomy 1", taxonomy_2: "Taxonomy 2" } satisfies Record<ComparisonLevel, string>,
  channel: "Channel",
  models: {
    first_click: "First Click",
    last_click: "Last Click",
    ...programTexts.models,
  } satisfies Record<ComparedModel, string>,
  sales: (model: string) => `${model} Sales`,
  revenue: (model: string) => `${model} Revenue`,
  change: (model: string) => `${model} vs Last Click`,
  changePercent: (model: string) => `${model} vs Last Click %`,
  explanationsTitle: "How each model gives credit",
  explanations: {
    first_click: "All the credit goes to the first ad the customer clicked.",
    last_click: "All the credit goes to the last ad the customer clicked before buying.",
    linear: "Every click in the journey gets an equal share.",
    position_based: "The first and last clicks get 40% each; the clicks in between share the other 20%.",
    time_decay: "Clicks closer to the purchase get more: a click's share halves for every 7 days before the last click.",
    markov: "Credit follows how many sales would be lost if the channel were taken out of every journey, learnt from journeys that bought and those that did not.",
    shapley: "Credit is each channel's fair share of the sales of the channel mixes customers saw, averaged over every order channels could join in.",
  } satisfies Record<ComparedModel, string>,
  removalTitle: "Markov removal effects",
  removalEffect: "Removal Effect",
  weight: "Weight",
  matrixTitle: "Markov transition matrix",
  matrixCaption: "The chance of moving from each state (row) to the next (column)",
  from: "From",
  exportData: "Export Data",
} as const;

/** A row of the table: its taxonomy columns, its name and, per model, sales, revenue and the change against last click. */
export type ModelComparisonTableRow = Readonly<Record<string, string | number>> & { readonly name: string };

/** The columns of the table's figures, per model: sales, revenue, change and change percent against last click. */
export const figureColumnsOf = (model: ComparedModel): ReadonlyArray<string> =>
  model === "last_click"
    ? [`${model}_sales`, `${model}_revenue`]
    : [`${model}_sales`, `${model}_revenue`, `${model}_change`, `${model}_change_percent`];

/** The change of a model's revenue against last click's: the difference and its percent of last click's (0 when none). */
export const changeAgainstLastClick = (revenue: number, lastClick: number): { readonly change: number; readonly percent: number } => ({
  change: revenue - lastClick,
  percent: ratio(revenue - lastClick, lastClick) * 100,
});

/** The table's rows of an answer: the channel's name at the level ('None' when empty), its taxonomy columns, the figures. */
export const comparisonTableRows = (answer: ModelComparisonResponse): ReadonlyArray<ModelComparisonTableRow> =>
  answer.data.map((row) => {
    const figures: Record<string, number> = {};
    for (const model of comparedModels) {
      figures[`${model}_sales`] = row.sales[model];
      figures[`${model}_revenue`] = row.revenue[model];
      if (model === "last_click") continue;
      const { change, percent } = changeAgainstLastClick(row.revenue[model], row.revenue.last_click);
      figures[`${model}_change`] = change;
      figures[`${model}_change_percent`] = percent;
    }
    const taxonomy = Object.fromEntries(row.taxonomy.map((value, i) => [comparisonLevels[i] ?? `taxonomy_${i + 1}`, value]));
    return { ...taxonomy, ...figures, name: row.taxonomy.join(" › ") || noneValue };
  });


/** Every figure column of the table, model by model. */
export const figureColumns: ReadonlyArray<string> = comparedModels.flatMap(figureColumnsOf);

/** What the table may be sorted by: the channel's name or any figure. */
export const comparisonSorts: ReadonlyArray<string> = ["name", ...figureColumns];

/** The person's choices, in the URL's query: the level and the table's sort. */
export interface ModelComparisonChoices {
  readonly level: ComparisonLevel;
  readonly sort: string;
  readonly direction: SortDirection;
}

export const modelComparisonQuery: ReportQueryShape<ModelComparisonChoices> = {
  level: oneOfChoice("level", comparisonLevels, "taxonomy_1"),
  sort: oneOfChoice("sort", comparisonSorts, "last_click_revenue"),
  direction: oneOfChoice("order", ["asc", "desc"] as const, "desc"),
};

/** The rows in a sort (a channel 'None' at every level last either way). */
export const sortedComparisonRows = (rows: ReadonlyArray<ModelComparisonTableRow>, sort: string, direction: SortDirection): ReadonlyArray<ModelComparisonTableRow> =>
  sortPathRows(rows, { column: sort, direction });

/** Each figure column's header: 'Markov Revenue', 'Markov vs Last Click', … */
export const figureHeaders: Readonly<Record<string, string>> = Object.fromEntries(
  comparedModels.flatMap((model) => {
    const name = modelComparisonTexts.models[model];
    return [
      [`${model}_sales`, modelComparisonTexts.sales(name)],
      [`${model}_revenue`, modelComparisonTexts.revenue(name)],
      [`${model}_change`, modelComparisonTexts.change(name)],
      [`${model}_change_percent`, modelComparisonTexts.changePercent(name)],
    ];
  }),
);

/** The taxonomy columns of a level's rows (taxonomy_1, and taxonomy_2 at level 2). */
export const levelColumnsOf = (level: ComparisonLevel): ReadonlyArray<ComparisonLevel> => comparisonLevels.slice(0, comparisonLevels.indexOf(level) + 1);

/** What the export holds: the level's taxonomy columns, then every figure, labelled. */
export const comparisonExportOf = (level: ComparisonLevel, rows: ReadonlyArray<ModelComparisonTableRow>) => {
  const taxonomyColumns = levelColumnsOf(level);
  return {
    columns: figureColumns,
    visibleColumns: figureColumns,
    taxonomyColumns,
    labels: { ...figureHeaders, ...taxonomyLabelsOf(taxonomyColumns) },
    rows: rows.map((row) => Object.fromEntries([...taxonomyColumns, ...figureColumns].map((column) => [column, row[column] ?? ""]))),
  };
};
