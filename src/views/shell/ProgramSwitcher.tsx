import { useSelector } from "@xstate/react";
import { useId } from "react";
import { sessionSelectors } from "../../machines/shell/session.machine";
import { useAppActors } from "./AppActorsContext";

/** Switches the program (the account scope) every report is inside. */
export const ProgramSwitcher = () => {
  const { session } = useAppActors();
  const programs = useSelector(session, sessionSelectors.programs);
  const code = useSelector(session, sessionSelectors.programCode);
  const id = useId();
  if (programs.length === 0) return null;
  return (
    <div className="field-inline">
      <label htmlFor={id}>Program</label>
      <select
        id={id}
        value={code ?? ""}
        disabled={programs.length < 2}
        onChange={(e) => session.send({ type: "session.programSelected", program: e.target.value })}
      >
        {programs.map((p) => (
          <option key={p.code} value={p.code}>
            {p.name} ({p.currency})
          </option>
        ))}
      </select>
    </div>
  );
};
