import { useAppActors } from "./AppActorsContext";

/**
 * Saves the bounded log of every actor's events as JSON, so what a person saw can be
 * replayed in a test (see test/machines/shell/session.test.ts, "replays a recording").
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
