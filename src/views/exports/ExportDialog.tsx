import { useSelector } from "@xstate/react";
import { useEffect, useId, useRef, useState } from "react";
import { exportDialogTexts as t, type MoveDirection } from "../../domain/exports/exportDialog";
import { exportDialogSelectors as sel, type ExportDialogActorRef } from "../../machines/exports/exportDialog.machine";
import "./exports.css";

const focusableSelector = 'button:not([disabled]), a[href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The Export Data dialog: Report Name, the column
 * list (taxonomy columns ticked and locked), 'Reset to visible', 'Select All', 'Remove
 * All', the 'Custom Column Ordering' switch with move buttons, and Cancel, 'Download
 * Excel', 'Download CSV'. A modal dialog: focus moves in and stays; Escape and Cancel
 * close it; focus returns to where it was.
 */
export const ExportDialog = ({ dialog }: { readonly dialog: ExportDialogActorRef }) => {
  const isOpen = useSelector(dialog, sel.isOpen);
  return isOpen ? <ExportDialogPanel dialog={dialog} /> : null;
};

const ExportDialogPanel = ({ dialog }: { readonly dialog: ExportDialogActorRef }) => {
  const name = useSelector(dialog, sel.reportName);
  const choices = useSelector(dialog, sel.columnChoices);
  const custom = useSelector(dialog, sel.isCustomOrdering);
  const writing = useSelector(dialog, sel.writingFormat);
  const canDownload = useSelector(dialog, sel.canDownload);
  const error = useSelector(dialog, sel.error);
  const titleId = useId();
  const nameId = useId();
  const listId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const [moved, setMoved] = useState<{ name: string; direction: MoveDirection } | null>(null);

  // Focus moves into the dialog, stays there (Tab wraps), Escape cancels; on close it returns.
  useEffect(() => {
    const el = ref.current;
    const previous = document.activeElement as HTMLElement | null;
    el?.querySelector<HTMLElement>("input")?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        e.preventDefault();
        e.stopPropagation();
        dialog.send({ type: "export.cancelled" });
        return;
      }
      if (e.key !== "Tab" || !el) return;
      const focusable = [...el.querySelectorAll<HTMLElement>(focusableSelector)];
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      if (e.shiftKey && (document.activeElement === first || !el.contains(document.activeElement))) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (document.activeElement === last || !el.contains(document.activeElement))) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener("keydown", onKey, true);
    return () => {
      document.removeEventListener("keydown", onKey, true);
      previous?.focus?.();
    };
  }, [dialog]);

  // After a move, keep focus on the moved column's button (or its other one at an end).
  useEffect(() => {
    if (!moved || !ref.current) return;
    const buttons = [...ref.current.querySelectorAll<HTMLButtonElement>("button[data-move]")];
    const button = (direction: MoveDirection) => buttons.find((b) => b.dataset.move === `${moved.name}:${direction}`);
    const same = button(moved.direction);
    const other = button(moved.direction === "up" ? "down" : "up");
    (same && !same.disabled ? same : other)?.focus();
  }, [moved, choices]);

  const move = (column: string, direction: MoveDirection) => {
    dialog.send({ type: "export.columnMoved", column, direction });
    setMoved({ name: column, direction });
  };
  const busy = writing !== null;

  return (
    <div className="modal-backdrop">
      <div ref={ref} className="modal export-dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} aria-busy={busy}>
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
      </div>
    </div>
  );
};
