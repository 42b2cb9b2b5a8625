// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { createActor, fromPromise } from "xstate";
import { afterEach, describe, expect, it } from "vitest";
import type { SeasonalityList } from "../../../src/domain/seasonality/seasonality";
import { seasonalityConfigurationMachine, type WeekWrite } from "../../../src/machines/seasonality/seasonalityConfiguration.machine";
import { SeasonalityScreen } from "../../../src/views/seasonality/SeasonalityConfigurationPage";
import { quietReportScopeListener, sessionOf } from "../../model/fixtures";
import { created, january, noTypes, ok, openedAt, twoTypes } from "../../model/seasonality/seasonalityFixtures";
import { settle } from "../viewSupport";

afterEach(cleanup);


/** The screen's actor on January 2026 with the given types; writes are recorded and answer as told. */
const openScreen = async (types: SeasonalityList = twoTypes, writeFails = false) => {
  const writes: WeekWrite[] = [];
  const actor = createActor(
    seasonalityConfigurationMachine.provide({
      actors: {
        sessionScopeListener: quietReportScopeListener,
        loadSeasonality: fromPromise(async () => types),
        createType: fromPromise(async () => created),
        deleteType: fromPromise(async () => ok),
        writeWeek: fromPromise(async ({ input }: { input: WeekWrite }) => {
          writes.push(input);
          if (writeFails) throw new Error("offline");
          return ok;
        }),
      },
    }),
    { input: { session: sessionOf({ range: january }), now: openedAt } },
  ).start();
  render(<SeasonalityScreen screen={actor} />);
  await settle();
  return { actor, writes };
};

const calendar = () => screen.getByRole("list", { name: "Weeks in these dates" });
const weekButtons = () => within(calendar()).getAllByRole("button");

describe("SeasonalityScreen", () => {
  it("lists the types with their weeks in the dates and counts, and the dates' weeks with their types", async () => {
    await openScreen();
    const types = screen.getByRole("list", { name: "Seasonality types" });
    const sale = within(types).getAllByRole("listitem").find((li) => within(li).queryByRole("heading", { name: "Sale" }));
    expect(sale?.querySelector('[data-count="in-dates"]')?.textContent).toBe("2");
    expect(sale?.querySelector('[data-count="total"]')?.textContent).toBe("3");
    expect(weekButtons().map((b) => b.getAttribute("aria-label"))).toEqual([
      "Week of 29 Dec 2025: Untagged, part of the week is outside these dates",
      "Week of 5 Jan 2026: Sale",
      "Week of 12 Jan 2026: Untagged, this week",
      "Week of 19 Jan 2026: Sale",
      "Week of 26 Jan 2026: Untagged, part of the week is outside these dates",
    ]);
  });

  it("each week button's name holds its visible words, in their order (a screen reader's user can say what they see)", async () => {
    await openScreen();
    // Compared as axe-core's label-content-name-mismatch does: punctuation aside.
    const words = (text: string | null) => (text ?? "").replace(/[:,.…]/g, "").replace(/\s+/g, " ").trim();
    for (const button of weekButtons()) expect(words(button.getAttribute("aria-label"))).toContain(words(button.textContent));
  });

  it("moves between weeks with the arrow keys, Home and End", async () => {
    await openScreen();
    const [first, second, , , last] = weekButtons();
    first?.focus();
    fireEvent.keyDown(first as HTMLElement, { key: "ArrowRight" });
    expect(document.activeElement).toBe(second);
    fireEvent.keyDown(second as HTMLElement, { key: "ArrowLeft" });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(first as HTMLElement, { key: "ArrowUp" });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(first as HTMLElement, { key: "End" });
    expect(document.activeElement).toBe(last);
    fireEvent.keyDown(last as HTMLElement, { key: "Home" });
    expect(document.activeElement).toBe(first);
  });

  it("tags a week from its picker at once, and shows the failure when the write is refused", async () => {
    const { writes } = await openScreen(twoTypes, true);
    fireEvent.click(weekButtons()[2] as HTMLElement);
    const picker = screen.getByRole("dialog", { name: "Tag the week of 12 Jan 2026" });
    expect(within(picker).getByRole("button", { name: "Sale" }).getAttribute("aria-pressed")).toBe("false");
    fireEvent.click(within(picker).getByRole("button", { name: "Quiet" }));
    expect(weekButtons()[2]?.getAttribute("aria-label")).toBe("Week of 12 Jan 2026: Quiet, this week, saving");
    expect(screen.queryByRole("dialog")).toBeNull();
    await settle();
    expect(writes).toEqual([expect.objectContaining({ week: "2026-01-12", typeId: 2 })]);
    expect(weekButtons()[2]?.getAttribute("aria-label")).toBe("Week of 12 Jan 2026: Untagged, this week");
    expect(screen.getByRole("alert").textContent).toContain("The week of 12 Jan 2026 could not be saved and is shown as it was.");
  });

  it("untags a week from its type's list", async () => {
    const { writes } = await openScreen();
    fireEvent.click(screen.getByRole("button", { name: "Untag the week of 5 Jan 2026 (Sale)" }));
    await settle();
    expect(writes).toEqual([expect.objectContaining({ week: "2026-01-05", typeId: null })]);
    expect(weekButtons()[1]?.getAttribute("aria-label")).toBe("Week of 5 Jan 2026: Untagged");
  });

  it("says there are no types yet and offers only the form", async () => {
    await openScreen(noTypes);
    expect(screen.getByText("No seasonality types yet. Create one below, then tag the weeks it covers.")).toBeTruthy();
    expect(screen.getByText("Create a seasonality type to tag weeks.")).toBeTruthy();
    expect(weekButtons().every((b) => (b as HTMLButtonElement).disabled)).toBe(true);
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Summer" } });
    fireEvent.click(screen.getByRole("button", { name: "Create type" }));
    await settle();
    expect(within(screen.getByRole("list", { name: "Seasonality types" })).getByRole("heading", { name: "Summer" })).toBeTruthy();
    expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe("");
  });

  it("asks before deleting, counting the weeks the type tags", async () => {
    await openScreen();
    fireEvent.click(screen.getByRole("button", { name: "Delete Sale" }));
    const question = screen.getByRole("dialog", { name: "Delete seasonality type?" });
    expect(question.textContent).toContain('Delete "Sale"? It tags 3 weeks, which will be untagged.');
    fireEvent.click(within(question).getByRole("button", { name: "Delete" }));
    await settle();
    expect(screen.queryByRole("heading", { name: "Sale" })).toBeNull();
  });
});
