import { useEffectEvent, useId, useLayoutEffect, useRef, type ReactNode, type RefObject } from "react";

/**
 * Shows a <dialog> as a modal while it is mounted (`showModal`: the page behind is inert,
 * focus moves to the first control inside (so a dialog lists its choices before its actions) and Tab stays
 * inside); when it goes, the browser gives focus back to the element that had it before (the opener).
 * Escape asks to close: `onDismiss` runs, and the caller unmounts the dialog. Without
 * `onDismiss` the dialog is an alert that only its own buttons close: Escape and clicks
 * outside do nothing.
 */
export const useModalDialog = (onDismiss?: () => void): RefObject<HTMLDialogElement | null> => {
  const ref = useRef<HTMLDialogElement>(null);
  const dismissible = onDismiss !== undefined;
  const dismiss = useEffectEvent(() => onDismiss?.());

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    let unmounting = false;
    const onCancel = (e: Event) => {
      e.preventDefault();
      if (dismissible) dismiss();
    };
    // A browser may close it anyway (a second Escape with no click between): follow the caller's wish.
    const onClose = () => {
      if (unmounting) return;
      if (dismissible) dismiss();
      else dialog.showModal();
    };
    dialog.addEventListener("cancel", onCancel);
    dialog.addEventListener("close", onClose);
    if (!dialog.open) dialog.showModal();
    return () => {
      unmounting = true;
      dialog.removeEventListener("cancel", onCancel);
      dialog.removeEventListener("close", onClose);
      // Closed while still in the page, so the browser gives focus back to where it was (the opener).
      dialog.close();
    };
  }, [dismissible]);

  return ref;
};

interface ModalProps {
  readonly title: string;
  readonly children?: ReactNode;
  readonly footer?: ReactNode;
  readonly actions: ReactNode;
  readonly tone?: "danger" | "warning" | "info";
  /** Makes it a dialog that Escape closes; without it, an alert only its buttons close. */
  readonly onDismiss?: () => void;
}

/**
 * A modal dialog on the native <dialog>. Without `onDismiss` it is an alert dialog
 * (role alertdialog) that only its own buttons close — the error dialogs and the login
 * alert; with it, a dialog that Escape closes as well.
 */
export const Modal = ({ title, children, footer, actions, tone = "danger", onDismiss }: ModalProps) => {
  const titleId = useId();
  const bodyId = useId();
  const ref = useModalDialog(onDismiss);
  const alert = onDismiss === undefined;

  return (
    <dialog
      ref={ref}
      className={`modal modal-${tone}`}
      role={alert ? "alertdialog" : undefined}
      closedby={alert ? "none" : "closerequest"}
      aria-labelledby={titleId}
      aria-describedby={alert ? bodyId : undefined}
    >
      <h2 id={titleId} className="modal-title">
        {title}
      </h2>
      <div id={bodyId} className="modal-body">
        {children}
      </div>
      <div className="modal-actions">{actions}</div>
      {footer ? <p className="modal-footer">{footer}</p> : null}
    </dialog>
  );
};
