import { afterEach, describe, expect, it } from "vitest";
import { createActor, type AnyActorRef } from "xstate";
import { dataSetComparisonMachine, dataSetComparisonSelectors as sel, exportOpenedOf, type AccessInput, type LoadInput } from "../../../src/machines/dataSetComparison/dataSetComparison.machine";
import type { PerformanceRow } from "../../../src/domain/performance/performance";
import type { Side } from "../../../src/domain/dataSetComparison/dataSetComparison";
import type { DataSetComparisonData, ReportAccess } from "../../../src/services/dataSetComparison/dataSetComparison";
import { alice, httpErrors, quietReportScopeListener, scopeOf, sessionOf } from "../../model/fixtures";
import { comparisonTables, denied, granted, grantedOldSource, noComparison, noData, twentyChannels, twoChannels } from "../../model/dataSetComparison/dataSetComparisonFixtures";
import { controlled } from "../support";

const actors: AnyActorRef[] = [];
afterEach(() => {
  for (const a of actors.splice(0)) a.stop();
});

const open = (options: { path?: ReadonlyArray<string>; search?: string; admin?: boolean; signedOut?: boolean } = {}) => {
  const access = controlled<ReportAccess, AccessInput>();
  const data = controlled<DataSetComparisonData, LoadInput>();
  const comparison = controlled<Readonly<Record<Side, ReadonlyArray<PerformanceRow>>>, LoadInput>();
  const session = sessionOf({
    user: { ...alice, is_admin: options.admin === true },
    ...(options.signedOut ? { programCode: null, range: null } : {}),
  });
  const report = createActor(
    dataSetComparisonMachine.provide({
      actors: { sessionScopeListener: quietReportScopeListener, loadReportAccess: access.logic, loadDataSetComparisonData: data.logic, loadComparison: comparison.logic },
    }),
    { input: { session, path: options.path ?? [], search: options.search, reportId: "1" } },
  ).start();
  actors.push(report);
  return { report, access, data, comparison, snap: () => report.getSnapshot() };
};

const names = (rows: ReadonlyArray<Readonly<Record<string, unknown>>>) => rows.map((r) => r["taxonomy_1"]);

describe("custom report: opening", () => {
  it("asks for the report of the session's program, then loads the level with its source", async () => {
    const { access, data, snap } = open();
    expect(sel.status(snap())).toBe("loading");
    expect(access.calls[0]).toMatchObject({ program: "acme", reportId: "1" });
    await access.resolve(granted);
    expect(data.calls[0]).toMatchObject({ program: "acme", path: [], range: { from: "2026-01-01", to: "2026-01-31" }, source: { kind: "named" } });
    await data.resolve(twoChannels);
    expect(sel.status(snap())).toBe("ready");
    expect(sel.cards(snap()).map((c) => c.name)).toEqual(["Search", "Email", "None"]);
    expect(sel.reportName(snap())).toBe("Active / Not Active Report");
    expect(sel.sideNames(snap())).toEqual({ first: "Valid", second: "Cancelled" });
  });

  it("shows the no-access screen when the program has no such report, and loads nothing", async () => {
    const { access, data, snap } = open();
    await access.resolve(denied);
    expect(sel.status(snap())).toBe("denied");
    expect(data.calls).toHaveLength(0);
  });

  it("waits without a program or dates, then asks", async () => {
    const { report, access, snap } = open({ signedOut: true });
    expect(sel.status(snap())).toBe("waiting");
    report.send({ type: "session.scopeChanged", scope: scopeOf() });
    expect(access.calls).toHaveLength(1);
  });

  it.each([
    ["an admin, old source", true, grantedOldSource, true],
    ["an admin, both data sets", true, granted, false],
    ["not an admin, old source", false, grantedOldSource, false],
  ] as const)("the data-source warning for %s: %s", async (_, admin, answer, shown) => {
    const { access, snap } = open({ admin });
    await access.resolve(answer);
    expect(sel.showsSourceWarning(snap())).toBe(shown);
  });

  it("level and prefix come from the route: three values show level 4", async () => {
    const { access, data, snap } = open({ path: ["Email", "News", "Weekly"] });
    expect(sel.level(snap())).toBe(4);
    await access.resolve(granted);
    expect(data.calls[0]?.path).toEqual(["Email", "News", "Weekly"]);
  });

  it("a new scope asks again from the start", async () => {
    const { report, access, data } = open();
    await access.resolve(granted);
    await data.resolve(twoChannels);
    report.send({ type: "session.scopeChanged", scope: scopeOf({ programCode: "beta" }) });
    expect(access.calls.map((c) => c.program)).toEqual(["acme", "beta"]);
  });
});

