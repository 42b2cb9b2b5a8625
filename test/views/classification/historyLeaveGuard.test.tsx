// @vitest-environment jsdom
import { act, cleanup, render } from "@testing-library/react";
import { createActor } from "xstate";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { LoadedClassification } from "../../../src/domain/classification/classification";
import type { ClassificationPreview } from "../../../src/domain/classification/classificationPreview";
import {
  classificationEditorMachine,
  classificationEditorSelectors as sel,
  type ClassificationEditorActorRef,
  type LoadClassificationInput,
  type PreviewClassificationInput,
} from "../../../src/machines/classification/classificationEditor.machine";
import { useHistoryLeaveGuard } from "../../../src/views/classification/useHistoryLeaveGuard";
import { controlled } from "../../machines/support";
import { quietSessionScopeListener, recordingSessionActor } from "../../model/fixtures";
import { loadedClassification } from "../../model/classification/classificationFixtures";

const Guarded = ({ editor }: { readonly editor: ClassificationEditorActorRef }) => {
  useHistoryLeaveGuard(editor);
  return null;
};

/** The browser's Navigation API as the guard reads it (jsdom has none): this tab at its third entry. */
const navigation = Object.assign(new EventTarget(), { currentEntry: { index: 2 } });

beforeEach(() => {
  Object.defineProperty(window, "navigation", { value: navigation, configurable: true });
});
afterEach(() => {
  cleanup();
  Reflect.deleteProperty(window, "navigation");
});

/** A move through the history as the browser announces it; whether the page stopped it. */
const traverse = (url: string, index: number, { cancelable = true, sameDocument = true } = {}): boolean => {
  const event = Object.assign(new Event("navigate", { cancelable }), {
    navigationType: "traverse",
    destination: { url: `http://localhost${url}`, sameDocument, index },
  });
  act(() => void navigation.dispatchEvent(event));
  return event.defaultPrevented;
};

const setup = async () => {
  const load = controlled<LoadedClassification, LoadClassificationInput>();
  const preview = controlled<ClassificationPreview, PreviewClassificationInput>();
  const editor = createActor(
    classificationEditorMachine.provide({
      actors: { loadClassification: load.logic, previewClassification: preview.logic, sessionScopeListener: quietSessionScopeListener },
    }),
    { input: { session: recordingSessionActor(() => undefined) } },
  ).start();
  await load.resolve(loadedClassification);
  render(<Guarded editor={editor} />);
  const edit = () => act(() => editor.send({ type: "draft.stepped", step: { kind: "taxonomyRenamed", id: 2, title: "E-mail" } }));
  return { editor, edit };
};

describe("useHistoryLeaveGuard", () => {
  it("without unsaved changes Back and Forward go on", async () => {
    const { editor } = await setup();
    expect(traverse("/performance", 1)).toBe(false);
    expect(sel.isAskingToLeave(editor.getSnapshot())).toBe(false);
  });

  it("with unsaved changes Back is stopped and the editor asks, told where it was going and how far; Forward too", async () => {
    const { editor, edit } = await setup();
    edit();
    expect(traverse("/performance?program=acme", 1)).toBe(true);
    expect(sel.isAskingToLeave(editor.getSnapshot())).toBe(true);
    expect(editor.getSnapshot().context.leavingTo).toBe("/performance?program=acme");
    expect(editor.getSnapshot().context.leavingThroughHistory).toBe(-1);
    act(() => editor.send({ type: "editor.leaveCancelled" }));
    expect(traverse("/account/costs/fixed", 4)).toBe(true);
    expect(editor.getSnapshot().context.leavingThroughHistory).toBe(2);
  });

  it("moves the browser does not let the page stop, and other documents, are not held", async () => {
    const { editor, edit } = await setup();
    edit();
    expect(traverse("/performance", 1, { cancelable: false })).toBe(false);
    expect(traverse("/performance", 1, { sameDocument: false })).toBe(false);
    expect(sel.isAskingToLeave(editor.getSnapshot())).toBe(false);
  });

  it("once leaving that way, the move made again is not held", async () => {
    const { editor, edit } = await setup();
    edit();
    traverse("/performance", 1);
    act(() => editor.send({ type: "editor.leaveConfirmed" }));
    expect(traverse("/performance", 1)).toBe(false);
  });
});
