import type { ReactNode } from "react";
import { spendListTexts as t } from "../../domain/spend/spendList";
import { ConfirmDialog } from "../components/Modal";

interface RemoveSpendDialogProps {
  /** What is being removed (its fields), under the question. */
  readonly children?: ReactNode;
  /** While the removal runs: the buttons wait, so it is sent once (Escape still asks; the caller ignores it). */
  readonly busy: boolean;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
}

/**
 * The confirmation before a spend configuration or entry is removed: 'Are you sure you
 * want to remove this spend configuration?' with 'I'm sure' and Cancel, on the one
 * `Modal` (Escape cancels; Cancel comes first, so focus starts on it, and goes back to
 * the opener).
 */
export const RemoveSpendDialog = ({ children, busy, onConfirm, onCancel }: RemoveSpendDialogProps) => (
  <ConfirmDialog
    title={t.removeConfirmation}
    cancel={{ label: t.cancel, disabled: busy, onClick: onCancel }}
    confirm={{ label: t.removeConfirm, look: "primary", busy, onClick: onConfirm }}
  >
    {children}
  </ConfirmDialog>
);
