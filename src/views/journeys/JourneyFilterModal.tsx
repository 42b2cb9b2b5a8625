import { useSelector } from "@xstate/react";
import { useId } from "react";
import { anywhereConnectors, touchpointGroups, type DraftComparison, type DraftTouchpoint, type TouchpointGroup } from "../../domain/journeys/journeyFilter";
import { journeyFilterGroupLimit } from "../../domain/journeys/journeys";
import { journeysTexts } from "../../domain/journeys/journeysTexts";
import { journeyFilterSelectors as sel, type JourneyFilterActorRef } from "../../machines/journeys/journeyFilter.machine";
import { InfoDialog } from "../components/Modal";
import { TagInput } from "./TagInput";
import "./journeyFilter.css";

const t = journeysTexts.filter;

/** A touchpoint's tag input, once its actor is there. */
const TouchpointInput = ({ filter, touchpoint, label }: { filter: JourneyFilterActorRef; touchpoint: DraftTouchpoint; label: string }) => {
  const input = useSelector(filter, sel.tagInput(touchpoint.key));
  return input ? <TagInput input={input} label={label} /> : null;
};

const groupSelectors = { first: sel.first, last: sel.last, anywhere: sel.anywhere } as const;
const roomSelectors = {
  first: sel.hasRoomIn("first"),
  last: sel.hasRoomIn("last"),
  anywhere: sel.hasRoomIn("anywhere"),
  comparison: sel.hasRoomIn("comparison"),
} as const;

const TouchpointGroupSection = ({ filter, group }: { filter: JourneyFilterActorRef; group: TouchpointGroup }) => {
  const touchpoints = useSelector(filter, groupSelectors[group]);
  const hasRoom = useSelector(filter, roomSelectors[group]);
  const connector = useSelector(filter, sel.connector);
  const hintId = useId();
  const name = t.groups[group];
  return (
    <fieldset className="journey-filter-group" aria-describedby={hintId}>
      <legend>{name}</legend>
      <p id={hintId} className="journey-filter-hint">
        {t.groupHints[group]}
      </p>
      {group === "anywhere" ? (
        <fieldset className="journey-filter-connector">
          <legend>{t.connector}</legend>
          {anywhereConnectors.map((c) => (
            <label key={c}>
              <input
                type="radio"
                name={`${hintId}-connector`}
                value={c}
                checked={connector === c}
                onChange={() => filter.send({ type: "journeyFilter.connectorChosen", connector: c })}
              />{" "}
              {t.connectors[c]}
            </label>
          ))}
        </fieldset>
      ) : null}
      <ol className="journey-filter-rows">
        {touchpoints.map((tp, i) => {
          const label = t.touchpointName(name, i + 1);
          return (
            <li key={tp.key} className="journey-filter-row">
              <TouchpointInput filter={filter} touchpoint={tp} label={label} />
              <button
                type="button"
                className="button is-text"
                aria-label={`${t.remove} ${label}`}
                onClick={() => filter.send({ type: "journeyFilter.entryRemoved", key: tp.key })}
              >
                {t.remove}
              </button>
            </li>
          );
        })}
      </ol>
      <button type="button" className="button" disabled={!hasRoom} onClick={() => filter.send({ type: "journeyFilter.touchpointAdded", group })}>
        {t.addTouchpoint}
      </button>
      {hasRoom ? null : <p className="journey-filter-hint">{t.groupFull(journeyFilterGroupLimit)}</p>}
    </fieldset>
  );
};

const ComparisonRow = ({ filter, pair, n }: { filter: JourneyFilterActorRef; pair: DraftComparison; n: number }) => {
  const name = t.touchpointName(t.comparison, n);
  return (
    // The list item holds the group: a list's children are list items, and a list item takes no other role.
    <li>
      <div className="journey-filter-pair" role="group" aria-label={name}>
        <div className="journey-filter-side">
          <span className="journey-filter-side-name" aria-hidden="true">
            {t.before}
          </span>
          <TouchpointInput filter={filter} touchpoint={pair.before} label={`${name}: ${t.before}`} />
        </div>
        <div className="journey-filter-side">
          <span className="journey-filter-side-name" aria-hidden="true">
            {t.after}
          </span>
          <TouchpointInput filter={filter} touchpoint={pair.after} label={`${name}: ${t.after}`} />
        </div>
        <label className="journey-filter-immediately">
          <input
            type="checkbox"
            checked={pair.immediately}
            onChange={(e) => filter.send({ type: "journeyFilter.immediatelySet", key: pair.key, immediately: e.target.checked })}
          />{" "}
          {t.immediately}
        </label>
        <button type="button" className="button is-text" aria-label={`${t.remove} ${name}`} onClick={() => filter.send({ type: "journeyFilter.entryRemoved", key: pair.key })}>
          {t.remove}
        </button>
      </div>
    </li>
  );
};

const ComparisonSection = ({ filter }: { filter: JourneyFilterActorRef }) => {
  const pairs = useSelector(filter, sel.comparison);
  const hasRoom = useSelector(filter, roomSelectors.comparison);
  const hintId = useId();
  return (
    <fieldset className="journey-filter-group" aria-describedby={hintId}>
      <legend>{t.comparison}</legend>
      <p id={hintId} className="journey-filter-hint">
        {t.comparisonHint}
      </p>
      <ol className="journey-filter-rows">
        {pairs.map((pair, i) => (
          <ComparisonRow key={pair.key} filter={filter} pair={pair} n={i + 1} />
        ))}
      </ol>
      <button type="button" className="button" disabled={!hasRoom} onClick={() => filter.send({ type: "journeyFilter.comparisonAdded" })}>
        {t.addComparison}
      </button>
      {hasRoom ? null : <p className="journey-filter-hint">{t.groupFull(journeyFilterGroupLimit)}</p>}
    </fieldset>
  );
};

/**
 * The 'Journey Path Filter' modal over the journeys page: first, last and anywhere
 * touchpoints (with the and/or connector), before/after pairs with 'Immediately before /
 * after'. 'Close' or Escape applies the filter (the page machine hears it).
 */
export const JourneyFilterModal = ({ filter }: { filter: JourneyFilterActorRef }) => {
  const close = () => filter.send({ type: "journeyFilter.closed" });
  return (
    <InfoDialog
      title={t.title}
      close={{ label: t.close, look: "primary", onClick: close }}
    >
      <div className="journey-filter">
        {touchpointGroups.map((g) => (
          <TouchpointGroupSection key={g} filter={filter} group={g} />
        ))}
        <ComparisonSection filter={filter} />
      </div>
    </InfoDialog>
  );
};
