import { SimulatedClock, createActor } from "xstate";
import { describe, expect, it } from "vitest";
import type { TableResponse } from "../../../src/domain/performance/performance";
import { peekComparisonMachine, peekComparisonSelectors } from "../../../src/machines/performance/peekComparison.machine";
import { peekTableMachine, peekTableSelectors } from "../../../src/machines/performance/peekTable.machine";
import { peekId, rowExpansionMachine, rowExpansionSelectors as sel, type RowExpansionInput } from "../../../src/machines/performance/rowExpansion.machine";
import type { ReportScope } from "../../../src/services/performance/performance";
import type { ApiContext } from "../../../src/services/http/http";
import { httpErrors } from "../../model/fixtures";
import { laterReport, manyRows, paidSearchChildren, report } from "../../model/performance/tableFixtures";
import { controlled, flush } from "../support";

type Load = { api: ApiContext; scope: ReportScope };

const levelOnePage: RowExpansionInput = {
  params: report,
  base: [],
  deepestLevel: 3,
  sort: { column: "attributed_revenue", direction: "desc" },
};
const channelPage: RowExpansionInput = { ...levelOnePage, base: ["Paid Search"], deepestLevel: 4 };

const setup = (input: RowExpansionInput = levelOnePage) => {
  const load = controlled<TableResponse, Load>();
  const peek = peekTableMachine.provide({ actors: { loadPeek: load.logic } });
  const actor = createActor(rowExpansionMachine.provide({ actors: { peekTable: peek } }), { clock: new SimulatedClock(), input }).start();
  const snap = () => actor.getSnapshot();
  const toggle = (...path: string[]) => actor.send({ type: "expansion.toggled", path });
  const open = () => sel.openPaths(snap());
  return { actor, load, snap, toggle, open };
};

/** Row expansion whose peek tables' comparisons load through `previous`. */
const comparingSetup = (input: RowExpansionInput = levelOnePage) => {
  const load = controlled<TableResponse, Load>();
  const previous = controlled<TableResponse, Load>();
  const peek = peekTableMachine.provide({
    actors: { loadPeek: load.logic, peekComparison: peekComparisonMachine.provide({ actors: { loadPeekComparison: previous.logic } }) },
  });
  const actor = createActor(rowExpansionMachine.provide({ actors: { peekTable: peek } }), { input }).start();
  const toggle = (...path: string[]) => actor.send({ type: "expansion.toggled", path });
  const previousOf = (...path: string[]) => {
    const comparison = peekTableSelectors.comparison(sel.peekOf(actor.getSnapshot(), path)!.getSnapshot());
    return peekComparisonSelectors.previousRows(comparison!.getSnapshot());
  };
  return { actor, load, previous, toggle, previousOf };
};

const december = { from: "2025-12-01", to: "2025-12-31" };

