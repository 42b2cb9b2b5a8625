// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { createActor } from "xstate";
import { afterEach, describe, expect, it } from "vitest";
import type { ClassificationSaved, LoadedClassification } from "../../../src/domain/classification/classification";
import type { ClassificationPreview } from "../../../src/domain/classification/classificationPreview";
import {
  classificationEditorMachine,
  classificationEditorSelectors as sel,
  type LoadClassificationInput,
  type PreviewClassificationInput,
  type SaveClassificationInput,
} from "../../../src/machines/classification/classificationEditor.machine";
import { TaxonomyEditor } from "../../../src/views/classification/TaxonomyEditor";
import { TaxonomyList } from "../../../src/views/classification/TaxonomyList";
import { controlled } from "../../machines/support";
import { quietSessionScopeListener, recordingSessionActor } from "../../model/fixtures";
import { loadedClassification } from "../../model/classification/classificationFixtures";

afterEach(cleanup);

const setup = async () => {
  const load = controlled<LoadedClassification, LoadClassificationInput>();
  const preview = controlled<ClassificationPreview, PreviewClassificationInput>();
  const save = controlled<ClassificationSaved, SaveClassificationInput>();
  const actor = createActor(
    classificationEditorMachine.provide({
      actors: { loadClassification: load.logic, previewClassification: preview.logic, saveClassification: save.logic, sessionScopeListener: quietSessionScopeListener },
    }),
    { input: { session: recordingSessionActor(() => undefined) } },
  ).start();
  await load.resolve(loadedClassification);
  render(
    <>
      <TaxonomyList editor={actor} />
      <TaxonomyEditor editor={actor} />
    </>,
  );
  return { actor, list: () => screen.getByRole("region", { name: "Taxonomies" }) };
};

describe("TaxonomyList", () => {
  it("the inline Add taxonomy form: a blank name says 'Taxonomy name is required', Escape cancels, a name adds and selects it", async () => {
    const { actor, list } = await setup();
    fireEvent.click(within(list()).getByRole("button", { name: "Add taxonomy" }));
    const form = screen.getByRole("form", { name: "Add taxonomy" });
    fireEvent.submit(form);
    expect(within(form).getByRole("alert").textContent).toBe("Taxonomy name is required");
    fireEvent.keyDown(within(form).getByLabelText("Taxonomy name"), { key: "Escape" });
    expect(screen.queryByRole("form", { name: "Add taxonomy" })).toBeNull();
    expect(actor.getSnapshot().context.steps).toEqual([]);
    fireEvent.click(within(list()).getByRole("button", { name: "Add taxonomy" }));
    fireEvent.change(screen.getByLabelText("Taxonomy name"), { target: { value: "Social" } });
    fireEvent.submit(screen.getByRole("form", { name: "Add taxonomy" }));
    expect(sel.selected(actor.getSnapshot())?.title).toBe("Social");
    expect((screen.getByLabelText("Title") as HTMLInputElement).value).toBe("Social");
  });

  it("Reorder shows Move up / Move down (none up for the first, none down for the last) until Done Ordering", async () => {
    const { list } = await setup();
    fireEvent.click(within(list()).getByRole("button", { name: "Reorder" }));
    expect(within(list()).queryByRole("button", { name: "Move Paid Search up" })).toBeNull();
    expect(within(list()).queryByRole("button", { name: "Move Email down" })).toBeNull();
    expect(within(list()).queryByRole("button", { name: "Move Bing down" })).toBeNull();
    fireEvent.click(within(list()).getByRole("button", { name: "Move Paid Search down" }));
    expect(within(list()).getByRole("button", { name: "Move Paid Search up" })).toBeTruthy();
    expect(within(list()).queryByRole("button", { name: "Move Paid Search down" })).toBeNull();
    fireEvent.click(within(list()).getByRole("button", { name: "Done Ordering" }));
    expect(within(list()).getByRole("button", { name: "Reorder" })).toBeTruthy();
  });
});

describe("TaxonomyEditor", () => {
  it("a rule's value shows only for contains, not contains and event_type is; others send the value away", async () => {
    const { actor } = await setup();
    const rule = screen.getByRole("listitem", { name: "Rule 1" });
    expect(within(rule).getByLabelText("Value")).toBeTruthy();
    for (const [matchType, shown] of [["exists", false], ["not contains", true], ["empty", false], ["event_type is", true], ["not exists", false], ["not empty", false], ["contains", true]] as const) {
      fireEvent.change(within(rule).getByLabelText("Match type"), { target: { value: matchType } });
      expect(within(rule).queryByLabelText("Value") !== null).toBe(shown);
      if (!shown) expect(sel.selected(actor.getSnapshot())?.rules[0]?.expectedValue).toBeNull();
    }
  });

  it("join type And / Or, extracts limited to tax3, tax4 and costlink, and a level-1 taxonomy's children", async () => {
    const { actor } = await setup();
    fireEvent.click(screen.getByRole("radio", { name: "Or" }));
    expect(sel.selected(actor.getSnapshot())?.joinType).toBe("or");
    fireEvent.click(screen.getByRole("button", { name: "Add extract" }));
    const extract = screen.getByRole("listitem", { name: "Extract 1" });
    expect([...(within(extract).getByLabelText("Mapped to") as HTMLSelectElement).options].map((o) => o.value)).toEqual(["tax3", "tax4", "costlink"]);
    const children = screen.getByRole("region", { name: "Children" });
    expect(within(children).getAllByRole("button").map((b) => b.textContent)).toEqual(["Google", "Bing", "Add child taxonomy"]);
  });
});
