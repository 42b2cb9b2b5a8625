import { useSelector } from "@xstate/react";
import { useEffect, useId, useState } from "react";
import { exportDialogTexts as t, type MoveDirection } from "../../domain/exports/exportDialog";
import { exportDialogSelectors as sel, type ExportDialogActorRef } from "../../machines/exports/exportDialog.machine";
import { useModalDialog } from "../components/Modal";
import "./exports.css";
import { useSelected } from "../components/useSelected";

/**
 * The Export Data dialog: Report Name, the column
 * list (taxonomy columns ticked and locked), 'Reset to visible', 'Select All', 'Remove
 * All', the 'Custom Column Ordering' switch with move buttons, and Cancel, 'Download
 * Excel', 'Download CSV'. A native modal dialog: focus moves in and stays; Escape and
 * Cancel close it; focus returns to where it was.
 */
export const ExportDialog = ({ dialog }: { readonly dialog: ExportDialogActorRef }) => {
  const isOpen = useSelector(dialog, sel.isOpen);
  return isOpen ? <ExportDialogPanel dialog={dialog} /> : null;
};

const ExportDialogPanel = ({ dialog }: { readonly dialog: ExportDialogActorRef }) => {
  const { reportName: name, columnChoices: choices, isCustomOrdering: custom, writingFormat: writing, canDownload, error } = useSelected(dialog, sel, ["reportName", "columnChoices", "isCustomOrdering", "writingFormat", "canDownload", "error"]);
  const titleId = useId();
  const nameId = useId();
  const listId = useId();
  const ref = useModalDialog(() => dialog.send({ type: "export.cancelled" }));
  const [moved, setMoved] = useState<{ name: string; direction: MoveDirection } | null>(null);

  // After a move, keep focus on the moved column's button (or its other one at an end).
  useEffect(() => {
    if (!moved || !ref.current) return;
    const buttons = [...ref.current.querySelectorAll<HTMLButtonElement>("button[data-move]")];
    const button = (direction: MoveDirection) => buttons.find((b) => b.dataset.move === `${moved.name}:${direction}`);
    const same = button(moved.direction);
    const other = button(moved.direction === "up" ? "down" : "up");
    (same && !same.disabled ? same : other)?.focus();
  }, [moved, choices, ref]);

  const move = (column: string, direction: MoveDirection) => {
    dialog.send({ type: "export.columnMoved", column, direction });
    setMoved({ name: column, direction });
  };
  const busy = writing !== null;

  return (
    <dialog ref={ref} className="modal export-dialog" closedby="closerequest" aria-labelledby={titleId} aria-busy={busy}>
      <h2 id={titleId} className="modal-title">
        {t.title}
      </h2>
      <form
        className="export-form"
        onSubmit={(e) => {
          e.preventDefault();
          dialog.send({ type: "export.excelRequested" });
        }}
      >
        <div className="field">
          <label htmlFor={nameId}>{t.reportName}</label>
          <input id={nameId} type="text" value={name} disabled={busy} onChange={(e) => dialog.send({ type: "export.nameChanged", name: e.target.value })} />
        </div>

        <fieldset className="export-columns" disabled={busy}>
          <legend>{t.columns}</legend>
          <div className="export-column-actions">
            <button type="button" className="button" onClick={() => dialog.send({ type: "export.resetToVisible" })}>
              {t.resetToVisible}
            </button>
            <button type="button" className="button" onClick={() => dialog.send({ type: "export.selectAll" })}>
              {t.selectAll}
            </button>
            <button type="button" className="button" onClick={() => dialog.send({ type: "export.removeAll" })}>
              {t.removeAll}
            </button>
            <button
              type="button"
              role="switch"
              aria-checked={custom}
              className={`export-switch${custom ? " is-on" : ""}`}
              onClick={() => dialog.send({ type: "export.orderingToggled" })}
            >
              <span className="export-switch-track" aria-hidden="true">
                <span className="export-switch-thumb" />
              </span>
              {t.customOrdering}
            </button>
          </div>
          <ul id={listId} className="export-column-list">
            {choices.map((c) => (
              <li key={c.name} className={`export-column${c.selected ? " is-selected" : ""}`}>
                <label>
                  <input
                    type="checkbox"
                    checked={c.selected}
                    disabled={c.locked}
                    onChange={() => dialog.send({ type: "export.columnToggled", column: c.name })}
                  />
                  {c.label}
                </label>
                {custom && c.selected && !c.locked ? (
                  <span className="export-move">
                    <button
                      type="button"
                      className="export-move-button"
                      data-move={`${c.name}:up`}
                      aria-label={t.moveUp(c.label)}
                      disabled={!c.canMoveUp}
                      onClick={() => move(c.name, "up")}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      className="export-move-button"
                      data-move={`${c.name}:down`}
                      aria-label={t.moveDown(c.label)}
                      disabled={!c.canMoveDown}
                      onClick={() => move(c.name, "down")}
                    >
                      ↓
                    </button>
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        </fieldset>

        {error ? (
          <p className="field-error" role="alert">
            {error}
          </p>
        ) : null}
        {busy ? (
          <p className="export-status" role="status">
            {t.writing}
          </p>
        ) : null}

        <div className="modal-actions">
          <button type="button" className="button is-text" onClick={() => dialog.send({ type: "export.cancelled" })}>
            {t.cancel}
          </button>
          <button type="submit" className="button is-primary" disabled={!canDownload}>
            {t.downloadExcel}
          </button>
          <button type="button" className="button is-primary" disabled={!canDownload} onClick={() => dialog.send({ type: "export.csvRequested" })}>
            {t.downloadCsv}
          </button>
        </div>
      </form>
    </dialog>
  );
};
