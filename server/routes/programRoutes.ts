import { Hono } from "hono";
import { Ok } from "../../src/domain/access/auth";
import { MessageList } from "../../src/domain/shell/message";
import { ProgramList } from "../../src/domain/shell/program";
import { requireProgramAccess, requireSession } from "../http/access";
import { answer, okValue } from "../http/answers";
import type { ProgramEnv, SignedInEnv } from "../http/env";
import type { ServerContext } from "../serverContext";
import { programsOf } from "./authRoutes";
import { analysisRoutes } from "./analysisRoutes";
import { annotationRoutes } from "./annotationRoutes";
import { classificationRoutes } from "./classificationRoutes";
import { costRoutes } from "./costRoutes";
import { customReportRoutes } from "./customReportRoutes";
import { modelComparisonRoutes } from "./modelComparisonRoutes";
import { modelFitRoutes } from "./modelFitRoutes";
import { performanceRoutes } from "./performanceRoutes";
import { seasonalityRoutes } from "./seasonalityRoutes";
import { settingsRoutes } from "./settingsRoutes";
import { writeKeyRoutes } from "./writeKeyRoutes";
import { ingestionHealthRoutes } from "./ingestionHealthRoutes";

/**
 * Everything under /programs/{program}/: one router whose every route has passed the
 * session and membership checks, with `program` set. New program routes (reports, costs,
 * annotations, ...) are added here, or mounted here with `scoped.route(...)`.
 */
export const programScopedRoutes = (context: ServerContext) => {
  const scoped = new Hono<ProgramEnv>();
  scoped.use("*", requireSession(context), requireProgramAccess(context));

  scoped.get("/health", (c) => answer(c, Ok, okValue));

  scoped.get("/messages", async (c) =>
    answer(c, MessageList, { data: await context.stores.messages.forProgram(c.get("program").id, c.get("user").id) }),
  );

  scoped.route("/", costRoutes(context));
  scoped.route("/", annotationRoutes(context));
  scoped.route("/", seasonalityRoutes(context));
  scoped.route("/", settingsRoutes(context));
  scoped.route("/", customReportRoutes(context));
  scoped.route("/", classificationRoutes(context));
  scoped.route("/", writeKeyRoutes(context));
  scoped.route("/", ingestionHealthRoutes(context));
  scoped.route("/performance", performanceRoutes(context));
  scoped.route("/performance", analysisRoutes(context));
  scoped.route("/model-comparison", modelComparisonRoutes(context));
  scoped.route("/", modelFitRoutes(context));

  return scoped;
};

/** GET /programs and the program-scoped routes. */
export const programRoutes = (context: ServerContext) => {
  const routes = new Hono<SignedInEnv>();

  routes.get("/", requireSession(context), async (c) =>
    answer(c, ProgramList, { data: await programsOf(context, c.get("user")) }),
  );

  routes.route("/:program", programScopedRoutes(context));
  return routes;
};
