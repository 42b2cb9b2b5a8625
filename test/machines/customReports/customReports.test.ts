import { createActor, SimulatedClock, type AnyActorRef } from "xstate";
import { afterEach, describe, expect, it } from "vitest";
import type { CustomReport, CustomReportList } from "../../../src/domain/customReports/customReports";
import { customReportsTexts } from "../../../src/domain/customReports/customReportsTexts";
import { draftQuery, type ReportDraft } from "../../../src/domain/customReports/reportDraft";
import type { PerformanceRow, TableResponse } from "../../../src/domain/performance/performance";
import { metricNames } from "../../../src/domain/report/metrics";
import type { Created } from "../../../src/domain/report/configuration";
import type { Ok } from "../../../src/domain/access/auth";
import {
  customReportBuilderMachine,
  customReportBuilderSelectors as builderSel,
  previewDelayMs,
  saveKeyOf,
  type PreviewLoad,
  type SaveLoad,
} from "../../../src/machines/customReports/customReportBuilder.machine";
import { customReportListMachine, customReportListSelectors as listSel, type ListLoad, type RemoveLoad } from "../../../src/machines/customReports/customReportList.machine";
import { customReportViewMachine, customReportViewSelectors as viewSel, type ReportView, type ViewLoad } from "../../../src/machines/customReports/customReportView.machine";
import { httpErrors, quietReportScopeListener, scopeOf, sessionOf } from "../../model/fixtures";
import { controlled, flush } from "../support";

const actors: AnyActorRef[] = [];
afterEach(() => {
  for (const a of actors.splice(0)) a.stop();
});

const returning: CustomReport = {
  id: 3,
  name: "Returning",
  level: "taxonomy_2",
  rules: [{ field: "customer_type", operator: "=", value: "returning" }],
  meta: {},
};
const cash: CustomReport = { id: 5, name: "Cash", level: "taxonomy_1", rules: [], meta: {} };

/** A table row of `name` with every metric 0 but those given. */
const rowOf = (name: string, metrics: Partial<Record<string, number>> = {}): PerformanceRow =>
  ({ taxonomy_1: name, ...Object.fromEntries(metricNames.map((m) => [m, 0])), ...metrics }) as PerformanceRow;

const tableOf = (rows: ReadonlyArray<PerformanceRow>): TableResponse => ({ data: rows, column_headers: {}, total: rows.length });

