import { Hono, type Context } from "hono";
import { Schema } from "effect";
import { ComparisonLevel, ModelComparisonQuery, ModelComparisonResponse } from "../../src/domain/modelComparison/modelComparison";
import { modelComparison } from "../engine/modelComparison";
import { validOrders } from "../engine/reports";
import { answer, refuse, refusals } from "../http/answers";
import type { ProgramEnv } from "../http/env";
import { readQuery } from "../http/requestReading";
import type { ServerContext } from "../serverContext";

const isLevel = Schema.is(ComparisonLevel);

/**
 * `GET /programs/{program}/model-comparison[/{level}]?date_from&date_to` (members of the program): per channel of
 * the level (taxonomy_1 when absent, or taxonomy_2), the valid orders converting in the range credited by every
 * model, and the Markov model's removal effects and transition matrix (engine/modelComparison.ts).
 */
export const modelComparisonRoutes = (context: ServerContext) => {
  const { analysis, modelInputs } = context.stores;
  const routes = new Hono<ProgramEnv>();

  const compare = async (c: Context<ProgramEnv>, level: string) => {
    if (!isLevel(level)) return refuse(c, refusals.notFound);
    const query = readQuery(c, ModelComparisonQuery);
    if (!query.ok) return query.response;
    const scope = { programId: c.get("program").id, from: query.value.date_from, to: query.value.date_to, orders: validOrders, level };
    return answer(c, ModelComparisonResponse, await modelComparison({ analysis, modelInputs }, scope));
  };

  routes.get("/", (c) => compare(c, "taxonomy_1"));
  routes.get("/:level", (c) => compare(c, c.req.param("level")));
  return routes;
};
