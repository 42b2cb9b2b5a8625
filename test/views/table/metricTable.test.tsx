// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { createActor, fromCallback, fromPromise, type EventObject } from "xstate";
import { afterEach, describe, expect, it } from "vitest";
import { defaultColumns, metricDefinitions, totalsOf } from "../../../src/domain/report/metrics";
import { formatMetric } from "../../../src/domain/report/numberFormat";
import type { PerformanceRow, TableResponse } from "../../../src/domain/performance/performance";
import type { AppActors } from "../../../src/machines/shell/appActors";
import { peekTableMachine } from "../../../src/machines/performance/peekTable.machine";
import { performanceTableMachine } from "../../../src/machines/performance/performanceTable.machine";
import { rowExpansionMachine } from "../../../src/machines/performance/rowExpansion.machine";
import { performanceReportMachine, performanceReportSelectors } from "../../../src/machines/performance/performanceReport.machine";
import type { ReportScope } from "../../../src/services/performance/performance";
import type { ApiContext } from "../../../src/services/http/http";
import { AppActorsProvider } from "../../../src/views/shell/AppActorsContext";
import { MetricNoteRow, MetricRow, MetricTable, metricColumns, type TableColumn } from "../../../src/views/table/MetricTable";
import { PerformanceTable } from "../../../src/views/performance/PerformanceTable";
import { levelOne, levelOneParams, levelRow, manyRows } from "../../model/performance/tableFixtures";
import { recordingSessionActor } from "../../model/fixtures";
import { pieceOf } from "../viewSupport";

afterEach(cleanup);

type Load = { api: ApiContext; scope: ReportScope };

const gbp = { currency: "GBP", locale: "en-GB" };
const columns = ["total_cost", "clicks", "attributed_revenue", "cpa", "roas"];
const rowsOf = (table: HTMLElement) => within(table).getAllByRole("row");
const cellTexts = (row: HTMLElement) => within(row).queryAllByRole("cell").map((c) => c.textContent);

/** The level tables' columns: the taxonomy name (a link unless 'None'), then metric columns in pounds. */
const nameColumn: TableColumn<PerformanceRow> = {
  key: "taxonomy_1",
  header: "Taxonomy 1",
  cell: (row) => (row.taxonomy_1 === "None" ? <span>None</span> : <a href={`/performance/taxonomy_one/${encodeURIComponent(row.taxonomy_1 ?? "")}`}>{row.taxonomy_1}</a>),
};
const levelColumns = [nameColumn, ...metricColumns(columns, {}, gbp)];
const names = (table: HTMLElement) => within(table).getAllByRole("rowheader").map((h) => h.textContent?.replace("▸", ""));