describe("custom report list", () => {
  const open = () => {
    const load = controlled<CustomReportList, ListLoad>();
    const remove = controlled<Ok, RemoveLoad>();
    const list = createActor(
      customReportListMachine.provide({ actors: { loadReports: load.logic, removeReport: remove.logic, sessionScopeListener: quietReportScopeListener } }),
      { input: { session: sessionOf() } },
    ).start();
    actors.push(list);
    return { list, load, remove, snap: () => list.getSnapshot() };
  };

  it("loads the program's reports, or says it has none", async () => {
    const { load, snap } = open();
    expect(listSel.status(snap())).toBe("loading");
    expect(load.calls[0]?.program).toBe("acme");
    await load.resolve({ data: [returning, cash] });
    expect(listSel.status(snap())).toBe("ready");
    expect(listSel.reports(snap()).map((r) => r.id)).toEqual([3, 5]);
    const other = open();
    await other.load.resolve({ data: [] });
    expect(listSel.status(other.snap())).toBe("empty");
  });

  it("asks 'Are you sure?' naming the report, and Cancel keeps it", async () => {
    const { list, load, remove, snap } = open();
    await load.resolve({ data: [returning, cash] });
    list.send({ type: "reports.removeAsked", id: 5 });
    expect(listSel.confirming(snap())?.name).toBe("Cash");
    list.send({ type: "reports.removeCancelled" });
    expect(listSel.confirming(snap())).toBeNull();
    expect(remove.calls).toHaveLength(0);
    expect(listSel.reports(snap())).toHaveLength(2);
  });

  it("deletes a confirmed report: the row goes and the list says so", async () => {
    const { list, load, remove, snap } = open();
    await load.resolve({ data: [returning, cash] });
    list.send({ type: "reports.removeAsked", id: 3 });
    list.send({ type: "reports.removeConfirmed" });
    expect(listSel.isRemoving(snap())).toBe(true);
    expect(remove.calls[0]).toMatchObject({ program: "acme", id: 3 });
    await remove.resolve({ ok: true });
    expect(listSel.reports(snap()).map((r) => r.id)).toEqual([5]);
    expect(listSel.notice(snap())).toEqual({ tone: "success", text: customReportsTexts.list.removed("Returning") });
  });

  it("keeps the row and says what went wrong when the deletion fails; a report already gone leaves", async () => {
    const { list, load, remove, snap } = open();
    await load.resolve({ data: [returning, cash] });
    list.send({ type: "reports.removeAsked", id: 3 });
    list.send({ type: "reports.removeConfirmed" });
    await remove.reject(httpErrors.server);
    expect(listSel.reports(snap()).map((r) => r.id)).toEqual([3, 5]);
    expect(listSel.notice(snap())).toEqual({ tone: "failure", text: customReportsTexts.list.removeFailed("Returning") });
    list.send({ type: "reports.removeAsked", id: 5 });
    expect(listSel.notice(snap())).toBeNull();
    list.send({ type: "reports.removeConfirmed" });
    await remove.reject(httpErrors.notFound);
    expect(listSel.reports(snap()).map((r) => r.id)).toEqual([3]);
    expect(listSel.notice(snap())?.text).toBe(customReportsTexts.list.removeGone("Cash"));
  });

  it("ignores a deletion of a report not listed", async () => {
    const { list, load, snap } = open();
    await load.resolve({ data: [cash] });
    list.send({ type: "reports.removeAsked", id: 99 });
    expect(listSel.confirming(snap())).toBeNull();
  });

  it("fails with 'Try again', and loads again for another program but not for other dates", async () => {
    const { list, load, snap } = open();
    await load.reject(httpErrors.network);
    expect(listSel.status(snap())).toBe("failed");
    list.send({ type: "reports.retried" });
    await load.resolve({ data: [cash] });
    list.send({ type: "session.scopeChanged", scope: scopeOf({ range: { from: "2026-02-01", to: "2026-02-28" } }) });
    expect(load.calls).toHaveLength(2);
    list.send({ type: "session.scopeChanged", scope: scopeOf({ programCode: "beta" }) });
    expect(listSel.status(snap())).toBe("loading");
    expect(load.calls[2]?.program).toBe("beta");
  });
});

