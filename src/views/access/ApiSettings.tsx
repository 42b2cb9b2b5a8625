import { useSelector } from "@xstate/react";
import { useId, useState } from "react";
import { sessionSelectors } from "../../machines/shell/session.machine";
import { isValidApiBaseUrl } from "../../domain/shell/session";
import { useAppActors } from "../shell/AppActorsContext";

/** Where the app's calls go (default /api): for pointing the app at another API before signing in. */
export const ApiSettings = () => {
  const { session } = useAppActors();
  const current = useSelector(session, sessionSelectors.apiBaseUrl);
  const [draft, setDraft] = useState(current);
  const id = useId();
  const valid = isValidApiBaseUrl(draft);
  return (
    <details className="api-settings">
      <summary>Connection settings</summary>
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          if (valid) session.send({ type: "session.apiBaseUrlChanged", url: draft });
        }}
      >
        <div className="field">
          <label htmlFor={id}>API base URL</label>
          <input id={id} value={draft} onChange={(e) => setDraft(e.target.value)} aria-invalid={!valid} />
          {!valid ? <p className="field-error">Enter a path such as /api or an http(s) address.</p> : null}
          <p className="field-help">Calls currently go to {current}.</p>
        </div>
        <button type="submit" className="button" disabled={!valid || draft.trim() === current}>
          Save
        </button>
      </form>
    </details>
  );
};
