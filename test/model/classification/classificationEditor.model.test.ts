import { describe, expect, it } from "vitest";
import { modelPaths, runPath } from "../harness";
import { modelSuite } from "../modelSuite";
import { classificationEditorModel, classificationEditorSwitchModel } from "./classificationEditor.model";

modelSuite(classificationEditorModel, {
  transient: ["classificationEditor.ready.preview.checking"],
  mustInclude: [
    "loading → loadClassification rejects [server] → loadFailed",
    "loadFailed → editor.reloaded → loading",
    "waiting → session.scopeChanged [signedIn] → loading",
    "saving → saveClassification rejects [stale] → conflict",
    "conflict → editor.reloaded → loading",
    "conflict → editor.conflictDismissed → ready.(mode.normal + preview.requesting + leave.staying + download.idle)",
    "loading → loadClassification resolves [loaded] → ready.(mode.normal + preview.requesting + leave.staying + download.idle)",
    "saving → saveClassification rejects [forbidden] → forbidden (done)",
    "ready.(mode.normal + preview.debouncing + leave.staying + download.idle) → after previewDelay (400 ms) → ready.(mode.normal + preview.blocked + leave.staying + download.idle)",
    "ready.(mode.reorder + preview.shown + leave.staying + download.idle) → draft.stepped [move] → ready.(mode.reorder + preview.debouncing + leave.staying + download.idle)",
    "ready.(mode.normal + preview.shown + leave.asking + download.idle) → editor.leaveConfirmed → ready.(mode.normal + preview.shown + leave.staying + download.idle)",
  ],
});

/**
 * The focused model of the program switch and Back/Forward: its shortest paths take every
 * transition named below and run green (the full graph above reaches these states too, but
 * caps its paths before every way out of them).
 */
describe("classificationEditor program switch and Back/Forward model (shortest paths)", () => {
  const paths = modelPaths(classificationEditorSwitchModel, { strategy: "shortest" });
  const ready = (preview: string, leave = "staying") => `ready.(mode.normal + preview.${preview} + leave.${leave} + download.idle)`;

  it("takes every way into and out of the questions", () => {
    const steps = new Set(paths.flatMap((p) => p.steps));
    for (const s of [
      `${ready("shown")} → session.scopeChanged [programOverDraft] → programSwitched`,
      `programSwitched → editor.programSwitchCancelled → ${ready("requesting")}`,
      "programSwitched → editor.programSwitchConfirmed → loading",
      `programSwitched → session.scopeChanged [headerBack] → ${ready("requesting")}`,
      "programSwitched → session.scopeChanged [tokyo] → programSwitched",
      "programSwitched → session.scopeChanged [signedOut] → waiting",
      "saving → session.scopeChanged [programOverDraft] → saving",
      "saving → saveClassification rejects [server] → programSwitched",
      "saving → saveClassification resolves [saved] → loading",
      `${ready("shown")} → editor.historyLeaveAsked [back] → ${ready("shown", "left")}`,
      `${ready("shown")} → editor.historyLeaveAsked [back] → ${ready("shown", "asking")}`,
      `${ready("shown", "asking")} → editor.leaveConfirmed → ${ready("shown", "left")}`,
      `${ready("shown", "asking")} → editor.leaveCancelled → ${ready("shown")}`,
    ]) {
      expect(steps, s).toContain(s);
    }
  });

  it.each(paths.map((p) => [p.title, p] as const))("%s", async (_title, path) => {
    await runPath(classificationEditorSwitchModel, path);
  });
});
