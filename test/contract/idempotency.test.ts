import { beforeAll, describe, expect, it } from "vitest";
import { Created } from "../../src/domain/report/configuration";
import { decoded, expectRefusal, hour, type Answer } from "./contractApp";
import { bluepeakId, expectBadRequest, northwindId, recordingSuite, withSecondAdmin } from "./accountSupport";

const programPath = (program: string, route: string) => `/api/programs/${program}/${route}`;

/** A spend create: the route it posts to, a body marked with `marker`, and how many stored rows carry the marker. */
interface SpendCreate {
  readonly name: string;
  readonly route: string;
  readonly bodyOf: (marker: string) => Record<string, unknown>;
  readonly table: "fixed" | "variable";
}

const creates: ReadonlyArray<SpendCreate> = [
  {
    name: "POST fixed-costs",
    route: "fixed-costs",
    table: "fixed",
    bodyOf: (marker) => ({ start_date: "2025-03-01", end_date: "2025-03-31", taxonomy_1: marker, cost: 310.5, frequency: "daily" }),
  },
  {
    name: "POST fixed-costs with a variable row",
    route: "fixed-costs",
    table: "variable",
    bodyOf: (marker) => ({ date: "2025-03-04", taxonomy_1: "Paid Search", cost_link: marker, cost: 45.2 }),
  },
  {
    name: "POST variable-costs",
    route: "variable-costs",
    table: "variable",
    bodyOf: (marker) => ({ date: "2025-03-05", taxonomy_1: "Paid Search", cost_link: marker, cost: 12 }),
  },
];

