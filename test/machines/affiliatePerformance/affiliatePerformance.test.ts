import { createActor, fromCallback, type AnyActorRef, type EventObject } from "xstate";
import { afterEach, describe, expect, it } from "vitest";
import type { AffiliatesResponse } from "../../../src/domain/analysis/analysis";
import { metricNames } from "../../../src/domain/report/metrics";
import type { SessionScope } from "../../../src/domain/report/reportScope";
import { affiliatePerformanceMachine, affiliatePerformanceSelectors as sel } from "../../../src/machines/affiliatePerformance/affiliatePerformance.machine";
import type { SessionSource } from "../../../src/machines/shell/sessionScope";
import type { AffiliateScope } from "../../../src/services/affiliatePerformance/affiliatePerformance";
import type { ApiContext } from "../../../src/services/http/apiClient";
import { httpErrors, scopeOf, sessionOf } from "../../model/fixtures";
import { eighteenAffiliates, noAffiliates, twoAffiliates } from "../../model/affiliatePerformance/affiliateFixtures";
import { controlled } from "../support";

/** The report's session listener, quiet: the tests send `session.scopeChanged` themselves. */
const quietListener = fromCallback<{ type: "noop" }, { readonly session: SessionSource; readonly scope: SessionScope }>(() => undefined);

const actors: AnyActorRef[] = [];
afterEach(() => {
  for (const a of actors.splice(0)) a.stop();
});

const open = (options: { search?: string; signedOut?: boolean } = {}) => {
  const load = controlled<AffiliatesResponse, { api: ApiContext; scope: AffiliateScope }>();
  const toasted: EventObject[] = [];
  const toasts = createActor(
    fromCallback<EventObject>(({ receive }) => {
      receive((event) => toasted.push(event));
    }),
  ).start();
  let wentHome = 0;
  const session = options.signedOut ? sessionOf({ programCode: null, range: null }) : sessionOf();
  const report = createActor(
    affiliatePerformanceMachine.provide({
      actors: { loadAffiliatePerformance: load.logic, sessionScopeListener: quietListener },
      actions: { goHome: () => void wentHome++ },
    }),
    { input: { session, toasts, search: options.search } },
  ).start();
  actors.push(report, toasts);
  return { report, load, toasted, wentHome: () => wentHome, snap: () => report.getSnapshot() };
};

