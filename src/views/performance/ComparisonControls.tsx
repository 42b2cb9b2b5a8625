import { useSelector } from "@xstate/react";
import { useEffect, useId, useRef } from "react";
import { comparisonShortcutLabels, comparisonShortcuts, type ComparisonShortcut } from "../../domain/report/comparison";
import { formatRange } from "../../domain/report/dateFormat";
import { performanceTexts } from "../../domain/performance/performanceTexts";
import { comparisonSelectors as sel, type ComparisonActorRef } from "../../machines/performance/comparison.machine";
import { sessionSelectors } from "../../machines/shell/session.machine";
import { Popover } from "../components/Popover";
import { useAppActors } from "../shell/AppActorsContext";
import "./comparison.css";

const t = performanceTexts.comparison;
const shortcutLabels: Readonly<Record<ComparisonShortcut, string>> = comparisonShortcutLabels;

/**
 * The table's Compare switch and comparison-dates picker: 'Previous Period' and 'Year on
 * Year' apply at once; typed dates follow the picker's rules (a missing start becomes
 * yesterday; an end later than the main start moves to the day before it; an empty end
 * on close becomes that day too) and apply with 'Apply'. Escape or 'Cancel' closes the
 * picker without a change, and focus returns to its button.
 */
export const ComparisonControls = ({ comparison }: { readonly comparison: ComparisonActorRef }) => {
  const isOn = useSelector(comparison, sel.isOn);
  const isLoading = useSelector(comparison, sel.isLoading);
  return (
    <div className="comparison-controls">
      <button
        type="button"
        role="switch"
        aria-checked={isOn}
        className={`comparison-switch${isOn ? " is-on" : ""}`}
        onClick={() => comparison.send({ type: "comparison.toggled" })}
      >
        <span className="comparison-switch-track" aria-hidden="true">
          <span className="comparison-switch-thumb" />
        </span>
        {t.toggle}
      </button>
      {isOn ? <ComparisonPicker comparison={comparison} /> : null}
      {isLoading ? (
        <span className="comparison-status" role="status">
          {t.loading}
        </span>
      ) : null}
    </div>
  );
};

const ComparisonPicker = ({ comparison }: { readonly comparison: ComparisonActorRef }) => {
  const { session } = useAppActors();
  const program = useSelector(session, sessionSelectors.program);
  const locale = program?.locale ?? "en-GB";
  const isOpen = useSelector(comparison, sel.isPickerOpen);
  const range = useSelector(comparison, sel.comparisonRange);
  const active = useSelector(comparison, sel.activeShortcut);
  const panelId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const rangeText = formatRange(range, locale);

  // Focus moves to the panel's first choice when it opens.
  useEffect(() => {
    if (isOpen) document.getElementById(panelId)?.querySelector<HTMLElement>("button")?.focus();
  }, [isOpen, panelId]);

  return (
    <div className="comparison-picker">
      <button
        ref={toggleRef}
        type="button"
        className="button comparison-picker-toggle"
        aria-expanded={isOpen}
        aria-controls={panelId}
        aria-label={`${t.picker}: ${rangeText}`}
        popoverTarget={panelId}
        onClick={(e) => {
          e.preventDefault();
          comparison.send({ type: isOpen ? "comparison.pickerCancelled" : "comparison.pickerOpened" });
        }}
      >
        <span className="comparison-picker-caption" aria-hidden="true">
          vs
        </span>{" "}
        {rangeText}
      </button>
      {isOpen ? (
        <Popover
          id={panelId}
          anchor={toggleRef}
          onDismiss={() => comparison.send({ type: "comparison.pickerCancelled" })}
          className="dropdown-panel comparison-panel"
          role="group"
          aria-label={t.picker}
        >
          <ul className="comparison-shortcuts">
            {comparisonShortcuts.map((s) => (
              <li key={s}>
                <button
                  type="button"
                  className={`preset${active === s ? " is-active" : ""}`}
                  aria-pressed={active === s}
                  onClick={() => {
                    comparison.send({ type: "comparison.shortcutChosen", shortcut: s });
                    toggleRef.current?.focus();
                  }}
                >
                  {shortcutLabels[s]}
                </button>
              </li>
            ))}
          </ul>
          <ComparisonDates comparison={comparison} onDone={() => toggleRef.current?.focus()} />
        </Popover>
      ) : null}
    </div>
  );
};

/**
 * The two date inputs: each change is adjusted by the picker's rules (`adjustComparisonDraft`)
 * at once; 'Apply' closes the picker with them. Dates that do not form a range (a start after
 * the end) show the message of both date pickers and cannot be applied.
 */
const ComparisonDates = ({ comparison, onDone }: { readonly comparison: ComparisonActorRef; readonly onDone: () => void }) => {
  const draft = useSelector(comparison, sel.draft);
  const problem = useSelector(comparison, sel.draftProblem);
  const fromId = useId();
  const toId = useId();
  const problemId = useId();
  const described = problem ? problemId : undefined;
  return (
    <form
      className="comparison-custom"
      onSubmit={(e) => {
        e.preventDefault();
        comparison.send({ type: "comparison.pickerApplied" });
        if (!problem) onDone();
      }}
    >
      <label htmlFor={fromId}>{t.from}</label>
      <input
        id={fromId}
        type="date"
        value={draft.from}
        aria-invalid={problem ? true : undefined}
        aria-describedby={described}
        onChange={(e) => comparison.send({ type: "comparison.draftFromChanged", value: e.target.value })}
      />
      <label htmlFor={toId}>{t.to}</label>
      <input
        id={toId}
        type="date"
        value={draft.to ?? ""}
        aria-invalid={problem ? true : undefined}
        aria-describedby={described}
        onChange={(e) => comparison.send({ type: "comparison.draftToChanged", value: e.target.value })}
      />
      {problem ? (
        <p id={problemId} className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="comparison-actions">
        <button
          type="button"
          className="button is-text"
          onClick={() => {
            comparison.send({ type: "comparison.pickerCancelled" });
            onDone();
          }}
        >
          {t.cancel}
        </button>
        <button type="submit" className="button is-primary" disabled={problem !== null}>
          {t.apply}
        </button>
      </div>
    </form>
  );
};
