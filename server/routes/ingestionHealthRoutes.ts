import { Hono } from "hono";
import { IngestionHealth } from "../../src/domain/ingestion/ingestionHealth";
import { healthDayOf, ingestionHealthOf } from "../engine/ingestionHealth";
import { requireAdmin } from "../http/access";
import { answer } from "../http/answers";
import type { ProgramEnv } from "../http/env";
import type { ServerContext } from "../serverContext";

/**
 * GET /programs/{program}/ingestion/health, admins only (docs/engine.md, "Ingestion
 * health"): events and orders accepted today in the program's offset, refused and why,
 * the latest arrivals and the processing lag.
 */
export const ingestionHealthRoutes = (context: ServerContext) => {
  const routes = new Hono<ProgramEnv>();
  routes.use("/ingestion/*", requireAdmin);

  routes.get("/ingestion/health", async (c) => {
    const program = c.get("program");
    const now = context.clock();
    const day = healthDayOf(program, now);
    const record = await context.stores.ingestionHealth.health(program.id, day);
    return answer(c, IngestionHealth, { data: ingestionHealthOf(record, day, now) });
  });

  return routes;
};
