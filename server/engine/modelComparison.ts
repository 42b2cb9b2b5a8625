import {
  chainStates,
  comparedModels,
  comparisonLevels,
  type ComparedModel,
  type ComparisonLevel,
  type ModelComparisonResponse,
  type ModelComparisonRow,
} from "../../src/domain/modelComparison/modelComparison";
import type { OrderRule } from "../../src/domain/performance/performance";
import type { DataDrivenModel } from "../../src/domain/settings/programSettings";
import type { AnalysisQueries, ComparisonTouch } from "../warehouse/analysisQueries";
import { channelTaxonomyOf, type AttributionQueries, type FittingPath } from "../warehouse/engineQueries";
import { journeyCredits } from "./attribution";
import { markovChainOf, markovWeights } from "./dataDrivenModels";
import { fittedWeights, fittingWindowDays } from "./modelFitting";

/**
 * The model comparison (docs/engine.md, "Model comparison"): each order converting in the range credited by every
 * model with the engine's own rules (`journeyCredits`, as the attribution SQL credits a program's model), summed per
 * channel of the level. The data-driven models use the program's stored weights when it is set to that model (so
 * the column equals its reports), else weights fitted now from its journeys of the default window by the engine's
 * fitting (`fittedWeights`); touches split by level-1 weights as the program's credit is.
 */

/** What the comparison reads: the orders' touches, and the program's journeys and stored weights. */
export interface ModelComparisonSources {
  readonly analysis: Pick<AnalysisQueries, "comparisonTouches">;
  readonly modelInputs: Pick<AttributionQueries, "fittingPaths" | "modelWeights">;
}

export interface ModelComparisonScope {
  readonly programId: number;
  readonly from: string;
  readonly to: string;
  readonly orders: ReadonlyArray<OrderRule>;
  readonly level: ComparisonLevel;
}

/** Each data-driven model's weight per level-1 channel: the stored fit when it is that model's, else a fit of `paths`. */
const weightsByModel = async (
  sources: ModelComparisonSources,
  programId: number,
  paths: ReadonlyArray<FittingPath>,
): Promise<Readonly<Record<DataDrivenModel, ReadonlyMap<string, number>>>> => {
  const stored = await sources.modelInputs.modelWeights(programId);
  const weightsOf = (model: DataDrivenModel): ReadonlyMap<string, number> => {
    // the comparison is at level-1 channels: a program's fit at level 2 is not that model's level-1 weights
    const storedAtLevel1 = stored !== null && stored.weights.every((w) => channelTaxonomyOf(w.channel).length === 1);
    const fit = stored !== null && stored.model === model && storedAtLevel1 ? stored : fittedWeights(model, paths);
    return new Map(fit.weights.map((w) => [w.channel, w.weight] as const));
  };
  return { markov: weightsOf("markov"), shapley: weightsOf("shapley") };
};

/** The touches grouped by order, in the order they come (each order's oldest first). */
const byOrder = (touches: ReadonlyArray<ComparisonTouch>): ReadonlyArray<ReadonlyArray<ComparisonTouch>> => {
  const orders = new Map<string, ComparisonTouch[]>();
  for (const touch of touches) {
    const journey = orders.get(touch.orderId);
    if (journey === undefined) orders.set(touch.orderId, [touch]);
    else journey.push(touch);
  }
  return [...orders.values()];
};

/** Credit of each touch of a journey under `model` (first and last click from the same rules). */
const creditsOf = (
  journey: ReadonlyArray<ComparisonTouch>,
  model: ComparedModel,
  weights: Readonly<Record<DataDrivenModel, ReadonlyMap<string, number>>>,
): ReadonlyArray<number> => {
  const times = journey.map((t) => t.ts);
  if (model === "first_click") return journeyCredits(times, "linear").map((c) => c.first);
  if (model === "last_click") return journeyCredits(times, "linear").map((c) => c.last);
  if (model === "markov" || model === "shapley") {
    const channelWeights = weights[model];
    return journeyCredits(times, model, journey.map((t) => channelWeights.get(t.taxonomy[0]) ?? 0)).map((c) => c.attributed);
  }
  return journeyCredits(times, model).map((c) => c.attributed);
};

const zeros = (): Record<ComparedModel, number> => Object.fromEntries(comparedModels.map((m) => [m, 0])) as Record<ComparedModel, number>;

/** Sorts taxonomy paths by their values, 'None' last at each level. */
const byPath = (a: ReadonlyArray<string>, b: ReadonlyArray<string>): number => {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i] ?? "";
    const y = b[i] ?? "";
    if (x === y) continue;
    if (x === "None") return 1;
    if (y === "None") return -1;
    return x < y ? -1 : 1;
  }
  return 0;
};

/** The comparison's rows: per channel of the level, the sales and revenue each model credits it with. */
export const comparisonRows = (
  touches: ReadonlyArray<ComparisonTouch>,
  level: ComparisonLevel,
  weights: Readonly<Record<DataDrivenModel, ReadonlyMap<string, number>>>,
): ReadonlyArray<ModelComparisonRow> => {
  const depth = comparisonLevels.indexOf(level) + 1;
  const rows = new Map<string, { taxonomy: ReadonlyArray<string>; sales: Record<ComparedModel, number>; revenue: Record<ComparedModel, number> }>();
  const rowOf = (touch: ComparisonTouch) => {
    const taxonomy = touch.taxonomy.slice(0, depth);
    const key = JSON.stringify(taxonomy);
    const row = rows.get(key) ?? { taxonomy, sales: zeros(), revenue: zeros() };
    rows.set(key, row);
    return row;
  };
  for (const journey of byOrder(touches)) {
    const targets = journey.map(rowOf);
    for (const model of comparedModels) {
      creditsOf(journey, model, weights).forEach((credit, i) => {
        const row = targets[i]!;
        row.sales[model] += credit;
        row.revenue[model] += credit * journey[i]!.amount;
      });
    }
  }
  return [...rows.values()].sort((a, b) => byPath(a.taxonomy, b.taxonomy));
};

/** The Markov model behind the weights: each level-1 channel's removal effect and weight, and the chain's transitions. */
export const markovDetail = (paths: ReadonlyArray<FittingPath>): ModelComparisonResponse["markov"] => {
  const chain = markovChainOf(paths);
  const channels = chain.states.slice(1);
  return {
    removal_effects: markovWeights(paths).map((w) => ({ channel: w.channel, removal_effect: w.effect, weight: w.weight })),
    transitions: {
      from: [chainStates.start, ...channels],
      to: [...channels, chainStates.conversion, chainStates.null],
      probabilities: chain.states.map((_, i) => [...chain.transition[i]!.slice(1), chain.toConversion[i]!, chain.toNull[i]!]),
    },
  };
};

/** The whole answer of `GET /programs/{program}/model-comparison/{level}`. */
export const modelComparison = async (sources: ModelComparisonSources, scope: ModelComparisonScope): Promise<ModelComparisonResponse> => {
  const paths = await sources.modelInputs.fittingPaths(scope.programId, fittingWindowDays, 1);
  const weights = await weightsByModel(sources, scope.programId, paths);
  const touches = await sources.analysis.comparisonTouches(scope.programId, scope.from, scope.to, scope.orders);
  const data = comparisonRows(touches, scope.level, weights);
  return { level: scope.level, data, total: data.length, markov: markovDetail(paths) };
};
