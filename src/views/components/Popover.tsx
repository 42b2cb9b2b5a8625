import { useEffectEvent, useLayoutEffect, useRef, type HTMLAttributes, type ReactNode, type RefObject } from "react";

/** `showPopover` with its `source` option (the element the popover is anchored to). */
type ShowPopover = (this: HTMLElement, options?: { readonly source?: HTMLElement }) => void;

interface PopoverProps extends Omit<HTMLAttributes<HTMLDivElement>, "popover"> {
  /** The button that opens it: the popover sits below it, and clicks on it do not light-dismiss. */
  readonly anchor: RefObject<HTMLElement | null>;
  /** Escape or a click elsewhere closed it: the caller unmounts it. */
  readonly onDismiss: () => void;
  readonly children: ReactNode;
}

/**
 * A dropdown panel on the platform's popover (`popover="auto"`), shown while it is
 * mounted. The browser light-dismisses it — Escape, or a click outside it and its
 * button — and focus that was inside it (or lost) goes back to the button; `onDismiss`
 * tells the caller. Give the opening button `popoverTarget` = this panel's id (so a
 * click on it toggles rather than light-dismisses) and have its click handler call
 * `preventDefault()` and open or close the panel itself.
 */
export const Popover = ({ anchor, onDismiss, children, ...attributes }: PopoverProps) => {
  const ref = useRef<HTMLDivElement>(null);
  const dismiss = useEffectEvent(onDismiss);

  useLayoutEffect(() => {
    const panel = ref.current;
    if (!panel) return;
    let unmounting = false;
    let shown = true;
    const onToggle = (e: Event) => {
      shown = (e as ToggleEvent).newState === "open";
      if (unmounting || shown) return;
      // Focus left inside the closed panel, or lost with a removed button, goes back to the opening button.
      const focused = document.activeElement;
      if (focused === null || focused === document.body || panel.contains(focused)) anchor.current?.focus();
      dismiss();
    };
    panel.addEventListener("toggle", onToggle);
    (panel.showPopover as ShowPopover).call(panel, { source: anchor.current ?? undefined });
    return () => {
      unmounting = true;
      panel.removeEventListener("toggle", onToggle);
      if (shown) panel.hidePopover();
    };
  }, [anchor]);

  return (
    <div ref={ref} popover="auto" {...attributes}>
      {children}
    </div>
  );
};
