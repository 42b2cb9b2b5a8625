import type { ActorRefFrom } from "xstate";
import { useSelector } from "@xstate/react";
import { useEffect } from "react";
import { useLocation } from "wouter";
import { classificationTexts as t } from "../../domain/classification/classificationTexts";
import {
  classificationEditorMachine,
  classificationEditorSelectors as sel,
  type ClassificationEditorActorRef,
} from "../../machines/classification/classificationEditor.machine";
import { ConfirmDialog } from "../components/Modal";
import { useDocumentTitle } from "../components/useDocumentTitle";
import { useSelected } from "../components/useSelected";
import { Screen } from "../shell/appChildren";
import { AppShell } from "../shell/AppShell";
import { ClassificationPreviewPanel } from "./ClassificationPreviewPanel";
import { TaxonomyEditor } from "./TaxonomyEditor";
import { TaxonomyList } from "./TaxonomyList";
import { leaveThroughHistory, useHistoryLeaveGuard } from "./useHistoryLeaveGuard";
import "./classification.css";

/**
 * The traffic classification editor, /admin/classification (admins; a 403 sends the
 * person to / saying so). One actor owns the scope, the draft and its history, the
 * preview and the save; this view only renders it and sends what the person does.
 */
export const ClassificationPage = () => (
  <AppShell>
    <ClassificationBody />
  </AppShell>
);

const ClassificationBody = () => {
  const [, navigate] = useLocation();
  // The app root's screen child for this route (given the session and toasts by the root).
  return (
    <Screen name="classificationEditor" routeKey={""} logic={classificationEditorMachine.provide({ actions: { goHome: () => navigate("/"), goTo: (_, href: string) => navigate(href), leaveThroughHistory } })} route={{}}>
      {(editor) => <ClassificationBodyScreen editor={editor} />}
    </Screen>
  );
};

const ClassificationBodyScreen = ({ editor }: { readonly editor: ActorRefFrom<typeof classificationEditorMachine> }) => {
  useDocumentTitle(t.title);
  return (
    <article className="report classification">
      <h1 className="report-title">{t.title}</h1>
      <ClassificationState editor={editor} />
    </article>
  );
};

const ClassificationState = ({ editor }: { readonly editor: ClassificationEditorActorRef }) => {
  const loading = useSelector(editor, sel.isLoading);
  const loadFailed = useSelector(editor, sel.hasLoadFailed);
  const showsEditor = useSelector(editor, sel.showsEditor);
  if (loadFailed) {
    return (
      <div className="notification is-warning" role="alert">
        <p>{t.loadFailed}</p>
        <button type="button" className="button" onClick={() => editor.send({ type: "editor.reloaded" })}>
          {t.retry}
        </button>
      </div>
    );
  }
  if (showsEditor) return <ClassificationEditor editor={editor} />;
  return loading ? (
    <p className="loading" role="status">
      {t.loading}
    </p>
  ) : null;
};

const ClassificationEditor = ({ editor }: { readonly editor: ClassificationEditorActorRef }) => (
  <>
    <LeaveGuard editor={editor} />
    <EditorToolbar editor={editor} />
    <ConflictNotice editor={editor} />
    <div className="classification-layout">
      <TaxonomyList editor={editor} />
      <TaxonomyEditor editor={editor} />
    </div>
    <ClassificationPreviewPanel editor={editor} />
    <LeaveDialog editor={editor} />
    <ProgramSwitchDialog editor={editor} />
  </>
);

const EditorToolbar = ({ editor }: { readonly editor: ClassificationEditorActorRef }) => {
  const { canUndo, canRedo, canSave, isSaving: saving, isDirty: dirty, isDownloading: downloading } = useSelected(editor, sel, ["canUndo", "canRedo", "canSave", "isSaving", "isDirty", "isDownloading"]);
  return (
    <div className="classification-toolbar" role="toolbar" aria-label={t.title}>
      <button type="button" className="button" disabled={!canUndo} onClick={() => editor.send({ type: "draft.undone" })}>
        {t.undo}
      </button>
      <button type="button" className="button" disabled={!canRedo} onClick={() => editor.send({ type: "draft.redone" })}>
        {t.redo}
      </button>
      <button type="button" className="button" disabled={downloading} aria-busy={downloading} onClick={() => editor.send({ type: "editor.downloaded" })}>
        {t.download}
      </button>
      {dirty ? <span className="classification-unsaved">{t.unsaved}</span> : null}
      {saving ? (
        <span className="loading" role="status">
          {t.saving}
        </span>
      ) : null}
      <button type="button" className="button is-primary" disabled={!canSave} aria-busy={saving} onClick={() => editor.send({ type: "editor.saved" })}>
        {t.save}
      </button>
    </div>
  );
};

