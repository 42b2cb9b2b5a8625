import { Hono } from "hono";
import { Ok } from "../../src/domain/access/auth";
import { Created, isCalendarDate, isMonday } from "../../src/domain/report/configuration";
import { SeasonalityList, SeasonalityTypeInput, SeasonalityWeekTag } from "../../src/domain/seasonality/seasonality";
import { answer, okValue, refuse } from "../http/answers";
import { readBody } from "../http/requestReading";
import type { ProgramEnv } from "../http/env";
import type { ServerContext } from "../serverContext";
import { configurationRefusals, readRange, removeAuthoredById } from "./configurationRequests";

/** The week of the path: a Monday written YYYY-MM-DD, or null. */
const weekOf = (raw: string | undefined): string | null =>
  raw !== undefined && isCalendarDate(raw) && isMonday(raw) ? raw : null;

/**
 * Seasonality (the diminishing-returns chart's week tags): GET /seasonality?date_from&date_to,
 * POST /seasonality/types, DELETE /seasonality/types/{id} (its creator or an admin; 403 otherwise),
 * PUT /seasonality/weeks/{monday} {type_id}, DELETE /seasonality/weeks/{monday}.
 */
export const seasonalityRoutes = (context: ServerContext) => {
  const routes = new Hono<ProgramEnv>();
  const { stores } = context;

  routes.get("/seasonality", async (c) => {
    const range = readRange(c);
    if (!range.ok) return range.response;
    return answer(c, SeasonalityList, { data: await stores.seasonality.typesWithWeeks(c.get("program").id, range.range) });
  });

  routes.post("/seasonality/types", async (c) => {
    const input = await readBody(c, SeasonalityTypeInput);
    if (!input.ok) return input.response;
    const id = await stores.seasonality.addType(c.get("program").id, input.value.name, c.get("user").id);
    if (id === "duplicate") return refuse(c, configurationRefusals.duplicateName, "This program already has a seasonality type of that name.");
    return answer(c, Created, { data: { id } });
  });

  routes.delete(
    "/seasonality/types/:id",
    removeAuthoredById(configurationRefusals.seasonalityTypeNotFound, (c, id, actor) => stores.seasonality.removeType(c.get("program").id, id, actor)),
  );

  routes.put("/seasonality/weeks/:week", async (c) => {
    const week = weekOf(c.req.param("week"));
    if (week === null) return refuse(c, configurationRefusals.invalidWeek);
    const input = await readBody(c, SeasonalityWeekTag);
    if (!input.ok) return input.response;
    if (!(await stores.seasonality.tagWeek(c.get("program").id, week, input.value.type_id))) {
      return refuse(c, configurationRefusals.seasonalityTypeNotFound);
    }
    return answer(c, Ok, okValue);
  });

  routes.delete("/seasonality/weeks/:week", async (c) => {
    const week = weekOf(c.req.param("week"));
    if (week === null) return refuse(c, configurationRefusals.invalidWeek);
    await stores.seasonality.untagWeek(c.get("program").id, week);
    return answer(c, Ok, okValue);
  });

  return routes;
};
