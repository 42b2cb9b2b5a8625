import { describe, expect, it } from "vitest";
import { Created } from "../../src/domain/report/configuration";
import { decoded, expectRefusal, type Answer } from "./contractApp";
import { bluepeakId, expectBadRequest, northwindId, recordingSuite } from "./accountSupport";

/** A report body whose name carries `marker`, so a test counts only its own reports. */
const reportOf = (marker: string) => ({
  name: marker,
  level: "taxonomy_2",
  rules: [
    { field: "status", operator: "!=", value: "cancelled" },
    { field: "payment", operator: "=", value: "credit" },
  ],
});

describe("Idempotency-Key on POST reports (the builder's Save)", () => {
  const suite = recordingSuite();
  let markers = 0;
  const freshMarker = () => `Idempotent report ${++markers}`;

  const post = (body: unknown, key?: string, token = suite.tokens.demo, program = "northwind"): Promise<Answer> =>
    suite.t.call("POST", `/api/programs/${program}/reports`, {
      token,
      json: body,
      ...(key === undefined ? {} : { headers: { "Idempotency-Key": key } }),
    });

  const reportsNamed = async (marker: string, programId = northwindId): Promise<ReadonlyArray<number>> =>
    (await suite.t.warehouse.customReports.list(programId)).filter((r) => r.name === marker).map((r) => r.id);

  const createdId = (answer: Answer): number => decoded(answer, Created).data.id;

  it("answers a retried save (same key, same body) with the first answer and keeps one report", async () => {
    const marker = freshMarker();
    const first = await post(reportOf(marker), `save ${marker}`);
    const retried = await post(reportOf(marker), `save ${marker}`);
    expect(retried.status).toBe(first.status);
    expect(retried.text).toBe(first.text);
    expect(createdId(retried)).toBe(createdId(first));
    expect(await reportsNamed(marker)).toEqual([createdId(first)]);
  });

  it("refuses the key with another body with 422 idempotency_key_reused and creates nothing more", async () => {
    const marker = freshMarker();
    const id = createdId(await post(reportOf(marker), `reused ${marker}`));
    expectRefusal(await post({ ...reportOf(marker), level: "taxonomy_3" }, `reused ${marker}`), 422, "idempotency_key_reused");
    expect(await reportsNamed(marker)).toEqual([id]);
  });

  it("creates a report per request without the header, and per key", async () => {
    const marker = freshMarker();
    const ids = [
      createdId(await post(reportOf(marker))),
      createdId(await post(reportOf(marker))),
      createdId(await post(reportOf(marker), `a ${marker}`)),
      createdId(await post(reportOf(marker), `b ${marker}`)),
    ];
    expect(new Set(ids).size).toBe(4);
    expect(await reportsNamed(marker)).toHaveLength(4);
  });

  it("keeps a key apart per user, per program and from the spend routes", async () => {
    const marker = freshMarker();
    const key = `shared ${marker}`;
    const demo = createdId(await post(reportOf(marker), key));
    const admin = createdId(await post(reportOf(marker), key, suite.tokens.admin));
    const bluepeak = createdId(await post(reportOf(marker), key, suite.tokens.demo, "bluepeak"));
    // The admin saved a report under the key too (spend is the admins'): the spend route keeps its own.
    const spend = await suite.t.call("POST", "/api/programs/northwind/variable-costs", {
      token: suite.tokens.admin,
      json: { date: "2025-03-05", taxonomy_1: "Paid Search", cost_link: marker, cost: 12 },
      headers: { "Idempotency-Key": key },
    });
    expect(spend.status).toBe(200);
    expect(new Set([demo, admin, bluepeak]).size).toBe(3);
    expect(await reportsNamed(marker)).toHaveLength(2);
    expect(await reportsNamed(marker, bluepeakId)).toEqual([bluepeak]);
  });

  it("creates exactly one report for 5 concurrent saves with one key", async () => {
    const marker = freshMarker();
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(reportOf(marker), `concurrent ${marker}`)));
    expect(new Set(answers.map(createdId)).size).toBe(1);
    expect(await reportsNamed(marker)).toHaveLength(1);
  });

  it("does not use up a key on a refused body, and refuses a key that is not printable ASCII", async () => {
    const marker = freshMarker();
    expectBadRequest(await post({ ...reportOf(marker), name: "  " }, `after-refusal ${marker}`));
    expectRefusal(await post(reportOf(marker), "clé"), 400, "invalid_idempotency_key");
    const id = createdId(await post(reportOf(marker), `after-refusal ${marker}`));
    expect(await reportsNamed(marker)).toEqual([id]);
  });
});
