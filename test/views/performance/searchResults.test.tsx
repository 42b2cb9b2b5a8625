// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { createActor, fromPromise } from "xstate";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { TableResponse, TaxonomiesResponse } from "../../../src/domain/performance/performance";
import { performanceReportSelectors as reportSel } from "../../../src/machines/performance/performanceReport.machine";
import { searchResultsMachine } from "../../../src/machines/performance/searchResults.machine";
import type { AppActors } from "../../../src/machines/shell/appActors";
import { FilterTree } from "../../../src/views/performance/FilterTree";
import { ExportDialog } from "../../../src/views/exports/ExportDialog";
import { SearchResults } from "../../../src/views/performance/SearchResults";
import { emptySearch, manyRows, manyTaxonomies, searchInput, searchResponse, taxonomiesResponse } from "../../model/performance/searchFixtures";
import { openReport, pieceOf, signedInActors, withActors, settle } from "../viewSupport";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});


const searchActor = async (search: TableResponse = searchResponse, tree: TaxonomiesResponse = taxonomiesResponse) => {
  const actor = createActor(
    searchResultsMachine.provide({
      actors: { searchRows: fromPromise(async () => search), loadTaxonomies: fromPromise(async () => tree) },
    }),
    { input: searchInput },
  ).start();
  await new Promise((r) => setTimeout(r, 0));
  return actor;
};

const filterButton = () => screen.getByRole("button", { name: "Filter" });
const badge = () => filterButton().querySelector(".filter-badge")?.textContent;
const box = (name: string) => screen.getByRole("checkbox", { name }) as HTMLInputElement;

describe("FilterTree", () => {
  it("draws the taxonomy tree with tri-state checkboxes, counts selected branches, and resets", async () => {
    const actor = await searchActor();
    render(<FilterTree results={actor} />);
    expect(filterButton().getAttribute("aria-expanded")).toBe("false");
    expect(badge()).toBe("3");
    expect(screen.getByText("3 selected branches")).toBeDefined();
    fireEvent.click(filterButton());
    expect(filterButton().getAttribute("aria-expanded")).toBe("true");
    const tree = screen.getByRole("list", { name: "Taxonomies to show" });
    // roots in order, 'None' last; every one ticked
    expect(within(tree).getAllByRole("checkbox").map((c) => c.closest("li")?.querySelector("label")?.textContent)).toEqual(["Email", "Paid Search", "None"]);
    expect(box("Paid Search").checked).toBe(true);
    // 'None' is never expandable
    expect(screen.queryByRole("button", { name: "Expand None" })).toBeNull();

    const expand = screen.getByRole("button", { name: "Expand Paid Search" });
    expect(expand.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(expand);
    expect(expand.getAttribute("aria-expanded")).toBe("true");
    fireEvent.click(box("Brand"));
    // Paid Search is now 'some': mixed for assistive technology and indeterminate on screen
    expect(box("Brand").checked).toBe(false);
    expect(box("Paid Search").getAttribute("aria-checked")).toBe("mixed");
    expect(box("Paid Search").indeterminate).toBe(true);
    expect(box("Paid Search").checked).toBe(false);
    expect(badge()).toBe("3"); // Email, Paid Search > Generic, None
    fireEvent.click(box("Email"));
    expect(badge()).toBe("2");
    expect(screen.getByText("2 selected branches")).toBeDefined();

    // a 'some' node ticks to 'all'
    fireEvent.click(box("Paid Search"));
    expect(box("Paid Search").checked).toBe(true);
    expect(box("Paid Search").indeterminate).toBe(false);
    expect(box("Paid Search").hasAttribute("aria-checked")).toBe(false);

    fireEvent.click(screen.getByRole("button", { name: "Reset filter" }));
    expect(box("Email").checked).toBe(true);
    expect(badge()).toBe("3");
  });

  it("branches open and close from the keyboard; Escape closes the panel and returns focus", async () => {
    const actor = await searchActor();
    render(<FilterTree results={actor} />);
    fireEvent.click(filterButton());
    const email = box("Email");
    fireEvent.keyDown(email, { key: "ArrowRight" });
    expect(screen.getByRole("button", { name: "Expand Email" }).getAttribute("aria-expanded")).toBe("true");
    expect(box("Newsletter")).toBeDefined();
    fireEvent.keyDown(email, { key: "ArrowLeft" });
    expect(screen.queryByRole("checkbox", { name: "Newsletter" })).toBeNull();
    email.focus();
    fireEvent.keyDown(email, { key: "Escape" });
    expect(filterButton().getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(filterButton());
  });

  it("the badge reads 9+ above 9 selected branches", async () => {
    const actor = await searchActor(manyRows(12), manyTaxonomies(12));
    render(<FilterTree results={actor} />);
    expect(badge()).toBe("1");
    fireEvent.click(filterButton());
    fireEvent.click(screen.getByRole("button", { name: "Expand Display" }));
    fireEvent.click(screen.getByRole("button", { name: "Expand Network" }));
    fireEvent.click(screen.getByRole("button", { name: "Expand Banner" }));
    fireEvent.click(box("Ad 1"));
    expect(badge()).toBe("9+");
    expect(screen.getByText("11 selected branches")).toBeDefined();
    expect(box("Display").getAttribute("aria-checked")).toBe("mixed");
    fireEvent.click(box("Ad 2"));
    fireEvent.click(box("Ad 3"));
    expect(badge()).toBe("9");
  });
});

/** Answers the app's calls: the search and the taxonomies of the fixtures, and no saved column sets. */
const stubApi = (search: TableResponse) => {
  const urls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      urls.push(url);
      const body = url.includes("/performance/search")
        ? search
        : url.includes("/performance/taxonomies")
          ? taxonomiesResponse
          : url.endsWith("/column-sets")
            ? { data: [], favourite: 0 }
            : null;
      return new Response(JSON.stringify(body ?? { error: "not_found", message: "no" }), { status: body ? 200 : 404, headers: { "Content-Type": "application/json" } });
    }),
  );
  return urls;
};

