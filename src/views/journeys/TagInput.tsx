import { useSelector } from "@xstate/react";
import { useEffect, useId, useRef, type KeyboardEvent } from "react";
import { tagTone } from "../../domain/journeys/journeyTable";
import { journeysTexts } from "../../domain/journeys/journeysTexts";
import { tagInputSelectors as sel, type TagInputActorRef } from "../../machines/journeys/tagInput.machine";
import "./journeyFilter.css";

const t = journeysTexts.tagInput;

const sameList = (a: ReadonlyArray<string>, b: ReadonlyArray<string>): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

interface TagInputProps {
  readonly input: TagInputActorRef;
  /** The accessible name of the text box (the touchpoint it fills). */
  readonly label: string;
}

/**
 * A touchpoint's autocomplete tag input: its tags (one per level, only the last with a
 * close button) and, while a level is left, a combobox whose listbox suggests the values
 * of the next level. Enter or comma confirms, Backspace in an empty box removes the last
 * tag, ArrowDown/ArrowUp move through the suggestions, Escape closes them.
 */
export const TagInput = ({ input, label }: TagInputProps) => {
  const tags = useSelector(input, sel.tags, sameList);
  const text = useSelector(input, sel.text);
  const level = useSelector(input, sel.nextLevel);
  const shown = useSelector(input, sel.isInputShown);
  const open = useSelector(input, sel.isListOpen);
  const suggestions = useSelector(input, sel.suggestions, sameList);
  const active = useSelector(input, sel.activeIndex);
  const rejected = useSelector(input, sel.rejected);
  const id = useId();
  const listId = `${id}-list`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const optionId = (i: number) => `${id}-option-${i}`;
  const box = useRef<HTMLInputElement>(null);
  const lastClose = useRef<HTMLButtonElement>(null);
  /** Where focus goes after a change that removes the focused control (a tag closed, the box hidden). */
  const refocus = useRef(false);
  const tone = tagTone(tags);

  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    (shown ? box.current : lastClose.current)?.focus();
  }, [tags, shown]);

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    switch (e.key) {
      case "Enter":
      case ",":
        e.preventDefault();
        refocus.current = true;
        input.send({ type: "tagInput.confirmed" });
        return;
      case "Backspace":
        refocus.current = true;
        input.send({ type: "tagInput.backspaced" });
        return;
      case "ArrowDown":
      case "ArrowUp":
        e.preventDefault();
        input.send({ type: "tagInput.optionMoved", by: e.key === "ArrowDown" ? 1 : -1 });
        return;
      case "Escape":
        if (!open) return;
        // Closes the suggestions, not the dialog around them.
        e.preventDefault();
        e.stopPropagation();
        input.send({ type: "tagInput.dismissed" });
        return;
    }
  };

  const message = rejected === null ? null : t.rejected[rejected.reason](rejected.text);

  return (
    <div className="tag-input">
      {tags.length > 0 ? (
        <ul className="tag-input-tags" aria-label={`${label}: ${t.tags}`}>
          {tags.map((tag, i) => (
            <li key={`${i}-${tag}`} className={`journey-tag journey-tag-${tone}`}>
              <span className="journey-tag-name">{tag}</span>
              {i === tags.length - 1 ? (
                <button
                  ref={lastClose}
                  type="button"
                  className="tag-input-close"
                  aria-label={t.removeTag(tag)}
                  onClick={() => {
                    refocus.current = true;
                    input.send({ type: "tagInput.lastClosed" });
                  }}
                >
                  <span aria-hidden="true">×</span>
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {shown ? (
        <div className="tag-input-box">
          <input
            ref={box}
            type="text"
            role="combobox"
            aria-label={label}
            aria-autocomplete="list"
            aria-expanded={open}
            aria-controls={listId}
            aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
            aria-describedby={message === null ? hintId : `${errorId} ${hintId}`}
            aria-invalid={message !== null}
            autoComplete="off"
            placeholder={t.placeholders[level - 1]}
            value={text}
            onChange={(e) => input.send({ type: "tagInput.typed", text: e.target.value })}
            onKeyDown={onKeyDown}
            onBlur={() => input.send({ type: "tagInput.dismissed" })}
          />
          <span id={hintId} className="visually-hidden">
            {t.help}
          </span>
          <ul id={listId} role="listbox" aria-label={t.suggestions} className="tag-input-list" hidden={!open}>
            {suggestions.map((s, i) => (
              <li
                key={s}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                className="tag-input-option"
                // Keeps focus in the box, so choosing does not close the list first.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => {
                  refocus.current = true;
                  input.send({ type: "tagInput.optionChosen", value: s });
                }}
              >
                {s}
              </li>
            ))}
            {open && suggestions.length === 0 ? (
              <li role="presentation" className="tag-input-none">
                {t.noSuggestions}
              </li>
            ) : null}
          </ul>
          {message !== null ? (
            <p id={errorId} className="field-error" role="alert">
              {message}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
};
