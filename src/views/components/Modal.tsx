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

/** One button of a dialog's row, in the order they stand (the first gets focus when no control comes before it). */
export interface ModalAction {
  readonly label: ReactNode;
  readonly onClick: () => void;
  /** The button's look: plain by default, the primary choice, or a destructive one. */
  readonly look?: "primary" | "danger";
  readonly disabled?: boolean;
  /** While the action runs: the button waits (disabled) and says so (`aria-busy`). */
  readonly busy?: boolean;
}

const lookClass = { primary: " is-primary", danger: " is-danger" } as const;

const ModalButton = ({ label, onClick, look, disabled, busy }: ModalAction) => (
  <button type="button" className={`button${look ? lookClass[look] : ""}`} disabled={(disabled ?? false) || (busy ?? false)} aria-busy={busy} onClick={onClick}>
    {label}
  </button>
);

interface ModalProps {
  readonly title: string;
  readonly children?: ReactNode;
  readonly footer?: ReactNode;
  /** The buttons row. */
  readonly actions: ReadonlyArray<ModalAction>;
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
      <div className="modal-actions">
        {actions.map((action, i) => (
          <ModalButton key={i} {...action} />
        ))}
      </div>
      {footer ? <p className="modal-footer">{footer}</p> : null}
    </dialog>
  );
};

interface ConfirmDialogProps {
  readonly title: string;
  readonly tone?: "danger" | "warning";
  /** The answer that keeps things as they are: first (focus starts on it), and what Escape does. */
  readonly cancel: ModalAction;
  /** The answer that goes ahead. */
  readonly confirm: ModalAction;
  readonly children?: ReactNode;
}

/** A question before something is changed or lost: Cancel first, then the answer that goes ahead; Escape cancels. */
export const ConfirmDialog = ({ title, tone = "danger", cancel, confirm, children }: ConfirmDialogProps) => (
  <Modal title={title} tone={tone} onDismiss={cancel.onClick} actions={[cancel, confirm]}>
    {children}
  </Modal>
);

interface InfoDialogProps {
  readonly title: string;
  /** The button that closes it, last; Escape closes it too. */
  readonly close: ModalAction;
  /** Buttons before it (the columns dialogs' reset). */
  readonly others?: ReadonlyArray<ModalAction>;
  readonly children?: ReactNode;
}

/** A dialog that shows or gathers something and is closed by its button or Escape. */
export const InfoDialog = ({ title, close, others = [], children }: InfoDialogProps) => (
  <Modal title={title} tone="info" onDismiss={close.onClick} actions={[...others, close]}>
    {children}
  </Modal>
);
