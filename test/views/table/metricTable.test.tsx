// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { createActor, fromPromise } from "xstate";
import { afterEach, describe, expect, it } from "vitest";
import { defaultColumns, metricDefinitions, totalsOf } from "../../../src/domain/report/metrics";
import { formatMetric } from "../../../src/domain/report/numberFormat";
import type { PerformanceRow, TableResponse } from "../../../src/domain/performance/performance";
import type { AppActors } from "../../../src/machines/shell/appActors";
import { peekTableMachine } from "../../../src/machines/performance/peekTable.machine";
import { performanceTableMachine } from "../../../src/machines/performance/performanceTable.machine";
import { rowExpansionMachine } from "../../../src/machines/performance/rowExpansion.machine";
import { sessionMachine } from "../../../src/machines/shell/session.machine";
import type { ReportScope } from "../../../src/services/performance/performance";
import type { ApiContext } from "../../../src/services/http/http";
import { AppActorsProvider } from "../../../src/views/shell/AppActorsContext";
import { MetricTable } from "../../../src/views/table/MetricTable";
import { PerformanceTable } from "../../../src/views/performance/PerformanceTable";
import { levelOne, levelOneParams, levelRow, manyRows, report, tableInput } from "../../model/performance/tableFixtures";

afterEach(cleanup);

type Load = { api: ApiContext; scope: ReportScope };

const gbp = { currency: "GBP", locale: "en-GB" };
const columns = ["total_cost", "clicks", "attributed_revenue", "cpa", "roas"];
const rowsOf = (table: HTMLElement) => within(table).getAllByRole("row");
const cellTexts = (row: HTMLElement) => within(row).queryAllByRole("cell").map((c) => c.textContent);

