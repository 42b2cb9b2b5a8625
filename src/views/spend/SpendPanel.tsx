import { useSelector } from "@xstate/react";
import { useId, useState } from "react";
import { sessionSelectors } from "../../machines/shell/session.machine";
import type { SpendBatchActorRef } from "../../machines/spend/spendBatch.machine";
import type { SpendFormActorRef } from "../../machines/spend/spendForm.machine";
import { useAppActors } from "../shell/AppActorsContext";
import { SpendFileImport } from "./SpendFileImport";
import { SpendForm } from "./SpendForm";
import "./spend.css";

/**
 * The quick spend entry of the level-one page: behind the 'Add Spend' disclosure so it
 * does not crowd the report, the spend form and the file drop area with its batch
 * preview. The report starts both afresh when the program changes (the file import is
 * keyed by the program); closing the panel keeps what was typed.
 */
export const SpendPanel = ({ form, batch }: { readonly form: SpendFormActorRef; readonly batch: SpendBatchActorRef }) => {
  const { session } = useAppActors();
  const program = useSelector(session, sessionSelectors.program);
  const [open, setOpen] = useState(false);
  const regionId = useId();
  const headingId = useId();
  if (!program) return null;
  return (
    <section className="spend-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="spend-panel-heading">
        <button type="button" className="button spend-panel-toggle" aria-expanded={open} aria-controls={regionId} onClick={() => setOpen((o) => !o)}>
          <span className="spend-panel-chevron" aria-hidden="true">
            {open ? "▾" : "▸"}
          </span>
          Add Spend
        </button>
      </h2>
      <div id={regionId} className="spend-panel-body" hidden={!open}>
        <div className="spend-entry">
          <div className="spend-entry-part">
            <h3 className="spend-entry-title">Spend configuration</h3>
            <SpendForm form={form} money={{ currency: program.currency, locale: program.locale }} />
          </div>
          <div className="spend-entry-part">
            <h3 className="spend-entry-title">Import spend from a file</h3>
            <SpendFileImport key={program.code} batch={batch} />
          </div>
        </div>
      </div>
    </section>
  );
};
