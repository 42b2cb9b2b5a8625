import { describe, expect, it } from "vitest";
import { Ok } from "../../src/domain/access/auth";
import {
  Classification,
  ClassificationSaved,
  LoadedClassification,
  staleClassificationError,
} from "../../src/domain/classification/classification";
import { decoded, expectRefusal } from "./contractApp";
import { expectBadRequest, northwindId, recordingSuite, refusedToOutsiders } from "./accountSupport";

const path = "/api/programs/northwind/admin/classification";

const tree = {
  data: [
    {
      id: 1,
      title: "Paid Search",
      joinType: "and",
      rules: [{ id: 1, field: "medium", matchType: "contains", expectedValue: "cpc" }],
      extracts: [{ id: 1, field: "campaign", mappedTo: "tax3" }],
      execution_order: 1,
      children: [
        {
          id: 2,
          title: "Brand",
          joinType: "or",
          rules: [
            { id: 2, field: "campaign", matchType: "contains", expectedValue: "brand" },
            { id: 3, field: "term", matchType: "not empty", expectedValue: null },
          ],
          extracts: [
            { id: 2, field: "term", mappedTo: "tax4" },
            { id: 3, field: "cost_link", mappedTo: "costlink" },
          ],
          execution_order: 1,
        },
      ],
    },
    {
      id: 3,
      title: "Display",
      joinType: "and",
      rules: [{ id: 4, field: "event_type", matchType: "event_type is", expectedValue: "impression" }],
      extracts: [],
      execution_order: 2,
      children: [],
    },
  ],
};

type Tree = typeof tree;
const changed = (change: (copy: Tree) => void): Tree => {
  const copy = structuredClone(tree);
  change(copy);
  return copy;
};

