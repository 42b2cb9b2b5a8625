import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FunnelResponse } from "../../src/domain/analysis/analysis";
import { drillLocation, rowLocation } from "../../src/domain/funnel/funnelReport";
import { initiatorRows } from "../../src/domain/initiatorRating/initiatorRating";
import { funnelSegments } from "../../src/services/funnel/funnel";
import { createEngine } from "../../server/engine/createEngine";
import { silentLog } from "../../server/log";
import { decoded, openContractApp, type ContractApp } from "./contractApp";
import { signInAll, type Tokens } from "./accountSupport";

/** The funnel report's and the initiator rating's drill-down over HTTP, by the client's own paths, against the demo data. */

const range = "date_from=2025-05-01&date_to=2025-05-31&interval=day";

let t: ContractApp;
let tokens: Tokens;

beforeAll(async () => {
  t = await openContractApp();
  await createEngine({ warehouse: t.warehouse, clock: t.clock.read, log: silentLog }).materialise(1);
  tokens = await signInAll(t);
});
afterAll(() => t.close());

const funnelAt = async (path: ReadonlyArray<string>) => {
  const segments = funnelSegments({ program: "northwind", range: { from: "", to: "" }, path });
  return decoded(await t.call("GET", `/api/${segments.map(encodeURIComponent).join("/")}?${range}`, { token: tokens.demo }), FunnelResponse);
};

describe("funnel drill-down", () => {
  it("answers each level with rows one name deeper than the path, linked while fewer than 4, down to the one level-four row; every answer is initiator input", async () => {
    let path: ReadonlyArray<string> = [];
    for (let depth = 0; depth < 4; depth++) {
      const answer = await funnelAt(path);
      expect(answer.data.length, `under ${JSON.stringify(path)}`).toBeGreaterThan(0);
      for (const row of answer.data) {
        const location = rowLocation(row);
        expect(location.slice(0, depth)).toEqual(path);
        expect(location).toHaveLength(depth + 1);
      }
      expect(initiatorRows(answer.data).ok).toBe(true);
      const next = answer.data.map((row) => drillLocation(rowLocation(row))).find((to) => to !== null);
      if (depth === 3) {
        expect(next).toBeUndefined();
        // The taxonomy_four route: the one row of that path, with the numbers its level listed.
        const leaf = answer.data.find((row) => !rowLocation(row).includes("None")) ?? answer.data[0];
        const location = rowLocation(leaf ?? {});
        const one = await funnelAt(location);
        expect(one.data.map(rowLocation)).toEqual([location]);
        expect(one.data[0]?.mid_funnel_revenue).toBeCloseTo(leaf?.mid_funnel_revenue ?? Number.NaN, 6);
        break;
      }
      expect(next, `a linked row under ${JSON.stringify(path)}`).toBeDefined();
      path = next ?? [];
    }
  });
});
