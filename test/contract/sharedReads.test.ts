import { describe, expect, it } from "vitest";
import { Created } from "../../src/domain/report/configuration";
import { decoded } from "./contractApp";
import { recordingSuite } from "./accountSupport";

/**
 * Identical report calls at once share one answer (server/http/sharedReads.ts) on the real app and warehouse:
 * each caller gets what a call alone gets, a person without the program is refused even while an identical call
 * of someone allowed is under way, and a write's answer comes after the warehouse counted it, so a read that
 * follows never shares an answer begun before the write.
 */
describe("identical report calls at once", () => {
  const suite = recordingSuite();

  const day = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
  const table = () =>
    `/api/programs/northwind/performance/table/single/taxonomy_1?date_from=${day(suite.t.clock.now - 29 * 86_400_000)}&date_to=${day(suite.t.clock.now)}`;

  it("give each caller the answer a call alone gets", async () => {
    const alone = await suite.t.call("GET", table(), { token: suite.tokens.demo });
    expect(alone.status).toBe(200);
    const together = await Promise.all(Array.from({ length: 10 }, () => suite.t.call("GET", table(), { token: suite.tokens.demo })));
    expect(together.map((a) => [a.status, a.text])).toEqual(together.map(() => [200, alone.text]));
  });

  it("refuse a person without the program while an identical call of a member is under way", async () => {
    const [member, outsider, admin] = await Promise.all([
      suite.t.call("GET", table(), { token: suite.tokens.demo }),
      suite.t.call("GET", table(), { token: suite.tokens.other }),
      suite.t.call("GET", table(), { token: suite.tokens.admin }),
    ]);
    expect([member.status, outsider.status, admin.status]).toEqual([200, 403, 200]);
    expect(outsider.text).not.toBe(member.text);
  });

  it("count a write before its answer", async () => {
    const before = suite.t.warehouse.dataVersion();
    const created = await suite.t.call("POST", "/api/programs/northwind/annotations", {
      token: suite.tokens.demo,
      json: { date: "2032-03-01", colour: "#36E7A6", text: "counted before its answer" },
    });
    decoded(created, Created);
    expect(suite.t.warehouse.dataVersion()).toBeGreaterThan(before);
  });
});
