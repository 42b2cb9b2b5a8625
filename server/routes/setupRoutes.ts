import { Hono } from "hono";
import { LoginResponse } from "../../src/domain/access/auth";
import { FirstAdminRequest, SetupStatus } from "../../src/domain/access/firstRun";
import { createAdmin, newAdminMessages, type NewAdminRefusal } from "../auth/newAdmin";
import { answer, refuse, type Refusal } from "../http/answers";
import { readBody, requireJsonBody } from "../http/requestReading";
import { openSession } from "../http/sessionOpening";
import type { ServerContext } from "../serverContext";
import { programsOf } from "./authRoutes";

/** The ApiError of each refused first-run setup: 409 once an account exists, 400 for bad input. */
export const setupRefusalOf = (refusal: NewAdminRefusal): Refusal => {
  switch (refusal.reason) {
    case "accountsExist":
      return { status: 409, error: "setup_done", message: refusal.message };
    case "taken":
      return { status: 409, error: "account_taken", message: refusal.message };
    case "invalidName":
      return { status: 400, error: "invalid_name", message: refusal.message };
    case "invalidEmail":
      return { status: 400, error: "invalid_email", message: refusal.message };
    case "tooShort":
    case "tooLong":
      return { status: 400, error: "password_too_short", message: refusal.message };
    case "common":
      return { status: 400, error: "password_common", message: refusal.message };
  }
};

/**
 * GET /auth/setup (is the first-run setup needed: no account yet; and is this a demo
 * reachable from other machines, for the login page's warning) and POST /auth/setup
 * (creates the first admin and signs them in, only while no account exists; two at once
 * make exactly one admin, the other is refused with 409 setup_done).
 */
export const setupRoutes = (context: ServerContext, exposedDemo: boolean) => {
  const routes = new Hono();
  const { stores, log } = context;

  routes.get("/", async (c) => answer(c, SetupStatus, { needed: !(await stores.users.anyAccount()), exposed_demo: exposedDemo }));

  routes.post("/", requireJsonBody, async (c) => {
    if (await stores.users.anyAccount()) return refuse(c, setupRefusalOf({ reason: "accountsExist", message: newAdminMessages.accountsExist }));
    const body = await readBody(c, FirstAdminRequest);
    if (!body.ok) return body.response;
    const outcome = await createAdmin(stores.users, body.value, { onlyFirst: true, at: context.clock(), passwordCost: context.passwordCost });
    if ("refused" in outcome) {
      log.info("first-run setup refused", { reason: outcome.refused.reason });
      return refuse(c, setupRefusalOf(outcome.refused));
    }
    log.info("first-run setup: first admin created", { userId: outcome.created.id });
    const token = await openSession(context, outcome.created.id, context.clock());
    return answer(c, LoginResponse, { token, user: outcome.created, programs: await programsOf(context, outcome.created) });
  });

  return routes;
};
