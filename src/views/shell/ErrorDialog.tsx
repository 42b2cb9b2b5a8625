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
        actions={[{ label: texts.dialogs.forbidden.button, look: "primary", onClick: () => errorDialog.send({ type: "dialog.confirmed" }) }]}
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
      actions={[{ label: d.button, look: "primary", onClick: () => errorDialog.send({ type: "dialog.retried" }) }]}
    >
      <p>{d.text}</p>
    </Modal>
  );
};
