// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AppActors } from "../../../src/machines/shell/appActors";
import { performanceReportSelectors as reportSel } from "../../../src/machines/performance/performanceReport.machine";
import { sessionSelectors } from "../../../src/machines/shell/session.machine";
import type { ChartCanvasProps } from "../../../src/views/chart/ChartCanvas";
import type * as ChartDataTableModule from "../../../src/views/chart/ChartDataTable";
import { ExportDialog } from "../../../src/views/exports/ExportDialog";
import { PerformanceChart } from "../../../src/views/performance/PerformanceChart";
import { noRows, threeDays, twoNotes } from "../../model/performance/chartFixtures";
import { openReport, pieceOf, signedInActors, withActors, settle } from "../viewSupport";

/** Both notes on the second day charted. */
// Spring launch (7) is another member's: the person may not delete it.
const notesOnTheSecond = { data: twoNotes.data.map((n) => ({ ...n, date: "2026-01-02", can_delete: n.id !== 7 })) };

/** The calls the page made and the answers it got: the chart and the notes of the program. */
const serve = (chart: unknown = threeDays) => {
  const calls: Array<{ url: string; method: string; body: unknown }> = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? "GET";
    calls.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : null });
    const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
    if (url.includes("/chart/single")) return json(chart);
    if (url.includes("/annotations") && method === "GET") return json(notesOnTheSecond);
    if (url.includes("/annotations") && method === "POST") return json({ data: { id: 9 } });
    if (url.includes("/annotations/") && method === "DELETE") return json({ ok: true });
    return json({ error: "not_found", message: "nothing here" }, 404);
  });
  vi.stubGlobal("fetch", fetch);
  return calls;
};


const show = async (actors: AppActors, path: ReadonlyArray<string> = []) => {
  const report = openReport(actors, { path });
  const exportDialog = pieceOf(report, reportSel.exportDialog);
  render(
    withActors(
      actors,
      <>
        <PerformanceChart chart={pieceOf(report, reportSel.chart)} notes={pieceOf(report, reportSel.notes)} exportDialog={exportDialog} />
        <ExportDialog dialog={exportDialog} />
      </>,
    ),
  );
  await settle();
  await settle();
  return screen.getByRole("region", { name: "Performance chart" });
};

const headers = (region: HTMLElement) =>
  within(within(region).getByRole("table", { name: "Chart data" }))
    .getAllByRole("columnheader")
    .map((h) => h.textContent);