describe("Idempotency-Key on the spend creates", () => {
  // Spend is the admins': the creates run as analyst1 made an admin, so "admin" is a second user with keys of their own.
  const suite = recordingSuite({ warehouse: withSecondAdmin("analyst1") });
  let spender = "";
  beforeAll(async () => {
    spender = await suite.t.signIn("analyst1");
  });
  let markers = 0;
  /** A marker no other test uses, so a test counts only its own rows (and its keys, which carry it, are its own). */
  const freshMarker = () => `Idempotent ${++markers}`;

  const post = (create: SpendCreate, body: unknown, key?: string, token = spender, program = "northwind"): Promise<Answer> =>
    suite.t.call("POST", programPath(program, create.route), {
      token,
      json: body,
      ...(key === undefined ? {} : { headers: { "Idempotency-Key": key } }),
    });

  const rowsWith = async (create: SpendCreate, marker: string, programId = northwindId): Promise<ReadonlyArray<number>> =>
    create.table === "fixed"
      ? (await suite.t.warehouse.costs.fixedInRange(programId, null)).filter((r) => r.taxonomy_1 === marker).map((r) => r.id)
      : (await suite.t.warehouse.costs.variableInRange(programId, null)).filter((r) => r.cost_link === marker).map((r) => r.id);

  const createdId = (answer: Answer): number => decoded(answer, Created).data.id;

  describe.each(creates)("$name", (create) => {
    it("answers a repeated key with the same body the first answer and creates one row", async () => {
      const marker = freshMarker();
      const first = await post(create, create.bodyOf(marker), `order-1 ${marker}`);
      const again = await post(create, create.bodyOf(marker), `order-1 ${marker}`);
      const id = createdId(first);
      expect(again.status).toBe(first.status);
      expect(again.text).toBe(first.text);
      expect(again.headers.get("Content-Type")).toBe(first.headers.get("Content-Type"));
      expect(createdId(again)).toBe(id);
      expect(await rowsWith(create, marker)).toEqual([id]);
      expect(suite.engine.take()).toEqual([]);
    });

    it("refuses the same key with another body with 422 idempotency_key_reused and creates nothing more", async () => {
      const marker = freshMarker();
      const id = createdId(await post(create, create.bodyOf(marker), `reused ${marker}`));
      const other = { ...create.bodyOf(marker), cost: 99 };
      expectRefusal(await post(create, other, `reused ${marker}`), 422, "idempotency_key_reused");
      expect(await rowsWith(create, marker)).toEqual([id]);
    });

    it("compares the decoded bodies: a retry serialised again (key order, spaces) answers the first answer", async () => {
      const marker = freshMarker();
      const body = create.bodyOf(marker);
      const first = await post(create, body, `reserialised ${marker}`);
      const reordered = JSON.stringify(Object.fromEntries(Object.entries(body).reverse()), null, 2);
      const again = await suite.t.call("POST", programPath("northwind", create.route), {
        token: spender,
        body: reordered,
        headers: { "Idempotency-Key": `reserialised ${marker}`, "Content-Type": "application/json" },
      });
      expect(again.status).toBe(200);
      expect(createdId(again)).toBe(createdId(first));
      expect(await rowsWith(create, marker)).toEqual([createdId(first)]);
    });

    it("creates a row per key for different keys", async () => {
      const marker = freshMarker();
      const first = createdId(await post(create, create.bodyOf(marker), `key-a ${marker}`));
      const second = createdId(await post(create, create.bodyOf(marker), `key-b ${marker}`));
      expect(second).not.toBe(first);
      expect([...(await rowsWith(create, marker))].sort()).toEqual([first, second].sort());
    });

    it("creates a row per request without the header, as before", async () => {
      const marker = freshMarker();
      const first = createdId(await post(create, create.bodyOf(marker)));
      const second = createdId(await post(create, create.bodyOf(marker)));
      expect(second).not.toBe(first);
      expect(await rowsWith(create, marker)).toHaveLength(2);
    });

    it("keeps a key apart per user and per program", async () => {
      const marker = freshMarker();
      const demo = createdId(await post(create, create.bodyOf(marker), `shared ${marker}`));
      const admin = createdId(await post(create, create.bodyOf(marker), `shared ${marker}`, suite.tokens.admin));
      const bluepeak = createdId(await post(create, create.bodyOf(marker), `shared ${marker}`, spender, "bluepeak"));
      expect(new Set([demo, admin, bluepeak]).size).toBe(3);
      expect(await rowsWith(create, marker)).toHaveLength(2);
      expect(await rowsWith(create, marker, bluepeakId)).toEqual([bluepeak]);
      // Each scope still answers its own first answer.
      expect(createdId(await post(create, create.bodyOf(marker), `shared ${marker}`, suite.tokens.admin))).toBe(admin);
      expect(createdId(await post(create, create.bodyOf(marker), `shared ${marker}`, spender, "bluepeak"))).toBe(bluepeak);
    });

    it("creates exactly one row for 10 concurrent requests with one key, all answering its id", async () => {
      const marker = freshMarker();
      const answers = await Promise.all(Array.from({ length: 10 }, () => post(create, create.bodyOf(marker), `concurrent ${marker}`)));
      const ids = new Set(answers.map(createdId));
      expect(ids.size).toBe(1);
      expect(await rowsWith(create, marker)).toEqual([...ids]);
    });

    it("does not use up a key on a refused body", async () => {
      const marker = freshMarker();
      expectBadRequest(await post(create, { ...create.bodyOf(marker), cost: -1 }, `after-refusal ${marker}`));
      const id = createdId(await post(create, create.bodyOf(marker), `after-refusal ${marker}`));
      expect(await rowsWith(create, marker)).toEqual([id]);
    });
  });

  it("keeps the routes apart: one key on POST fixed-costs and POST variable-costs creates two rows", async () => {
    const [, batchRow, variableRow] = creates;
    if (!batchRow || !variableRow) throw new Error("the creates table has three entries");
    const marker = freshMarker();
    const viaFixed = createdId(await post(batchRow, batchRow.bodyOf(marker), `per-route ${marker}`));
    const viaVariable = createdId(await post(variableRow, batchRow.bodyOf(marker), `per-route ${marker}`));
    expect(viaVariable).not.toBe(viaFixed);
    expect(await rowsWith(variableRow, marker)).toHaveLength(2);
  });

  it.each([
    ["an empty key", ""],
    ["201 characters", "k".repeat(201)],
    ["a tab", "a\tb"],
    ["a character outside ASCII", "clé"],
  ])("refuses %s with 400 invalid_idempotency_key and creates nothing", async (_, key) => {
    for (const create of creates) {
      const marker = freshMarker();
      expectRefusal(await post(create, create.bodyOf(marker), key), 400, "invalid_idempotency_key");
      expect(await rowsWith(create, marker)).toEqual([]);
    }
  });

  it.each([
    ["one character", "x"],
    ["200 printable characters", `a${" !~".repeat(66)}b`],
  ])("accepts a key of %s", async (_, key) => {
    const [fixed] = creates;
    if (!fixed) throw new Error("the creates table has three entries");
    const marker = freshMarker();
    const id = createdId(await post(fixed, fixed.bodyOf(marker), key));
    expect(createdId(await post(fixed, fixed.bodyOf(marker), key))).toBe(id);
    expect(await rowsWith(fixed, marker)).toEqual([id]);
  });

  // Last: it moves the suite's clock past the sessions' 12 hours.
  it("frees a key 24 hours after its create", async () => {
    const [fixed] = creates;
    if (!fixed) throw new Error("the creates table has three entries");
    const marker = freshMarker();
    const first = createdId(await post(fixed, fixed.bodyOf(marker), `day-old ${marker}`));
    suite.t.clock.advance(24 * hour - 1);
    const token = await suite.t.signIn("analyst1");
    expect(createdId(await post(fixed, fixed.bodyOf(marker), `day-old ${marker}`, token))).toBe(first);
    suite.t.clock.advance(1);
    const second = createdId(await post(fixed, { ...fixed.bodyOf(marker), cost: 1 }, `day-old ${marker}`, token));
    expect(second).not.toBe(first);
    expect([...(await rowsWith(fixed, marker))].sort()).toEqual([first, second].sort());
  });
});
