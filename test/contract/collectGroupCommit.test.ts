import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IngestAnswer } from "../../src/domain/ingestion/collection";
import { CreatedWriteKey } from "../../src/domain/ingestion/writeKeys";
import { decoded, expectRefusal, openContractApp, type ContractApp } from "./contractApp";
import { northwindId } from "./accountSupport";

/**
 * One bad write fails only itself (docs/engine.md, "Ingestion"): concurrent /collect batches
 * share one transaction (a group commit); when that write fails, each batch is stored again
 * on its own. The fault is put below validation, in the hits one batch hands the warehouse
 * (a day no engine can store), since validation refuses every value known to fail a write.
 */

const poisonedVisitor = "v-poisoned-below-validation";

describe("POST /collect: a failed group commit", () => {
  let t: ContractApp;
  let key = "";
  const errors: string[] = [];
  beforeAll(async () => {
    t = await openContractApp({
      log: { info: () => {}, warn: () => {}, error: (message) => errors.push(message) },
      // The processor waits longer than the suite runs: the test looks at what is stored and answered.
      ingestionTiming: { quietMs: 600_000, longestWaitMs: 600_000 },
      warehouse: (warehouse) => ({
        ...warehouse,
        ingestion: {
          ...warehouse.ingestion,
          addEvents: (programId, hits, at) =>
            warehouse.ingestion.addEvents(
              programId,
              hits.map((hit) => (hit.visitorId === poisonedVisitor ? { ...hit, hitDate: "not-a-day" } : hit)),
              at,
            ),
        },
      }),
    });
    const admin = await t.signIn("admin");
    key = decoded(await t.call("POST", "/api/programs/northwind/write-keys", { token: admin, json: { kind: "publishable" } }), CreatedWriteKey).data.key;
  });
  afterAll(() => t.close());

  const event = (id: string, visitor: string) => ({
    event_id: id,
    type: "click",
    time: t.clock.now - 60_000,
    visitor_id: visitor,
    url: "https://shop.example/landing?utm_source=google&utm_medium=cpc",
  });
  const storedHits = async () => (await t.warehouse.attribution.classifiedHits(northwindId)).length;

  it("stores every other concurrent batch and refuses only the one at fault", async () => {
    const before = await storedHits();
    const valid = Array.from({ length: 6 }, (_, b) => ({ key, events: [event(`group-${b}-1`, `v-group-${b}`), event(`group-${b}-2`, `v-group-${b}`)] }));
    const poisoned = { key, events: [event("group-poisoned", poisonedVisitor)] };
    const bodies = [...valid.slice(0, 3), poisoned, ...valid.slice(3)];
    const answers = await Promise.all(bodies.map((json, b) => t.call("POST", "/collect", { json, address: `198.51.100.${b + 1}` })));
    const [poisonedAnswer] = answers.splice(3, 1);
    for (const answer of answers) expect(decoded(answer, IngestAnswer, 202)).toEqual({ accepted: 2, duplicates: 0, refused: 0, refusals: [] });
    if (!poisonedAnswer) throw new Error("no answer to the poisoned batch");
    expectRefusal(poisonedAnswer, 500, "server_error");
    expect(await storedHits()).toBe(before + 12);
    expect(errors).toEqual(["unhandled error"]);
  });
});
