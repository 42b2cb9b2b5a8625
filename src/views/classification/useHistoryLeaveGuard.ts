import { useSelector } from "@xstate/react";
import { useEffect } from "react";
import { classificationEditorSelectors as sel, type ClassificationEditorActorRef } from "../../machines/classification/classificationEditor.machine";

/** The part of the browser's Navigation API this guard uses (not yet in TypeScript's DOM types). */
interface TraverseEvent extends Event {
  readonly navigationType: "push" | "replace" | "reload" | "traverse";
  readonly destination: { readonly url: string; readonly sameDocument: boolean; readonly index: number };
}

interface BrowserNavigation extends EventTarget {
  readonly currentEntry: { readonly index: number } | null;
}

const browserNavigation = (): BrowserNavigation | null => (window as unknown as { navigation?: BrowserNavigation }).navigation ?? null;

const isTraverse = (event: Event): event is TraverseEvent => (event as Partial<TraverseEvent>).navigationType === "traverse";

/**
 * The browser's Back and Forward over unsaved changes (the one place the editor holds the
 * history; docs/architecture.md, "Classification editor"). While the editor holds the
 * history (`holdsHistory`: unsaved changes on screen), a move through this tab's history
 * inside the app is stopped before it happens (the Navigation API's `navigate` event,
 * cancelled, so the address and the router never change) and the editor is told where it
 * was going and how many entries away (`editor.historyLeaveAsked`). The editor asks 'Leave
 * without saving?'; Stay leaves everything as it is, Leave makes the same move
 * (`leaveThroughHistory`). A move the browser does not let the page stop (no Navigation
 * API, or no click or key since the last one stopped) goes ahead as before.
 */
export const useHistoryLeaveGuard = (editor: ClassificationEditorActorRef): void => {
  const holds = useSelector(editor, sel.holdsHistory);
  useEffect(() => {
    const navigation = browserNavigation();
    if (!holds || navigation === null) return;
    const onNavigate = (event: Event) => {
      if (!isTraverse(event) || !event.cancelable || !event.destination.sameDocument || !sel.holdsHistory(editor.getSnapshot())) return;
      event.preventDefault();
      const target = new URL(event.destination.url);
      const steps = event.destination.index - (navigation.currentEntry?.index ?? event.destination.index + 1);
      editor.send({ type: "editor.historyLeaveAsked", href: `${target.pathname}${target.search}`, steps });
    };
    navigation.addEventListener("navigate", onNavigate);
    return () => navigation.removeEventListener("navigate", onNavigate);
  }, [holds, editor]);
};

/** Leave by the move Back or Forward was making: `steps` entries through the history (-1 is Back). */
export const leaveThroughHistory = (_: unknown, steps: number): void => window.history.go(steps);
