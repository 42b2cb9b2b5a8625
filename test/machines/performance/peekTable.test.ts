import { SimulatedClock, createActor, fromCallback, type AnyActorRef, type EventObject } from "xstate";
import { describe, expect, it } from "vitest";
import type { TableResponse } from "../../../src/domain/performance/performance";
import { peekTableMachine, peekTableSelectors as sel, type PeekTableInput } from "../../../src/machines/performance/peekTable.machine";
import type { ReportScope } from "../../../src/services/performance/performance";
import type { ApiContext } from "../../../src/services/http/http";
import { httpErrors, signedInApi } from "../../model/fixtures";
import { laterReport, manyRows, paidSearchChildren, report } from "../../model/performance/tableFixtures";
import { controlled } from "../support";

type Load = { api: ApiContext; scope: ReportScope };

const owner = () => {
  const received: EventObject[] = [];
  const ref = createActor(fromCallback<EventObject>(({ receive }) => receive((e) => void received.push(e)))).start() as AnyActorRef;
  return { ref, received };
};

const setup = (overrides: Partial<PeekTableInput> = {}) => {
  const load = controlled<TableResponse, Load>();
  const parent = owner();
  const input: PeekTableInput = {
    params: report,
    path: ["Paid Search"],
    sort: { column: "attributed_revenue", direction: "desc" },
    owner: parent.ref,
    ...overrides,
  };
  const actor = createActor(peekTableMachine.provide({ actors: { loadPeek: load.logic } }), { clock: new SimulatedClock(), input }).start();
  const snap = () => actor.getSnapshot();
  const names = () => sel.shownRows(snap()).map((r) => (r as Readonly<Record<string, unknown>>)[sel.levelColumn(snap())]);
  return { actor, load, snap, names, parent };
};

describe("peek table machine", () => {
  it("loads the children of the open row in the table's sort, 'None' last", async () => {
    const { load, snap, names } = setup();
    expect(sel.isLoading(snap())).toBe(true);
    expect(load.calls).toEqual([{ api: signedInApi, scope: { program: "acme", range: report.range, path: ["Paid Search"], filter: "default" } }]);
    await load.resolve(paidSearchChildren);
    expect(sel.levelColumn(snap())).toBe("taxonomy_2");
    expect(names()).toEqual(["Brand", "Generic", "None"]);
    expect(sel.showMore(snap())).toBe(false);
  });

  it("shows the first 10 and 'Show me more' only when there are more than 10", async () => {
    const ten = setup();
    await ten.load.resolve(manyRows(10, ["Paid Search"]));
    expect(sel.shownRows(ten.snap())).toHaveLength(10);
    expect(sel.showMore(ten.snap())).toBe(false);

    const eleven = setup();
    await eleven.load.resolve(manyRows(11, ["Paid Search"]));
    expect(eleven.names()).toHaveLength(10);
    expect(eleven.names()[0]).toBe("Campaign 11");
    expect(sel.rows(eleven.snap())).toHaveLength(11);
    expect(sel.showMore(eleven.snap())).toBe(true);
  });

  it("follows the table's sort without reloading, 'None' last in both directions", async () => {
    const { actor, load, names } = setup();
    await load.resolve(paidSearchChildren);
    actor.send({ type: "peek.sortChanged", sort: { column: "clicks", direction: "asc" } });
    expect(names()).toEqual(["Brand", "Generic", "None"]);
    actor.send({ type: "peek.sortChanged", sort: { column: "clicks", direction: "desc" } });
    expect(names()).toEqual(["Generic", "Brand", "None"]);
    expect(load.calls).toHaveLength(1);
  });

  it("a failure clears its data silently and tells its owner, which clears the tree below", async () => {
    const { actor, load, snap, parent } = setup({ path: ["Paid Search", "Brand"] });
    await load.resolve(manyRows(3, ["Paid Search", "Brand"]));
    actor.send({ type: "peek.reloaded" });
    await load.reject(httpErrors.server);
    expect(snap().value).toBe("failed");
    expect(sel.rows(snap())).toEqual([]);
    expect(parent.received).toEqual([{ type: "expansion.peekFailed", path: ["Paid Search", "Brand"] }]);
  });

  it("new dates reload (cancelling a running load); the same ones do not", async () => {
    const { actor, load, names } = setup();
    actor.send({ type: "peek.paramsChanged", params: { ...report } });
    expect(load.calls).toHaveLength(1);
    actor.send({ type: "peek.paramsChanged", params: laterReport });
    expect(load.wasAborted()).toBe(true);
    expect(load.calls[1]?.scope.range).toEqual(laterReport.range);
    await load.resolve(paidSearchChildren);
    await load.resolve(manyRows(2, ["Paid Search"]));
    expect(names()).toEqual(["Campaign 2", "Campaign 1"]);
  });

  it("without an owner a failure is still silent", async () => {
    const { load, snap } = setup({ owner: null });
    await load.reject(httpErrors.network);
    expect(snap().value).toBe("failed");
    expect(snap().status).toBe("active");
  });
});
