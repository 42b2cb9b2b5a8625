import { useSelector } from "@xstate/react";
import { useId } from "react";
import { campaignNoteTexts as t } from "../../domain/performance/campaignNotes";
import { campaignNotesSelectors as sel, type CampaignNotesActorRef } from "../../machines/performance/campaignNotes.machine";

/**
 * The notes table (the chart's annotations table toggle): every note of the dates shown
 * with its date, colour and text and a delete button, and a small form to add one. A
 * refusal is shown next to the form.
 */
export const CampaignNotesTable = ({ notes, id }: { readonly notes: CampaignNotesActorRef; readonly id: string }) => {
  const list = useSelector(notes, sel.notes);
  const draft = useSelector(notes, sel.draft);
  const problem = useSelector(notes, sel.problem);
  const loading = useSelector(notes, sel.isLoading);
  const adding = useSelector(notes, sel.isAdding);
  const busy = useSelector(notes, sel.isBusy);
  const deleting = useSelector(notes, sel.deleting);
  const dateId = useId();
  const colourId = useId();
  const textId = useId();
  const problemId = useId();

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
                  <button
                    type="button"
                    className="button is-text chart-note-delete"
                    aria-label={t.delete(note)}
                    disabled={busy}
                    aria-busy={deleting === note.id}
                    onClick={() => notes.send({ type: "notes.deleted", id: note.id })}
                  >
                    Delete
                  </button>
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>

      <form
        className="chart-note-form"
        aria-label={t.add}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          notes.send({ type: "notes.added" });
        }}
      >
        <div className="field">
          <label htmlFor={dateId}>{t.date}</label>
          <input
            id={dateId}
            type="date"
            value={draft.date}
            disabled={adding}
            aria-describedby={problem ? problemId : undefined}
            onChange={(e) => notes.send({ type: "notes.draftChanged", date: e.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={colourId}>{t.colour}</label>
          <input id={colourId} type="color" value={draft.colour} disabled={adding} onChange={(e) => notes.send({ type: "notes.draftChanged", colour: e.target.value })} />
        </div>
        <div className="field chart-note-text-field">
          <label htmlFor={textId}>{t.text}</label>
          <input
            id={textId}
            type="text"
            value={draft.text}
            maxLength={500}
            disabled={adding}
            aria-invalid={problem !== null && draft.text.trim() === ""}
            aria-describedby={problem ? problemId : undefined}
            onChange={(e) => notes.send({ type: "notes.draftChanged", text: e.target.value })}
          />
        </div>
        <button type="submit" className="button is-primary" disabled={busy}>
          {adding ? t.adding : t.add}
        </button>
        {problem ? (
          <p id={problemId} className="field-error chart-note-problem" role="alert">
            {problem}
          </p>
        ) : null}
      </form>
    </section>
  );
};
