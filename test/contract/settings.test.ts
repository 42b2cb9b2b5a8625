import { describe, expect, it } from "vitest";
import { ProgramSettingsAnswer } from "../../src/domain/settings/programSettings";
import { decoded, expectRefusal } from "./contractApp";
import { bluepeakId, expectBadRequest, refusedToOutsiders, recordingSuite } from "./accountSupport";

const settings = "/api/programs/bluepeak/settings";

describe("program settings", () => {
  const suite = recordingSuite();

  const read = async (token = suite.tokens.demo) => decoded(await suite.t.call("GET", settings, { token }), ProgramSettingsAnswer).data;

  it("GET: 401 anonymous, 403 non-member; members and admins read", async () => {
    await refusedToOutsiders(suite.t, suite.tokens, "GET", settings);
    expect(await read(suite.tokens.admin)).toEqual(await read(suite.tokens.demo));
  });

  it("PATCH: 401 anonymous, 403 non-member and member; nothing changes", async () => {
    const before = await read();
    await refusedToOutsiders(suite.t, suite.tokens, "PATCH", settings, { json: { lookback_days: 10 } });
    expectRefusal(await suite.t.call("PATCH", settings, { token: suite.tokens.demo, json: { lookback_days: 10 } }), 403, "forbidden");
    expect(await read()).toEqual(before);
    expect(suite.engine.take()).toEqual([]);
  });

  it("an admin changes one setting at a time; each change re-attributes the program", async () => {
    const first = decoded(
      await suite.t.call("PATCH", settings, { token: suite.tokens.admin, json: { attribution_model: "time_decay" } }),
      ProgramSettingsAnswer,
    ).data;
    expect(suite.engine.take()).toEqual([{ hook: "reattribute", programId: bluepeakId }]);
    const second = decoded(await suite.t.call("PATCH", settings, { token: suite.tokens.admin, json: { lookback_days: 90 } }), ProgramSettingsAnswer).data;
    expect(second).toEqual({ attribution_model: "time_decay", lookback_days: 90, model_level: "taxonomy_1", markov_order: 1 });
    expect(first.attribution_model).toBe("time_decay");
    expect(await read()).toEqual(second);
    expect(suite.engine.take()).toEqual([{ hook: "reattribute", programId: bluepeakId }]);
    decoded(
      await suite.t.call("PATCH", settings, { token: suite.tokens.admin, json: { attribution_model: "position_based", lookback_days: 1 } }),
      ProgramSettingsAnswer,
    );
    expect(await read()).toEqual({ attribution_model: "position_based", lookback_days: 1, model_level: "taxonomy_1", markov_order: 1 });
  });

  it.each([
    ["lookback 0", { lookback_days: 0 }],
    ["lookback 91", { lookback_days: 91 }],
    ["lookback 1.5", { lookback_days: 1.5 }],
    ["lookback as text", { lookback_days: "30" }],
    ["an unknown model", { attribution_model: "last_click" }],
    ["an empty change", {}],
    ["a list", [{ lookback_days: 30 }]],
  ])("refuses %s with 400, changes nothing and does not re-attribute", async (_, json) => {
    const before = await read();
    expectBadRequest(await suite.t.call("PATCH", settings, { token: suite.tokens.admin, json }));
    expect(await read()).toEqual(before);
    expect(suite.engine.take()).toEqual([]);
  });

  it("refuses malformed JSON", async () => {
    expectBadRequest(await suite.t.call("PATCH", settings, { token: suite.tokens.admin, body: "lookback=3" }), "malformed_json");
    expect(suite.engine.take()).toEqual([]);
  });

  it("answers defaults for a program that never saved settings", async () => {
    const lumen = decoded(await suite.t.call("GET", "/api/programs/lumen/settings", { token: suite.tokens.other }), ProgramSettingsAnswer).data;
    expect(lumen.lookback_days).toBeGreaterThanOrEqual(1);
    expect(lumen.lookback_days).toBeLessThanOrEqual(90);
  });
});
