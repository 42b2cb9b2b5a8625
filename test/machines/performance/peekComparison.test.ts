import { SimulatedClock, createActor, fromCallback, type AnyActorRef, type EventObject } from "xstate";
import { describe, expect, it } from "vitest";
import type { TableResponse } from "../../../src/domain/performance/performance";
import { peekComparisonMachine, peekComparisonSelectors as sel, type PeekComparisonInput } from "../../../src/machines/performance/peekComparison.machine";
import { peekTableMachine, peekTableSelectors } from "../../../src/machines/performance/peekTable.machine";
import type { ReportScope } from "../../../src/services/performance/performance";
import type { ApiContext } from "../../../src/services/http/http";
import { httpErrors, signedInApi } from "../../model/fixtures";
import { laterReport, manyRows, paidSearchChildren, report } from "../../model/performance/tableFixtures";
import { controlled, flush } from "../support";

type Load = { api: ApiContext; scope: ReportScope };

const december = { from: "2025-12-01", to: "2025-12-31" };
const lastJanuary = { from: "2025-01-01", to: "2025-01-31" };

const setup = (overrides: Partial<PeekComparisonInput> = {}) => {
  const load = controlled<TableResponse, Load>();
  const input: PeekComparisonInput = { params: report, path: ["Paid Search", "Brand"], range: null, ...overrides };
  const actor = createActor(peekComparisonMachine.provide({ actors: { loadPeekComparison: load.logic } }), { clock: new SimulatedClock(), input }).start();
  const snap = () => actor.getSnapshot();
  return { actor, load, snap };
};

const scopeFor = (range: { from: string; to: string }, params = report) => ({
  api: signedInApi,
  scope: { program: params.program, range, path: ["Paid Search", "Brand"], filter: params.filter },
});

describe("peek comparison machine", () => {
  it("is off while comparison mode is off: no call, no previous rows", () => {
    const { snap, load } = setup();
    expect(snap().value).toBe("off");
    expect(sel.isOn(snap())).toBe(false);
    expect(sel.previousRows(snap())).toBeNull();
    expect(load.calls).toEqual([]);
  });

  it("a row opened while comparison mode is on loads its children for the comparison dates at once", async () => {
    const { snap, load } = setup({ range: december });
    expect(sel.isLoading(snap())).toBe(true);
    expect(sel.previousRows(snap())).toEqual([]);
    expect(load.calls).toEqual([scopeFor(december)]);
    await load.resolve(paidSearchChildren);
    expect(snap().value).toBe("loaded");
    expect(sel.previousRows(snap())).toEqual(paidSearchChildren.data);
  });

  it("turning comparison on loads, new comparison dates reload, turning it off clears", async () => {
    const { actor, snap, load } = setup();
    actor.send({ type: "peekComparison.rangeChanged", range: december });
    expect(load.calls).toEqual([scopeFor(december)]);
    await load.resolve(paidSearchChildren);
    actor.send({ type: "peekComparison.rangeChanged", range: lastJanuary });
    expect(sel.previousRows(snap())).toEqual([]);
    expect(load.calls.at(-1)).toEqual(scopeFor(lastJanuary));
    await load.resolve(manyRows(3, ["Paid Search", "Brand"]));
    expect(sel.previousRows(snap())).toHaveLength(3);
    actor.send({ type: "peekComparison.rangeChanged", range: null });
    expect(snap().value).toBe("off");
    expect(sel.previousRows(snap())).toBeNull();
    expect(load.calls).toHaveLength(2);
  });

  it("turning it off while loading cancels the load", async () => {
    const { actor, snap, load } = setup({ range: december });
    actor.send({ type: "peekComparison.rangeChanged", range: null });
    expect(load.wasAborted()).toBe(true);
    expect(sel.previousRows(snap())).toBeNull();
  });

  it("a failed load clears the previous rows, silently", async () => {
    const { actor, snap, load } = setup({ range: december });
    await load.resolve(paidSearchChildren);
    actor.send({ type: "peekComparison.rangeChanged", range: lastJanuary });
    await load.reject(httpErrors.server);
    expect(snap().value).toBe("failed");
    expect(sel.hasFailed(snap())).toBe(true);
    expect(sel.previousRows(snap())).toEqual([]);
    // the next load of the page's comparison tries again
    actor.send({ type: "peekComparison.rangeChanged", range: lastJanuary });
    expect(sel.isLoading(snap())).toBe(true);
  });

  it("a new scope is kept for the next load (the page's comparison reloads on every scope change and tells its dates)", async () => {
    const { actor, load } = setup({ range: december });
    await load.resolve(paidSearchChildren);
    actor.send({ type: "peekComparison.paramsChanged", params: laterReport });
    expect(load.calls).toHaveLength(1);
    actor.send({ type: "peekComparison.rangeChanged", range: { from: "2026-01-04", to: "2026-01-31" } });
    expect(load.calls.at(-1)).toEqual(scopeFor({ from: "2026-01-04", to: "2026-01-31" }, laterReport));
  });
});

describe("a peek table's comparison", () => {
  const peekWithComparison = (comparisonRange: { from: string; to: string } | null) => {
    const load = controlled<TableResponse, Load>();
    const previous = controlled<TableResponse, Load>();
    const owner = createActor(fromCallback<EventObject>(() => undefined)).start() as AnyActorRef;
    const peek = createActor(
      peekTableMachine.provide({
        actors: { loadPeek: load.logic, peekComparison: peekComparisonMachine.provide({ actors: { loadPeekComparison: previous.logic } }) },
      }),
      { input: { params: report, path: ["Paid Search"], sort: { column: "attributed_revenue", direction: "desc" }, owner, comparisonRange } },
    ).start();
    const comparison = () => peekTableSelectors.comparison(peek.getSnapshot());
    return { peek, load, previous, comparison };
  };

  it("starts with the page's comparison dates and follows them; the peek's own rows are unaffected", async () => {
    const { peek, load, previous, comparison } = peekWithComparison(december);
    expect(previous.calls).toEqual([{ api: signedInApi, scope: { program: "acme", range: december, path: ["Paid Search"], filter: "default" } }]);
    await load.resolve(paidSearchChildren);
    await previous.resolve(manyRows(2, ["Paid Search"]));
    const ref = comparison();
    expect(ref && sel.previousRows(ref.getSnapshot())).toHaveLength(2);
    peek.send({ type: "peek.comparisonChanged", range: null });
    await flush();
    expect(ref && sel.previousRows(ref.getSnapshot())).toBeNull();
    expect(peekTableSelectors.rows(peek.getSnapshot())).toHaveLength(3);
  });

  it("a scope change reloads the peek's rows and hands the comparison the new scope for its next load", async () => {
    const { peek, load, previous } = peekWithComparison(null);
    await load.resolve(paidSearchChildren);
    peek.send({ type: "peek.paramsChanged", params: laterReport });
    peek.send({ type: "peek.comparisonChanged", range: { from: "2026-01-04", to: "2026-01-31" } });
    expect(load.calls.at(-1)?.scope.range).toEqual(laterReport.range);
    expect(previous.calls).toEqual([{ api: signedInApi, scope: { program: "acme", range: { from: "2026-01-04", to: "2026-01-31" }, path: ["Paid Search"], filter: "default" } }]);
  });
});
