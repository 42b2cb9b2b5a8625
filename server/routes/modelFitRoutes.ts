import { Hono } from "hono";
import { ModelFitAnswer } from "../../src/domain/settings/modelFit";
import { modelLevels } from "../../src/domain/settings/programSettings";
import { channelTaxonomyOf } from "../engine/modelFitting";
import { requireAdmin } from "../http/access";
import { answer, refuse, refusals } from "../http/answers";
import type { ProgramEnv } from "../http/env";
import type { ServerContext } from "../serverContext";

/**
 * POST /model/fit (admins): fits the program's data-driven model now from its journeys (the engine's `fitModel`:
 * re-attributes when the weights changed) and answers its settings, the weights per channel at its level and when
 * it was fitted; 409 model_not_data_driven for a rule-based model (docs/engine.md, "Data-driven models").
 */
export const modelFitRoutes = (context: ServerContext) => {
  const routes = new Hono<ProgramEnv>();

  routes.post("/model/fit", requireAdmin, async (c) => {
    const fit = await context.stores.modelFitting.fitModel(c.get("program").id);
    if (fit === null || (fit.settings.model !== "markov" && fit.settings.model !== "shapley"))
      return refuse(c, refusals.modelNotDataDriven);
    return answer(c, ModelFitAnswer, {
      data: {
        attribution_model: fit.settings.model,
        model_level: modelLevels[fit.settings.modelLevel - 1] ?? "taxonomy_1",
        markov_order: fit.settings.markovOrder,
        fitted_at: fit.fittedAt,
        weights: fit.weights.map((w) => ({ taxonomy: [...channelTaxonomyOf(w.channel)], weight: w.weight })),
      },
    });
  });

  return routes;
};
