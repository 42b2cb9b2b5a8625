import type { DataDrivenModel, MarkovOrder } from "../../src/domain/settings/programSettings";
import type { FittingPath, StoredModelWeights } from "../warehouse/engineQueries";

/** A channel's taxonomy path (for the routes, which may not import the warehouse). */
export { channelTaxonomyOf } from "../warehouse/engineQueries";
import { markovWeights, shapleyWeights } from "./dataDrivenModels";

/**
 * Fitting a program's data-driven model (docs/engine.md, "Data-driven models"): the weights of its channels at
 * the model's level (taxonomy_1, or taxonomy_1 and taxonomy_2) learnt from its journeys of the last 90 days (up
 * to its newest order or click), stored in model_weights, which the attribution SQL joins to split each order's
 * credit.
 */

/** The journeys a model learns from: those of the last 90 days of the program's data. */
export const fittingWindowDays = 90;

/** New data is fitted at most this often (a fit also follows every re-attribution and runs on demand). */
export const defaultFitEveryMs = 15 * 60_000;

/** The weights of `model` fitted on the paths, by channel (a Markov chain of `markovOrder`). */
export const fittedWeights = (model: DataDrivenModel, paths: ReadonlyArray<FittingPath>, markovOrder: MarkovOrder = 1): StoredModelWeights => ({
  model,
  weights: (model === "markov" ? markovWeights(paths, markovOrder) : shapleyWeights(paths))
    .map((w) => ({ channel: w.channel, weight: w.weight }))
    .sort((a, b) => (a.channel < b.channel ? -1 : a.channel > b.channel ? 1 : 0)),
});

/** Whether two fits give the same credits (the same model and channels, weights equal to 1e-12). */
export const sameWeights = (a: StoredModelWeights | null, b: StoredModelWeights): boolean => {
  if (a === null || a.model !== b.model || a.weights.length !== b.weights.length) return false;
  const stored = new Map(a.weights.map((w) => [w.channel, w.weight] as const));
  return b.weights.every((w) => {
    const other = stored.get(w.channel);
    return other !== undefined && Math.abs(other - w.weight) <= 1e-12;
  });
};