describe("row expansion machine: comparison mode", () => {
  it("every open peek table, nested levels included, loads its children for the comparison dates; rows opened later too", async () => {
    const { actor, load, previous, toggle, previousOf } = comparingSetup();
    toggle("Paid Search");
    toggle("Paid Search", "Brand");
    expect(previous.calls).toEqual([]);
    actor.send({ type: "expansion.comparisonChanged", range: december });
    await flush();
    expect(previous.calls.map((c) => [c.scope.path, c.scope.range])).toEqual([
      [["Paid Search"], december],
      [["Paid Search", "Brand"], december],
    ]);
    toggle("Display");
    expect(previous.calls.at(-1)?.scope).toEqual({ program: "acme", range: december, path: ["Display"], filter: "default" });
    expect(load.calls.at(-1)?.scope.range).toEqual(report.range);
    await previous.resolve(paidSearchChildren);
    expect(previousOf("Paid Search")).toEqual(paidSearchChildren.data);
    expect(previousOf("Paid Search", "Brand")).toEqual([]);
    // off: every peek's comparison clears
    actor.send({ type: "expansion.comparisonChanged", range: null });
    await flush();
    expect(previousOf("Paid Search")).toBeNull();
    expect(previousOf("Display")).toBeNull();
    toggle("Search");
    expect(previous.calls).toHaveLength(3);
  });

  it("a scope change: the kept level-three rows' comparisons load with the new scope at the comparison's new dates", async () => {
    const { actor, previous, toggle } = comparingSetup({ ...levelOnePage, deepestLevel: 4 });
    actor.send({ type: "expansion.comparisonChanged", range: december });
    toggle("Paid Search");
    toggle("Paid Search", "Brand");
    toggle("Paid Search", "Brand", "Shoes");
    const before = previous.calls.length;
    actor.send({ type: "expansion.paramsChanged", params: laterReport, base: [] });
    actor.send({ type: "expansion.comparisonChanged", range: { from: "2026-01-04", to: "2026-01-31" } });
    await flush();
    expect(sel.openPaths(actor.getSnapshot())).toEqual([["Paid Search", "Brand", "Shoes"]]);
    expect(previous.calls.slice(before).map((c) => c.scope)).toEqual([
      { program: "acme", range: { from: "2026-01-04", to: "2026-01-31" }, path: ["Paid Search", "Brand", "Shoes"], filter: "default" },
    ]);
  });
});

