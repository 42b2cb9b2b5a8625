import { useEffect, useId, useRef, type ReactNode } from "react";

interface ModalProps {
  readonly title: string;
  readonly children?: ReactNode;
  readonly footer?: ReactNode;
  readonly actions: ReactNode;
  readonly tone?: "danger" | "warning" | "info";
}

/**
 * A modal alert dialog that only its own buttons close: clicks outside and Escape do
 * nothing (the specs' error dialogs and the login alert). Focus moves into it and stays.
 */
export const Modal = ({ title, children, footer, actions, tone = "danger" }: ModalProps) => {
  const titleId = useId();
  const bodyId = useId();
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = ref.current;
    const previous = document.activeElement as HTMLElement | null;
    el?.querySelector<HTMLElement>("button")?.focus();
    const keepFocus = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        e.preventDefault();
        e.stopPropagation();
        return;
      }
      if (e.key !== "Tab" || !el) return;
      const focusable = [...el.querySelectorAll<HTMLElement>("button, a[href], input, select, textarea")];
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener("keydown", keepFocus, true);
    return () => {
      document.removeEventListener("keydown", keepFocus, true);
      previous?.focus?.();
    };
  }, []);

  return (
    <div className="modal-backdrop">
      <div ref={ref} className={`modal modal-${tone}`} role="alertdialog" aria-modal="true" aria-labelledby={titleId} aria-describedby={bodyId}>
        <h2 id={titleId} className="modal-title">
          {title}
        </h2>
        <div id={bodyId} className="modal-body">
          {children}
        </div>
        <div className="modal-actions">{actions}</div>
        {footer ? <p className="modal-footer">{footer}</p> : null}
      </div>
    </div>
  );
};
