// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { createActor } from "xstate";
import type { JourneySearch } from "../../../src/domain/journeys/journeys";
import { journeyFilterMachine } from "../../../src/machines/journeys/journeyFilter.machine";
import { tagInputMachine } from "../../../src/machines/journeys/tagInput.machine";
import { JourneyFilterModal } from "../../../src/views/journeys/JourneyFilterModal";
import { TagInput } from "../../../src/views/journeys/TagInput";
import { filterTaxonomies } from "../../model/journeys/journeyFilterFixtures";

afterEach(cleanup);

const renderTagInput = (tags: ReadonlyArray<string> = []) => {
  const input = createActor(tagInputMachine, { input: { key: "first-1", tags, taxonomies: filterTaxonomies } }).start();
  render(<TagInput input={input} label="First touchpoint 1" />);
  return input;
};

const tagsShown = () =>
  screen.queryByRole("list", { name: /Chosen levels/ }) ? within(screen.getByRole("list", { name: /Chosen levels/ })).getAllByRole("listitem").map((li) => li.textContent?.replace("×", "")) : [];

describe("TagInput", () => {
  it("is a combobox whose listbox suggests the next level, and Enter takes the highlighted value", () => {
    renderTagInput();
    const box = screen.getByRole("combobox", { name: "First touchpoint 1" });
    expect(box.getAttribute("aria-expanded")).toBe("false");
    fireEvent.change(box, { target: { value: "ai" } });
    expect(box.getAttribute("aria-expanded")).toBe("true");
    const options = within(screen.getByRole("listbox", { name: "Suggestions" })).getAllByRole("option");
    expect(options.map((o) => o.textContent)).toEqual(["Email", "Paid Search"]);
    // The first suggestion is highlighted as you type; the arrows move the highlight.
    expect(box.getAttribute("aria-activedescendant")).toBe(options[0]?.id);
    expect(options[0]?.getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(box, { key: "ArrowDown" });
    expect(box.getAttribute("aria-activedescendant")).toBe(options[1]?.id);
    fireEvent.keyDown(box, { key: "ArrowUp" });
    expect(box.getAttribute("aria-activedescendant")).toBe(options[0]?.id);
    fireEvent.keyDown(box, { key: "Enter" });
    expect(tagsShown()).toEqual(["Email"]);
    expect(screen.getByRole("combobox").getAttribute("placeholder")).toBe("Taxonomy 2");
  });

  it("Enter on part of a value takes the highlighted suggestion ('Paid' is Paid Search), not a refusal", () => {
    renderTagInput();
    const box = screen.getByRole("combobox");
    fireEvent.change(box, { target: { value: "Paid" } });
    fireEvent.keyDown(box, { key: "Enter" });
    expect(screen.queryByRole("alert")).toBeNull();
    expect(tagsShown()).toEqual(["Paid Search"]);
  });

  it("a comma confirms the typed value; a refused one says why", () => {
    renderTagInput();
    const box = screen.getByRole("combobox");
    fireEvent.change(box, { target: { value: "Nowhere" } });
    fireEvent.keyDown(box, { key: "," });
    expect(screen.getByRole("alert").textContent).toBe("'Nowhere' is not a value at this level.");
    expect(box.getAttribute("aria-invalid")).toBe("true");
    fireEvent.change(box, { target: { value: "direct" } });
    expect(screen.queryByRole("alert")).toBeNull();
    fireEvent.keyDown(box, { key: "," });
    expect(tagsShown()).toEqual(["Direct"]);
  });

  it("only the last tag has a close button; Backspace in the empty box removes the last tag", () => {
    renderTagInput(["Paid Search", "Google Ads"]);
    expect(screen.getAllByRole("button").map((b) => b.getAttribute("aria-label"))).toEqual(["Remove Google Ads"]);
    fireEvent.keyDown(screen.getByRole("combobox"), { key: "Backspace" });
    expect(tagsShown()).toEqual(["Paid Search"]);
    fireEvent.click(screen.getByRole("button", { name: "Remove Paid Search" }));
    expect(tagsShown()).toEqual([]);
  });

  it("hides the box at four tags and when only 'None' is left", () => {
    renderTagInput(["Paid Search", "Google Ads", "Brand", "Exact"]);
    expect(screen.queryByRole("combobox")).toBeNull();
    cleanup();
    renderTagInput(["Direct"]);
    expect(screen.queryByRole("combobox")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Remove Direct" }));
    expect(screen.getByRole("combobox")).toBeDefined();
  });

  it("a click on a suggestion takes it", () => {
    renderTagInput(["Email"]);
    const box = screen.getByRole("combobox");
    fireEvent.keyDown(box, { key: "ArrowDown" });
    fireEvent.click(screen.getByRole("option", { name: "Promo" }));
    expect(tagsShown()).toEqual(["Email", "Promo"]);
  });
});

describe("JourneyFilterModal", () => {
  const open = (filter: JourneySearch = {}) => {
    const applied: JourneySearch[] = [];
    // The page is the parent in the app; here the applied filter is kept where the page would get it.
    const ref = createActor(journeyFilterMachine.provide({ actions: { tellPageApplied: (_, params) => void applied.push(params.filter) } }), {
      input: { filter, taxonomies: filterTaxonomies },
    }).start();
    render(<JourneyFilterModal filter={ref} />);
    return { ref, applied };
  };

  it("is the 'Journey Path Filter' dialog with its groups, the connector and a pair", () => {
    open();
    const dialog = screen.getByRole("dialog", { name: "Journey Path Filter" });
    for (const name of ["First touchpoint", "Last touchpoint", "Anywhere in the journey", "Before and after"]) {
      expect(within(dialog).getByRole("group", { name })).toBeDefined();
    }
    expect(within(dialog).getByRole("radio", { name: "any of them (or)" })).toHaveProperty("checked", true);
    expect(within(dialog).getByRole("checkbox", { name: "Immediately before / after" })).toHaveProperty("checked", false);
    expect(within(dialog).getAllByRole("combobox").map((c) => c.getAttribute("aria-label"))).toEqual([
      "First touchpoint 1",
      "Last touchpoint 1",
      "Anywhere in the journey 1",
      "Before and after 1: Before",
      "Before and after 1: After",
    ]);
  });

  it("Close applies the filter built in it", () => {
    const { applied } = open();
    const box = (name: string) => screen.getByRole("combobox", { name });
    fireEvent.change(box("First touchpoint 1"), { target: { value: "Email" } });
    fireEvent.keyDown(box("First touchpoint 1"), { key: "Enter" });
    fireEvent.change(box("Before and after 1: Before"), { target: { value: "Paid Search" } });
    fireEvent.keyDown(box("Before and after 1: Before"), { key: "Enter" });
    fireEvent.change(box("Before and after 1: After"), { target: { value: "Direct" } });
    fireEvent.keyDown(box("Before and after 1: After"), { key: "Enter" });
    fireEvent.click(screen.getByRole("checkbox", { name: "Immediately before / after" }));
    fireEvent.click(within(screen.getByRole("group", { name: "Anywhere in the journey" })).getByRole("button", { name: "Add touchpoint" }));
    expect(screen.getAllByRole("combobox", { name: /Anywhere in the journey/ })).toHaveLength(2);
    fireEvent.click(screen.getByRole("button", { name: "Remove Anywhere in the journey 2" }));
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(applied).toEqual([
      {
        first: [{ taxonomy_one: "Email" }],
        comparison: [{ before: { taxonomy_one: "Paid Search" }, after: { taxonomy_one: "Direct" }, immediately: true }],
      },
    ]);
  });
});
