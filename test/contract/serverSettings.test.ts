import { describe, expect, it } from "vitest";
import { resetLinkFor } from "../../server/routes/passwordRoutes";
import { clockOf, collectionLogOf, demoOf, exposedDemoWarning, listeningLines, serverSettingsOf } from "../../server/serverSettings";

describe("the server's settings from its environment", () => {
  it("listens on 127.0.0.1 by default, so the demo sign-ins stay on this machine", () => {
    expect(serverSettingsOf({}).host).toBe("127.0.0.1");
    expect(serverSettingsOf({ HOST: "" }).host).toBe("127.0.0.1");
    expect(serverSettingsOf({ PORT: "3000" })).toMatchObject({ host: "127.0.0.1", port: 3000, publicUrl: "http://127.0.0.1:3000" });
  });

  it.each([
    [{}, "http://127.0.0.1:8080"],
    [{ PORT: "3000" }, "http://127.0.0.1:3000"],
    [{ HOST: "0.0.0.0", PORT: "3000" }, "http://localhost:3000"],
    [{ HOST: "::1" }, "http://[::1]:8080"],
    [{ HOST: "192.168.1.20" }, "http://192.168.1.20:8080"],
  ])("without PUBLIC_URL, links the server makes (a reset mail) come back to the address the banner prints for %o", (env, printed) => {
    const settings = serverSettingsOf(env);
    const [first, , links] = listeningLines(settings.host, settings.port, true, settings.publicUrl);
    expect(first).toContain(`on ${printed}/ `);
    expect(settings.publicUrl).toBe(printed);
    expect(resetLinkFor(settings.publicUrl, "t0ken", "demo@example.com")).toBe(`${printed}/reset-password/t0ken?email=demo%40example.com`);
    expect(links).toBe(`Links in mails and the Google Ads consent come back to ${printed}/: open the app there (or set PUBLIC_URL)`);
  });

  it("with PUBLIC_URL set, links use it (without a trailing slash) and the banner says so", () => {
    const settings = serverSettingsOf({ PUBLIC_URL: "https://attribution.example.com/", PORT: "3000" });
    expect(settings.publicUrl).toBe("https://attribution.example.com");
    expect(listeningLines(settings.host, settings.port, true, settings.publicUrl)[2]).toBe(
      "Links in mails and the Google Ads consent come back to https://attribution.example.com/ (PUBLIC_URL): open the app there",
    );
  });

  it("opens every interface with HOST=0.0.0.0", () => {
    expect(serverSettingsOf({ HOST: "0.0.0.0" }).host).toBe("0.0.0.0");
  });

  it("trusts no proxy unless TRUSTED_PROXIES names one", () => {
    expect([...serverSettingsOf({}).trustedProxies]).toEqual([]);
    expect([...serverSettingsOf({ TRUSTED_PROXIES: "10.0.0.1, ::ffff:10.0.0.2" }).trustedProxies]).toEqual(["10.0.0.1", "10.0.0.2"]);
  });

  it.each([
    ["127.0.0.1", "http://127.0.0.1:8080/", "this machine only"],
    ["::1", "http://[::1]:8080/", "this machine only"],
    ["0.0.0.0", "http://localhost:8080/", "other machines"],
    ["192.168.1.20", "http://192.168.1.20:8080/", "other machines"],
  ])("the start banner for HOST=%s prints %s and says who can reach it", (host, url, reach) => {
    const [first, second] = listeningLines(host, 8080);
    expect(first).toContain(url);
    expect(first).toContain(`listening on ${host}:8080`);
    expect(second).toContain(reach);
  });

  it.each([
    [undefined, true],
    ["", true],
    ["on", true],
    ["TRUE", true],
    ["1", true],
    ["off", false],
    [" Off ", false],
    ["false", false],
    ["0", false],
    ["maybe", { refused: "DEMO is neither on nor off (DEMO=off starts without demo data and sign-ins)" }],
  ])("DEMO=%j is %o (false: the production start)", (raw, expected) => {
    expect(demoOf(raw)).toEqual(expected);
  });

  it.each([
    [undefined, true],
    ["", true],
    ["on", true],
    ["1", true],
    ["off", false],
    ["0", false],
    ["yes", { refused: "COLLECT_LOG is neither on nor off" }],
  ])("COLLECT_LOG=%j is %o (true: /collect through the collection log, the default)", (raw, expected) => {
    expect(collectionLogOf(raw)).toEqual(expected);
  });

  it.each([
    ["0.0.0.0", true, true],
    ["192.168.1.20", true, true],
    ["127.0.0.1", true, false],
    ["0.0.0.0", false, false],
  ])("the banner for HOST=%s with demo %s warns in red that its demo sign-ins are reachable: %s", (host, demo, warns) => {
    const second = listeningLines(host, 8080, demo)[1] ?? "";
    expect(second.includes(exposedDemoWarning)).toBe(warns);
    expect(second.startsWith("\u001b[1;31m")).toBe(warns);
  });

  it.each([
    [{}, { engine: "duckdb" }],
    [{ WAREHOUSE: "DuckDB" }, { engine: "duckdb" }],
    [{ DUCKDB_MEMORY_LIMIT: "8GB" }, { engine: "duckdb", duckdbMemoryLimit: "8GB" }],
    [{ WAREHOUSE: "chdb" }, { engine: "chdb" }],
    [
      { WAREHOUSE: "clickhouse", CLICKHOUSE_URL: "http://ch:8123", CLICKHOUSE_USER: "app", CLICKHOUSE_PASSWORD: "secret" },
      { engine: "clickhouse", clickhouse: { url: "http://ch:8123", username: "app", password: "secret" } },
    ],
    [{ WAREHOUSE: "clickhouse" }, { refused: "WAREHOUSE=clickhouse needs CLICKHOUSE_URL (http://host:8123)" }],
    [{ WAREHOUSE: "postgres" }, { refused: "WAREHOUSE=postgres is none of duckdb, chdb, clickhouse" }],
  ])("WAREHOUSE in %o chooses %o", (env, expected) => {
    expect(serverSettingsOf(env).warehouse).toEqual(expected);
  });

  it("reads the machine's clock unless CLOCK_START names an instant", () => {
    const machine = () => 1_000;
    expect(clockOf(undefined, machine)).toBe(machine);
    expect(clockOf("  ", machine)).toBe(machine);
  });

  it.each([
    ["2026-11-28T10:00:00Z", Date.UTC(2026, 10, 28, 10)],
    ["2028-02-29T23:30:00.250Z", Date.UTC(2028, 1, 29, 23, 30, 0, 250)],
    ["2027-03-28T01:30+01:00", Date.UTC(2027, 2, 28, 0, 30)],
  ])("a clock started at CLOCK_START=%s reads it at start and runs on at the machine's pace", (start, at) => {
    let machineNow = 5_000_000;
    const clock = clockOf(start, () => machineNow);
    if (typeof clock !== "function") throw new Error(clock.refused);
    expect(clock()).toBe(at);
    machineNow += 90_000;
    expect(clock()).toBe(at + 90_000);
  });

  it.each(["2026-11-28", "tomorrow", "2026-11-28T10:00:00", "2026-13-40T99:00:00Z"])("refuses CLOCK_START=%s, which is no instant with its offset", (start) => {
    expect(clockOf(start)).toEqual({ refused: "CLOCK_START is not an instant with its offset, such as 2026-11-28T10:00:00Z" });
  });
});
