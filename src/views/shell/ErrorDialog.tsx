import { useSelector } from "@xstate/react";
import { errorDialogSelectors } from "../../machines/shell/errorDialog.machine";
import { texts } from "../../domain/shell/texts";
import { useAppActors } from "./AppActorsContext";
import { Modal } from "../components/Modal";

/** The one global error dialog: 403 'Forbidden', other 4xx 'Whoops', 5xx 'Oh no'. */
export const ErrorDialog = () => {
  const { errorDialog } = useAppActors();
  const kind = useSelector(errorDialog, errorDialogSelectors.kind);
  const forbiddenText = useSelector(errorDialog, errorDialogSelectors.forbiddenText);
  if (kind === null) return null;
  if (kind === "forbidden") {
    return (
      <Modal
        title={texts.dialogs.forbidden.title}
        tone="warning"
        actions={
          <button type="button" className="button is-primary" onClick={() => errorDialog.send({ type: "dialog.confirmed" })}>
            {texts.dialogs.forbidden.button}
          </button>
        }
      >
        <p>{forbiddenText}</p>
      </Modal>
    );
  }
  const d = kind === "clientError" ? texts.dialogs.clientError : texts.dialogs.serverError;
  return (
    <Modal
      title={d.title}
      footer={d.footer}
      actions={
        <button type="button" className="button is-primary" onClick={() => errorDialog.send({ type: "dialog.retried" })}>
          {d.button}
        </button>
      }
    >
      <p>{d.text}</p>
    </Modal>
  );
};
