import { Hono } from "hono";
import { Schema } from "effect";
import { Ok } from "../../src/domain/access/auth";
import { ColumnMetric, ColumnSetInput, ColumnSetList } from "../../src/domain/performance/columnSets";
import { Created } from "../../src/domain/report/configuration";
import { requireSession } from "../http/access";
import { answer, okValue, refuse } from "../http/answers";
import { readBody } from "../http/requestReading";
import type { SignedInEnv } from "../http/env";
import type { ServerContext } from "../serverContext";
import { configurationRefusals, readId, removeById } from "./configurationRequests";

const isMetric = Schema.is(ColumnMetric);

/** The built-in default set, which may be the favourite but is never stored. */
const defaultSetId = 0;

/**
 * Column sets, per signed-in user (mounted at /column-sets): GET / answers the user's
 * sets and favourite; POST / saves one; DELETE /{id}; POST /{id}/favourite (0 = the
 * built-in default set).
 */
export const columnSetRoutes = (context: ServerContext) => {
  const routes = new Hono<SignedInEnv>();
  const { stores, clock } = context;
  routes.use("*", requireSession(context));

  routes.get("/", async (c) => {
    const { sets, favourite } = await stores.columnSets.ofUser(c.get("user").id);
    return answer(c, ColumnSetList, {
      data: sets.map((set) => ({ id: set.id, name: set.name, columns: set.columns.filter(isMetric) })),
      favourite,
    });
  });

  routes.post("/", async (c) => {
    const input = await readBody(c, ColumnSetInput);
    if (!input.ok) return input.response;
    const id = await stores.columnSets.add(c.get("user").id, input.value.name, input.value.columns, clock());
    if (id === "duplicate") return refuse(c, configurationRefusals.duplicateName, "You already have a column set of that name.");
    return answer(c, Created, { data: { id } });
  });

  routes.delete(
    "/:id",
    removeById(configurationRefusals.columnSetNotFound, (c, id) => stores.columnSets.remove(c.get("user").id, id)),
  );

  routes.post("/:id/favourite", async (c) => {
    let setId = defaultSetId;
    if (c.req.param("id") !== String(defaultSetId)) {
      const id = readId(c, "id", configurationRefusals.columnSetNotFound);
      if (!id.ok) return id.response;
      setId = id.id;
    }
    if (!(await stores.columnSets.setFavourite(c.get("user").id, setId))) {
      return refuse(c, configurationRefusals.columnSetNotFound);
    }
    return answer(c, Ok, okValue);
  });

  return routes;
};

