import { useActorRef, useSelector } from "@xstate/react";
import { useId, useState } from "react";
import { spendMessages } from "../../domain/spend/spendForm";
import { sessionSelectors } from "../../machines/shell/session.machine";
import { spendFormMachine } from "../../machines/spend/spendForm.machine";
import { useAppActors } from "../shell/AppActorsContext";
import { SpendFileImport } from "./SpendFileImport";
import { SpendForm } from "./SpendForm";
import "./spend.css";

/**
 * The quick spend entry of the level-one page: behind the 'Add Spend' disclosure so it
 * does not crowd the report, the spend form and the file drop area with its batch
 * preview. Both start afresh when the program changes; closing the panel keeps what was
 * typed.
 */
export const SpendPanel = () => {
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
        <SpendEntry key={program.code} program={program.code} currency={program.currency} locale={program.locale} />
      </div>
    </section>
  );
};

interface EntryProps {
  readonly program: string;
  readonly currency: string | null | undefined;
  readonly locale: string | null | undefined;
}

/** One program's spend entry: the form (its actor here) and the file import. */
const SpendEntry = ({ program, currency, locale }: EntryProps) => {
  const { session, toasts } = useAppActors();
  const api = useSelector(session, sessionSelectors.apiContext, (a, b) => a.baseUrl === b.baseUrl && a.token === b.token);
  const [formLogic] = useState(() =>
    spendFormMachine.provide({
      actions: {
        notifyInvalid: (_, params: { text: string }) => toasts.send({ type: "toast.shown", text: params.text || spendMessages.invalidToast, kind: "error" }),
      },
    }),
  );
  const form = useActorRef(formLogic, { input: { api, program } });
  return (
    <div className="spend-entry">
      <div className="spend-entry-part">
        <h3 className="spend-entry-title">Spend configuration</h3>
        <SpendForm form={form} money={{ currency, locale }} />
      </div>
      <div className="spend-entry-part">
        <h3 className="spend-entry-title">Import spend from a file</h3>
        <SpendFileImport key={program} />
      </div>
    </div>
  );
};