describe("custom report: data", () => {
  it("says empty with no cards and no rows", async () => {
    const { access, data, snap } = open();
    await access.resolve(granted);
    await data.resolve(noData);
    expect(sel.status(snap())).toBe("empty");
  });

  it("a failed load clears everything silently: no rows, total 0, page 1, details closed", async () => {
    const { report, access, data, snap } = open();
    await access.resolve(granted);
    await data.resolve(twentyChannels);
    report.send({ type: "dataSetComparison.pageChanged", page: 2 });
    report.send({ type: "dataSetComparison.rowToggled", key: "Channel 3" });
    report.send({ type: "session.scopeChanged", scope: scopeOf({ range: { from: "2026-02-01", to: "2026-02-28" } }) });
    await access.resolve(granted);
    await data.reject(httpErrors.server);
    expect(sel.status(snap())).toBe("failed");
    expect([sel.total(snap()), sel.page(snap()), sel.openRows(snap()), sel.cards(snap())]).toEqual([0, 1, [], []]);
  });

  it("sorts locally, 15 rows a page, and a load goes back to page 1", async () => {
    const { report, access, data, snap } = open();
    await access.resolve(granted);
    await data.resolve(twentyChannels);
    expect(sel.pageRows(snap())).toHaveLength(15);
    expect(names(sel.pageRows(snap()))[0]).toBe("Channel 20");
    report.send({ type: "dataSetComparison.sorted", column: "first.attributed_sales" });
    expect(names(sel.pageRows(snap()))[0]).toBe("Channel 1");
    report.send({ type: "dataSetComparison.pageChanged", page: 2 });
    expect(sel.pageRows(snap())).toHaveLength(5);
    report.send({ type: "session.scopeChanged", scope: scopeOf({ range: { from: "2026-02-01", to: "2026-02-28" } }) });
    await access.resolve(granted);
    await data.resolve(twentyChannels);
    expect(sel.page(snap())).toBe(1);
  });

  it("opens and closes a row's detail by its taxonomy value", async () => {
    const { report, access, data, snap } = open();
    await access.resolve(granted);
    await data.resolve(twoChannels);
    report.send({ type: "dataSetComparison.rowToggled", key: "Email" });
    report.send({ type: "dataSetComparison.rowToggled", key: "Search" });
    report.send({ type: "dataSetComparison.rowToggled", key: "Email" });
    expect(sel.openRows(snap())).toEqual(["Search"]);
  });

  it("follows the tab of the URL (visual by default)", () => {
    const { report, snap } = open({ search: "tab=tabular" });
    expect(sel.tab(snap())).toBe("tabular");
    report.send({ type: "dataSetComparison.tabChosen", tab: "visual" });
    expect(sel.tab(snap())).toBe("visual");
    expect(sel.tab(open({ search: "tab=nonsense" }).snap())).toBe("visual");
  });

  it.each([
    ["Back to the default tab", "tab=tabular", "visual", "visual"],
    ["Forward to the table", "", "tabular", "tabular"],
    ["an address on the tab already shown", "tab=tabular", "tabular", "tabular"],
  ] as const)("follows the address Back and Forward bring: %s", (_name, search, followed, shown) => {
    const { report, snap } = open({ search });
    const choices = () => sel.choices(snap());
    report.send({ type: "dataSetComparison.linkFollowed", choices: { tab: followed } });
    expect(choices()).toEqual({ tab: shown });
  });

  it("keeps the data, sort and page when Back brings the other tab", async () => {
    const { report, access, data, snap } = open({ search: "tab=tabular" });
    await access.resolve(granted);
    await data.resolve(twentyChannels);
    report.send({ type: "dataSetComparison.pageChanged", page: 2 });
    report.send({ type: "dataSetComparison.linkFollowed", choices: { tab: "visual" } });
    expect([sel.tab(snap()), sel.page(snap()), sel.status(snap())]).toEqual(["visual", 2, "ready"]);
  });
});

