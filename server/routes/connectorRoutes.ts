import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { Ok } from "../../src/domain/access/auth";
import { ListAccountsResponse } from "../../src/domain/connections/connectors";
import { consentPage, consentRefusedPage, consentStyles, externalConnectionPage, googleAds, googleAdsConsent } from "../connectors/googleAdsConsent";
import { requireSession } from "../http/access";
import { answer, okValue, refuse, refuseTooLarge, type Refusal } from "../http/answers";
import type { SignedInEnv } from "../http/env";
import type { ServerContext } from "../serverContext";

export const connectorRefusals = {
  otherUser: { status: 403, error: "forbidden", message: "You can only manage your own connections." },
  invalidState: {
    status: 400,
    error: "invalid_state",
    message: "The connection state is unknown, expired or already used. Start the connection again.",
  },
  accountNotFound: { status: 404, error: "not_found", message: "You have no ad account with that id." },
} as const satisfies Record<string, Refusal>;

/** Largest body accepted (the consent form is tiny). */
const bodySizeLimit = 64 * 1024;

/** The user id of the path when it is the signed-in user's, else null. */
const ownUserId = (c: Context<SignedInEnv>): number | null => {
  const raw = c.req.param("userId") ?? "";
  const user = c.get("user");
  return /^\d{1,12}$/.test(raw) && Number(raw) === user.id ? user.id : null;
};

/** A user id from a form or query: a whole number, or null. */
const userIdOf = (raw: unknown): number | null =>
  typeof raw === "string" && /^\d{1,12}$/.test(raw) ? Number(raw) : null;

/**
 * The connections service, mounted at /connectors (server/README.md, "Connectors service"):
 * GET /adwords/{userId}/listAccounts[?code&state], GET /adwords/{userId}/enableSync/{accountId},
 * GET /adwords/{userId}/disableSync/{accountId} (bearer token; the user id must be the
 * signed-in user's), and the simulated consent page GET /consent/google-ads?state&user
 * with its form POST /consent/google-ads/grant (authorised by the state), and the simulated
 * external pages GET /facebook/connect?svid and GET /microsoft-ads/connect?svid.
 */
export const connectorRoutes = (context: ServerContext) => {
  const routes = new Hono<SignedInEnv>();
  const { stores, clock, publicUrl } = context;
  const consent = googleAdsConsent(context);
  const connectionPage = `${publicUrl}/account/connections/google-ads`;
  routes.use("*", bodyLimit({ maxSize: bodySizeLimit, onError: (c) => refuseTooLarge(c, "The request body is too large.") }));

  routes.get("/adwords/:userId/listAccounts", requireSession(context), async (c) => {
    const userId = ownUserId(c);
    if (userId === null) return refuse(c, connectorRefusals.otherUser);
    const code = c.req.query("code");
    const state = c.req.query("state");
    if (code !== undefined || state !== undefined) {
      if (!code || !state || !(await consent.redeem(userId, state, code, clock()))) {
        return refuse(c, connectorRefusals.invalidState);
      }
    }
    if (!(await stores.connectors.hasGrant(userId, googleAds))) {
      return answer(c, ListAccountsResponse, { redirect_to: await consent.consentLink(userId) });
    }
    return answer(c, ListAccountsResponse, await stores.connectors.accounts(userId, googleAds));
  });

  const switchSync = (active: boolean) =>
    async (c: Context<SignedInEnv>): Promise<Response> => {
      const userId = ownUserId(c);
      if (userId === null) return refuse(c, connectorRefusals.otherUser);
      const accountId = c.req.param("accountId") ?? "";
      if (accountId.length > 100 || !(await stores.connectors.setActive(userId, googleAds, accountId, active))) {
        return refuse(c, connectorRefusals.accountNotFound);
      }
      return answer(c, Ok, okValue);
    };
  routes.get("/adwords/:userId/enableSync/:accountId", requireSession(context), switchSync(true));
  routes.get("/adwords/:userId/disableSync/:accountId", requireSession(context), switchSync(false));

  routes.get("/consent.css", (c) => c.body(consentStyles, 200, { "Content-Type": "text/css; charset=utf-8" }));

  // The simulated pages of the platforms connected on their own sites, opened with svid = the user id.
  const externalPlatforms: Readonly<Record<string, string>> = { facebook: "Facebook", "microsoft-ads": "Microsoft Advertising" };
  routes.get("/:platform/connect", (c) => {
    const platform = externalPlatforms[c.req.param("platform")];
    const svid = userIdOf(c.req.query("svid"));
    if (platform === undefined || svid === null) return c.html(consentRefusedPage(`${publicUrl}/account/connections`), 400);
    return c.html(externalConnectionPage(platform, String(svid), `${publicUrl}/account/connections`));
  });

  routes.get("/consent/google-ads", async (c) => {
    const state = c.req.query("state") ?? "";
    const userId = userIdOf(c.req.query("user"));
    if (userId === null || (await consent.judge(state, userId, clock())) !== "open") {
      return c.html(consentRefusedPage(connectionPage), 400);
    }
    return c.html(consentPage(state, userId, connectionPage));
  });

  routes.post("/consent/google-ads/grant", async (c) => {
    let form: Record<string, unknown>;
    try {
      form = await c.req.parseBody();
    } catch {
      return c.html(consentRefusedPage(connectionPage), 400);
    }
    const state = typeof form["state"] === "string" ? form["state"] : "";
    const userId = userIdOf(form["user"]);
    // Once per state; the grant itself is written when listAccounts redeems code and state for this user.
    if (userId === null || !(await consent.allow(state, userId, clock()))) {
      return c.html(consentRefusedPage(connectionPage), 400);
    }
    return c.redirect(consent.returnLink(state), 303);
  });

  return routes;
};
