import { useSelector } from "@xstate/react";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import type { TaxonomyOne, TaxonomyTwo } from "../../domain/classification/classification";
import { canMove, type MoveDirection } from "../../domain/classification/classificationDraft";
import { classificationTexts as t } from "../../domain/classification/classificationTexts";
import { classificationEditorSelectors as sel, type ClassificationEditorActorRef } from "../../machines/classification/classificationEditor.machine";

type Props = { readonly editor: ClassificationEditorActorRef };

/**
 * The taxonomy list: level-1 taxonomies with their children, in execution order. In the
 * normal mode an entry selects its taxonomy; Reorder turns the entries into Move up / Move
 * down buttons (the first has no up, the last no down) until Done Ordering. The moved
 * entry keeps the focus, so the keyboard can move it again.
 */
export const TaxonomyList = ({ editor }: Props) => {
  const taxonomies = useSelector(editor, sel.taxonomies);
  const draft = useSelector(editor, sel.draft);
  const reordering = useSelector(editor, sel.isReordering);
  const canEdit = useSelector(editor, sel.canEdit);
  const selectedId = useSelector(editor, sel.selectedId);
  const listRef = useRef<HTMLDivElement>(null);
  const lastMove = useRef<{ id: number; direction: MoveDirection } | null>(null);

  // After a move the same entry's button keeps the focus (the other one when it reached an end).
  useEffect(() => {
    const move = lastMove.current;
    if (move === null) return;
    lastMove.current = null;
    const other: MoveDirection = move.direction === "up" ? "down" : "up";
    const button =
      listRef.current?.querySelector<HTMLButtonElement>(`[data-move="${move.id}-${move.direction}"]`) ??
      listRef.current?.querySelector<HTMLButtonElement>(`[data-move="${move.id}-${other}"]`);
    button?.focus();
  }, [draft]);

  const move = (id: number, direction: MoveDirection) => {
    lastMove.current = { id, direction };
    editor.send({ type: "draft.stepped", step: { kind: "taxonomyMoved", id, direction } });
  };

  const entry = (taxonomy: TaxonomyOne | TaxonomyTwo) =>
    reordering ? (
      <div className="taxonomy-entry is-reordering">
        <span className="taxonomy-entry-title">{taxonomy.title}</span>
        {canMove(draft, taxonomy.id, "up") ? (
          <button type="button" className="button is-small" data-move={`${taxonomy.id}-up`} aria-label={t.moveUp(taxonomy.title)} onClick={() => move(taxonomy.id, "up")}>
            ↑
          </button>
        ) : null}
        {canMove(draft, taxonomy.id, "down") ? (
          <button type="button" className="button is-small" data-move={`${taxonomy.id}-down`} aria-label={t.moveDown(taxonomy.title)} onClick={() => move(taxonomy.id, "down")}>
            ↓
          </button>
        ) : null}
      </div>
    ) : (
      <button
        type="button"
        className="taxonomy-entry"
        aria-current={taxonomy.id === selectedId ? "true" : undefined}
        onClick={() => editor.send({ type: "editor.selected", id: taxonomy.id })}
      >
        {taxonomy.title === "" ? "…" : taxonomy.title}
      </button>
    );

  return (
    <section className="taxonomy-list" aria-labelledby="taxonomy-list-title">
      <div className="taxonomy-list-head">
        <h2 id="taxonomy-list-title">{t.taxonomies}</h2>
        {reordering ? (
          <button type="button" className="button is-primary" onClick={() => editor.send({ type: "editor.reorderDone" })}>
            {t.doneOrdering}
          </button>
        ) : (
          <button type="button" className="button" disabled={!canEdit || taxonomies.length === 0} onClick={() => editor.send({ type: "editor.reorderStarted" })}>
            {t.reorder}
          </button>
        )}
      </div>
      <div ref={listRef}>
        {taxonomies.length === 0 ? <p>{t.noTaxonomies}</p> : null}
        <ol className="taxonomy-tree">
          {taxonomies.map((one) => (
            <li key={one.id}>
              {entry(one)}
              {one.children.length > 0 ? (
                <ol>
                  {one.children.map((two) => (
                    <li key={two.id}>{entry(two)}</li>
                  ))}
                </ol>
              ) : null}
            </li>
          ))}
        </ol>
      </div>
      {canEdit ? <AddTaxonomyForm label={t.addTaxonomy} onAdd={(title) => editor.send({ type: "draft.stepped", step: { kind: "taxonomyAdded", parentId: null, title } })} /> : null}
    </section>
  );
};

/**
 * The inline Add taxonomy form: a button that opens a name field with Add and Cancel.
 * Escape cancels; a blank name says 'Taxonomy name is required'.
 */
export const AddTaxonomyForm = ({ label, onAdd }: { readonly label: string; readonly onAdd: (title: string) => void }) => {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState("");
  const [required, setRequired] = useState(false);
  const id = useId();
  const opener = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    setName("");
    setRequired(false);
    queueMicrotask(() => opener.current?.focus());
  };
  if (!open) {
    return (
      <button type="button" ref={opener} className="button add-taxonomy" onClick={() => setOpen(true)}>
        {label}
      </button>
    );
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "Escape") return;
    event.preventDefault();
    close();
  };
  return (
    <form
      className="add-taxonomy-form"
      aria-label={label}
      noValidate
      onKeyDown={onKeyDown}
      onSubmit={(event) => {
        event.preventDefault();
        if (name.trim() === "") {
          setRequired(true);
          return;
        }
        onAdd(name);
        close();
      }}
    >
      <label htmlFor={`${id}-name`}>{t.taxonomyName}</label>
      <input
        id={`${id}-name`}
        className="input"
        autoFocus
        value={name}
        aria-invalid={required}
        aria-describedby={required ? `${id}-error` : undefined}
        onChange={(event) => {
          setName(event.target.value);
          if (event.target.value.trim() !== "") setRequired(false);
        }}
      />
      {required ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {t.nameRequired}
        </p>
      ) : null}
      <button type="submit" className="button is-primary">
        {t.add}
      </button>
      <button type="button" className="button" onClick={close}>
        {t.cancel}
      </button>
    </form>
  );
};