// jsdom has no canvas: the one chart component is replaced by a canvas that shows what it was
// given (its axis's dates, its notes) beside the real data table (the browser test draws the real chart).
vi.mock("../../../src/views/chart/ChartCanvas", async () => {
  const { ChartDataTable } = await vi.importActual<typeof ChartDataTableModule>("../../../src/views/chart/ChartDataTable");
  return {
    ChartCanvas: ({ chart, name, table, notes = [] }: ChartCanvasProps) => {
      const x = (chart.options.scales as { x: { max: number; ticks: { callback: (value: number) => string } } }).x;
      return (
        <>
          <canvas
            role="img"
            aria-label={name}
            data-type={chart.type}
            data-dates={JSON.stringify(Array.from({ length: x.max + 1 }, (_, i) => x.ticks.callback(i)))}
            data-markers={JSON.stringify(notes.map((m) => [m.id, m.x]))}
          />
          {table ? <ChartDataTable {...table} /> : null}
        </>
      );
    },
  };
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("PerformanceChart", () => {
  it("loads the level-one chart and shows its data as a table beside the canvas", async () => {
    const calls = serve();
    const region = await show(await signedInActors());
    expect(calls.map((c) => c.url)).toContain("/api/programs/acme/performance/chart/single?date_from=2026-01-01&date_to=2026-01-31&interval=day");
    expect(calls.map((c) => c.url)).toContain("/api/programs/acme/annotations?date_from=2026-01-01&date_to=2026-01-31");
    expect(region.querySelector("canvas")?.getAttribute("aria-label")).toBe("Performance chart: Page Lands and Attributed Revenue, daily, 2026-01-01 to 2026-01-31");
    expect(headers(region)).toEqual(["Date", "Page Lands", "Attributed Revenue"]);
    const rows = within(within(region).getByRole("table", { name: "Chart data" })).getAllByRole("row").slice(1);
    expect(rows.map((r) => [...r.children].map((c) => c.textContent))).toEqual([
      ["1 Jan", "10", "£100.00"],
      ["2 Jan", "20", "£200.00"],
      ["3 Jan", "30", "£300.00"],
    ]);
    expect(rows.map((r) => r.querySelector("time")?.getAttribute("datetime"))).toEqual(["2026-01-01", "2026-01-02", "2026-01-03"]);
  });

  it("the axis and the data table read day and month by day and week, month and year by month", async () => {
    serve();
    const region = await show(await signedInActors());
    const axisDates = () => JSON.parse(within(region).getByRole("img").getAttribute("data-dates") ?? "[]") as string[];
    const tableDates = () => within(within(region).getByRole("table", { name: "Chart data" })).getAllByRole("rowheader").map((h) => h.textContent);
    expect(axisDates()).toEqual(["1 Jan", "2 Jan", "3 Jan"]);
    const intervals = within(region).getByRole("group", { name: "Interval" });
    fireEvent.click(within(intervals).getByRole("button", { name: "Weekly" }));
    await settle();
    expect(axisDates()).toEqual(["1 Jan", "2 Jan", "3 Jan"]);
    fireEvent.click(within(intervals).getByRole("button", { name: "Monthly" }));
    await settle();
    expect(axisDates()).toEqual(["Jan 2026", "Jan 2026", "Jan 2026"]);
    expect(tableDates()).toEqual(["Jan 2026", "Jan 2026", "Jan 2026"]);
  });

  it("loads the chart of the route's taxonomy path", async () => {
    const calls = serve();
    await show(await signedInActors(), ["Paid Search", "Brand/Exact"]);
    expect(calls.some((c) => c.url.startsWith("/api/programs/acme/performance/chart/single/taxonomy_1/Paid%20Search/taxonomy_2/Brand%2FExact?"))).toBe(true);
  });

  it("each metric list disables the other's choice; a new metric is drawn and kept in the session", async () => {
    serve();
    const actors = await signedInActors();
    const region = await show(actors);
    const one = within(region).getByLabelText("Metric one") as HTMLSelectElement;
    const two = within(region).getByLabelText("Metric two") as HTMLSelectElement;
    const disabledIn = (select: HTMLSelectElement) => [...select.options].filter((o) => o.disabled).map((o) => o.textContent);
    expect(one.value).toBe("clicks");
    expect(two.value).toBe("attributed_revenue");
    expect(disabledIn(one)).toEqual(["Attributed Revenue"]);
    expect(disabledIn(two)).toEqual(["Page Lands"]);

    fireEvent.change(one, { target: { value: "roas" } });
    expect(disabledIn(two)).toEqual(["ROAS"]);
    expect(headers(region)).toEqual(["Date", "ROAS", "Attributed Revenue"]);
    fireEvent.change(two, { target: { value: "clicks" } });
    expect(disabledIn(one)).toEqual(["Page Lands"]);
    expect(headers(region)).toEqual(["Date", "ROAS", "Page Lands"]);
    const prefs = sessionSelectors.preferences(actors.session.getSnapshot());
    expect([prefs.metricOne, prefs.metricTwo]).toEqual(["roas", "clicks"]);
  });

  it("Daily/Weekly/Monthly reload at the interval; Area/Bar toggles; both go to the session", async () => {
    const calls = serve();
    const actors = await signedInActors();
    const region = await show(actors);
    const intervals = within(region).getByRole("group", { name: "Interval" });
    expect(within(intervals).getByRole("button", { name: "Daily" }).getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(within(intervals).getByRole("button", { name: "Weekly" }));
    await settle();
    expect(within(intervals).getByRole("button", { name: "Weekly" }).getAttribute("aria-pressed")).toBe("true");
    expect(calls.at(-1)?.url).toMatch(/\/chart\/single\?.*interval=week$/);
    expect(sessionSelectors.preferences(actors.session.getSnapshot()).interval).toBe("week");

    const types = within(region).getByRole("group", { name: "Chart type" });
    expect(within(types).getByRole("button", { name: "Area" }).getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(within(types).getByRole("button", { name: "Area" })); // already chosen: nothing
    expect(sessionSelectors.preferences(actors.session.getSnapshot()).chartType).toBe("area");
    fireEvent.click(within(types).getByRole("button", { name: "Bar" }));
    expect(within(types).getByRole("button", { name: "Bar" }).getAttribute("aria-pressed")).toBe("true");
    expect(within(region).getByRole("img").getAttribute("data-type")).toBe("bar");
    expect(sessionSelectors.preferences(actors.session.getSnapshot()).chartType).toBe("bar");
  });

  it("the filter goes to the session and the chart reloads the named variant", async () => {
    const calls = serve();
    const actors = await signedInActors();
    const region = await show(actors);
    fireEvent.change(within(region).getByLabelText("Filter"), { target: { value: "returning" } });
    await settle();
    expect(sessionSelectors.namedFilter(actors.session.getSnapshot())).toBe("returning");
    expect(calls.at(-1)?.url).toMatch(/^\/api\/programs\/acme\/performance\/named\/returning\/chart\/single\?/);
  });

  it("'Campaign Notes' switches the notes on the chart; the notes table lists, adds and deletes notes", async () => {
    const calls = serve();
    const region = await show(await signedInActors());
    const notesSwitch = within(region).getByRole("switch", { name: "Campaign Notes" });
    const canvas = within(region).getByRole("img");
    expect(notesSwitch.getAttribute("aria-checked")).toBe("true");
    // both notes at the second day
    expect(canvas.getAttribute("data-markers")).toBe("[[7,1],[8,1]]");
    fireEvent.click(notesSwitch);
    expect(notesSwitch.getAttribute("aria-checked")).toBe("false");
    expect(canvas.getAttribute("data-markers")).toBe("[]");

    const toggle = within(region).getByRole("button", { name: "Notes table" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(within(region).queryByRole("table", { name: "Campaign notes" })).toBeNull();
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    const table = within(region).getByRole("table", { name: "Campaign notes" });
    expect(within(table).getAllByRole("row").slice(1).map((r) => r.children[2]?.textContent)).toEqual(["Spring launch", "TV slot"]);

    const form = within(region).getByRole("form", { name: "Add note" });
    fireEvent.click(within(form).getByRole("button", { name: "Add note" }));
    expect(within(form).getByRole("alert").textContent).toBe("Write the note's text.");
    fireEvent.change(within(form).getByLabelText("Date"), { target: { value: "2026-01-12" } });
    fireEvent.change(within(form).getByLabelText("Note"), { target: { value: "Winter sale" } });
    fireEvent.click(within(form).getByRole("button", { name: "Add note" }));
    await settle();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ date: "2026-01-12", colour: "#f5a623", text: "Winter sale" });
    expect((within(form).getByLabelText("Note") as HTMLInputElement).value).toBe("");

    // Only a note the person may delete offers Delete, and Delete asks first.
    expect(within(region).queryByRole("button", { name: "Delete the note of 2026-01-02: Spring launch" })).toBeNull();
    fireEvent.click(within(region).getByRole("button", { name: "Delete the note of 2026-01-02: TV slot" }));
    const question = screen.getByRole("dialog", { name: "Are you sure?" });
    expect(question.textContent).toContain("The note of 2026-01-02 ('TV slot') will be deleted for everyone who sees this program.");
    fireEvent.click(within(question).getByRole("button", { name: "Cancel" }));
    await settle();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(calls.find((c) => c.method === "DELETE")).toBeUndefined();
    fireEvent.click(within(region).getByRole("button", { name: "Delete the note of 2026-01-02: TV slot" }));
    fireEvent.click(within(screen.getByRole("dialog", { name: "Are you sure?" })).getByRole("button", { name: "Delete note" }));
    await settle();
    expect(calls.find((c) => c.method === "DELETE")?.url).toBe("/api/programs/acme/annotations/8");
    fireEvent.click(toggle);
    expect(within(region).queryByRole("table", { name: "Campaign notes" })).toBeNull();
  });

  it("an empty answer shows 'There's no data to show' and no export", async () => {
    serve(noRows);
    const region = await show(await signedInActors());
    expect(within(region).getByText("There's no data to show")).toBeDefined();
    expect(within(region).queryByRole("table", { name: "Chart data" })).toBeNull();
    expect(within(region).getByRole("button", { name: "Export" })).toHaveProperty("disabled", true);
  });

  it("Export opens the Export Data dialog with the chart's two metrics and the chart's report name", async () => {
    serve();
    const region = await show(await signedInActors());
    fireEvent.click(within(region).getByRole("button", { name: "Export" }));
    const dialog = screen.getByRole("dialog", { name: "Export Data" });
    expect(within(dialog).getByLabelText("Report Name")).toHaveProperty("value", "acme_performance_chart_2026-01-01_2026-01-31");
    expect(within(dialog).getAllByRole("checkbox").map((b) => b.closest("label")?.textContent)).toEqual(["Page Lands", "Attributed Revenue"]);
  });
});
