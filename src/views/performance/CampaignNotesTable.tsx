import { useId, type InputHTMLAttributes } from "react";
import { campaignNoteTexts as t } from "../../domain/performance/campaignNotes";
import { campaignNotesSelectors as sel, type CampaignNotesActorRef } from "../../machines/performance/campaignNotes.machine";
import { ConfirmDialog } from "../components/Modal";
import { useSelected } from "../components/useSelected";
import { SubmitForm } from "../components/SubmitForm";

/**
 * The notes table (the chart's annotations table toggle): every note of the dates shown
 * with its date, colour and text and, where the person may delete it (its author or an
 * admin), a Delete button that asks first; and a small form to add one. A refusal is shown
 * next to the form.
 */
export const CampaignNotesTable = ({ notes, id }: { readonly notes: CampaignNotesActorRef; readonly id: string }) => {
  const { notes: list, draft, problem, isLoading: loading, isAdding: adding, isBusy: busy, deleting, confirming } = useSelected(notes, sel, ["notes", "draft", "problem", "isLoading", "isAdding", "isBusy", "deleting", "confirming"]);
  const problemId = useId();
  const describedBy = problem ? problemId : undefined;

  return (
    <section id={id} className="chart-notes" aria-label={t.notesTable} aria-busy={loading || busy}>
      <table className="chart-notes-table">
        <caption>{t.notesTable}</caption>
        <thead>
          <tr>
            <th scope="col">{t.date}</th>
            <th scope="col">{t.colour}</th>
            <th scope="col">{t.text}</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {list.length === 0 ? (
            <tr>
              <td colSpan={4} className="chart-notes-none">
                {loading ? <span role="status">Loading the notes…</span> : t.none}
              </td>
            </tr>
          ) : (
            list.map((note) => (
              <tr key={note.id}>
                <td className="chart-note-date">{note.date}</td>
                <td className="chart-note-colour">
                  <span className="chart-note-swatch" style={{ background: note.colour }} aria-hidden="true" /> {note.colour}
                </td>
                <td className="chart-note-text">{note.text}</td>
                <td>
                  {note.can_delete ? (
                    <button
                      type="button"
                      className="button is-text chart-note-delete"
                      aria-label={t.delete(note)}
                      disabled={busy}
                      aria-busy={deleting === note.id}
                      onClick={() => notes.send({ type: "notes.deleteAsked", id: note.id })}
                    >
                      Delete
                    </button>
                  ) : null}
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>

      <SubmitForm
        className="chart-note-form"
        aria-label={t.add}
        onSubmit={() => notes.send({ type: "notes.added" })}
      >
        <DraftField notes={notes} field="date" label={t.date} type="date" value={draft.date} disabled={adding} aria-describedby={describedBy} />
        <DraftField notes={notes} field="colour" label={t.colour} type="color" value={draft.colour} disabled={adding} />
        <DraftField
          notes={notes}
          field="text"
          label={t.text}
          className="chart-note-text-field"
          type="text"
          value={draft.text}
          maxLength={500}
          disabled={adding}
          aria-invalid={problem !== null && draft.text.trim() === ""}
          aria-describedby={describedBy}
        />
        <button type="submit" className="button is-primary" disabled={busy}>
          {adding ? t.adding : t.add}
        </button>
        {problem ? (
          <p id={problemId} className="field-error chart-note-problem" role="alert">
            {problem}
          </p>
        ) : null}
      </SubmitForm>
      {confirming ? (
        <ConfirmDialog
          title={t.confirmTitle}
          cancel={{ label: t.cancel, onClick: () => notes.send({ type: "notes.deleteCancelled" }) }}
          confirm={{ label: t.confirmDelete, look: "danger", onClick: () => notes.send({ type: "notes.deleteConfirmed" }) }}
        >
          <p>{t.confirmText(confirming)}</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
};

type DraftFieldProps = {
  readonly notes: CampaignNotesActorRef;
  /** The draft's field the input edits. */
  readonly field: "date" | "colour" | "text";
  readonly label: string;
  /** Classes besides `field`. */
  readonly className?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "className" | "onChange">;

/** One field of the note being added: its label and its input, each change told to the notes actor (`notes.draftChanged`). */
const DraftField = ({ notes, field, label, className, ...input }: DraftFieldProps) => {
  const id = useId();
  return (
    <div className={className ? `field ${className}` : "field"}>
      <label htmlFor={id}>{label}</label>
      <input id={id} {...input} onChange={(e) => notes.send({ type: "notes.draftChanged", [field]: e.target.value })} />
    </div>
  );
};