describe("custom report builder", () => {
  const draft: ReportDraft = { name: "Returning", level: "taxonomy_2", rules: [{ field: "customer_type", operator: "=", value: "returning" }] };
  const open = (search = "") => {
    const clock = new SimulatedClock();
    const preview = controlled<TableResponse, PreviewLoad>();
    const save = controlled<Created, SaveLoad>();
    const builder = createActor(
      customReportBuilderMachine.provide({ actors: { loadPreview: preview.logic, saveReport: save.logic, sessionScopeListener: quietReportScopeListener } }),
      { clock, input: { session: sessionOf(), search, formId: "form-1" } },
    ).start();
    actors.push(builder);
    return { builder, preview, save, clock, snap: () => builder.getSnapshot() };
  };

  it("opens a shared preview's draft from the query and previews it at once", async () => {
    const { preview, snap } = open(draftQuery(draft, "program=acme"));
    expect(builderSel.draft(snap())).toEqual(draft);
    expect(builderSel.previewStatus(snap())).toBe("loading");
    expect(preview.calls[0]).toMatchObject({ program: "acme", definition: { level: "taxonomy_2", rules: draft.rules }, range: { from: "2026-01-01" } });
    await preview.resolve(tableOf([rowOf("Email", { attributed_revenue: 10 }), rowOf("SEO", { attributed_revenue: 30 })]));
    expect(builderSel.previewStatus(snap())).toBe("ready");
    expect(builderSel.pageRows(snap()).map((r) => r.taxonomy_1)).toEqual(["SEO", "Email"]);
    expect(builderSel.footer(snap()).attributed_revenue).toBe(40);
  });

  it("asks again once, the named delay after the last change of a rule; a name change asks nothing", async () => {
    const { builder, preview, clock, snap } = open();
    await preview.resolve(tableOf([rowOf("Email")]));
    builder.send({ type: "builder.edited", change: { kind: "ruleAdded" } });
    expect(builderSel.previewStatus(snap())).toBe("settling");
    clock.increment(previewDelayMs - 1);
    builder.send({ type: "builder.edited", change: { kind: "ruleValue", index: 0, value: "valid" } });
    clock.increment(previewDelayMs - 1);
    expect(preview.calls).toHaveLength(1);
    clock.increment(1);
    expect(preview.calls).toHaveLength(2);
    expect(preview.calls[1]?.definition.rules).toEqual([{ field: "status", operator: "!=", value: "valid" }]);
    await preview.resolve(tableOf([]));
    expect(builderSel.previewStatus(snap())).toBe("empty");
    builder.send({ type: "builder.edited", change: { kind: "name", name: "Valid" } });
    clock.increment(previewDelayMs * 2);
    expect(preview.calls).toHaveLength(2);
    expect(builderSel.previewStatus(snap())).toBe("empty");
  });

  it("previews nothing while a rule has a problem, and says why under the rule", async () => {
    const { builder, preview, clock, snap } = open();
    await preview.resolve(tableOf([rowOf("Email")]));
    builder.send({ type: "builder.edited", change: { kind: "ruleAdded" } });
    builder.send({ type: "builder.edited", change: { kind: "ruleAdded" } });
    clock.increment(previewDelayMs);
    expect(builderSel.previewStatus(snap())).toBe("invalid");
    expect(builderSel.shownProblems(snap()).eachRule).toEqual([null, customReportsTexts.problems.sameRule]);
    expect(preview.calls).toHaveLength(1);
    builder.send({ type: "builder.edited", change: { kind: "ruleRemoved", index: 1 } });
    clock.increment(previewDelayMs);
    expect(builderSel.previewStatus(snap())).toBe("loading");
  });

  it("keeps the draft and shows every problem when Save is asked over problems", async () => {
    const { builder, save, snap } = open();
    expect(builderSel.shownProblems(snap()).name).toBeNull();
    builder.send({ type: "builder.edited", change: { kind: "level", level: "taxonomy_3" } });
    builder.send({ type: "builder.saveRequested" });
    expect(save.calls).toHaveLength(0);
    expect(builderSel.mustFix(snap())).toBe(true);
    expect(builderSel.shownProblems(snap()).name).toBe(customReportsTexts.problems.nameMissing);
    expect(builderSel.draft(snap()).level).toBe("taxonomy_3");
  });

  it("saves under one idempotency key per draft: a retried save sends the same key, another draft another", async () => {
    const { builder, save, snap } = open(draftQuery(draft));
    builder.send({ type: "builder.saveRequested" });
    expect(builderSel.isSaving(snap())).toBe(true);
    await save.reject(httpErrors.network);
    expect(builderSel.saveFailed(snap())).toBe(true);
    expect(builderSel.draft(snap())).toEqual(draft);
    builder.send({ type: "builder.saveRequested" });
    expect(save.calls[1]?.idempotencyKey).toBe(save.calls[0]?.idempotencyKey);
    expect(save.calls[0]?.idempotencyKey).toBe(saveKeyOf("form-1", { name: "Returning", level: "taxonomy_2", rules: draft.rules }));
    await save.reject(httpErrors.server);
    builder.send({ type: "builder.edited", change: { kind: "name", name: "Returning customers" } });
    expect(builderSel.saveFailed(snap())).toBe(false);
    builder.send({ type: "builder.saveRequested" });
    expect(save.calls[2]?.idempotencyKey).not.toBe(save.calls[0]?.idempotencyKey);
    expect(save.calls[2]?.body).toEqual({ name: "Returning customers", level: "taxonomy_2", rules: draft.rules });
    await save.resolve({ data: { id: 12 } });
    expect(builderSel.savedId(snap())).toBe(12);
  });

  it("waits for a program and dates, and previews again for another scope; a failure offers 'Try again'", async () => {
    const { builder, preview, snap } = open();
    await preview.reject(httpErrors.server);
    expect(builderSel.previewStatus(snap())).toBe("failed");
    builder.send({ type: "preview.retried" });
    expect(preview.calls).toHaveLength(2);
    await preview.resolve(tableOf([rowOf("Email")]));
    builder.send({ type: "session.scopeChanged", scope: scopeOf({ programCode: null, range: null }) });
    expect(builderSel.previewStatus(snap())).toBe("waiting");
    builder.send({ type: "session.scopeChanged", scope: scopeOf({ programCode: "beta" }) });
    expect(preview.calls[2]?.program).toBe("beta");
    await flush();
  });
});

