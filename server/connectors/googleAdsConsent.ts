import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { issueToken, isTokenShaped, tokenDigest } from "../auth/tokens";
import type { ServerContext } from "../serverContext";
import type { ConnectorPlatform } from "../engine/stores";

/**
 * The simulated consent step of the search-ads platform (the ad platforms cannot be
 * reached from here; server/README.md, "Connectors service"). listAccounts issues a random 128-bit `state` (stored as its SHA-256) and
 * sends the browser to the local consent page; "Allow" (once per state) records that the
 * state was allowed and returns to the connection page with `code` and `state`; only when
 * listAccounts redeems that pair for the same user is the state used up and the grant
 * written, so no account is listed before the code and state were redeemed.
 *
 * The consent page cannot see the app's bearer token (it is a browser navigation), so,
 * like a real platform's consent screen behind its own sign-in, it is authorised by the
 * state: only the signed-in user who asked for it holds it. `code` is an HMAC of the
 * state under a key drawn when the app starts, so it needs no storage and cannot be
 * made up; a restart voids open round trips (they last at most 10 minutes anyway).
 */

export const googleAds: ConnectorPlatform = "google-ads";

/** How long a state may be used after it was issued. */
export const consentStateLifetimeMs = 10 * 60_000;

/**
 * What a state is good for now: `open` (issued, not yet allowed: the consent page and
 * 'Allow'), `allowed` ('Allow' was pressed: redeemable once with its code), or why
 * neither.
 */
export type StateVerdict = "open" | "allowed" | "unknown" | "other_user" | "used" | "expired";

export interface GoogleAdsConsent {
  /** Issues a state for the user and answers where the browser should go to grant access. */
  consentLink(userId: number): Promise<string>;
  /** What the state is good for, for the user at `now`. */
  judge(state: string, userId: number, now: number): Promise<StateVerdict>;
  /** 'Allow' on the consent page: true when the state was open for the user and is now allowed (once). */
  allow(state: string, userId: number, now: number): Promise<boolean>;
  /** The code returned with a state to the connection page. */
  codeFor(state: string): string;
  /** Where "Allow" sends the browser back to. */
  returnLink(state: string): string;
  /** Checks code and an allowed state of the user, uses the state up and writes the grant; true when the round trip completes now. */
  redeem(userId: number, state: string, code: string, now: number): Promise<boolean>;
}

export const googleAdsConsent = (context: ServerContext): GoogleAdsConsent => {
  const { stores, clock, publicUrl } = context;
  const codeKey = randomBytes(32);

  const codeFor = (state: string): string => createHmac("sha256", codeKey).update(state).digest("hex").slice(0, 32);

  const judge = async (state: string, userId: number, now: number): Promise<StateVerdict> => {
    if (!isTokenShaped(state)) return "unknown";
    const stored = await stores.connectors.findState(tokenDigest(state));
    if (!stored || stored.platform !== googleAds) return "unknown";
    if (stored.userId !== userId) return "other_user";
    if (stored.usedAt !== null) return "used";
    if (now - stored.issuedAt >= consentStateLifetimeMs || now < stored.issuedAt) return "expired";
    return stored.allowedAt === null ? "open" : "allowed";
  };

  return {
    consentLink: async (userId) => {
      const state = issueToken();
      await stores.connectors.issueState({ stateDigest: tokenDigest(state), userId, platform: googleAds, issuedAt: clock() });
      return `${publicUrl}/connectors/consent/google-ads?state=${state}&user=${userId}`;
    },
    judge,
    allow: async (state, userId, now) =>
      (await judge(state, userId, now)) === "open" && (await stores.connectors.allowState(tokenDigest(state), now)),
    codeFor,
    returnLink: (state) => `${publicUrl}/account/connections/google-ads?code=${codeFor(state)}&state=${state}`,
    redeem: async (userId, state, code, now) => {
      if ((await judge(state, userId, now)) !== "allowed") return false;
      const expected = Buffer.from(codeFor(state));
      const given = Buffer.from(code);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
      return stores.connectors.redeemState(tokenDigest(state), userId, now);
    },
  };
};

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch] ?? ch);

/**
 * The simulated pages' style sheet, served as a file of its own: the Content Security
 * Policy (`style-src 'self'`) refuses an inline `<style>`.
 */
export const consentStylesPath = "/connectors/consent.css";
export const consentStyles = `body { font-family: system-ui, sans-serif; background: #f4f6f8; color: #1f2933; margin: 0; }
main { max-width: 28rem; margin: 4rem auto; background: #fff; padding: 2rem; border-radius: 8px; box-shadow: 0 1px 4px rgba(0,0,0,.12); }
h1 { font-size: 1.4rem; margin-top: 0; }
button { background: #2799ff; color: #fff; border: 0; border-radius: 4px; padding: .6rem 1.4rem; font-size: 1rem; cursor: pointer; }
.actions { display: flex; gap: 1rem; align-items: center; }
`;

const page = (title: string, body: string): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${consentStylesPath}">
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;

/** The consent page: plain HTML, no script (the Content Security Policy forbids inline scripts). */
export const consentPage = (state: string, userId: number, cancelLink: string): string =>
  page(
    "Connect Google Ads (simulated)",
    `<h1>Connect Google Ads</h1>
<p>Attribution analytics asks to list your Google Ads accounts and to switch their cost sync on or off.</p>
<p><small>This is a local simulation of the platform's consent screen.</small></p>
<form method="post" action="/connectors/consent/google-ads/grant" class="actions">
<input type="hidden" name="state" value="${escapeHtml(state)}">
<input type="hidden" name="user" value="${escapeHtml(String(userId))}">
<button type="submit">Allow</button>
<a href="${escapeHtml(cancelLink)}">Cancel</a>
</form>`,
  );

/** The page for a consent link that is unknown, used or expired. */
export const consentRefusedPage = (backLink: string): string =>
  page(
    "Connection link not valid",
    `<h1>That link is not valid</h1>
<p>This consent link is unknown, has expired or was already used. Go back to the connection page and start again.</p>
<p><a href="${escapeHtml(backLink)}">Back to the connection</a></p>`,
  );

/**
 * The simulated external connection page of a platform whose connection is made on its own
 * site (the social platform, the second search platform): the app opens it with `svid` =
 * the user id, and it names who asked and links back to the connections overview.
 */
export const externalConnectionPage = (platform: string, svid: string, backLink: string): string =>
  page(
    `Connect ${platform} (simulated)`,
    `<h1>Connect ${escapeHtml(platform)}</h1>
<p>The connection to ${escapeHtml(platform)} is made on ${escapeHtml(platform)}'s own pages, for Attribution user ${escapeHtml(svid)}.</p>
<p><small>This is a local simulation of the platform's page.</small></p>
<p><a href="${escapeHtml(backLink)}">Back to the connections</a></p>`,
  );
