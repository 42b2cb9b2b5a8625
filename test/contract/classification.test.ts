import { describe, expect, it } from "vitest";
import { Ok } from "../../src/domain/access/auth";
import { Classification } from "../../src/domain/classification/classification";
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

  it.each(["GET", "POST"])("%s: 401 anonymous, 403 for a non-member and for a member who is not an admin", async (method) => {
    const before = await load();
    await refusedToOutsiders(suite.t, suite.tokens, method, path, { json: tree });
    const refusal = expectRefusal(await suite.t.call(method, path, { token: suite.tokens.demo, ...(method === "POST" ? { json: tree } : {}) }), 403, "forbidden");
    expect(refusal.message).toBe("You don't have access to admin resources.");
    expect(await load()).toEqual(before);
    expect(suite.engine.take()).toEqual([]);
  });

  it("saves the whole tree, re-classifies the program and answers it back", async () => {
    decoded(await suite.t.call("POST", path, { token: suite.tokens.admin, json: tree }), Ok);
    expect(suite.engine.take()).toEqual([{ hook: "reclassify", programId: northwindId }]);
    expect(await load()).toEqual(tree);
    const other = decoded(await suite.t.call("GET", "/api/programs/bluepeak/admin/classification", { token: suite.tokens.admin }), Classification);
    expect(other).not.toEqual(tree);
  });

  it("clears the expected value of match types without one", async () => {
    const sent = changed((copy) => {
      copy.data[1]!.rules.push({ id: 9, field: "source", matchType: "exists", expectedValue: "ignored" });
    });
    decoded(await suite.t.call("POST", path, { token: suite.tokens.admin, json: sent }), Ok);
    const saved = await load();
    expect(saved.data[1]?.rules.find((r) => r.id === 9)?.expectedValue).toBeNull();
  });

  it("saves an empty tree", async () => {
    decoded(await suite.t.call("POST", path, { token: suite.tokens.admin, json: { data: [] } }), Ok);
    expect(await load()).toEqual({ data: [] });
    decoded(await suite.t.call("POST", path, { token: suite.tokens.admin, json: tree }), Ok);
  });

  it("refuses a blank taxonomy name with 'Taxonomy name is required'", async () => {
    decoded(await suite.t.call("POST", path, { token: suite.tokens.admin, json: tree }), Ok);
    suite.engine.take();
    for (const title of ["", "   "]) {
      const top = expectRefusal(await suite.t.call("POST", path, { token: suite.tokens.admin, json: changed((c) => void (c.data[0]!.title = title)) }), 400, "invalid_body");
      expect(top.message).toBe("Taxonomy name is required");
      const child = changed((c) => void (c.data[0]!.children[0]!.title = title));
      expect(expectRefusal(await suite.t.call("POST", path, { token: suite.tokens.admin, json: child }), 400, "invalid_body").message).toBe(
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
    decoded(await suite.t.call("POST", path, { token: suite.tokens.admin, json: tree }), Ok);
    suite.engine.take();
    expectBadRequest(await suite.t.call("POST", path, { token: suite.tokens.admin, json: body }));
    expect(await load()).toEqual(tree);
    expect(suite.engine.take()).toEqual([]);
  });

  it("refuses malformed JSON", async () => {
    expectBadRequest(await suite.t.call("POST", path, { token: suite.tokens.admin, body: "{\"data\": [" }), "malformed_json");
    expect(suite.engine.take()).toEqual([]);
  });
});