describe("custom report view", () => {
  const open = (id: string | null = "3") => {
    const load = controlled<ReportView, ViewLoad>();
    const view = createActor(customReportViewMachine.provide({ actors: { loadReportView: load.logic, sessionScopeListener: quietReportScopeListener } }), {
      input: { session: sessionOf(), id },
    }).start();
    actors.push(view);
    return { view, load, snap: () => view.getSnapshot() };
  };
  const rows = Array.from({ length: 20 }, (_, i) => rowOf(`Channel ${i + 1}`, { attributed_revenue: i + 1, attributed_sales: 2 }));

  it("shows the report and its table, 15 a page, attributed revenue biggest first, the Total of every row", async () => {
    const { view, load, snap } = open();
    expect(load.calls[0]).toMatchObject({ program: "acme", id: 3, range: { from: "2026-01-01" } });
    await load.resolve({ report: returning, rows });
    expect(viewSel.status(snap())).toBe("ready");
    expect(viewSel.report(snap())?.name).toBe("Returning");
    expect(viewSel.pageRows(snap())).toHaveLength(15);
    expect(viewSel.pageRows(snap())[0]?.taxonomy_1).toBe("Channel 20");
    expect(viewSel.footer(snap()).attributed_revenue).toBe(210);
    expect(viewSel.footer(snap()).attributed_aov).toBe(210 / 40);
    view.send({ type: "view.paged", page: 2 });
    expect(viewSel.pageRows(snap())).toHaveLength(5);
    view.send({ type: "view.sorted", column: "taxonomy_1" });
    expect(viewSel.page(snap())).toBe(1);
    expect(viewSel.sort(snap())).toEqual({ column: "taxonomy_1", direction: "asc" });
    expect(viewSel.pageRows(snap())[1]?.taxonomy_1).toBe("Channel 2");
  });

  it("is empty without rows, not found for a report the program lacks or an id that is no number, failed otherwise", async () => {
    const empty = open();
    await empty.load.resolve({ report: returning, rows: [] });
    expect(viewSel.status(empty.snap())).toBe("empty");
    const missing = open();
    await missing.load.reject(httpErrors.notFound);
    expect(viewSel.status(missing.snap())).toBe("notFound");
    const word = open("abc");
    expect(viewSel.status(word.snap())).toBe("notFound");
    expect(word.load.calls).toHaveLength(0);
    const failing = open();
    await failing.load.reject(httpErrors.server);
    expect(viewSel.status(failing.snap())).toBe("failed");
    failing.view.send({ type: "view.retried" });
    expect(failing.load.calls).toHaveLength(2);
  });

  it("loads again for other dates", async () => {
    const { view, load, snap } = open();
    await load.resolve({ report: returning, rows });
    view.send({ type: "session.scopeChanged", scope: scopeOf({ range: { from: "2026-02-01", to: "2026-02-28" } }) });
    expect(viewSel.status(snap())).toBe("loading");
    expect(load.calls[1]?.range.from).toBe("2026-02-01");
  });
});