describe("MetricTable", () => {
  it("draws a captioned table: headers from the columns, money in the program's currency, the footer 'Total' recomputed from sums", () => {
    render(<MetricTable label="Taxonomy 1" columns={levelColumns} rows={levelOne.data} footer={totalsOf(levelOne.data)} />);
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

  it.each([
    { sort: { column: "clicks", direction: "asc" } as const, header: /Page Lands/, ariaSort: "ascending", icon: "▲" },
    { sort: { column: "clicks", direction: "desc" } as const, header: /Page Lands/, ariaSort: "descending", icon: "▼" },
    { sort: { column: "taxonomy_1", direction: "asc" } as const, header: /Taxonomy 1/, ariaSort: "ascending", icon: "▲" },
  ])("sorted by $sort.column $sort.direction: that header alone says $ariaSort", ({ sort, header, ariaSort, icon }) => {
    render(<MetricTable label="t" columns={levelColumns} rows={levelOne.data} sort={sort} onSort={() => undefined} />);
    const sorted = screen.getByRole("columnheader", { name: header });
    expect(sorted.getAttribute("aria-sort")).toBe(ariaSort);
    expect(sorted.textContent).toContain(icon);
    expect(screen.getAllByRole("columnheader").filter((h) => h.hasAttribute("aria-sort"))).toEqual([sorted]);
  });

  it("header buttons report the column to sort by; a column marked not sortable, or a table without onSort, has plain headers", () => {
    const sorts: string[] = [];
    const { rerender } = render(
      <MetricTable label="t" columns={[{ ...nameColumn, sortable: false }, ...levelColumns.slice(1)]} rows={levelOne.data} onSort={(c) => sorts.push(c)} />,
    );
    expect(within(screen.getByRole("columnheader", { name: "Taxonomy 1" })).queryByRole("button")).toBeNull();
    fireEvent.click(within(screen.getByRole("columnheader", { name: /Page Lands/ })).getByRole("button"));
    fireEvent.click(screen.getByRole("button", { name: /ROAS/ }));
    expect(sorts).toEqual(["clicks", "roas"]);
    rerender(<MetricTable label="t" columns={levelColumns} rows={levelOne.data} sort={{ column: "clicks", direction: "asc" }} />);
    expect(screen.queryAllByRole("button")).toHaveLength(0);
    expect(screen.getByRole("columnheader", { name: "Page Lands" }).hasAttribute("aria-sort")).toBe(false);
  });

  it("draws a column's cell renderer, at each row's depth: links from the level tables' name column", () => {
    const depths: number[] = [];
    const crumbs: TableColumn<PerformanceRow> = {
      key: "path",
      header: "Taxonomies",
      className: "crumbs",
      cell: (row, { depth }) => {
        depths.push(depth);
        return (
          <ol>
            {[row.taxonomy_1, row.taxonomy_2].filter(Boolean).map((v) => (
              <li key={v}>{v}</li>
            ))}
          </ol>
        );
      },
    };
    const rows = [levelRow(["Email", "Newsletter"], { clicks: 3 }), levelRow(["Display"], { clicks: 4 })];
    render(<MetricTable label="t" columns={[crumbs, ...metricColumns(["clicks"])]} rows={rows} />);
    const [, first, second] = rowsOf(screen.getByRole("table"));
    expect(within(first as HTMLElement).getAllByRole("listitem").map((li) => li.textContent)).toEqual(["Email", "Newsletter"]);
    expect(within(second as HTMLElement).getByRole("rowheader").className).toContain("crumbs");
    expect(depths).toEqual([0, 0]);
    cleanup();
    render(<MetricTable label="t" columns={levelColumns} rows={levelOne.data} />);
    expect(screen.getByRole("link", { name: "Paid Search" }).getAttribute("href")).toBe("/performance/taxonomy_one/Paid%20Search");
    expect(screen.queryByRole("link", { name: "None" })).toBeNull();
  });

  it("the column choice shows the chosen columns in their order after the row header; unknown keys are skipped", () => {
    render(<MetricTable label="t" columns={levelColumns} visibleColumns={["roas", "nope", "total_cost"]} rows={levelOne.data} />);
    expect(screen.getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["Taxonomy 1", "ROAS", "Total Cost"]);
    expect(cellTexts(rowsOf(screen.getByRole("table"))[1] as HTMLElement)).toEqual(["12.00", "£10.00"]);
  });

  it("rows open: disclosure buttons with aria-expanded, the nested rows under their row, room kept for the button on the other rows", () => {
    const toggled: string[] = [];
    const open = new Set(["Email"]);
    render(
      <MetricTable
        label="t"
        columns={levelColumns}
        rows={levelOne.data}
        expansion={{
          canExpand: (row) => row.taxonomy_1 !== "None",
          isExpanded: (row) => open.has(row.taxonomy_1 ?? ""),
          onToggle: (row) => toggled.push(row.taxonomy_1 ?? ""),
          renderNested: (row) => (
            <>
              <MetricRow row={levelRow([row.taxonomy_1 ?? "", "Newsletter"], { clicks: 7 })} name="Newsletter" depth={1} header={<span>Newsletter</span>} />
              <MetricNoteRow>Show me more</MetricNoteRow>
            </>
          ),
        }}
      />,
    );
    const table = screen.getByRole("table");
    expect(screen.queryByRole("button", { name: "Expand None" })).toBeNull();
    const email = screen.getByRole("button", { name: "Expand Email" });
    expect(email.getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByRole("button", { name: "Expand Display" }).getAttribute("aria-expanded")).toBe("false");
    const emailAt = names(table).indexOf("Email");
    expect(names(table)[emailAt + 1]).toBe("Newsletter");
    const nested = rowsOf(table).find((r) => r.getAttribute("data-depth") === "1") as HTMLElement;
    expect(cellTexts(nested)[1]).toBe("7");
    const note = screen.getByText("Show me more").closest("td") as HTMLTableCellElement;
    expect(note.colSpan).toBe(1 + columns.length);
    expect(screen.getByRole("rowheader", { name: "None" }).querySelector(".metric-disclosure-space")).not.toBeNull();
    fireEvent.click(email);
    fireEvent.click(screen.getByRole("button", { name: "Expand Display" }));
    expect(toggled).toEqual(["Email", "Display"]);
  });

  it.each([
    { name: "no rows", props: { rows: [], footer: totalsOf([]) }, empty: "There is no data to display", status: null },
    { name: "a chosen empty text", props: { rows: [], emptyText: "No spend yet" }, empty: "No spend yet", status: null },
    { name: "loading", props: { rows: [], loading: true }, empty: null, status: "Loading the table…" },
    { name: "loading with its own words", props: { rows: [], loading: true, loadingText: "Searching…" }, empty: null, status: "Searching…" },
  ])("empty state and status: $name", ({ props, empty, status }) => {
    render(<MetricTable label="t" columns={levelColumns} {...props} />);
    expect(screen.queryByText("There is no data to display")?.textContent ?? screen.queryByText("No spend yet")?.textContent ?? null).toBe(empty);
    expect(screen.queryByRole("status")?.textContent ?? null).toBe(status);
    expect(screen.queryByText("Total")).toBeNull();
    expect(screen.getByRole("table").getAttribute("aria-busy")).toBe(status ? "true" : null);
  });

  it("a failed load shows its failure in place of the empty text; while loading, neither", () => {
    const { rerender } = render(<MetricTable label="t" columns={levelColumns} rows={[]} failure={<p role="alert">It failed</p>} />);
    expect(screen.getByRole("alert").textContent).toBe("It failed");
    expect(screen.queryByText("There is no data to display")).toBeNull();
    rerender(<MetricTable label="t" columns={levelColumns} rows={[]} failure={<p role="alert">It failed</p>} loading />);
    expect(screen.queryByRole("alert")).toBeNull();
    rerender(<MetricTable label="t" columns={levelColumns} rows={[]} />);
    expect(screen.getByText("There is no data to display")).toBeTruthy();
  });

  it("fixed column widths: a <col> per shown column (metric columns by kind), the table as wide as its columns at least; long names carry their text in title", () => {
    render(<MetricTable label="t" columns={levelColumns} rows={levelOne.data} visibleColumns={["clicks", "total_cost", "roas"]} />);
    const table = screen.getByRole("table");
    const cols = [...table.querySelectorAll("colgroup col")] as HTMLElement[];
    expect(cols.map((c) => c.style.width)).toEqual(["", "7.5rem", "9rem", "6.5rem"]);
    expect(cols[0]?.className).toBe("metric-name-col");
    expect(table.style.width).toBe("max(100%, calc(var(--metric-name-width) + 23rem))");
    const name = String(levelOne.data[0]?.taxonomy_1);
    expect(screen.getByRole("rowheader", { name }).getAttribute("title")).toBe(name);
  });

  it("marks its frame while columns lie past the scroller's right edge, and not once the last column is in view", () => {
    // jsdom lays nothing out: the scroller's sizes are given, as a phone's would be (two of six columns shown).
    const sizes = { scrollWidth: 900, clientWidth: 390 };
    const { scrollWidth, clientWidth } = Object.getOwnPropertyDescriptors(HTMLElement.prototype);
    Object.defineProperty(HTMLElement.prototype, "scrollWidth", { configurable: true, get: () => sizes.scrollWidth });
    Object.defineProperty(HTMLElement.prototype, "clientWidth", { configurable: true, get: () => sizes.clientWidth });
    try {
      const { container } = render(<MetricTable label="Taxonomy 1" columns={levelColumns} rows={levelOne.data} />);
      const frame = container.querySelector(".metric-table-frame") as HTMLElement;
      const wrap = container.querySelector(".metric-table-wrap") as HTMLElement;
      expect(frame.getAttribute("data-more-columns")).toBe("true");
      wrap.scrollLeft = 510;
      fireEvent.scroll(wrap);
      expect(frame.hasAttribute("data-more-columns")).toBe(false);
    } finally {
      if (scrollWidth) Object.defineProperty(HTMLElement.prototype, "scrollWidth", scrollWidth);
      if (clientWidth) Object.defineProperty(HTMLElement.prototype, "clientWidth", clientWidth);
    }
  });

  it("a footer row under its own label; no footer without footer values", () => {
    const { rerender } = render(<MetricTable label="t" columns={levelColumns} rows={levelOne.data} footer={{ clicks: 1 }} footerLabel="Sum" />);
    const footer = screen.getByRole("rowheader", { name: "Sum" }).closest("tr") as HTMLElement;
    expect(cellTexts(footer)).toEqual(columns.map((c) => (c === "clicks" ? "1" : formatMetric(null, c, gbp))));
    rerender(<MetricTable label="t" columns={levelColumns} rows={levelOne.data} />);
    expect(rowsOf(screen.getByRole("table"))).toHaveLength(1 + 4);
  });

  it("pages with the pagination under the table", () => {
    const pages: number[] = [];
    render(<MetricTable label="t" columns={levelColumns} rows={levelOne.data.slice(0, 2)} paging={{ page: 1, pageCount: 2, total: 4, perPage: 2, onPage: (p) => pages.push(p) }} />);
    const nav = screen.getByRole("navigation", { name: "Pagination" });
    expect(within(nav).getByText("1–2 of 4")).toBeTruthy();
    expect(within(nav).getByRole("button", { name: "Page 1" }).getAttribute("aria-current")).toBe("page");
    fireEvent.click(within(nav).getByRole("button", { name: "Next page" }));
    expect(pages).toEqual([2]);
    cleanup();
    render(<MetricTable label="t" columns={levelColumns} rows={levelOne.data} />);
    expect(screen.queryByRole("navigation")).toBeNull();
  });

  it("comparison cells: current, previous, change with colours (reversed for cpa), P/N for a negative previous, missing without a comparison row; text columns are not compared", () => {
    const current: PerformanceRow[] = [
      levelRow(["Email"], { clicks: 120, attributed_revenue: 100, attributed_sales: 4, variable_cost: 40 }),
      levelRow(["Display"], { clicks: 10, attributed_revenue: 50, last_click_revenue: 20 }),
      levelRow(["Social"], { clicks: 5 }),
    ];
    const previous: PerformanceRow[] = [
      levelRow(["Email"], { clicks: 100, attributed_revenue: 100, attributed_sales: 4, variable_cost: 20 }),
      levelRow(["Display"], { clicks: 10, attributed_revenue: 10, last_click_revenue: 60 }),
    ];
    const note: TableColumn<PerformanceRow> = { key: "note", header: "Note", cell: () => "n" };
    render(
      <MetricTable
        label="t"
        columns={[nameColumn, ...metricColumns(["clicks", "attributed_revenue", "cpa", "attributed_revenue_variance"], {}, gbp), note]}
        rows={current}
        previous={previous}
        footer={totalsOf(current)}
        previousFooter={totalsOf(previous)}
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
    expect(cell("Email", 4).textContent).toBe("n");
    // the footer compares the totals: clicks 135 against 110
    expect(parts(cell("Total", 0))).toMatchObject({ current: "135", previous: "previous 110", tone: "green" });
  });

  it.each([
    { rows: 60, windowed: false },
    { rows: 61, windowed: true },
    { rows: 1000, windowed: true },
  ])("$rows rows: windowed $windowed (only the rows in view are in the document above 60)", ({ rows: n, windowed }) => {
    const rows = manyRows(n).data;
    const name: TableColumn<PerformanceRow> = { key: "taxonomy_1", header: "Taxonomy 1" };
    render(<MetricTable label="t" columns={[name, ...metricColumns(columns)]} rows={rows} footer={totalsOf(rows)} />);
    const drawn = screen.getAllByRole("rowheader").length - 1;
    if (windowed) {
      expect(drawn).toBeGreaterThan(10);
      expect(drawn).toBeLessThan(Math.min(n, 100));
      expect(screen.getByRole("table").getAttribute("aria-rowcount")).toBe(String(n + 2));
    } else {
      expect(drawn).toBe(n);
      expect(screen.getByRole("table").hasAttribute("aria-rowcount")).toBe(false);
    }
    expect(screen.getByText("Total")).toBeTruthy();
  });
});

describe("PerformanceTable (the page's table with its machines)", () => {
  /** The page's table and open rows as the level-one report spawns them (its other pieces quiet), answering `response`. */
  const setup = (response: TableResponse) => {
    const sessionTold: EventObject[] = [];
    const session = recordingSessionActor((event) => sessionTold.push(event), { range: levelOneParams.range });
    const actors = { session } as unknown as AppActors;
    const quiet = fromCallback(() => undefined);
    const peek = peekTableMachine.provide({ actors: { loadPeek: fromPromise<TableResponse, Load>(async () => manyRows(12, ["Paid Search"])) } });
    const page = createActor(
      performanceReportMachine.provide({
        actors: {
          performanceTable: performanceTableMachine.provide({ actors: { loadTable: fromPromise<TableResponse, Load>(async () => response) } }),
          rowExpansion: rowExpansionMachine.provide({ actors: { peekTable: peek } }),
          ...Object.fromEntries(["comparison", "columnSets", "csvDownload", "performanceChart", "campaignNotes", "spendForm", "spendBatch", "sessionScopeListener"].map((src) => [src, quiet])),
        } as never,
      }),
      { input: { session, path: [] } },
    ).start();
    const table = pieceOf(page, performanceReportSelectors.table);
    const expansion = pieceOf(page, performanceReportSelectors.expansion);
    render(
      <AppActorsProvider value={actors}>
        <PerformanceTable table={table} expansion={expansion} />
      </AppActorsProvider>,
    );
    return { table, expansion, sessionTold };
  };

  it("sorts by a header click, opens a row into a peek table with 'Show me more', and closes it again", async () => {
    const { sessionTold } = setup(levelOne);
    const table = await screen.findByRole("table", { name: "Taxonomy 1" });
    expect(within(table).getAllByRole("columnheader").map((h) => h.textContent?.replace(/[▲▼↕]/g, ""))).toEqual([
      "Taxonomy 1",
      ...defaultColumns.map((c) => metricDefinitions[c].label),
    ]);
    const names = () => within(table).getAllByRole("rowheader").map((h) => h.textContent?.replace("▸", ""));
    // 'None' (the most revenue here) last all the same
    expect(names()).toEqual(["Paid Search", "Email", "Display", "None", "Total"]);
    fireEvent.click(within(table).getByRole("button", { name: /Page Lands/ }));
    fireEvent.click(within(table).getByRole("button", { name: /Page Lands/ }));
    expect(names()).toEqual(["Display", "Email", "Paid Search", "None", "Total"]);
    expect(sessionTold.filter((e) => e.type === "session.sortChanged").at(-1)).toEqual({ type: "session.sortChanged", metric: "clicks", direction: "asc" });

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
