import { useState } from "react";
import { reportTexts } from "../../domain/report/reportTexts";
import { fileDropMachine, type LoadedSheet } from "../../machines/exports/fileDrop.machine";
import type { SpendBatchActorRef } from "../../machines/spend/spendBatch.machine";
import { useAppActors } from "../shell/AppActorsContext";
import { useAppPart } from "../shell/appChildren";
import { FileDropArea } from "../exports/FileDropArea";
import { SpendBatchPreview } from "./SpendBatchPreview";

/**
 * The file drop area wired to the spend batch: an unsupported file shows the toast 'That
 * file format isn't supported' (3 seconds) through the app's toasts actor; the chosen
 * sheet's rows go to the batch (the report's); removing the file clears it. Mount it with
 * `key={programCode}` so a program change starts afresh.
 */
export const SpendFileImport = ({ batch }: { readonly batch: SpendBatchActorRef }) => {
  const { toasts } = useAppActors();
  const [dropLogic] = useState(() =>
    fileDropMachine.provide({
      actions: {
        notifyUnsupported: () => toasts.send({ type: "toast.shown", text: reportTexts.toasts.unsupportedFile, kind: "error" }),
        announceSheet: (_, sheet: LoadedSheet) => batch.send({ type: "batch.sheetLoaded", fileName: sheet.fileName, rows: sheet.rows }),
        announceCleared: () => batch.send({ type: "batch.cleared" }),
      },
    }),
  );
  // The drop area's state: a part of the app's root while the area shows.
  const drop = useAppPart("fileDrop", dropLogic);
  if (!drop) return null;
  return (
    <div className="spend-file-import">
      <FileDropArea drop={drop} />
      <SpendBatchPreview batch={batch} />
    </div>
  );
};
