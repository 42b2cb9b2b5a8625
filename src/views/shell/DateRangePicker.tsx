import { useSelector } from "@xstate/react";
import { useId, useRef } from "react";
import { dateRangePickerMachine, dateRangePickerSelectors, type DateRangePickerActorRef } from "../../machines/shell/dateRangePicker.machine";
import { sessionSelectors } from "../../machines/shell/session.machine";
import { presetIds, presetLabels, type DateRange } from "../../domain/report/dateRange";
import { programTimeZone } from "../../domain/shell/timeZone";
import { formatRange } from "../../domain/report/dateFormat";
import { Popover } from "../components/Popover";
import { useAppActors } from "./AppActorsContext";
import { useAppPart } from "./appChildren";

const CalendarIcon = () => (
  <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.5">
    <rect x="2" y="3" width="12" height="11" rx="2" />
    <path d="M2 7h12M5 1.5v3M11 1.5v3" />
  </svg>
);

/**
 * The main date range: presets apply at once; typed dates apply with 'Apply' when they
 * form a valid range. The panel is a popover: Escape or a click outside cancels it.
 */
export const DateRangePicker = () => {
  // The picker's draft: a part of the app's root (given the session by it) while the picker shows.
  const picker = useAppPart("dateRangePicker", dateRangePickerMachine);
  return picker ? <DateRangePickerOf picker={picker} /> : null;
};

const DateRangePickerOf = ({ picker }: { readonly picker: DateRangePickerActorRef }) => {
  const { session } = useAppActors();
  const range = useSelector(session, sessionSelectors.range);
  const program = useSelector(session, sessionSelectors.program);
  return <DateRangeControl picker={picker} range={range} locale={program?.locale ?? "en-GB"} timeZone={programTimeZone(program)} />;
};

interface DateRangeControlProps {
  /** The picker's draft (its machine tells its listener the range applied). */
  readonly picker: DateRangePickerActorRef;
  /** The range applied now (null: none). */
  readonly range: DateRange | null;
  readonly locale: string;
  /** The IANA zone (or fixed offset) whose "today" the presets count from. */
  readonly timeZone: string;
  /** The toggle's name, before the range: 'Date range' (the header's). */
  readonly name?: string;
  /** The toggle's text and name without a range. */
  readonly unset?: { readonly text: string; readonly name: string };
  /** The toggle cannot be used (the screen is loading). */
  readonly disabled?: boolean;
}

/**
 * The date range picker's toggle and panel over a picker actor: the header's (the session's
 * range), or a screen's own (the Audit screen's days), which gives its range and words.
 */
export const DateRangeControl = ({ picker, range, locale, timeZone, name = "Date range", unset = { text: "Choose dates", name: "not set" }, disabled = false }: DateRangeControlProps) => {
  const isOpen = useSelector(picker, dateRangePickerSelectors.isOpen);
  const from = useSelector(picker, dateRangePickerSelectors.draftFrom);
  const to = useSelector(picker, dateRangePickerSelectors.draftTo);
  const problem = useSelector(picker, dateRangePickerSelectors.draftProblem);
  const active = useSelector(picker, dateRangePickerSelectors.activePreset);
  const panelId = useId();
  const fromId = useId();
  const toId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const cancel = () => picker.send({ type: "picker.cancelled" });

  return (
    <div className="date-range">
      <button
        ref={toggleRef}
        type="button"
        className="button date-range-toggle"
        aria-expanded={isOpen}
        disabled={disabled}
        aria-controls={panelId}
        aria-label={`${name}: ${range ? formatRange(range, locale) : unset.name}`}
        popoverTarget={panelId}
        onClick={(e) => {
          e.preventDefault();
          if (isOpen) cancel();
          else picker.send({ type: "picker.opened", range, timeZone });
        }}
      >
        <CalendarIcon /> {range ? formatRange(range, locale) : unset.text}
      </button>
      {isOpen ? (
        <Popover id={panelId} anchor={toggleRef} onDismiss={cancel} className="dropdown-panel date-range-panel" role="group" aria-label="Choose a date range">
          <ul className="date-range-presets">
            {presetIds.map((p) => (
              <li key={p}>
                <button
                  type="button"
                  className={`preset${active === p ? " is-active" : ""}`}
                  aria-pressed={active === p}
                  onClick={() => picker.send({ type: "picker.presetChosen", preset: p })}
                >
                  {presetLabels[p]}
                </button>
              </li>
            ))}
          </ul>
          <form
            className="date-range-custom"
            onSubmit={(e) => {
              e.preventDefault();
              picker.send({ type: "picker.applied" });
            }}
          >
            <label htmlFor={fromId}>From</label>
            <input id={fromId} type="date" value={from} max={to || undefined} onChange={(e) => picker.send({ type: "picker.fromChanged", value: e.target.value })} />
            <label htmlFor={toId}>To</label>
            <input id={toId} type="date" value={to} min={from || undefined} onChange={(e) => picker.send({ type: "picker.toChanged", value: e.target.value })} />
            {problem ? <p className="field-error">{problem}</p> : null}
            <div className="date-range-actions">
              <button type="button" className="button is-text" onClick={() => picker.send({ type: "picker.cancelled" })}>
                Cancel
              </button>
              <button type="submit" className="button is-primary" disabled={problem !== null}>
                Apply
              </button>
            </div>
          </form>
        </Popover>
      ) : null}
    </div>
  );
};
