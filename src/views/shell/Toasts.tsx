import { useSelector } from "@xstate/react";
import { toastsSelectors } from "../../machines/shell/toasts.machine";
import { useAppActors } from "./AppActorsContext";

/** The toast of the moment, announced politely to screen readers. */
export const Toasts = () => {
  const { toasts } = useAppActors();
  const toast = useSelector(toasts, toastsSelectors.current);
  return (
    <div className="toast-region" role="status" aria-live="polite">
      {toast ? (
        <div key={toast.id} className={`toast toast-${toast.kind}`}>
          <span>{toast.text}</span>
          <button type="button" className="toast-close" aria-label="Close" onClick={() => toasts.send({ type: "toast.closed" })}>
            ×
          </button>
        </div>
      ) : null}
    </div>
  );
};