/** The search results as the search page shows them: the pieces of the route's report. */
const searchPage = (actors: AppActors, term: string) => {
  const report = openReport(actors, { searchTerm: term });
  const exportDialog = pieceOf(report, reportSel.exportDialog);
  return (
    <>
      <SearchResults results={pieceOf(report, reportSel.search)} columnSets={pieceOf(report, reportSel.columnSets)} exportDialog={exportDialog} />
      <ExportDialog dialog={exportDialog} />
    </>
  );
};

describe("SearchResults", () => {
  it("shows each row's taxonomies as links ('None' not linked), the session's search columns and the footer 'Total'", async () => {
    const urls = stubApi(searchResponse);
    const actors = await signedInActors();
    render(withActors(actors, searchPage(actors, "shoes")));
    await settle();
    expect(urls.some((u) => u.includes("/programs/acme/performance/search?query=shoes&date_from=2026-01-01&date_to=2026-01-31"))).toBe(true);
    const table = screen.getByRole("table", { name: "Search results" });
    const headers = within(table).getAllByRole("columnheader").map((h) => h.textContent?.replace(/[▲▼↕]/g, ""));
    // the default columns (all nine are search metrics)
    expect(headers).toEqual(["Taxonomies", "Total Cost", "Page Lands", "Last Click Sales", "Last Click Revenue", "Attributed Sales", "Attributed Revenue", "CPA", "ROAS", "Attributed Revenue Variance %"]);
    const rows = within(table).getAllByRole("row");
    // header, 5 rows sorted by attributed revenue (desc): Email › … › None (120) by its value, the path that is 'None' throughout last, footer
    expect(rows).toHaveLength(7);
    const first = rows[1] as HTMLElement;
    expect(within(first).getByRole("link", { name: "Paid Search" }).getAttribute("href")).toBe("/performance/taxonomy_one/Paid%20Search");
    expect(within(first).getByRole("link", { name: "boots" }).getAttribute("href")).toBe(
      "/performance/taxonomy_one/Paid%20Search/taxonomy_two/Generic/taxonomy_three/Boots/taxonomy_four/boots",
    );
    const email = rows[3] as HTMLElement;
    expect(within(email).getAllByRole("link").map((a) => a.textContent)).toEqual(["Email", "Newsletter", "January"]);
    expect(within(email).getByText("None").tagName).toBe("SPAN");
    const none = rows[5] as HTMLElement;
    expect(within(none).queryAllByRole("link")).toHaveLength(0);
    const footer = rows[6] as HTMLElement;
    expect(within(footer).getByRole("rowheader").textContent).toBe("Total");
    // clicks: 100 + 50 + 300 + 80 + 10
    expect(within(footer).getAllByRole("cell")[1]?.textContent).toBe("540");
    // ROAS recomputed from the sums: 1310 / 200
    expect(within(footer).getAllByRole("cell")[7]?.textContent).toBe("6.55");
  });

  it("a header click sorts locally, rows named 'None' last; 'Export Data' opens the dialog with the search rows", async () => {
    stubApi(searchResponse);
    const actors = await signedInActors();
    render(withActors(actors, searchPage(actors, "shoes")));
    await settle();
    const table = screen.getByRole("table", { name: "Search results" });
    fireEvent.click(within(table).getByRole("button", { name: /Page Lands/ }));
    expect(within(table).getByRole("columnheader", { name: /Page Lands/ }).getAttribute("aria-sort")).toBe("descending");
    const names = () => within(table).getAllByRole("row").slice(1, -1).map((r) => r.querySelector("li:last-child")?.textContent);
    expect(names()).toEqual(["boots", "red shoes", "None", "blue shoes", "None"]);
    fireEvent.click(screen.getByRole("button", { name: "Export Data" }));
    const dialog = screen.getByRole("dialog", { name: "Export Data" });
    expect((within(dialog).getByLabelText("Report Name") as HTMLInputElement).value).toBe("acme_search_results_2026-01-01_2026-01-31");
    for (const level of ["Taxonomy 1", "Taxonomy 2", "Taxonomy 3", "Taxonomy 4"]) {
      const c = within(dialog).getByRole("checkbox", { name: level }) as HTMLInputElement;
      expect(c.checked && c.disabled).toBe(true);
    }
    // 23 search metrics offered, the visible ones ticked
    expect(within(dialog).getAllByRole("checkbox")).toHaveLength(4 + 23);
    expect((within(dialog).getByRole("checkbox", { name: "ROAS" }) as HTMLInputElement).checked).toBe(true);
    expect((within(dialog).getByRole("checkbox", { name: "Impressions" }) as HTMLInputElement).checked).toBe(false);
    expect(within(dialog).queryByRole("checkbox", { name: "Sales Involved" })).toBeNull();
  });

  it("the Columns modal offers the 23 search metrics; a change reaches the table through the session", async () => {
    stubApi(searchResponse);
    const actors = await signedInActors();
    render(withActors(actors, searchPage(actors, "shoes")));
    await settle();
    fireEvent.click(screen.getByRole("button", { name: "Columns" }));
    const dialog = screen.getByRole("dialog", { name: "Column Selection" });
    expect(within(dialog).getAllByRole("checkbox")).toHaveLength(23);
    expect(within(dialog).queryByRole("checkbox", { name: "Proportional Credit" })).toBeNull();
    fireEvent.click(within(dialog).getByRole("checkbox", { name: "Impressions" }));
    fireEvent.click(within(dialog).getByRole("checkbox", { name: "CPA" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    const table = screen.getByRole("table", { name: "Search results" });
    const headers = within(table).getAllByRole("columnheader").map((h) => h.textContent?.replace(/[▲▼↕]/g, ""));
    expect(headers).toContain("Impressions");
    expect(headers).not.toContain("CPA");
    fireEvent.click(screen.getByRole("button", { name: "Columns" }));
    fireEvent.click(screen.getByRole("button", { name: "Reset to Defaults" }));
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(within(table).getAllByRole("columnheader")).toHaveLength(10);
  });

  it("no results: the empty state, no footer, no pagination", async () => {
    stubApi(emptySearch);
    const actors = await signedInActors();
    render(withActors(actors, searchPage(actors, "nothing")));
    await settle();
    expect(screen.getByText("There is no data to display")).toBeDefined();
    expect(screen.queryByText("Total")).toBeNull();
    expect(screen.queryByRole("navigation", { name: "Pagination" })).toBeNull();
  });

  it("pages 15 rows at a time", async () => {
    stubApi(manyRows(20));
    const actors = await signedInActors();
    render(withActors(actors, searchPage(actors, "Ad")));
    await settle();
    const table = screen.getByRole("table", { name: "Search results" });
    expect(within(table).getAllByRole("row")).toHaveLength(1 + 15 + 1);
    expect(screen.getByText("1–15 of 20")).toBeDefined();
    fireEvent.click(screen.getByRole("button", { name: "Next page" }));
    expect(within(table).getAllByRole("row")).toHaveLength(1 + 5 + 1);
    expect(screen.getByText("16–20 of 20")).toBeDefined();
  });
});
