import { isDeepStrictEqual } from "node:util";
import { totalsOf } from "../../../src/domain/report/metrics";
import { pageCount } from "../../../src/domain/table/pagination";
import type { TaxonomiesResponse } from "../../../src/domain/performance/performance";
import { nodeKey, rowPath, uncheckedBranches } from "../../../src/domain/report/treeSelection";
import { searchResultsMachine, searchResultsSelectors as sel, type SearchScope } from "../../../src/machines/performance/searchResults.machine";
import { defineMachineModel, invariant } from "../harness";
import { httpErrors } from "../fixtures";
import { laterScope, manyRows, manyTaxonomies, searchInput, searchResponse, smallerTaxonomies, taxonomiesResponse } from "./searchFixtures";

/** The search results: two loads, the Filter tree, sort, pages. */
export const searchResultsModel = defineMachineModel({
  name: "searchResults",
  machine: searchResultsMachine,
  input: {
    plain: () => searchInput,
    // A shared link's page 2 with red shoes unticked (and a leaf no tree holds), told to the report.
    linked: (rig) => ({
      ...searchInput,
      paging: { page: 2, perPage: 15 },
      unchecked: [nodeKey(["Paid Search", "Brand", "Shoes", "red shoes"]), nodeKey(["Email"]), nodeKey(["Gone"])],
      listener: rig.recorder("report"),
    }),
  },
  events: {
    "search.scopeChanged": { later: { scope: laterScope } },
    // The first top-level branch and the first leaf of the tree, and a key the tree does not hold.
    "search.nodeToggled": (s) => {
      const tree = s.context.tree;
      const variants: Record<string, { key: string }> = {};
      const root = tree.roots[0];
      const leaf = tree.leaves[0];
      if (root !== undefined) variants.firstBranch = { key: root.key };
      if (leaf !== undefined) variants.firstLeaf = { key: leaf };
      variants.unknown = { key: nodeKey(["Nowhere"]) };
      return variants;
    },
    "search.filterReset": [{}],
    "search.sortChanged": { clicks: { column: "clicks" } },
    "search.pageChanged": { second: { page: 2 }, pastTheLast: { page: 99 } },
  },
  actorOutcomes: {
    searchRows: { resolves: { five: searchResponse, twenty: manyRows(20) }, rejects: { server: httpErrors.server } },
    loadTaxonomies: {
      resolves: { five: taxonomiesResponse, four: smallerTaxonomies, twenty: manyTaxonomies(20) },
      rejects: { server: httpErrors.server },
    },
  },
  // Enough for the catalogue (the tree) and the pages; the check verifies rows, totals and sort at every step.
  observe: (c) => ({
    leaves: c.tree.leaves.length,
    selected: c.selected.size,
    page: c.page,
  }),
  strategies: {
    shortest: { maxPaths: 1200 },
    simple: { observe: null, maxPaths: 150 },
  },
  limit: 40_000,
  check: ({ action, before, after, newCalls }) => {
    const c = after.context;
    // Every leaf is all or none: the selection holds only leaves of the tree.
    const leaves = new Set(c.tree.leaves);
    for (const key of c.selected) invariant(leaves.has(key), `selected key ${JSON.stringify(key)} is not a leaf of the tree`);
    // A row passes when its node is not 'none', or when the tree does not know it.
    const shown = sel.sortedRows(after);
    const expected = c.rows.filter((r) => {
      const node = c.tree.byKey.get(nodeKey(rowPath(r)));
      return !node || node.leaves.some((l) => c.selected.has(l));
    });
    invariant(shown.length === expected.length, `${shown.length} rows shown, ${expected.length} pass the filter`);
    invariant(JSON.stringify(sel.totals(after)) === JSON.stringify(totalsOf(expected)), "the footer is the total of the rows the filter lets through");
    // Pages of 15; the page is never past the last.
    invariant(c.perPage === 15, "15 rows per page");
    // A link's page waits for the first rows, which move it to the last page if it lies past it.
    const awaitingFirstRows = after.matches({ results: "loading" }) && c.rows.length === 0;
    invariant(c.page >= 1 && (awaitingFirstRows || c.page <= pageCount(expected.length, 15)), `page ${c.page} of ${pageCount(expected.length, 15)}`);
    invariant(sel.pageRows(after).length === Math.min(15, Math.max(0, expected.length - (c.page - 1) * 15)), "a page holds up to 15 rows");
    // Rows are in the table's sort, paths that are 'None' throughout after the others.
    const named = shown.filter((r) => ![r.taxonomy_1, r.taxonomy_2, r.taxonomy_3, r.taxonomy_4].every((v) => v === "None"));
    invariant(isDeepStrictEqual(shown.slice(0, named.length), named), "rows named 'None' come last");
    for (const group of [named, shown.slice(named.length)]) {
      const values = group.map((r) => r[c.sort.column as "clicks"]);
      for (let i = 1; i < values.length; i++) {
        const [a, b] = [values[i - 1] as number, values[i] as number];
        invariant(c.sort.direction === "desc" ? a >= b : a <= b, `rows out of ${c.sort.direction} order at ${i}`);
      }
    }
    // A failed search empties the headers (and its rows), silently.
    if (after.matches({ results: "failed" })) invariant(Object.keys(c.headers).length === 0 && c.rows.length === 0, "a failed search shows no headers");
    // A new scope reloads both calls with it, once each.
    const starts = newCalls.filter((x) => x.kind === "actor");
    if (action.kind === "event" && action.event.type === "search.scopeChanged") {
      invariant(starts.length === 2, `a scope change starts two loads, not ${starts.length}`);
      for (const s of starts) invariant((s.payload as SearchScope).range.from === laterScope.range.from, "loads use the new scope");
    } else if (action.kind !== "init") {
      invariant(starts.length === 0, "only a scope change (or the start) loads");
    }
    // On load every leaf is selected unless the data size differs (then the previous selection is kept).
    if (action.kind === "actor" && action.src === "loadTaxonomies" && action.outcome === "resolves" && before) {
      const size = (action.value as TaxonomiesResponse).data.length;
      const prev = before.context;
      // (A link's first tree is checked below.)
      if (prev.treeSize === null) invariant(c.linkedUnchecked.length > 0 || c.selected.size === c.tree.leaves.length, "every leaf is selected on load");
      else if (prev.treeSize === size) invariant(c.selected.size === c.tree.leaves.length, "every leaf is selected on load");
      else {
        const known = new Set(prev.tree.leaves);
        for (const leaf of c.tree.leaves) {
          const kept = known.has(leaf) ? prev.selected.has(leaf) : true;
          invariant(c.selected.has(leaf) === kept, `leaf ${JSON.stringify(leaf)} keeps its previous selection`);
        }
      }
    }
    if (action.kind === "actor" && action.src === "loadTaxonomies" && action.outcome === "rejects" && before) {
      invariant(c.tree === before.context.tree && c.selected === before.context.selected, "a failed taxonomy load changes nothing but the loading");
    }
    // A link's unticked leaves stay unticked on the first tree (the ones it does not hold dropped), every other leaf ticked.
    if (action.kind === "actor" && action.src === "loadTaxonomies" && action.outcome === "resolves" && before?.context.treeSize === null) {
      const out = new Set(c.linkedUnchecked);
      const underOut = (leaf: string) => [...out].some((k) => leaf === k || leaf.startsWith(`${k}\u001f`));
      for (const leaf of c.tree.leaves) invariant(c.selected.has(leaf) === !underOut(leaf), `leaf ${JSON.stringify(leaf)} as the link has it`);
    }
    // The report is told the unticked leaves and the paging after each change of either (and after each settled load).
    if (c.listener) {
      const told = newCalls.filter((x) => x.kind === "received" && x.name === "report").map((x) => x.payload);
      const unchecked = c.treeSize === null ? c.linkedUnchecked : uncheckedBranches(c.tree, c.selected);
      // The fewest nodes: each fully unticked, its parent not; together exactly the unticked leaves.
      if (c.treeSize !== null) {
        const leavesOut = unchecked.flatMap((k) => c.tree.byKey.get(k)?.leaves ?? []);
        invariant(isDeepStrictEqual(new Set(leavesOut), new Set(c.tree.leaves.filter((l) => !c.selected.has(l)))), "the unticked nodes cover exactly the unticked leaves");
      }
      const now = { type: "search.choicesChanged", unchecked, paging: { page: c.page, perPage: c.perPage } };
      const changed = before !== undefined && (before.context.page !== c.page || before.context.selected !== c.selected || before.context.tree !== c.tree);
      for (const t of told) invariant(isDeepStrictEqual(t, now), `told ${JSON.stringify(t)}, not the choices now`);
      if (changed) invariant(told.length === 1, `a change of the Filter or page is told once, not ${told.length} times`);
    }
    // The badge counts the top-most fully selected branches; 9+ above 9.
    const count = sel.branchCount(after);
    invariant(sel.branchBadge(after) === (count > 9 ? "9+" : String(count)), "the badge text");
    if (c.selected.size === c.tree.leaves.length) invariant(count === c.tree.roots.length, "all selected: one branch per taxonomy 1");
  },
});
