import { useActorRef, useSelector } from "@xstate/react";
import { useState } from "react";
import { todayAt } from "../../domain/report/dateRange";
import { texts } from "../../domain/shell/texts";
import { fileDropMachine, type LoadedSheet } from "../../machines/exports/fileDrop.machine";
import { sessionSelectors } from "../../machines/shell/session.machine";
import { spendBatchMachine } from "../../machines/spend/spendBatch.machine";
import { useAppActors } from "../shell/AppActorsContext";
import { FileDropArea } from "../exports/FileDropArea";
import { SpendBatchPreview } from "./SpendBatchPreview";

/**
 * The file drop area wired to the spend batch: an unsupported file shows the toast 'That
 * file format isn't supported' (3 seconds) through the app's toasts actor; the chosen
 * sheet's rows go to the batch; removing the file clears it. Mount it with `key={programCode}` so a program change
 * starts afresh.
 */
export const SpendFileImport = () => {
  const { session, toasts } = useAppActors();
  const program = useSelector(session, sessionSelectors.program);
  const api = useSelector(session, sessionSelectors.apiContext, (a, b) => a.baseUrl === b.baseUrl && a.token === b.token);
  const batch = useActorRef(spendBatchMachine, {
    input: { api, program: program?.code ?? "", today: todayAt(Date.now(), program?.utc_offset ?? "+00:00") },
  });
  const [dropLogic] = useState(() =>
    fileDropMachine.provide({
      actions: {
        notifyUnsupported: () => toasts.send({ type: "toast.shown", text: texts.toasts.unsupportedFile, kind: "error" }),
        announceSheet: (_, sheet: LoadedSheet) => batch.send({ type: "batch.sheetLoaded", fileName: sheet.fileName, rows: sheet.rows }),
        announceCleared: () => batch.send({ type: "batch.cleared" }),
      },
    }),
  );
  const drop = useActorRef(dropLogic);
  return (
    <div className="spend-file-import">
      <FileDropArea drop={drop} />
      <SpendBatchPreview batch={batch} />
    </div>
  );
};
