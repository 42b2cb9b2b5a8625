import { describe, expect, it } from "vitest";
import {
  branchBadge,
  buildTaxonomyTree,
  filterRows,
  nodeKey,
  nodeState,
  rowPath,
  selectAll,
  selectedBranchCount,
  selectionOnLoad,
  selectionWithout,
  toggleNode,
  uncheckedBranches,
  type Selection,
  type TaxonomyRow,
  type TaxonomyTree,
} from "../../../src/domain/report/treeSelection";

const row = (t1: string, t2: string, t3: string, t4: string): TaxonomyRow => ({ taxonomy_1: t1, taxonomy_2: t2, taxonomy_3: t3, taxonomy_4: t4 });

/**
 * Paid Search ─┬─ Google ─┬─ Brand ─┬─ Exact   (leaf)
 *              │          │         └─ Phrase  (leaf)
 *              │          └─ Generic ── None   (leaf)
 *              └─ Bing ──── Brand ──── Exact   (leaf)
 * Email ──────── Newsletter ── Jan ── None     (leaf)
 * None ───────── None ──────── None ── None    (leaf)
 */
const rows: TaxonomyRow[] = [
  row("Paid Search", "Google", "Brand", "Phrase"),
  row("None", "None", "None", "None"),
  row("Email", "Newsletter", "Jan", "None"),
  row("Paid Search", "Google", "Brand", "Exact"),
  row("Paid Search", "Google", "Generic", "None"),
  row("Paid Search", "Bing", "Brand", "Exact"),
  row("Paid Search", "Google", "Brand", "Exact"),
];
const tree = buildTaxonomyTree(rows);

const k = (...path: string[]) => nodeKey(path);
const leaf = {
  googleExact: k("Paid Search", "Google", "Brand", "Exact"),
  googlePhrase: k("Paid Search", "Google", "Brand", "Phrase"),
  googleGeneric: k("Paid Search", "Google", "Generic", "None"),
  bingExact: k("Paid Search", "Bing", "Brand", "Exact"),
  email: k("Email", "Newsletter", "Jan", "None"),
  none: k("None", "None", "None", "None"),
};
const set = (...keys: string[]): Selection => new Set(keys);
const node = (t: TaxonomyTree, key: string) => {
  const n = t.byKey.get(key);
  if (!n) throw new Error(`no node ${key}`);
  return n;
};

describe("rowPath", () => {
  it.each([
    [row("A", "B", "C", "D"), ["A", "B", "C", "D"]],
    [{ taxonomy_1: "A", taxonomy_2: "B" }, ["A", "B"]],
    [{ taxonomy_1: "A", taxonomy_2: null, taxonomy_3: "C" }, ["A"]],
    [{ taxonomy_1: "A", taxonomy_2: "" }, ["A", "None"]],
    [{}, []],
  ] satisfies Array<[TaxonomyRow, string[]]>)("%j -> %j", (r, expected) => {
    expect(rowPath(r)).toEqual(expected);
  });
});

describe("buildTaxonomyTree", () => {
  it("orders siblings alphabetically with 'None' last and merges duplicate rows", () => {
    expect(tree.roots.map((n) => n.name)).toEqual(["Email", "Paid Search", "None"]);
    expect(node(tree, k("Paid Search")).children.map((n) => n.name)).toEqual(["Bing", "Google"]);
    expect(node(tree, k("Paid Search", "Google", "Brand")).children.map((n) => n.name)).toEqual(["Exact", "Phrase"]);
    expect(tree.leaves).toEqual([leaf.email, leaf.bingExact, leaf.googleExact, leaf.googlePhrase, leaf.googleGeneric, leaf.none]);
  });

  it.each([
    [k("Paid Search"), 1, 4],
    [k("Paid Search", "Google"), 2, 3],
    [k("Paid Search", "Google", "Brand"), 3, 2],
    [leaf.googleExact, 4, 1],
    [k("None"), 1, 1],
  ])("node %j is level %i with %i leaves", (key, level, leaves) => {
    expect(node(tree, key).level).toBe(level);
    expect(node(tree, key).leaves).toHaveLength(leaves);
  });

  it("keeps the same name under different parents apart", () => {
    expect(node(tree, k("Paid Search", "Bing", "Brand")).leaves).toEqual([leaf.bingExact]);
    expect(node(tree, k("Paid Search", "Google", "Brand")).leaves).toEqual([leaf.googleExact, leaf.googlePhrase]);
  });

  it("keeps names with separators-like text apart", () => {
    const t = buildTaxonomyTree([{ taxonomy_1: "a", taxonomy_2: "b/c" }, { taxonomy_1: "a/b", taxonomy_2: "c" }]);
    expect(t.leaves).toHaveLength(2);
  });

  it.each([
    [[], 0],
    [[{ taxonomy_1: "Only" }], 1],
    [[{ taxonomy_1: "A", taxonomy_2: "1" }, { taxonomy_1: "A", taxonomy_2: "2" }, { taxonomy_1: "B" }], 3],
  ] satisfies Array<[TaxonomyRow[], number]>)("%j has %i leaves", (input, n) => {
    expect(buildTaxonomyTree(input).leaves).toHaveLength(n);
  });
});

