import { SimulatedClock, createActor, fromCallback, type AnyActorRef, type EventObject } from "xstate";
import { describe, expect, it } from "vitest";
import { totalsOf } from "../../../src/domain/report/metrics";
import type { TableResponse, TaxonomiesResponse } from "../../../src/domain/performance/performance";
import { nodeKey } from "../../../src/domain/report/treeSelection";
import { searchResultsMachine, searchResultsSelectors as sel, type SearchResultsInput, type SearchScope } from "../../../src/machines/performance/searchResults.machine";
import { httpErrors } from "../../model/fixtures";
import {
  emptySearch,
  laterScope,
  manyRows,
  manyTaxonomies,
  searchInput,
  searchResponse,
  searchRows,
  searchScope,
  smallerTaxonomies,
  taxonomiesResponse,
} from "../../model/performance/searchFixtures";
import { controlled } from "../support";

const setup = (input: SearchResultsInput = searchInput) => {
  const search = controlled<TableResponse, SearchScope>();
  const tree = controlled<TaxonomiesResponse, SearchScope>();
  const actor = createActor(searchResultsMachine.provide({ actors: { searchRows: search.logic, loadTaxonomies: tree.logic } }), {
    clock: new SimulatedClock(),
    input,
  }).start();
  const snap = () => actor.getSnapshot();
  const shownPaths = () => sel.pageRows(snap()).map((r) => r.taxonomy_4);
  return { actor, search, tree, snap, shownPaths };
};

const loaded = async () => {
  const s = setup();
  await s.search.resolve(searchResponse);
  await s.tree.resolve(taxonomiesResponse);
  return s;
};

const key = (...path: string[]) => nodeKey(path);

/** A stand-in for the report: records what the search results tell it. */
const listener = () => {
  const received: EventObject[] = [];
  const ref = createActor(fromCallback<EventObject>(({ receive }) => receive((e) => void received.push(e)))).start() as AnyActorRef;
  return { ref, received };
};

