import { Hono } from "hono";
import { AnnotationInput, AnnotationList } from "../../src/domain/performance/annotations";
import { Created } from "../../src/domain/report/configuration";
import { answer } from "../http/answers";
import { readBody } from "../http/requestReading";
import type { ProgramEnv } from "../http/env";
import type { ServerContext } from "../serverContext";
import { mayChange } from "../../src/domain/access/authorship";
import { actorOf, configurationRefusals, readRange, removeAuthoredById } from "./configurationRequests";

/**
 * Campaign notes: GET /annotations?date_from&date_to, POST /annotations,
 * DELETE /annotations/{id}. Any member (or admin) may add notes; only a note's author or an
 * admin may remove it (403 otherwise), and the list says which each person may (`can_delete`).
 */
export const annotationRoutes = (context: ServerContext) => {
  const routes = new Hono<ProgramEnv>();
  const { stores, clock } = context;

  routes.get("/annotations", async (c) => {
    const range = readRange(c);
    if (!range.ok) return range.response;
    const program = c.get("program");
    const notes = await stores.annotations.inRange(program.id, range.range);
    const actor = actorOf(c);
    return answer(c, AnnotationList, {
      data: notes.map(({ createdBy, ...note }) => ({ ...note, programcode: program.code, can_delete: mayChange(actor, createdBy) })),
    });
  });

  routes.post("/annotations", async (c) => {
    const input = await readBody(c, AnnotationInput);
    if (!input.ok) return input.response;
    const id = await stores.annotations.add(
      c.get("program").id,
      { date: input.value.date, colour: input.value.colour.toLowerCase(), text: input.value.text.trim() },
      c.get("user").id,
      clock(),
    );
    return answer(c, Created, { data: { id } });
  });

  routes.delete(
    "/annotations/:id",
    removeAuthoredById(configurationRefusals.annotationNotFound, (c, id, actor) => stores.annotations.remove(c.get("program").id, id, actor)),
  );

  return routes;
};
