import { useSelector } from "@xstate/react";
import { useId, useRef, useState } from "react";
import { customSetId, defaultSetId, saveRefusalMessages, type ColumnSet } from "../../domain/performance/columnSelection";
import { metricNames } from "../../domain/report/metrics";
import { performanceTexts } from "../../domain/performance/performanceTexts";
import { columnSetsSelectors as sel, type ColumnSetsActorRef } from "../../machines/performance/columnSets.machine";
import { Popover } from "../components/Popover";
import { ColumnsDialog } from "./ColumnsDialog";
import "./columnSets.css";

const t = performanceTexts.columnSets;

/**
 * The table's column controls: the column set dropdown (choose a set, star it as the favourite, delete
 * it with the bin; save the custom selection under a name) and the 'Columns' button
 * opening the Column Selection dialog. The chosen columns go to the session, which the
 * tables read. The column sets actor is the report's.
 */
export const ColumnSetControls = ({ sets }: { readonly sets: ColumnSetsActorRef }) => {
  const columns = useSelector(sets, sel.columns);
  const busy = useSelector(sets, sel.isBusy);
  const [dialogOpen, setDialogOpen] = useState(false);

  return (
    <div className="column-set-controls">
      <ColumnSetDropdown sets={sets} />
      <button type="button" className="button" aria-haspopup="dialog" onClick={() => setDialogOpen(true)}>
        {t.columns}
      </button>
      {busy ? (
        <span className="column-set-status" role="status">
          {t.busy}
        </span>
      ) : null}
      {dialogOpen ? (
        <ColumnsDialog
          available={metricNames}
          selected={columns}
          onToggle={(column) => sets.send({ type: "columnSets.columnToggled", column })}
          onReset={() => sets.send({ type: "columnSets.columnsReset" })}
          onClose={() => setDialogOpen(false)}
        />
      ) : null}
    </div>
  );
};

const nameOf = (all: ReadonlyArray<ColumnSet>, id: number): string => (id === customSetId ? t.custom : (all.find((s) => s.id === id)?.name ?? t.custom));

const ColumnSetDropdown = ({ sets }: { readonly sets: ColumnSetsActorRef }) => {
  const all = useSelector(sets, sel.sets);
  const selectedId = useSelector(sets, sel.selectedId);
  const favouriteId = useSelector(sets, sel.favouriteId);
  const pendingId = useSelector(sets, sel.pendingId);
  const isLoading = useSelector(sets, sel.isLoading);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const selectedName = nameOf(all, selectedId);

  return (
    <div className="column-set-dropdown">
      <button
        ref={toggleRef}
        type="button"
        className="button column-set-toggle"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={`${t.dropdown}: ${selectedName}`}
        popoverTarget={panelId}
        onClick={(e) => {
          e.preventDefault();
          setOpen(!open);
        }}
      >
        {/* Its words as they read ("Column set Default"), so the name it is given holds them; the arrow is drawn by the style sheet. */}
        <span className="column-set-caption" aria-hidden="true">
          {t.dropdown}
        </span>{" "}
        <span className="column-set-current">{selectedName}</span>
      </button>
      {open ? (
        <Popover id={panelId} anchor={toggleRef} onDismiss={() => setOpen(false)} className="dropdown-panel column-set-panel" role="group" aria-label={t.dropdown}>
          {isLoading ? (
            <p className="column-set-status" role="status">
              {t.loading}
            </p>
          ) : null}
          <ul className="column-set-list">
            {all.map((set) => {
              const favourite = set.id === favouriteId;
              return (
                <li key={set.id} className={`column-set-item${set.id === selectedId ? " is-selected" : ""}`}>
                  <button
                    type="button"
                    className="column-set-choose"
                    aria-pressed={set.id === selectedId}
                    aria-label={t.choose(set.name)}
                    onClick={() => {
                      sets.send({ type: "columnSets.setChosen", id: set.id });
                      setOpen(false);
                      toggleRef.current?.focus();
                    }}
                  >
                    {set.name}
                  </button>
                  <button
                    type="button"
                    className={`column-set-icon column-set-star${favourite ? " is-on" : ""}`}
                    aria-pressed={favourite}
                    aria-label={t.favourite(set.name)}
                    disabled={pendingId !== null || (favourite && set.id === defaultSetId)}
                    onClick={() => sets.send({ type: "columnSets.favouriteToggled", id: set.id })}
                  >
                    <StarIcon filled={favourite} />
                  </button>
                  {set.id !== defaultSetId ? (
                    <button
                      type="button"
                      className="column-set-icon column-set-bin"
                      aria-label={t.delete(set.name)}
                      disabled={pendingId !== null}
                      onClick={() => sets.send({ type: "columnSets.deleteRequested", id: set.id })}
                    >
                      <BinIcon />
                    </button>
                  ) : (
                    <span className="column-set-icon" aria-hidden="true" />
                  )}
                </li>
              );
            })}
            {selectedId === customSetId ? (
              <li className="column-set-item is-selected" aria-current="true">
                <span className="column-set-choose">{t.custom}</span>
              </li>
            ) : null}
          </ul>
          <SaveColumnSet sets={sets} />
        </Popover>
      ) : null}
    </div>
  );
};

/** Save the custom selection under a name: the button works only when the machine's own rule allows it (a custom selection, an unused name, at least one column). */
const SaveColumnSet = ({ sets }: { readonly sets: ColumnSetsActorRef }) => {
  const name = useSelector(sets, sel.name);
  const canSave = useSelector(sets, sel.canSave);
  const refusals = useSelector(sets, sel.saveRefusals);
  const isSaving = useSelector(sets, sel.isSaving);
  const nameId = useId();
  const hintId = useId();
  // An empty name is only mentioned once something else is typed or the selection is custom.
  const shown = refusals.filter((r) => r !== "nameMissing" || refusals.length === 1);
  return (
    <form
      className="column-set-save"
      onSubmit={(e) => {
        e.preventDefault();
        sets.send({ type: "columnSets.saveRequested" });
      }}
    >
      <label htmlFor={nameId}>{t.saveName}</label>
      <div className="column-set-save-row">
        <input
          id={nameId}
          type="text"
          value={name}
          maxLength={100}
          aria-describedby={shown.length > 0 ? hintId : undefined}
          onChange={(e) => sets.send({ type: "columnSets.nameChanged", name: e.target.value })}
        />
        <button type="submit" className="button is-primary" disabled={!canSave} aria-busy={isSaving}>
          {t.save}
        </button>
      </div>
      {shown.length > 0 ? (
        <ul id={hintId} className="column-set-hints">
          {shown.map((r) => (
            <li key={r} className="field-help">
              {saveRefusalMessages[r]}
            </li>
          ))}
        </ul>
      ) : null}
    </form>
  );
};

const StarIcon = ({ filled }: { readonly filled: boolean }) => (
  <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16" fill={filled ? "currentColor" : "none"} stroke="currentColor" strokeWidth="1.4" strokeLinejoin="round">
    <path d="M8 1.6l1.95 4 4.4.6-3.2 3.07.78 4.36L8 11.55l-3.93 2.08.78-4.36L1.65 6.2l4.4-.6z" />
  </svg>
);

const BinIcon = () => (
  <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round">
    <path d="M2.5 4h11M6 4V2.5h4V4M4 4l.7 9.5h6.6L12 4M6.7 6.5v5M9.3 6.5v5" />
  </svg>
);
