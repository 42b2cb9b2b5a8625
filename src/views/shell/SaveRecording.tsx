import { useState } from "react";
import { useAppActors } from "./AppActorsContext";

/**
 * The QA switch: `?debug` in the URL shows the QA tools ('Save recording') for the rest
 * of the tab's session, so they survive navigation and reloads; `?debug=off` hides them
 * again. Without it nobody sees them.
 */
export const debugSwitch = (search: string, kept: boolean): boolean => {
  const query = new URLSearchParams(search);
  return query.has("debug") ? query.get("debug") !== "off" : kept;
};

const debugKey = "attribution.debug";

/** Reads the switch once, from the URL and the tab's session storage (where storage is refused, the URL alone decides). */
const readDebugSwitch = (): boolean => {
  let kept = false;
  try {
    kept = window.sessionStorage.getItem(debugKey) === "on";
  } catch {
    kept = false;
  }
  const on = debugSwitch(window.location.search, kept);
  try {
    if (on) window.sessionStorage.setItem(debugKey, "on");
    else window.sessionStorage.removeItem(debugKey);
  } catch {
    // Storage refused: the switch holds for this page only.
  }
  return on;
};

/** Whether the QA tools show (see `debugSwitch`). */
export const useDebugSwitch = (): boolean => useState(readDebugSwitch)[0];

/**
 * A QA tool, shown only with the `?debug` switch: saves the bounded log of every actor's events as JSON, so what a person saw can be
 * replayed in a test: every actor of the one system, by its place in the tree (test/machines/shell/recording.test.ts).
 */
export const SaveRecording = () => {
  const { eventLog } = useAppActors();
  return (
    <button
      type="button"
      className="button is-text"
      title="Download the events of this session, to reproduce what you saw"
      onClick={() => {
        const blob = new Blob([eventLog.toJSON()], { type: "application/json" });
        const url = URL.createObjectURL(blob);
        const a = document.createElement("a");
        a.href = url;
        a.download = `event-recording-${new Date().toISOString().slice(0, 19).replace(/:/g, "-")}.json`;
        a.click();
        URL.revokeObjectURL(url);
      }}
    >
      Save recording
    </button>
  );
};