describe("nodeState", () => {
  const all = selectAll(tree);
  it.each([
    ["leaf selected", leaf.googleExact, all, "all"],
    ["leaf unselected", leaf.googleExact, set(), "none"],
    ["parent with every child all", k("Paid Search", "Google", "Brand"), set(leaf.googleExact, leaf.googlePhrase), "all"],
    ["parent with every child none", k("Paid Search", "Google", "Brand"), set(leaf.email), "none"],
    ["parent with mixed children", k("Paid Search", "Google", "Brand"), set(leaf.googleExact), "some"],
    ["grandparent with one all child and one none child", k("Paid Search", "Google"), set(leaf.googleExact, leaf.googlePhrase), "some"],
    ["root with a partial grandchild", k("Paid Search"), set(leaf.googlePhrase), "some"],
    ["root all", k("Paid Search"), set(leaf.googleExact, leaf.googlePhrase, leaf.googleGeneric, leaf.bingExact), "all"],
    ["root none", k("Paid Search"), set(leaf.email, leaf.none), "none"],
    ["single-leaf chain follows its leaf", k("Email"), set(leaf.email), "all"],
  ])("%s", (_name, key, selected, expected) => {
    expect(nodeState(node(tree, key), selected)).toBe(expected);
  });
});

describe("toggleNode", () => {
  const all = selectAll(tree);
  it.each([
    ["an 'all' root becomes none", k("Paid Search"), all, [leaf.email, leaf.none]],
    ["a 'none' root becomes all", k("Paid Search"), set(leaf.email), [leaf.email, leaf.bingExact, leaf.googleExact, leaf.googlePhrase, leaf.googleGeneric]],
    ["a 'some' node becomes all", k("Paid Search", "Google"), set(leaf.googlePhrase), [leaf.googleExact, leaf.googlePhrase, leaf.googleGeneric]],
    ["a selected leaf is unticked", leaf.googleExact, all, [leaf.email, leaf.bingExact, leaf.googlePhrase, leaf.googleGeneric, leaf.none]],
    ["an unselected leaf is ticked", leaf.none, set(), [leaf.none]],
    ["an unknown key changes nothing", k("Nope"), set(leaf.email), [leaf.email]],
  ])("%s", (_name, key, selected, expected) => {
    const next = toggleNode(tree, key, selected);
    expect(tree.leaves.filter((l) => next.has(l))).toEqual(expected);
    expect(next.size).toBe(expected.length);
  });

  it("does not change the selection given", () => {
    const before = set(leaf.email);
    toggleNode(tree, k("Paid Search"), before);
    expect([...before]).toEqual([leaf.email]);
  });

  it("toggling twice from 'all' gives the selection back", () => {
    const all = selectAll(tree);
    const twice = toggleNode(tree, k("Paid Search", "Google"), toggleNode(tree, k("Paid Search", "Google"), all));
    expect([...twice].sort()).toEqual([...all].sort());
  });
});

describe("selectAll (reset)", () => {
  it("selects every leaf", () => {
    const all = selectAll(tree);
    expect(all.size).toBe(6);
    expect(tree.roots.every((r) => nodeState(r, all) === "all")).toBe(true);
  });
});

describe("selectedBranchCount and badge", () => {
  it.each([
    ["everything: one per root", selectAll(tree), 3],
    ["nothing", set(), 0],
    ["one whole root", set(leaf.googleExact, leaf.googlePhrase, leaf.googleGeneric, leaf.bingExact), 1],
    ["a whole level-2 inside a partial root", set(leaf.googleExact, leaf.googlePhrase, leaf.googleGeneric), 1],
    ["a whole level-3 and a leaf elsewhere", set(leaf.googleExact, leaf.googlePhrase, leaf.bingExact), 2],
    ["two leaves under different level-3s", set(leaf.googleExact, leaf.googleGeneric), 2],
    ["single-leaf chains count once at the root", set(leaf.email, leaf.none), 2],
    ["unknown keys count nothing", set("stale"), 0],
  ])("%s -> %i", (_name, selected, expected) => {
    expect(selectedBranchCount(tree, selected)).toBe(expected);
  });

  it("counts many roots", () => {
    const many = buildTaxonomyTree(Array.from({ length: 12 }, (_, i) => ({ taxonomy_1: `Channel ${i}` })));
    expect(selectedBranchCount(many, selectAll(many))).toBe(12);
    expect(branchBadge(selectedBranchCount(many, selectAll(many)))).toBe("9+");
  });

  it.each([
    [0, "0"],
    [1, "1"],
    [9, "9"],
    [10, "9+"],
    [125, "9+"],
    [-1, "0"],
  ])("badge for %i is %s", (n, expected) => {
    expect(branchBadge(n)).toBe(expected);
  });
});

