import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Schema } from "effect";
import { Ok } from "../../src/domain/access/auth";
import { ConnectionAccountList, ConnectionRedirect, ListAccountsResponse, isConnectionRedirect } from "../../src/domain/connections/connectors";
import { decoded, expectRefusal, minute, openContractApp, strangerToken, type ContractApp } from "./contractApp";
import { signInAs, type SignedIn } from "./accountSupport";

const testAccounts = [
  { accountId: "test-100-200-3001", account_name: "Test brand account", active: true },
  { accountId: "test-100-200-3002", account_name: "Test generic account", active: false },
];

describe("the connections service (search-ads platform)", () => {
  let t: ContractApp;
  let demo: SignedIn;
  let other: SignedIn;
  let admin: SignedIn;
  beforeAll(async () => {
    t = await openContractApp();
    [demo, other, admin] = await Promise.all([signInAs(t, "demo"), signInAs(t, "other"), signInAs(t, "admin")]);
    await t.warehouse.connectors.addAccounts(demo.id, "google-ads", testAccounts);
  });
  afterAll(() => t.close());

  const listAccounts = (who: SignedIn, query = "") =>
    t.call("GET", `/connectors/adwords/${who.id}/listAccounts${query}`, { token: who.token });

  /** Asks for the redirect and answers the state and user of the consent link. */
  const consentLink = async (who: SignedIn): Promise<URL> => {
    const answer = decoded(await listAccounts(who), ListAccountsResponse);
    if (!isConnectionRedirect(answer)) throw new Error("expected a redirect before access is granted");
    return new URL(answer.redirect_to);
  };

  /** Posts "Allow" on the consent page and answers the return link. */
  const allow = async (state: string, userId: number) => {
    const response = await t.app.request("/connectors/consent/google-ads/grant", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ state, user: String(userId) }).toString(),
    });
    return response;
  };

  it("answers 401 without a session and 403 for another user's id (even an admin's)", async () => {
    for (const path of [`/connectors/adwords/${demo.id}/listAccounts`, `/connectors/adwords/${demo.id}/enableSync/x`, `/connectors/adwords/${demo.id}/disableSync/x`]) {
      expectRefusal(await t.call("GET", path), 401, "unauthorized");
      expectRefusal(await t.call("GET", path, { token: strangerToken }), 401, "unauthorized");
      expectRefusal(await t.call("GET", path, { token: other.token }), 403, "forbidden");
      expectRefusal(await t.call("GET", path, { token: admin.token }), 403, "forbidden");
    }
    expectRefusal(await t.call("GET", "/connectors/adwords/me/listAccounts", { token: demo.token }), 403, "forbidden");
  });

  it("goes through consent once, then lists the accounts; the state is single use", async () => {
    const link = await consentLink(demo);
    expect(`${link.origin}${link.pathname}`).toBe("http://app.test/connectors/consent/google-ads");
    const state = link.searchParams.get("state") ?? "";
    expect(state).toMatch(/^[0-9a-f]{32}$/);
    expect(link.searchParams.get("user")).toBe(String(demo.id));

    const page = await t.app.request(`${link.pathname}${link.search}`);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(page.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(page.headers.get("Content-Security-Policy")).toContain("script-src 'self'");
    expect(html).toContain('action="/connectors/consent/google-ads/grant"');
    expect(html).toContain(">Allow</button>");
    expect(html).not.toMatch(/<script|onclick=|javascript:/i);
    // Its style is a file, as the Content Security Policy allows (no inline <style>).
    expect(html).not.toMatch(/<style|style=/i);
    expect(html).toContain('<link rel="stylesheet" href="/connectors/consent.css">');
    const styles = await t.app.request("/connectors/consent.css");
    expect(styles.status).toBe(200);
    expect(styles.headers.get("Content-Type")).toMatch(/^text\/css/);
    expect(await styles.text()).toContain("max-width: 28rem");

    // Not granted yet: a second call still asks for consent, with a new state.
    const again = await consentLink(demo);
    expect(again.searchParams.get("state")).not.toBe(state);

    const granted = await allow(state, demo.id);
    expect(granted.status).toBe(303);
    const back = new URL(granted.headers.get("Location") ?? "");
    expect(`${back.origin}${back.pathname}`).toBe("http://app.test/account/connections/google-ads");
    expect(back.searchParams.get("state")).toBe(state);
    const code = back.searchParams.get("code") ?? "";
    expect(code).toMatch(/^[0-9a-f]{32}$/);

    const query = `?code=${code}&state=${state}`;
    const accounts = decoded(await listAccounts(demo, query), ConnectionAccountList);
    expect(accounts).toEqual(expect.arrayContaining(testAccounts));
    expectRefusal(await listAccounts(demo, query), 400, "invalid_state");
    // Once granted, a call without code and state answers the list.
    expect(decoded(await listAccounts(demo), ConnectionAccountList)).toEqual(accounts);
    // The used state no longer opens the consent page.
    const stale = await t.app.request(`${link.pathname}${link.search}`);
    expect(stale.status).toBe(400);
  });

  it("refuses unknown, forged, half, expired and other users' states with 400", async () => {
    const link = await consentLink(other);
    const state = link.searchParams.get("state") ?? "";
    const granted = await allow(state, other.id);
    const code = new URL(granted.headers.get("Location") ?? "").searchParams.get("code") ?? "";
    expectRefusal(await listAccounts(other, `?code=${code}&state=${"0".repeat(32)}`), 400, "invalid_state");
    expectRefusal(await listAccounts(other, `?code=${"f".repeat(32)}&state=${state}`), 400, "invalid_state");
    expectRefusal(await listAccounts(other, `?code=${code}`), 400, "invalid_state");
    expectRefusal(await listAccounts(other, `?state=${state}`), 400, "invalid_state");
    expectRefusal(await listAccounts(other, `?code=${code}&state=not-a-state`), 400, "invalid_state");
    expectRefusal(await listAccounts(demo, `?code=${code}&state=${state}`), 400, "invalid_state");
    // None of those used the state up.
    decoded(await listAccounts(other, `?code=${code}&state=${state}`), ConnectionAccountList);
    expect(decoded(await listAccounts(other), ConnectionAccountList)).toEqual([]);

    const late = await signInAs(t, "analyst1");
    const lateLink = await consentLink(late);
    const lateState = lateLink.searchParams.get("state") ?? "";
    const lateCode = new URL((await allow(lateState, late.id)).headers.get("Location") ?? "").searchParams.get("code") ?? "";
    t.clock.advance(11 * minute);
    expectRefusal(await listAccounts(late, `?code=${lateCode}&state=${lateState}`), 400, "invalid_state");
  });

  it("refuses the consent page and the grant for unknown states or another user", async () => {
    const analyst = await signInAs(t, "analyst2");
    const link = await consentLink(analyst);
    const state = link.searchParams.get("state") ?? "";
    for (const query of [`?state=${"a".repeat(32)}&user=${analyst.id}`, `?state=${state}&user=${demo.id}`, `?state=${state}`, ""]) {
      const page = await t.app.request(`/connectors/consent/google-ads${query}`);
      expect(page.status).toBe(400);
      expect(await page.text()).not.toMatch(/<script/i);
    }
    expect((await allow(state, demo.id)).status).toBe(400);
    expect((await allow("nope", analyst.id)).status).toBe(400);
    // Nothing was granted: the analyst is still asked for consent.
    expect(Schema.is(ConnectionRedirect)(decoded(await listAccounts(analyst), ListAccountsResponse))).toBe(true);
    t.clock.advance(11 * minute);
    expect((await t.app.request(`${link.pathname}${link.search}`)).status).toBe(400);
    expect((await allow(state, analyst.id)).status).toBe(400);
  });

  it("lists nothing after 'Allow' until this user redeems the code and state", async () => {
    const analyst = admin;
    await t.warehouse.connectors.addAccounts(analyst.id, "google-ads", testAccounts);
    const state = (await consentLink(analyst)).searchParams.get("state") ?? "";
    const code = new URL((await allow(state, analyst.id)).headers.get("Location") ?? "").searchParams.get("code") ?? "";
    // Allowed but not redeemed: a plain call still asks for consent and lists no account.
    expect(isConnectionRedirect(decoded(await listAccounts(analyst), ListAccountsResponse))).toBe(true);
    // Another user holding the pair cannot redeem it, and gets no list.
    expectRefusal(await listAccounts(other, `?code=${code}&state=${state}`), 400, "invalid_state");
    expect(isConnectionRedirect(decoded(await listAccounts(analyst), ListAccountsResponse))).toBe(true);
    // The user it was issued to redeems it once.
    expect(decoded(await listAccounts(analyst, `?code=${code}&state=${state}`), ConnectionAccountList)).toEqual(testAccounts);
    expect(decoded(await listAccounts(analyst), ConnectionAccountList)).toEqual(testAccounts);
  });

  it("accepts 'Allow' once per state: a second grant with the same state is refused and returns no code", async () => {
    const analyst = await signInAs(t, "analyst2");
    const state = (await consentLink(analyst)).searchParams.get("state") ?? "";
    const first = await allow(state, analyst.id);
    expect(first.status).toBe(303);
    const again = await allow(state, analyst.id);
    expect(again.status).toBe(400);
    expect(again.headers.get("Location")).toBeNull();
    expect(await again.text()).toContain("That link is not valid");
    // The allowed state no longer opens the consent page either.
    expect((await t.app.request(`/connectors/consent/google-ads?state=${state}&user=${analyst.id}`)).status).toBe(400);
    // Redeemed, the state answers a clear error the second time and lists nothing.
    const code = new URL(first.headers.get("Location") ?? "").searchParams.get("code") ?? "";
    decoded(await listAccounts(analyst, `?code=${code}&state=${state}`), ConnectionAccountList);
    const reused = expectRefusal(await listAccounts(analyst, `?code=${code}&state=${state}`), 400, "invalid_state");
    expect(reused.message).toBe(
      "The connection state is unknown, expired or already used. Start the connection again.",
    );
    expect((await allow(state, analyst.id)).status).toBe(400);
  });

  it("switches accounts on and off; unknown accounts are 404", async () => {
    const account = testAccounts[1]?.accountId ?? "";
    decoded(await t.call("GET", `/connectors/adwords/${demo.id}/enableSync/${account}`, { token: demo.token }), Ok);
    const on = decoded(await listAccounts(demo), ConnectionAccountList);
    expect(on.find((a) => a.accountId === account)?.active).toBe(true);
    decoded(await t.call("GET", `/connectors/adwords/${demo.id}/disableSync/${account}`, { token: demo.token }), Ok);
    const off = decoded(await listAccounts(demo), ConnectionAccountList);
    expect(off.find((a) => a.accountId === account)?.active).toBe(false);
    expectRefusal(await t.call("GET", `/connectors/adwords/${demo.id}/enableSync/nope`, { token: demo.token }), 404, "not_found");
    expectRefusal(await t.call("GET", `/connectors/adwords/${other.id}/enableSync/${account}`, { token: other.token }), 404, "not_found");
  });

  it("serves the social and the second search platform's simulated pages for an svid, without script", async () => {
    for (const [path, name] of [["facebook", "Facebook"], ["microsoft-ads", "Microsoft Advertising"]] as const) {
      const page = await t.app.request(`/connectors/${path}/connect?svid=${demo.id}`);
      const html = await page.text();
      expect(page.status).toBe(200);
      expect(html).toContain(`<h1>Connect ${name}</h1>`);
      expect(html).toContain(`Attribution user ${demo.id}`);
      expect(html).toContain('href="http://app.test/account/connections"');
      expect(html).not.toMatch(/<script|onclick=|javascript:/i);
      expect((await t.app.request(`/connectors/${path}/connect?svid=%3Cb%3E`)).status).toBe(400);
      expect((await t.app.request(`/connectors/${path}/connect`)).status).toBe(400);
    }
    expect((await t.app.request(`/connectors/linkedin/connect?svid=${demo.id}`)).status).toBe(400);
  });

  it("answers JSON 404 for unknown connector paths", async () => {
    expectRefusal(await t.call("GET", "/connectors/facebook/1/listAccounts", { token: demo.token }), 404, "not_found");
  });
});
