import { createActor, type AnyActorRef } from "xstate";
import { afterEach, describe, expect, it } from "vitest";
import type { CustomReport, CustomReportList } from "../../../src/domain/customReports/customReports";
import type { ProgramCall } from "../../../src/machines/reports/reportScope";
import { programReportsMachine, programReportsSelectors as sel } from "../../../src/machines/customReports/programReports.machine";
import { httpErrors, quietReportScopeListener, scopeOf, sessionOf } from "../../model/fixtures";
import { controlled } from "../support";

const actors: AnyActorRef[] = [];
afterEach(() => {
  for (const a of actors.splice(0)) a.stop();
});

const reportOf = (id: number): CustomReport => ({ id, name: `Report ${id}`, level: "taxonomy_1", rules: [], meta: {} });

const open = (session = sessionOf()) => {
  const load = controlled<CustomReportList, ProgramCall>();
  const reports = createActor(programReportsMachine.provide({ actors: { loadReports: load.logic, sessionScopeListener: quietReportScopeListener } }), {
    input: { session },
  }).start();
  actors.push(reports);
  return { reports, load, ids: () => sel.reportIds(reports.getSnapshot()) };
};

describe("programReports: which saved reports the session's program has, for the menu", () => {
  it.each<[string, ReadonlyArray<number>]>([
    ["a program with the Active / Not Active Report", [1, 4]],
    ["a program without it", [4]],
    ["a program with no saved report", []],
  ])("%s: holds the ids the server lists, none until it answers", async (_, listed) => {
    const { load, ids } = open();
    expect(load.calls).toEqual([{ api: { baseUrl: "/api", token: "tok-1" }, program: "acme" }]);
    expect(ids()).toEqual([]);
    await load.resolve({ data: listed.map(reportOf) });
    expect(ids()).toEqual(listed);
  });

  it("waits without a program, and loads once one comes", async () => {
    const { reports, load, ids } = open(sessionOf({ programCode: null, programs: [] }));
    expect(load.calls).toHaveLength(0);
    reports.send({ type: "session.scopeChanged", scope: scopeOf() });
    await load.resolve({ data: [reportOf(1)] });
    expect(ids()).toEqual([1]);
  });

  it("another program forgets the last one's reports at once and loads its own; other dates load nothing", async () => {
    const { reports, load, ids } = open();
    await load.resolve({ data: [reportOf(1)] });
    reports.send({ type: "session.scopeChanged", scope: scopeOf({ range: { from: "2026-02-01", to: "2026-02-28" } }) });
    expect(load.calls).toHaveLength(1);
    reports.send({ type: "session.scopeChanged", scope: scopeOf({ programCode: "beta" }) });
    expect(ids()).toEqual([]);
    expect(load.calls[1]?.program).toBe("beta");
    await load.resolve({ data: [reportOf(7)] });
    expect(ids()).toEqual([7]);
  });

  it("a failed list holds no report (nothing offered that may not open) until tried again", async () => {
    const { reports, load, ids } = open();
    await load.reject(httpErrors.network);
    expect(ids()).toEqual([]);
    expect(reports.getSnapshot().matches("failed")).toBe(true);
    reports.send({ type: "programReports.retried" });
    await load.resolve({ data: [reportOf(1)] });
    expect(ids()).toEqual([1]);
  });
});