describe("filterRows", () => {
  const results = [
    { id: "g-exact", ...row("Paid Search", "Google", "Brand", "Exact") },
    { id: "g-generic", ...row("Paid Search", "Google", "Generic", "None") },
    { id: "email", ...row("Email", "Newsletter", "Jan", "None") },
    { id: "level2", taxonomy_1: "Paid Search", taxonomy_2: "Google" },
    { id: "unknown", ...row("Affiliates", "X", "Y", "Z") },
  ];
  it.each([
    ["all selected keeps every row", selectAll(tree), ["g-exact", "g-generic", "email", "level2", "unknown"]],
    ["nothing selected keeps only rows the tree does not know", set(), ["unknown"]],
    ["one leaf", set(leaf.googleExact), ["g-exact", "level2", "unknown"]],
    ["a partial level-2 node lets its level-2 row through", set(leaf.googlePhrase), ["level2", "unknown"]],
    ["email only", set(leaf.email), ["email", "unknown"]],
  ])("%s", (_name, selected, expected) => {
    expect(filterRows(results, tree, selected).map((r) => r.id)).toEqual(expected);
  });
});

describe("selectionOnLoad", () => {
  const previousSelected = set(leaf.googleExact, leaf.email);
  const previous = { size: 7, leaves: tree.leaves, selected: previousSelected };
  const grown = buildTaxonomyTree([...rows, row("Affiliates", "Network", "A", "B")]);
  const shrunk = buildTaxonomyTree(rows.filter((r) => r.taxonomy_1 !== "Email"));
  const newLeaf = k("Affiliates", "Network", "A", "B");

  it.each([
    ["first load: all leaves", null, tree, 7, tree.leaves],
    ["same size: all leaves", previous, tree, 7, tree.leaves],
    ["same size, other data: all leaves of the new tree", previous, grown, 7, grown.leaves],
    ["size differs: previous selection kept", previous, tree, 6, [leaf.email, leaf.googleExact]],
    ["size differs, a new leaf: selected", previous, grown, 8, [newLeaf, leaf.email, leaf.googleExact]],
    ["size differs, a leaf gone: dropped", previous, shrunk, 6, [leaf.googleExact]],
    ["size differs, all previously selected stays all", { size: 7, leaves: tree.leaves, selected: selectAll(tree) }, grown, 8, grown.leaves],
    ["size differs, nothing previously selected stays nothing but new leaves", { size: 7, leaves: tree.leaves, selected: set() }, grown, 8, [newLeaf]],
  ])("%s", (_name, prev, newTree, size, expected) => {
    const selected = selectionOnLoad(prev, newTree, size);
    expect(newTree.leaves.filter((l) => selected.has(l))).toEqual(expected);
    expect(selected.size).toBe(expected.length);
  });

  it("accepts the previous leaves as a set", () => {
    expect([...selectionOnLoad({ size: 1, leaves: new Set(tree.leaves), selected: set(leaf.none) }, tree, 7)]).toEqual([leaf.none]);
  });
});

describe("uncheckedBranches and selectionWithout (a shared link's Filter)", () => {
  const all = Object.values(leaf);
  const without = (...out: string[]) => set(...all.filter((l) => !out.includes(l)));
  it.each<[string, Selection, string[]]>([
    ["every leaf ticked: none", without(), []],
    ["one leaf", without(leaf.googlePhrase), [leaf.googlePhrase]],
    ["both leaves of Google › Brand: the branch", without(leaf.googleExact, leaf.googlePhrase), [k("Paid Search", "Google", "Brand")]],
    ["all of Paid Search: one key", without(leaf.googleExact, leaf.googlePhrase, leaf.googleGeneric, leaf.bingExact), [k("Paid Search")]],
    ["branches in tree order", without(leaf.none, leaf.bingExact, leaf.email), [k("Paid Search", "Bing"), k("Email"), k("None")]],
    ["nothing ticked: every root", set(), tree.roots.map((r) => r.key)],
  ])("%s", (_, selected, branches) => {
    const keys = uncheckedBranches(tree, selected);
    expect([...keys].sort()).toEqual([...branches].sort());
    expect(selectionWithout(tree, keys)).toEqual(selected);
  });

  it.each<[string, string[], Selection]>([
    ["a leaf", [leaf.email], without(leaf.email)],
    ["a branch unticks its leaves", [k("Paid Search", "Google")], without(leaf.googleExact, leaf.googlePhrase, leaf.googleGeneric)],
    ["a key the tree does not hold unticks nothing", [k("Display"), k("Paid Search", "Yahoo")], without()],
    ["none", [], without()],
  ])("selectionWithout: %s", (_, keys, selected) => {
    expect(selectionWithout(tree, keys)).toEqual(selected);
  });
});