describe("searchResults machine", () => {
  it("loads the search and the taxonomies for the term, program and dates, side by side", async () => {
    const { snap, search, tree } = setup();
    expect(sel.isSearching(snap())).toBe(true);
    expect(sel.isLoadingTree(snap())).toBe(true);
    expect(search.calls).toEqual([searchScope]);
    expect(tree.calls).toEqual([searchScope]);
    await tree.resolve(taxonomiesResponse);
    expect(sel.isLoadingTree(snap())).toBe(false);
    expect(sel.isSearching(snap())).toBe(true);
    await search.resolve(searchResponse);
    expect(snap().value).toEqual({ results: "loaded", tree: "idle" });
    expect(sel.headers(snap())).toEqual(searchResponse.column_headers);
  });

  it("sorts locally from the stored sort, only the path that is 'None' throughout last (Email › … › None sorts by its value); a header click on the same column toggles, a new one starts descending", async () => {
    const { actor, snap, shownPaths } = await loaded();
    expect(sel.sort(snap())).toEqual({ column: "attributed_revenue", direction: "desc" });
    expect(shownPaths()).toEqual(["boots", "red shoes", "None", "blue shoes", "None"]);
    expect(sel.pageRows(snap()).map((r) => r.taxonomy_1)).toEqual(["Paid Search", "Paid Search", "Email", "Paid Search", "None"]);
    actor.send({ type: "search.sortChanged", column: "attributed_revenue" });
    expect(sel.sort(snap())).toEqual({ column: "attributed_revenue", direction: "asc" });
    expect(sel.pageRows(snap()).map((r) => r.attributed_revenue)).toEqual([90, 120, 400, 700, 0]);
    actor.send({ type: "search.sortChanged", column: "clicks" });
    expect(sel.sort(snap())).toEqual({ column: "clicks", direction: "desc" });
    expect(sel.pageRows(snap()).map((r) => r.clicks)).toEqual([300, 100, 80, 50, 10]);
  });

  it("on load every leaf is selected and every row shows; the badge counts the top-most selected branches", async () => {
    const { snap } = await loaded();
    expect([...sel.selection(snap())].sort()).toEqual([...sel.tree(snap()).leaves].sort());
    expect(sel.rowCount(snap())).toBe(5);
    expect(sel.branchCount(snap())).toBe(3); // Email, Paid Search, None
    expect(sel.branchBadge(snap())).toBe("3");
  });

  it("unticking a branch hides its rows, recounts the badge and the footer; 'Reset filter' restores everything", async () => {
    const { actor, snap, shownPaths } = await loaded();
    actor.send({ type: "search.nodeToggled", key: key("Paid Search", "Brand") });
    expect(shownPaths()).toEqual(["boots", "None", "None"]);
    // Paid Search is now 'some': its selected child Generic counts instead of it
    expect(sel.branchCount(snap())).toBe(3); // Email, Paid Search > Generic, None
    expect(sel.totals(snap())).toEqual(totalsOf([searchRows[2], searchRows[3], searchRows[4]] as never));
    actor.send({ type: "search.nodeToggled", key: key("Email") });
    expect(sel.branchCount(snap())).toBe(2);
    expect(shownPaths()).toEqual(["boots", "None"]);
    actor.send({ type: "search.filterReset" });
    expect(sel.rowCount(snap())).toBe(5);
    expect(sel.branchCount(snap())).toBe(3);
    expect(sel.totals(snap())).toEqual(totalsOf(searchRows as never));
  });

  it("a 'some' node ticks to 'all'; an 'all' node unticks to 'none'; an unknown key changes nothing", async () => {
    const { actor, snap } = await loaded();
    actor.send({ type: "search.nodeToggled", key: key("Paid Search", "Brand", "Shoes", "red shoes") });
    expect(sel.rowCount(snap())).toBe(4);
    actor.send({ type: "search.nodeToggled", key: key("Paid Search") }); // some -> all
    expect(sel.rowCount(snap())).toBe(5);
    actor.send({ type: "search.nodeToggled", key: key("Paid Search") }); // all -> none
    expect(sel.rowCount(snap())).toBe(2);
    const before = snap().context;
    actor.send({ type: "search.nodeToggled", key: key("Nowhere") });
    expect(snap().context).toBe(before);
  });

  it("unticking everything leaves no rows and a badge of 0", async () => {
    const { actor, snap } = await loaded();
    for (const root of sel.tree(snap()).roots) actor.send({ type: "search.nodeToggled", key: root.key });
    expect(sel.rowCount(snap())).toBe(0);
    expect(sel.pageRows(snap())).toEqual([]);
    expect(sel.branchBadge(snap())).toBe("0");
    expect(sel.totals(snap()).clicks).toBe(0);
  });

  it("the badge reads 9+ above 9 selected branches", async () => {
    const { actor, search, tree, snap } = setup();
    await search.resolve(manyRows(12));
    await tree.resolve(manyTaxonomies(12));
    expect(sel.branchBadge(snap())).toBe("1"); // all of Display
    actor.send({ type: "search.nodeToggled", key: key("Display", "Network", "Banner", "Ad 1") });
    expect(sel.branchCount(snap())).toBe(11);
    expect(sel.branchBadge(snap())).toBe("9+");
    actor.send({ type: "search.nodeToggled", key: key("Display", "Network", "Banner", "Ad 2") });
    actor.send({ type: "search.nodeToggled", key: key("Display", "Network", "Banner", "Ad 3") });
    expect(sel.branchBadge(snap())).toBe("9");
  });

  it("pages 15 rows at a time; a page past the last moves to the last, also when the filter shrinks the rows", async () => {
    const { actor, search, tree, snap } = setup();
    await search.resolve(manyRows(40));
    await tree.resolve(manyTaxonomies(40));
    expect(sel.perPage(snap())).toBe(15);
    expect(sel.pageCount(snap())).toBe(3);
    expect(sel.pageRows(snap())).toHaveLength(15);
    actor.send({ type: "search.pageChanged", page: 3 });
    expect(sel.page(snap())).toBe(3);
    expect(sel.pageRows(snap())).toHaveLength(10);
    expect(sel.pageBounds(snap())).toEqual({ first: 31, last: 40 });
    actor.send({ type: "search.pageChanged", page: 9 });
    expect(sel.page(snap())).toBe(3);
    // untick 20 leaves: 20 rows left, two pages; page 3 moves to 2
    for (let i = 1; i <= 20; i++) actor.send({ type: "search.nodeToggled", key: key("Display", "Network", "Banner", `Ad ${i}`) });
    expect(sel.pageCount(snap())).toBe(2);
    expect(sel.page(snap())).toBe(2);
    actor.send({ type: "search.nodeToggled", key: key("Display") }); // some -> all: 40 rows again, page 2 stays
    expect(sel.page(snap())).toBe(2);
    actor.send({ type: "search.nodeToggled", key: key("Display") }); // all -> none
    expect(sel.page(snap())).toBe(1);
    actor.send({ type: "search.pageChanged", page: 0 });
    expect(sel.page(snap())).toBe(1);
  });

  it("a failed search empties the headers silently; the tree still loads", async () => {
    const { snap, search, tree } = setup();
    await search.reject(httpErrors.server);
    expect(snap().value).toEqual({ results: "failed", tree: "loading" });
    expect(sel.hasFailed(snap())).toBe(true);
    expect(sel.headers(snap())).toEqual({});
    expect(sel.pageRows(snap())).toEqual([]);
    await tree.resolve(taxonomiesResponse);
    expect(sel.tree(snap()).leaves).toHaveLength(5);
  });

  it("a search failure on a reload clears the previous rows and headers", async () => {
    const { actor, snap, search } = await loaded();
    actor.send({ type: "search.scopeChanged", scope: laterScope });
    expect(sel.pageRows(snap())).toHaveLength(5); // kept while the reload runs
    await search.reject(httpErrors.network);
    expect(sel.headers(snap())).toEqual({});
    expect(sel.rowCount(snap())).toBe(0);
  });

  it("a failed taxonomy load only stops its loading indicator: the tree and selection stay", async () => {
    const { actor, snap, tree } = await loaded();
    actor.send({ type: "search.nodeToggled", key: key("Email") });
    const selected = sel.selection(snap());
    actor.send({ type: "search.scopeChanged", scope: laterScope });
    expect(sel.isLoadingTree(snap())).toBe(true);
    await tree.reject(httpErrors.server);
    expect(sel.isLoadingTree(snap())).toBe(false);
    expect(sel.selection(snap())).toBe(selected);
    expect(sel.tree(snap()).leaves).toHaveLength(5);
  });

  it("a first taxonomy load failure leaves an empty tree and every row shown", async () => {
    const { snap, search, tree } = setup();
    await search.resolve(searchResponse);
    await tree.reject(httpErrors.server);
    expect(sel.tree(snap()).roots).toEqual([]);
    expect(sel.rowCount(snap())).toBe(5);
    expect(sel.branchBadge(snap())).toBe("0");
  });

  it("a scope change reloads both calls with the new dates, abandoning running ones", async () => {
    const { actor, search, tree } = setup();
    actor.send({ type: "search.scopeChanged", scope: laterScope });
    expect(search.wasAborted(0)).toBe(true);
    expect(tree.wasAborted(0)).toBe(true);
    expect(search.calls).toEqual([searchScope, laterScope]);
    expect(tree.calls).toEqual([searchScope, laterScope]);
  });

  it("a reload with the same data size selects every leaf again", async () => {
    const { actor, snap, search, tree } = await loaded();
    actor.send({ type: "search.nodeToggled", key: key("Email") });
    actor.send({ type: "search.scopeChanged", scope: laterScope });
    await search.resolve(searchResponse);
    await tree.resolve(taxonomiesResponse);
    expect(sel.rowCount(snap())).toBe(5);
    expect(sel.selection(snap()).size).toBe(5);
  });

  it("a reload whose data size differs keeps the previous selection (unticked stays unticked, gone leaves dropped)", async () => {
    const { actor, snap, search, tree } = await loaded();
    actor.send({ type: "search.nodeToggled", key: key("Email") });
    actor.send({ type: "search.scopeChanged", scope: laterScope });
    await search.resolve(searchResponse);
    await tree.resolve(smallerTaxonomies);
    expect([...sel.selection(snap())].sort()).toEqual(
      [key("Paid Search", "Brand", "Shoes", "blue shoes"), key("Paid Search", "Brand", "Shoes", "red shoes"), key("Paid Search", "Generic", "Boots", "boots")].sort(),
    );
    // the None row is no longer in the tree, so the filter knows nothing of it and lets it through
    expect(sel.pageRows(snap()).map((r) => r.taxonomy_1)).toEqual(["Paid Search", "Paid Search", "Paid Search", "None"]);
  });

  it("no results: nothing to page, a zero footer", async () => {
    const { snap, search } = setup();
    await search.resolve(emptySearch);
    expect(sel.rowCount(snap())).toBe(0);
    expect(sel.pageCount(snap())).toBe(1);
    expect(sel.pageBounds(snap())).toEqual({ first: 0, last: 0 });
    expect(sel.totals(snap()).attributed_revenue).toBe(0);
  });

  it("the export rows are every filtered row in the table's sort, not only the page", async () => {
    const { actor, search, tree, snap } = setup();
    await search.resolve(manyRows(20));
    await tree.resolve(manyTaxonomies(20));
    actor.send({ type: "search.sortChanged", column: "clicks" });
    actor.send({ type: "search.sortChanged", column: "clicks" }); // ascending
    actor.send({ type: "search.nodeToggled", key: key("Display", "Network", "Banner", "Ad 1") });
    expect(sel.sortedRows(snap()).map((r) => r.clicks)).toEqual(Array.from({ length: 19 }, (_, i) => i + 2));
  });

  describe("a shared link's Filter and page", () => {
    const redShoes = key("Paid Search", "Brand", "Shoes", "red shoes");
    const email = key("Email", "Newsletter", "January", "None");

    it("a link's branch unticks every leaf under it", async () => {
      const { search, tree, shownPaths } = setup({ ...searchInput, unchecked: [key("Paid Search", "Brand")] });
      await search.resolve(searchResponse);
      await tree.resolve(taxonomiesResponse);
      expect(shownPaths()).toEqual(["boots", "None", "None"]);
    });

    it("opens with the link's leaves unticked once the tree loads; a leaf the tree no longer has is dropped", async () => {
      const gone = key("Display", "Network", "Banner", "Ad 1");
      const { snap, search, tree, shownPaths } = setup({ ...searchInput, unchecked: [redShoes, email, gone] });
      await search.resolve(searchResponse);
      expect(sel.rowCount(snap())).toBe(5);
      await tree.resolve(taxonomiesResponse);
      expect(sel.selection(snap()).has(redShoes)).toBe(false);
      expect(sel.selection(snap()).has(email)).toBe(false);
      expect(sel.selection(snap()).size).toBe(sel.tree(snap()).leaves.length - 2);
      expect(shownPaths()).toEqual(["boots", "blue shoes", "None"]);
      expect(sel.branchCount(snap())).toBe(3); // Paid Search › Generic, blue shoes, None
    });

    it("opens on the link's page; a page past the last moves to the last once the rows and the Filter are there", async () => {
      const { snap, search, tree } = setup({ ...searchInput, paging: { page: 3, perPage: 15 }, unchecked: [key("Display", "Network", "Banner", "Ad 40")] });
      expect(sel.page(snap())).toBe(3);
      await search.resolve(manyRows(40));
      expect(sel.page(snap())).toBe(3);
      await tree.resolve(manyTaxonomies(40));
      expect(sel.rowCount(snap())).toBe(39);
      expect(sel.page(snap())).toBe(3);

      const far = setup({ ...searchInput, paging: { page: 9, perPage: 15 } });
      await far.search.resolve(manyRows(20));
      expect(sel.page(far.snap())).toBe(2);
    });

    it("keeps the link's page when the Filter's tree answers before the rows (no rows yet is no reason to move)", async () => {
      const { snap, search, tree } = setup({ ...searchInput, paging: { page: 2, perPage: 15 }, unchecked: [key("Display", "Network", "Banner", "Ad 40")] });
      await tree.resolve(manyTaxonomies(40));
      expect(sel.page(snap())).toBe(2);
      await search.resolve(manyRows(40));
      expect(sel.rowCount(snap())).toBe(39);
      expect(sel.page(snap())).toBe(2);
    });

    it.each<[string, SearchResultsInput["paging"], number]>([
      ["page 0", { page: 0, perPage: 15 }, 1],
      ["a fractional page", { page: 1.5, perPage: 15 }, 1],
      ["no paging", null, 1],
    ])("opening paging, %s: page %d", (_, paging, page) => {
      expect(sel.page(setup({ ...searchInput, paging }).snap())).toBe(page);
    });

    it("a later reload keeps the person's selection by the usual rule, not the link's", async () => {
      const { actor, snap, search, tree } = setup({ ...searchInput, unchecked: [redShoes] });
      await search.resolve(searchResponse);
      await tree.resolve(taxonomiesResponse);
      actor.send({ type: "search.filterReset" });
      actor.send({ type: "search.scopeChanged", scope: laterScope });
      await tree.resolve(taxonomiesResponse);
      expect(sel.selection(snap()).size).toBe(sel.tree(snap()).leaves.length);
    });

    it("tells its listener the fewest unticked nodes and the page after each change, by a person or by a load", async () => {
      const report = listener();
      const { actor, search, tree } = setup({ ...searchInput, unchecked: [email], paging: { page: 2, perPage: 15 }, listener: report.ref });
      expect(report.received).toEqual([]);
      await search.resolve(searchResponse);
      await tree.resolve(taxonomiesResponse);
      actor.send({ type: "search.nodeToggled", key: redShoes });
      actor.send({ type: "search.filterReset" });
      actor.send({ type: "search.scopeChanged", scope: laterScope });
      await search.reject(httpErrors.server);
      const paging = { page: 1, perPage: 15 };
      expect(report.received).toEqual([
        { type: "search.choicesChanged", unchecked: [email], paging },
        { type: "search.choicesChanged", unchecked: [key("Email")], paging },
        { type: "search.choicesChanged", unchecked: [key("Email"), redShoes], paging },
        { type: "search.choicesChanged", unchecked: [], paging },
        { type: "search.choicesChanged", unchecked: [], paging },
      ]);
    });

    it("tells its listener a page change", async () => {
      const report = listener();
      const { actor, search, tree } = setup({ ...searchInput, listener: report.ref });
      await search.resolve(manyRows(40));
      await tree.resolve(manyTaxonomies(40));
      actor.send({ type: "search.pageChanged", page: 3 });
      expect(report.received.at(-1)).toEqual({ type: "search.choicesChanged", unchecked: [], paging: { page: 3, perPage: 15 } });
    });
  });
});