describe("custom report: comparing", () => {
  it("on loads the comparison period's rows, off clears them", async () => {
    const { report, access, data, comparison, snap } = open();
    await access.resolve(granted);
    await data.resolve(twoChannels);
    expect(sel.comparisonRows(snap())).toBeNull();
    report.send({ type: "dataSetComparison.comparingToggled" });
    expect(sel.comparisonLoading(snap())).toBe(true);
    await comparison.resolve(comparisonTables);
    expect(names(sel.comparisonRows(snap()) ?? [])).toEqual(["Email"]);
    expect(sel.comparisonMissing(snap())).toBe(false);
    report.send({ type: "dataSetComparison.comparingToggled" });
    expect([sel.comparing(snap()), sel.comparisonRows(snap())]).toEqual([false, null]);
  });

  it("says there is no comparison data when the period has none", async () => {
    const { report, access, data, comparison, snap } = open();
    await access.resolve(granted);
    await data.resolve(twoChannels);
    report.send({ type: "dataSetComparison.comparingToggled" });
    await comparison.resolve(noComparison);
    expect(sel.comparisonMissing(snap())).toBe(true);
  });

  it("stays on across a new scope and loads the comparison again after the data", async () => {
    const { report, access, data, comparison, snap } = open();
    await access.resolve(granted);
    await data.resolve(twoChannels);
    report.send({ type: "dataSetComparison.comparingToggled" });
    await comparison.resolve(comparisonTables);
    report.send({ type: "session.scopeChanged", scope: scopeOf({ range: { from: "2026-02-01", to: "2026-02-28" } }) });
    await access.resolve(granted);
    expect(comparison.calls).toHaveLength(1);
    await data.resolve(twoChannels);
    expect(comparison.calls).toHaveLength(2);
    expect(comparison.calls[1]?.range).toEqual({ from: "2026-02-01", to: "2026-02-28" });
    expect(sel.comparing(snap())).toBe(true);
  });
});

describe("custom report: columns and export", () => {
  it("opens the Columns modal, toggles an available column, refuses an excluded one, resets to the defaults", async () => {
    const { report, access, data, snap } = open();
    await access.resolve(granted);
    await data.resolve(twoChannels);
    const defaults = sel.visibleColumns(snap());
    expect(defaults).not.toContain("first.cpa");
    report.send({ type: "dataSetComparison.columnsOpened" });
    expect(sel.columnsOpen(snap())).toBe(true);
    report.send({ type: "dataSetComparison.columnToggled", column: "first.last_click_sales" });
    expect(sel.visibleColumns(snap())).not.toContain("first.last_click_sales");
    report.send({ type: "dataSetComparison.columnToggled", column: "first.cpa" });
    expect(sel.visibleColumns(snap())).not.toContain("first.cpa");
    report.send({ type: "dataSetComparison.columnsReset" });
    expect(sel.visibleColumns(snap())).toEqual(defaults);
    report.send({ type: "dataSetComparison.columnsClosed" });
    expect(sel.columnsOpen(snap())).toBe(false);
  });

  it("exports every row in the table's sort with the available columns, the visible ones ticked", async () => {
    const { access, data, snap } = open();
    await access.resolve(granted);
    await data.resolve(twoChannels);
    const opened = exportOpenedOf(snap().context);
    expect(opened.columns).not.toContain("second.roi");
    expect(opened.visibleColumns).toEqual(sel.visibleColumns(snap()));
    expect(opened.rows.map((r) => r["taxonomy_1"])).toEqual(["Search", "Email", "None"]);
    expect(opened.labels?.["first.attributed_sales"]).toBe("Valid Attributed Sales");
  });
});