const ConflictNotice = ({ editor }: { readonly editor: ClassificationEditorActorRef }) => {
  const conflict = useSelector(editor, sel.isConflict);
  if (!conflict) return null;
  return (
    <section className="notification is-warning classification-conflict" role="alert" aria-labelledby="classification-conflict">
      <h2 id="classification-conflict">{t.conflictTitle}</h2>
      <p>{t.conflict}</p>
      <button type="button" className="button is-primary" onClick={() => editor.send({ type: "editor.reloaded" })}>
        {t.reload}
      </button>{" "}
      <button type="button" className="button" onClick={() => editor.send({ type: "editor.conflictDismissed" })}>
        {t.keepEditing}
      </button>
    </section>
  );
};

/** The app's own links (same origin, same tab, plain click) that leave this page. */
const leavingLinkOf = (event: MouseEvent): HTMLAnchorElement | null => {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (!(link instanceof HTMLAnchorElement) || link.target === "_blank" || link.hasAttribute("download")) return null;
  return link.origin === window.location.origin && link.pathname !== window.location.pathname ? link : null;
};

/**
 * While the draft has unsaved changes: closing or reloading the tab asks (the browser's
 * own question), the app's links ask the editor first ('Leave without saving?'), and so do
 * Back and Forward (`useHistoryLeaveGuard`).
 */
const LeaveGuard = ({ editor }: { readonly editor: ClassificationEditorActorRef }) => {
  const dirty = useSelector(editor, sel.isDirty);
  useHistoryLeaveGuard(editor);
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    const onClick = (event: MouseEvent) => {
      const link = leavingLinkOf(event);
      if (link === null) return;
      event.preventDefault();
      event.stopPropagation();
      editor.send({ type: "editor.leaveAsked", href: `${link.pathname}${link.search}` });
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    document.addEventListener("click", onClick, true);
    return () => {
      window.removeEventListener("beforeunload", onBeforeUnload);
      document.removeEventListener("click", onClick, true);
    };
  }, [dirty, editor]);
  return null;
};

const LeaveDialog = ({ editor }: { readonly editor: ClassificationEditorActorRef }) => {
  const asking = useSelector(editor, sel.isAskingToLeave);
  if (!asking) return null;
  const stay = () => editor.send({ type: "editor.leaveCancelled" });
  return (
    <ConfirmDialog
      title={t.leaveTitle}
      tone="warning"
      cancel={{ label: t.stay, onClick: stay }}
      confirm={{ label: t.leaveConfirm, look: "danger", onClick: () => editor.send({ type: "editor.leaveConfirmed" }) }}
    >
      <p>{t.leave}</p>
    </ConfirmDialog>
  );
};

/** The header switched the program over unsaved changes: discard them and load the new program's, or go back. */
const ProgramSwitchDialog = ({ editor }: { readonly editor: ClassificationEditorActorRef }) => {
  const from = useSelector(editor, sel.switchedFrom);
  const to = useSelector(editor, sel.switchedTo);
  if (from === null || to === null) return null;
  const back = () => editor.send({ type: "editor.programSwitchCancelled" });
  return (
    <ConfirmDialog
      title={t.programSwitchTitle}
      tone="warning"
      cancel={{ label: t.backTo(from), onClick: back }}
      confirm={{ label: t.discardAndLoad(to), look: "danger", onClick: () => editor.send({ type: "editor.programSwitchConfirmed" }) }}
    >
      <p>{t.programSwitch(from, to)}</p>
    </ConfirmDialog>
  );
};
