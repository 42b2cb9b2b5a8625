import { modelSuite } from "../modelSuite";
import { classificationEditorModel } from "./classificationEditor.model";

modelSuite(classificationEditorModel, {
  transient: ["classificationEditor.ready.preview.checking"],
  mustInclude: [
    "loading → loadClassification rejects [server] → loadFailed",
    "loadFailed → editor.reloaded → loading",
    "waiting → session.scopeChanged [signedIn] → loading",
    "saving → saveClassification rejects [stale] → conflict",
    "conflict → editor.reloaded → loading",
    "conflict → editor.conflictDismissed → ready.(mode.normal + preview.debouncing + leave.staying + download.idle)",
    "saving → saveClassification rejects [forbidden] → forbidden (done)",
    "ready.(mode.normal + preview.debouncing + leave.staying + download.idle) → after previewDelay (400 ms) → ready.(mode.normal + preview.blocked + leave.staying + download.idle)",
    "ready.(mode.reorder + preview.shown + leave.staying + download.idle) → draft.stepped [move] → ready.(mode.reorder + preview.debouncing + leave.staying + download.idle)",
    "ready.(mode.normal + preview.shown + leave.asking + download.idle) → editor.leaveConfirmed → ready.(mode.normal + preview.shown + leave.staying + download.idle)",
  ],
});