describe("affiliate performance", () => {
  it("shows 'loading' until the rows arrive for the session's program and dates, then attributed revenue biggest first, 15 a page, 'None' last", async () => {
    const { load, snap } = open();
    expect(sel.status(snap())).toBe("loading");
    expect(load.calls[0]?.scope).toEqual({ program: "acme", range: { from: "2026-01-01", to: "2026-01-31" } });
    await load.resolve(eighteenAffiliates);
    expect(sel.status(snap())).toBe("ready");
    const revenue = sel.matchingRows(snap()).map((r) => r.attributed_revenue);
    expect(revenue.slice(0, 3)).toEqual([1200, 1100, 1000]);
    expect(sel.matchingRows(snap()).at(-1)?.taxonomy_4).toBe("None");
    expect(sel.pageRows(snap())).toHaveLength(15);
    expect(sel.pageCount(snap())).toBe(2);
    expect(sel.headers(snap())["clicks"]).toBe("Page Lands");
    expect(sel.columns(snap())).toEqual(metricNames);
  });

  it("searches the publisher id and taxonomy text, white space ignored and case folded, back to page 1; the footer is the matching rows' total", async () => {
    const { report, load, snap } = open();
    await load.resolve(eighteenAffiliates);
    report.send({ type: "affiliates.paged", page: 2 });
    expect(sel.page(snap())).toBe(2);
    report.send({ type: "affiliates.searched", search: "  vOUCHER cod " });
    expect(sel.page(snap())).toBe(1);
    expect(sel.total(snap())).toBe(5);
    expect(sel.pageRows(snap()).map((r) => r.taxonomy_4)).toEqual(["Voucher Site 5", "Voucher Site 4", "Voucher Site 3", "Voucher Site 2", "Voucher Site 1"]);
    const footer = sel.footer(snap());
    expect(footer.attributed_revenue).toBe(75);
    expect(footer.clicks).toBe(35);
    expect(footer.total_cost).toBe(10);
    expect(footer.attributed_conversion_rate).toBeCloseTo((5 / 35) * 100, 10);
    expect(footer.cpa).toBe(2);
    expect(footer.roas).toBe(7.5);
    expect(footer.proportional_credit).toBe(0);
    report.send({ type: "affiliates.searched", search: "100003" });
    expect(sel.pageRows(snap()).map((r) => r.publisher_id)).toEqual(["100003"]);
    report.send({ type: "affiliates.searched", search: "nothing like it" });
    expect(sel.total(snap())).toBe(0);
    expect(sel.footer(snap()).roas).toBe(0);
    expect(sel.status(snap())).toBe("ready");
    report.send({ type: "affiliates.searched", search: "" });
    expect(sel.total(snap())).toBe(18);
  });

  it("keeps a page within the matching rows", async () => {
    const { report, load, snap } = open();
    await load.resolve(eighteenAffiliates);
    report.send({ type: "affiliates.paged", page: 9 });
    expect(sel.page(snap())).toBe(2);
    expect(sel.pageRows(snap())).toHaveLength(3);
  });

  it("sorts by a header (a new metric biggest first, a text A to Z, again the other way), back to page 1", async () => {
    const { report, load, snap } = open();
    await load.resolve(twoAffiliates);
    report.send({ type: "affiliates.sorted", column: "clicks" });
    expect(sel.sort(snap())).toEqual({ column: "clicks", direction: "desc" });
    expect(sel.pageRows(snap()).map((r) => r.publisher_id)).toEqual(["129987", "100872"]);
    report.send({ type: "affiliates.sorted", column: "taxonomy_3" });
    expect(sel.sort(snap())).toEqual({ column: "taxonomy_3", direction: "asc" });
    expect(sel.pageRows(snap()).map((r) => r.taxonomy_3)).toEqual(["Cashback", "Content & Reviews"]);
    report.send({ type: "affiliates.sorted", column: "taxonomy_3" });
    expect(sel.pageRows(snap()).map((r) => r.taxonomy_3)).toEqual(["Content & Reviews", "Cashback"]);
    expect(sel.page(snap())).toBe(1);
  });

  it("opens on a shared link's choices and writes them back the same", async () => {
    const { load, snap } = open({ search: "search=Cashback%20site&sort=clicks&direction=asc&page=2&columns=roi,clicks" });
    await load.resolve(eighteenAffiliates);
    expect(sel.choices(snap())).toEqual({ search: "Cashback site", sort: "clicks", direction: "asc", page: 1, columns: ["clicks", "roi"] });
    expect(sel.total(snap())).toBe(12);
  });

  it("is empty for no rows", async () => {
    const { load, snap } = open();
    await load.resolve(noAffiliates);
    expect(sel.status(snap())).toBe("empty");
  });

  it("says a failed load failed, and 'Try again' loads again", async () => {
    const { report, load, snap, toasted } = open();
    await load.reject(httpErrors.server);
    expect(sel.status(snap())).toBe("failed");
    expect(toasted).toEqual([]);
    report.send({ type: "affiliates.retried" });
    expect(sel.status(snap())).toBe("loading");
    expect(load.calls).toHaveLength(2);
    await load.resolve(twoAffiliates);
    expect(sel.status(snap())).toBe("ready");
  });

  it("a 403 sends the person to / saying 'You don't have access to admin resources', once, and the report ends", async () => {
    const { load, snap, toasted, wentHome } = open();
    await load.reject(httpErrors.forbidden);
    expect(sel.isRefused(snap())).toBe(true);
    expect(toasted).toEqual([{ type: "toast.shown", text: "You don't have access to admin resources", kind: "error" }]);
    expect(wentHome()).toBe(1);
    expect(snap().status).toBe("done");
    expect(load.calls).toHaveLength(1);
  });

  it("waits for a program and dates, and a new scope loads afresh, dropping the load in flight", async () => {
    const { report, load, snap } = open({ signedOut: true });
    expect(sel.status(snap())).toBe("waiting");
    report.send({ type: "session.scopeChanged", scope: scopeOf() });
    expect(load.calls).toHaveLength(1);
    report.send({ type: "session.scopeChanged", scope: scopeOf({ range: { from: "2001-01-01", to: "2001-01-31" } }) });
    expect(load.wasAborted(0)).toBe(true);
    expect(load.calls.map((c) => c.scope.range.from)).toEqual(["2026-01-01", "2001-01-01"]);
    report.send({ type: "session.scopeChanged", scope: scopeOf({ programCode: null, range: null }) });
    expect(sel.status(snap())).toBe("waiting");
    expect(sel.total(snap())).toBe(0);
  });
});

describe("affiliate performance: the column chooser", () => {
  it("opens, toggles a column off and on in the standard order, keeps the last one, resets to every column and closes", () => {
    const { report, snap } = open();
    report.send({ type: "affiliates.columnsOpened" });
    expect(sel.isChoosingColumns(snap())).toBe(true);
    report.send({ type: "affiliates.columnToggled", column: "clicks" });
    expect(sel.columns(snap())).not.toContain("clicks");
    report.send({ type: "affiliates.columnToggled", column: "clicks" });
    expect(sel.columns(snap())).toEqual(metricNames);
    for (const column of metricNames) report.send({ type: "affiliates.columnToggled", column });
    expect(sel.columns(snap())).toEqual(["proportional_credit"]);
    report.send({ type: "affiliates.columnToggled", column: "publisher_id" });
    expect(sel.columns(snap())).toEqual(["proportional_credit"]);
    report.send({ type: "affiliates.columnsReset" });
    expect(sel.columns(snap())).toEqual(metricNames);
    report.send({ type: "affiliates.columnsClosed" });
    expect(sel.isChoosingColumns(snap())).toBe(false);
  });

  it("keeps the fixed spend no row holds (the network's fee) for its own line, and forgets it when a load fails", async () => {
    const { report, load, snap } = open();
    expect(sel.unspreadFixedCost(snap())).toBe(0);
    await load.resolve({ ...twoAffiliates, unspread_fixed_cost: 448.55 });
    expect(sel.unspreadFixedCost(snap())).toBe(448.55);
    report.send({ type: "session.scopeChanged", scope: scopeOf({ range: { from: "2001-01-01", to: "2001-01-31" } }) });
    await load.reject(httpErrors.server);
    expect(sel.unspreadFixedCost(snap())).toBe(0);
  });
});