describe("row expansion machine", () => {
  it("opening a level-one row shows its level-two children in a peek table; toggling again closes it", async () => {
    const { snap, toggle, open, load } = setup();
    expect(sel.canOpen(snap(), ["Paid Search"])).toBe(true);
    toggle("Paid Search");
    expect(open()).toEqual([["Paid Search"]]);
    expect(load.calls.map((c) => c.scope.path)).toEqual([["Paid Search"]]);
    const peek = sel.peekOf(snap(), ["Paid Search"]);
    expect(peek).toBeDefined();
    await load.resolve(paidSearchChildren);
    expect(peekTableSelectors.shownRows(peek!.getSnapshot())).toHaveLength(3);
    toggle("Paid Search");
    expect(open()).toEqual([]);
    expect(sel.peekOf(snap(), ["Paid Search"])).toBeUndefined();
    expect(snap().children[peekId(["Paid Search"])]).toBeUndefined();
  });

  it("'None' rows never open, nor rows past the deepest level, nor a child of a closed row", () => {
    const { toggle, open, load, snap } = setup();
    toggle("None");
    expect(open()).toEqual([]);
    toggle("Paid Search", "Brand"); // its parent is closed
    expect(open()).toEqual([]);
    toggle("Paid Search");
    toggle("Paid Search", "None");
    toggle("Paid Search", "Brand");
    toggle("Paid Search", "Brand", "Shoes"); // level three is the deepest on the level-one page
    expect(open()).toEqual([["Paid Search"], ["Paid Search", "Brand"]]);
    expect(sel.canOpen(snap(), ["Paid Search", "Brand", "Shoes"])).toBe(false);
    expect(load.calls).toHaveLength(2);
  });

  it("on a channel's page rows open down to level four, and closing a row closes the rows below it", () => {
    const { toggle, open, snap } = setup(channelPage);
    toggle("Email", "Newsletter"); // not under this page's channel
    expect(open()).toEqual([]);
    toggle("Paid Search", "Brand");
    toggle("Paid Search", "Brand", "Shoes");
    expect(open()).toEqual([["Paid Search", "Brand"], ["Paid Search", "Brand", "Shoes"]]);
    expect(sel.canOpen(snap(), ["Paid Search", "Brand", "Shoes", "red shoes"])).toBe(false);
    toggle("Paid Search", "Brand");
    expect(open()).toEqual([]);
    expect(Object.keys(snap().children)).toEqual([]);
  });

  it("a reload closes everything except level three, whose peek tables reload with the new dates", async () => {
    const { actor, toggle, open, load, snap } = setup(channelPage);
    toggle("Paid Search", "Brand");
    toggle("Paid Search", "Brand", "Shoes");
    toggle("Paid Search", "Generic");
    toggle("Paid Search", "Generic", "Boots");
    await load.resolve(manyRows(2, ["Paid Search", "Brand"]));
    await load.resolve(manyRows(2, ["Paid Search", "Brand", "Shoes"]));
    await load.resolve(manyRows(2, ["Paid Search", "Generic"]));
    await load.resolve(manyRows(2, ["Paid Search", "Generic", "Boots"]));
    actor.send({ type: "expansion.paramsChanged", params: laterReport, base: ["Paid Search"] });
    expect(open()).toEqual([
      ["Paid Search", "Brand", "Shoes"],
      ["Paid Search", "Generic", "Boots"],
    ]);
    expect(Object.keys(snap().children).sort()).toEqual([peekId(["Paid Search", "Brand", "Shoes"]), peekId(["Paid Search", "Generic", "Boots"])].sort());
    expect(load.calls.slice(4).map((c) => [c.scope.path, c.scope.range])).toEqual([
      [["Paid Search", "Brand", "Shoes"], laterReport.range],
      [["Paid Search", "Generic", "Boots"], laterReport.range],
    ]);
    // reopening the parent shows its level-three row still open
    toggle("Paid Search", "Brand");
    expect(sel.isOpen(snap(), ["Paid Search", "Brand", "Shoes"])).toBe(true);
    // the same parameters change nothing
    actor.send({ type: "expansion.paramsChanged", params: { ...laterReport }, base: ["Paid Search"] });
    expect(open()).toHaveLength(3);
  });

  it("a peek load failure clears the tree below that row", async () => {
    const { actor, toggle, open, load, snap } = setup(channelPage);
    toggle("Paid Search", "Brand");
    toggle("Paid Search", "Brand", "Shoes");
    await load.resolve(manyRows(2, ["Paid Search", "Brand"]));
    await load.resolve(manyRows(2, ["Paid Search", "Brand", "Shoes"]));
    sel.peekOf(snap(), ["Paid Search", "Brand"])?.send({ type: "peek.reloaded" });
    await load.reject(httpErrors.server);
    expect(open()).toEqual([["Paid Search", "Brand"]]);
    const peek = sel.peekOf(snap(), ["Paid Search", "Brand"]);
    expect(peekTableSelectors.hasFailed(peek!.getSnapshot())).toBe(true);
    expect(peekTableSelectors.rows(peek!.getSnapshot())).toEqual([]);
    expect(snap().children[peekId(["Paid Search", "Brand", "Shoes"])]).toBeUndefined();
    actor.send({ type: "expansion.peekFailed", path: ["Email"] }); // not open: ignored
    expect(open()).toEqual([["Paid Search", "Brand"]]);
  });

  it("a sort change reaches every open peek table", async () => {
    const { actor, toggle, load, snap } = setup(channelPage);
    toggle("Paid Search", "Brand");
    await load.resolve(manyRows(3, ["Paid Search", "Brand"]));
    actor.send({ type: "expansion.sortChanged", sort: { column: "clicks", direction: "asc" } });
    const peek = sel.peekOf(snap(), ["Paid Search", "Brand"]);
    expect(peekTableSelectors.shownRows(peek!.getSnapshot()).map((r) => r.taxonomy_3)).toEqual(["Campaign 1", "Campaign 2", "Campaign 3"]);
    toggle("Paid Search", "Generic");
    expect(load.calls[1]).toBeDefined();
    expect(snap().context.sort).toEqual({ column: "clicks", direction: "asc" });
  });

  it("nothing opens while there is nothing to load", () => {
    const { toggle, open } = setup({ ...levelOnePage, params: null });
    toggle("Paid Search");
    expect(open()).toEqual([]);
  });
});