describe("MetricTable", () => {
  it("draws a captioned table: headers from the catalogue, money in the program's currency, the footer 'Total' recomputed from sums", () => {
    render(<MetricTable label="Taxonomy 1" nameColumn="taxonomy_1" nameLabel="Taxonomy 1" rows={levelOne.data} columns={columns} footer={totalsOf(levelOne.data)} format={gbp} />);
    const table = screen.getByRole("table", { name: "Taxonomy 1" });
    const headers = within(table).getAllByRole("columnheader").map((h) => h.textContent);
    expect(headers).toEqual(["Taxonomy 1", "Total Cost", "Page Lands", "Attributed Revenue", "CPA", "ROAS"]);
    const all = rowsOf(table);
    expect(all).toHaveLength(1 + 4 + 1);
    const email = all[1] as HTMLElement;
    expect(within(email).getByRole("rowheader").textContent).toBe("Email");
    expect(cellTexts(email)).toEqual(["£10.00", "80", "£120.00", "£5.00", "12.00"]);

    const total = all[5] as HTMLElement;
    expect(within(total).getByRole("rowheader").textContent).toBe("Total");
    const expected = totalsOf(levelOne.data);
    expect(cellTexts(total)).toEqual(columns.map((c) => formatMetric(expected[c as keyof typeof expected], c, gbp)));
    // rates come from the sums: ROAS = 6220 / 210, not an average of the rows' ROAS
    expect(cellTexts(total)[4]).toBe("29.62");
    expect(cellTexts(total)[3]).toBe(`£${(210 / 62).toFixed(2)}`);
  });

  it("header buttons sort; the sorted column says so with aria-sort", () => {
    const sorts: string[] = [];
    render(
      <MetricTable
        label="t"
        nameColumn="taxonomy_1"
        nameLabel="Taxonomy 1"
        rows={levelOne.data}
        columns={columns}
        sort={{ column: "clicks", direction: "asc" }}
        onSort={(c) => sorts.push(c)}
      />,
    );
    const clicks = screen.getByRole("columnheader", { name: /Page Lands/ });
    expect(clicks.getAttribute("aria-sort")).toBe("ascending");
    expect(screen.getByRole("columnheader", { name: /Total Cost/ }).getAttribute("aria-sort")).toBeNull();
    fireEvent.click(within(clicks).getByRole("button"));
    fireEvent.click(screen.getByRole("button", { name: /Taxonomy 1/ }));
    expect(sorts).toEqual(["clicks", "taxonomy_1"]);
  });

  it("links names to their page, except 'None', which is never linked nor expandable", () => {
    const toggled: string[] = [];
    render(
      <MetricTable
        label="t"
        nameColumn="taxonomy_1"
        nameLabel="Taxonomy 1"
        rows={levelOne.data}
        columns={columns}
        hrefOf={(row) => `/performance/taxonomy_one/${encodeURIComponent(row.taxonomy_1 ?? "")}`}
        expansion={{ canExpand: () => true, isExpanded: () => false, onToggle: (row) => toggled.push(row.taxonomy_1 ?? ""), renderNested: () => null }}
      />,
    );
    expect(screen.getByRole("link", { name: "Paid Search" }).getAttribute("href")).toBe("/performance/taxonomy_one/Paid%20Search");
    expect(screen.queryByRole("link", { name: "None" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Expand None" })).toBeNull();
    const expand = screen.getByRole("button", { name: "Expand Email" });
    expect(expand.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(expand);
    expect(toggled).toEqual(["Email"]);
  });

  it("shows 'There is no data to display' when empty, and a loading status while loading", () => {
    const { rerender } = render(<MetricTable label="t" nameColumn="taxonomy_1" nameLabel="Taxonomy 1" rows={[]} columns={columns} footer={totalsOf([])} />);
    expect(screen.getByText("There is no data to display")).toBeTruthy();
    expect(screen.queryByText("Total")).toBeNull();
    rerender(<MetricTable label="t" nameColumn="taxonomy_1" nameLabel="Taxonomy 1" rows={[]} columns={columns} loading />);
    expect(screen.getByRole("status").textContent).toBe("Loading the table…");
    expect(screen.queryByText("There is no data to display")).toBeNull();
  });

  it("comparison cells: current, previous, change with colours (reversed for cpa), P/N for a negative previous, missing without a comparison row", () => {
    const current: PerformanceRow[] = [
      levelRow(["Email"], { clicks: 120, attributed_revenue: 100, attributed_sales: 4, variable_cost: 40 }),
      levelRow(["Display"], { clicks: 10, attributed_revenue: 50, last_click_revenue: 20 }),
      levelRow(["Social"], { clicks: 5 }),
    ];
    const previous: PerformanceRow[] = [
      levelRow(["Email"], { clicks: 100, attributed_revenue: 100, attributed_sales: 4, variable_cost: 20 }),
      levelRow(["Display"], { clicks: 10, attributed_revenue: 10, last_click_revenue: 60 }),
    ];
    render(
      <MetricTable
        label="t"
        nameColumn="taxonomy_1"
        nameLabel="Taxonomy 1"
        rows={current}
        columns={["clicks", "attributed_revenue", "cpa", "attributed_revenue_variance"]}
        previous={previous}
        format={gbp}
      />,
    );
    const cell = (row: string, i: number) => within(screen.getByRole("row", { name: new RegExp(`^${row}`) })).getAllByRole("cell")[i] as HTMLElement;
    const parts = (td: HTMLElement) => ({
      current: td.querySelector(".metric-current")?.textContent,
      previous: td.querySelector(".metric-previous")?.textContent,
      change: td.querySelector(".metric-change")?.textContent,
      tone: td.querySelector(".metric-change")?.getAttribute("data-tone"),
    });
    expect(parts(cell("Email", 0))).toEqual({ current: "120", previous: "previous 100", change: "change 20.00%", tone: "green" });
    expect(parts(cell("Email", 1))).toMatchObject({ change: "change 0.00%", tone: "yellow" });
    // cpa went up from £5 to £10: worse
    expect(parts(cell("Email", 2))).toMatchObject({ current: "£10.00", previous: "previous £5.00", change: "change 100.00%", tone: "red" });
    // variance: previous -50, now +30: the change is shown as P
    expect(parts(cell("Display", 3))).toMatchObject({ previous: "previous -£50.00", change: "change P", tone: "green" });
    // no comparison row
    expect(parts(cell("Social", 0))).toEqual({ current: "5", previous: "previous –", change: "change –", tone: "none" });
  });

  it("windows a 1,000-row body: only the rows in view are in the document", () => {
    const rows = manyRows(1000).data;
    render(<MetricTable label="t" nameColumn="taxonomy_1" nameLabel="Taxonomy 1" rows={rows} columns={columns} footer={totalsOf(rows)} />);
    const drawn = screen.getAllByRole("rowheader").length;
    expect(drawn).toBeGreaterThan(10);
    expect(drawn).toBeLessThan(100);
    expect(screen.getByRole("table").getAttribute("aria-rowcount")).toBe("1002");
    expect(screen.getByText("Total")).toBeTruthy();
  });
});

describe("PerformanceTable (the page's table with its machines)", () => {
  const setup = (response: TableResponse) => {
    const session = createActor(sessionMachine, { input: {} }).start();
    const actors = { session } as unknown as AppActors;
    const load = fromPromise<TableResponse, Load>(async () => response);
    const table = createActor(performanceTableMachine.provide({ actors: { loadTable: load } }), { input: tableInput() }).start();
    const peek = peekTableMachine.provide({ actors: { loadPeek: fromPromise<TableResponse, Load>(async () => manyRows(12, ["Paid Search"])) } });
    const expansion = createActor(rowExpansionMachine.provide({ actors: { peekTable: peek } }), {
      input: { params: report, base: levelOneParams.path, deepestLevel: 3, sort: tableInput().sort, noneLast: false },
    }).start();
    render(
      <AppActorsProvider value={actors}>
        <PerformanceTable table={table} expansion={expansion} />
      </AppActorsProvider>,
    );
    return { table, expansion };
  };

  it("sorts by a header click, opens a row into a peek table with 'Show me more', and closes it again", async () => {
    setup(levelOne);
    const table = await screen.findByRole("table", { name: "Taxonomy 1" });
    expect(within(table).getAllByRole("columnheader").map((h) => h.textContent?.replace(/[▲▼↕]/g, ""))).toEqual([
      "Taxonomy 1",
      ...defaultColumns.map((c) => metricDefinitions[c].label),
    ]);
    const names = () => within(table).getAllByRole("rowheader").map((h) => h.textContent?.replace("▸", ""));
    expect(names()).toEqual(["None", "Paid Search", "Email", "Display", "Total"]);
    fireEvent.click(within(table).getByRole("button", { name: /Page Lands/ }));
    fireEvent.click(within(table).getByRole("button", { name: /Page Lands/ }));
    expect(names()).toEqual(["Display", "Email", "Paid Search", "None", "Total"]);

    const expand = within(table).getByRole("button", { name: "Expand Paid Search" });
    await act(async () => {
      fireEvent.click(expand);
    });
    expect(expand.getAttribute("aria-expanded")).toBe("true");
    const more = await within(table).findByRole("link", { name: "Show me more" });
    expect(more.getAttribute("href")).toBe("/performance/taxonomy_one/Paid%20Search");
    expect(within(table).getAllByRole("rowheader")).toHaveLength(5 + 10);
    // the first 10 of 12 children, under their row, in the table's sort (clicks ascending after the two clicks above)
    expect(names().slice(3, 6)).toEqual(["Campaign 1", "Campaign 2", "Campaign 3"]);
    fireEvent.click(expand);
    expect(within(table).queryByRole("link", { name: "Show me more" })).toBeNull();
    expect(names()).toHaveLength(5);
  });
});
