import { useSelector } from "@xstate/react";
import { useId, useRef, useState, type DragEvent } from "react";
import { acceptedWorkbookTypes, fileDropTexts as t } from "../../domain/exports/workbookFile";
import { fileDropSelectors as sel, type FileDropActorRef } from "../../machines/exports/fileDrop.machine";
import "./exports.css";

/**
 * The file drop area: drop a .csv or .xlsx
 * file, or choose one with a real file input (keyboard users); the file's name and
 * 'Remove file' once chosen; a sheet to choose when the workbook has several.
 */
export const FileDropArea = ({ drop, label = t.label }: { readonly drop: FileDropActorRef; readonly label?: string }) => {
  const fileName = useSelector(drop, sel.fileName);
  const reading = useSelector(drop, sel.isReading);
  const loaded = useSelector(drop, sel.isLoaded);
  const refused = useSelector(drop, sel.isRefused);
  const error = useSelector(drop, sel.error);
  const sheets = useSelector(drop, sel.sheetNames);
  const sheetIndex = useSelector(drop, sel.sheetIndex);
  const several = useSelector(drop, sel.hasSeveralSheets);
  const rowCount = useSelector(drop, sel.rowCount);
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const inputId = useId();
  const sheetId = useId();
  const hintId = useId();

  const take = (files: FileList | null) => {
    const file = files?.[0];
    if (file) drop.send({ type: "file.dropped", file });
  };
  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setDragging(false);
    take(e.dataTransfer.files);
  };

  return (
    <section className="file-drop" aria-label={label}>
      <div
        className={`file-drop-zone${dragging ? " is-dragging" : ""}`}
        onDragEnter={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragOver={(e) => {
          e.preventDefault();
          e.dataTransfer.dropEffect = "copy";
        }}
        onDragLeave={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={onDrop}
      >
        <p id={hintId} className="file-drop-hint">
          {t.hint}
        </p>
        <input
          ref={inputRef}
          id={inputId}
          className="file-drop-input"
          type="file"
          accept={acceptedWorkbookTypes}
          aria-label={label}
          aria-describedby={hintId}
          tabIndex={-1}
          onChange={(e) => {
            take(e.target.files);
            e.target.value = "";
          }}
        />
        <button type="button" className="button" onClick={() => inputRef.current?.click()} aria-describedby={hintId}>
          {t.choose}
        </button>
      </div>

      {fileName ? (
        <div className="file-drop-file">
          <span className="file-drop-name">{fileName}</span>
          {reading ? (
            <span className="loading" role="status">
              {t.reading}
            </span>
          ) : null}
          {loaded ? <span className="file-drop-rows">{t.rows(rowCount)}</span> : null}
          <button type="button" className="button is-text" onClick={() => drop.send({ type: "file.removed" })}>
            {t.remove}
          </button>
        </div>
      ) : null}

      {refused && error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}

      {several ? (
        <div className="field-inline file-drop-sheet">
          <label htmlFor={sheetId}>{t.sheet}</label>
          <select id={sheetId} value={sheetIndex} onChange={(e) => drop.send({ type: "file.sheetChosen", sheet: Number(e.target.value) })}>
            {sheets.map((name, i) => (
              <option key={`${i}:${name}`} value={i}>
                {name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
    </section>
  );
};