describe("the classification editor's calls", () => {
  const suite = recordingSuite();

  const load = async () => decoded(await suite.t.call("GET", path, { token: suite.tokens.admin }), Classification);
  /** A body with the version saved now (a save names the version its edit started from). */
  const versioned = async (json: unknown): Promise<unknown> =>
    typeof json === "object" && json !== null && !Array.isArray(json)
      ? { ...json, version: decoded(await suite.t.call("GET", path, { token: suite.tokens.admin }), LoadedClassification).version }
      : json;

  it.each(["GET", "POST"])("%s: 401 anonymous, 403 for a non-member and for a member who is not an admin", async (method) => {
    const before = await load();
    await refusedToOutsiders(suite.t, suite.tokens, method, path, { json: tree });
    const refusal = expectRefusal(await suite.t.call(method, path, { token: suite.tokens.demo, ...(method === "POST" ? { json: tree } : {}) }), 403, "forbidden");
    expect(refusal.message).toBe("You don't have access to admin resources.");
    expect(await load()).toEqual(before);
    expect(suite.engine.take()).toEqual([]);
  });

  it("saves the whole tree, re-classifies the program and answers it back", async () => {
    decoded(await suite.t.call("POST", path, { token: suite.tokens.admin, json: await versioned(tree) }), Ok);
    expect(suite.engine.take()).toEqual([{ hook: "reclassify", programId: northwindId }]);
    expect(await load()).toEqual(tree);
    const other = decoded(await suite.t.call("GET", "/api/programs/bluepeak/admin/classification", { token: suite.tokens.admin }), Classification);
    expect(other).not.toEqual(tree);
  });

  it("clears the expected value of match types without one", async () => {
    const sent = changed((copy) => {
      copy.data[1]!.rules.push({ id: 9, field: "source", matchType: "exists", expectedValue: "ignored" });
    });
    decoded(await suite.t.call("POST", path, { token: suite.tokens.admin, json: await versioned(sent) }), Ok);
    const saved = await load();
    expect(saved.data[1]?.rules.find((r) => r.id === 9)?.expectedValue).toBeNull();
  });

  it("saves an empty tree", async () => {
    decoded(await suite.t.call("POST", path, { token: suite.tokens.admin, json: await versioned({ data: [] }) }), Ok);
    expect(await load()).toEqual({ data: [] });
    decoded(await suite.t.call("POST", path, { token: suite.tokens.admin, json: await versioned(tree) }), Ok);
  });

  it("refuses a blank taxonomy name with 'Taxonomy name is required'", async () => {
    decoded(await suite.t.call("POST", path, { token: suite.tokens.admin, json: await versioned(tree) }), Ok);
    suite.engine.take();
    for (const title of ["", "   "]) {
      const top = expectRefusal(await suite.t.call("POST", path, { token: suite.tokens.admin, json: await versioned(changed((c) => void (c.data[0]!.title = title))) }), 400, "invalid_body");
      expect(top.message).toBe("Taxonomy name is required");
      const child = changed((c) => void (c.data[0]!.children[0]!.title = title));
      expect(expectRefusal(await suite.t.call("POST", path, { token: suite.tokens.admin, json: await versioned(child) }), 400, "invalid_body").message).toBe(
        "Taxonomy name is required",
      );
    }
    expect(await load()).toEqual(tree);
    expect(suite.engine.take()).toEqual([]);
  });

  const refused: ReadonlyArray<readonly [string, unknown]> = [
    ["an unknown match type", changed((c) => void (c.data[0]!.rules[0]!.matchType = "starts with"))],
    ["an unknown join type", changed((c) => void (c.data[0]!.joinType = "xor"))],
    ["an unknown rule field", changed((c) => void (c.data[0]!.rules[0]!.field = "country"))],
    ["an unknown extract target", changed((c) => void (c.data[0]!.extracts[0]!.mappedTo = "tax2"))],
    ["repeated taxonomy ids", changed((c) => void (c.data[1]!.id = 2))],
    ["repeated rule ids", changed((c) => void (c.data[1]!.rules[0]!.id = 1))],
    ["repeated extract ids", changed((c) => void (c.data[0]!.extracts[0]!.id = 3))],
    ["a contains rule without a value", changed((c) => void (c.data[0]!.rules[0]!.expectedValue = null as unknown as string))],
    ["a contains rule with an empty value", changed((c) => void (c.data[0]!.rules[0]!.expectedValue = ""))],
    ["event_type is with an unknown event", changed((c) => void (c.data[1]!.rules[0]!.expectedValue = "purchase"))],
    ["a missing title", changed((c) => void delete (c.data[0] as { title?: string }).title)],
    ["no data list", { taxonomies: [] }],
    ["a list", [tree]],
  ];

  it.each(refused)("refuses %s with 400, saves nothing and does not re-classify", async (_, body) => {
    decoded(await suite.t.call("POST", path, { token: suite.tokens.admin, json: await versioned(tree) }), Ok);
    suite.engine.take();
    expectBadRequest(await suite.t.call("POST", path, { token: suite.tokens.admin, json: await versioned(body) }));
    expect(await load()).toEqual(tree);
    expect(suite.engine.take()).toEqual([]);
  });

  describe("the version", () => {
    const loadVersioned = async (code = "northwind") =>
      decoded(await suite.t.call("GET", `/api/programs/${code}/admin/classification`, { token: suite.tokens.admin }), LoadedClassification);
    const save = (json: unknown) => suite.t.call("POST", path, { token: suite.tokens.admin, json });

    it("is 0 while nothing is saved and 1 after the first save", async () => {
      // The demo data stores each program's tree once: version 1.
      expect((await loadVersioned("bluepeak")).version).toBe(1);
      const nothingSaved = 9_999;
      expect(await suite.t.warehouse.classifications.find(nothingSaved)).toBeNull();
      expect(await suite.t.warehouse.classifications.save(nothingSaved, "{\"data\":[]}", 0, 1)).toEqual({ saved: false, version: 0 });
      expect(await suite.t.warehouse.classifications.save(nothingSaved, "{\"data\":[]}", 0, 0)).toEqual({ saved: true, version: 1 });
      expect(await suite.t.warehouse.classifications.find(nothingSaved)).toEqual({ tree: "{\"data\":[]}", version: 1 });
    });

    it("each save answers the next version, which the load then carries", async () => {
      const before = await loadVersioned();
      const saved = decoded(await save({ ...tree, version: before.version }), ClassificationSaved);
      expect(saved).toEqual({ ok: true, version: before.version + 1 });
      expect(suite.engine.take()).toEqual([{ hook: "reclassify", programId: northwindId }]);
      expect(await loadVersioned()).toEqual({ ...tree, version: before.version + 1 });
      const again = decoded(await save({ ...tree, version: saved.version }), ClassificationSaved);
      expect(again.version).toBe(before.version + 2);
    });

    it("refuses a save without a version with 400: it stores nothing and does not re-classify", async () => {
      const before = await loadVersioned();
      suite.engine.take();
      expectBadRequest(await save({ data: [] }));
      expect(await loadVersioned()).toEqual(before);
      expect(suite.engine.take()).toEqual([]);
    });

    it("refuses a stale version with 409 and a clear message, stores nothing and does not re-classify", async () => {
      const start = await loadVersioned();
      // Two admins load the same version; the first saves.
      decoded(await save({ ...tree, version: start.version }), ClassificationSaved);
      suite.engine.take();
      const theirs = changed((c) => void (c.data[0]!.title = "Their Paid Search"));
      const refusal = expectRefusal(await save({ ...theirs, version: start.version }), 409, staleClassificationError);
      expect(refusal.message).toBe(
        `Someone else saved the classification while you were editing (your edit started from version ${start.version}, ` +
          `the saved one is now version ${start.version + 1}). Reload it to see their changes, then make yours again.`,
      );
      expect(await loadVersioned()).toEqual({ ...tree, version: start.version + 1 });
      expect(suite.engine.take()).toEqual([]);
      // A version from the future is stale too.
      expectRefusal(await save({ ...theirs, version: start.version + 5 }), 409, staleClassificationError);
      // Reloaded, the second admin's save goes through.
      expect(decoded(await save({ ...theirs, version: start.version + 1 }), ClassificationSaved).version).toBe(start.version + 2);
    });

    it.each([-1, 1.5, "3", null])("refuses the version %j with 400", async (version) => {
      const before = await loadVersioned();
      expectBadRequest(await save({ ...tree, version }));
      expect(await loadVersioned()).toEqual(before);
      expect(suite.engine.take()).toEqual([]);
    });
  });

  it("refuses malformed JSON", async () => {
    expectBadRequest(await suite.t.call("POST", path, { token: suite.tokens.admin, body: "{\"data\": [" }), "malformed_json");
    expect(suite.engine.take()).toEqual([]);
  });
});
