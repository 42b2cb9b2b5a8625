import { useActorRef, useSelector } from "@xstate/react";
import { useEffect, useMemo } from "react";
import { defaultRange, todayAt } from "../../domain/report/dateRange";
import { comparisonMachine, type ComparisonActorRef, type ComparisonScope } from "../../machines/performance/comparison.machine";
import { sessionSelectors } from "../../machines/shell/session.machine";
import { useAppActors } from "../shell/AppActorsContext";

/**
 * The comparison actor of a performance page's table: its scope (program, dates, named
 * filter, taxonomy path and today in the program's UTC offset) comes from the session
 * and the route; a change reloads the comparison when it is on.
 */
export const useComparison = (path: ReadonlyArray<string>): ComparisonActorRef => {
  const { session } = useAppActors();
  const baseUrl = useSelector(session, sessionSelectors.apiBaseUrl);
  const token = useSelector(session, sessionSelectors.token);
  const program = useSelector(session, sessionSelectors.program);
  const range = useSelector(session, sessionSelectors.range);
  const filter = useSelector(session, sessionSelectors.namedFilter);
  const pathKey = JSON.stringify(path);
  const utcOffset = program?.utc_offset ?? "+00:00";
  const today = todayAt(Date.now(), utcOffset);

  const scope = useMemo<ComparisonScope>(
    () => ({
      api: { baseUrl, token },
      program: program?.code ?? "",
      path: JSON.parse(pathKey) as ReadonlyArray<string>,
      filter,
      // The page shows no table before the session has dates; until then the default range stands in.
      range: range ? { from: range.from, to: range.to } : defaultRange(today),
      today,
    }),
    [baseUrl, token, program?.code, pathKey, filter, range, today],
  );
  const comparison = useActorRef(comparisonMachine, { input: scope });

  useEffect(() => {
    const c = comparison.getSnapshot().context;
    if (JSON.stringify([c.api, c.program, c.path, c.filter, c.range, c.today]) === JSON.stringify([scope.api, scope.program, scope.path, scope.filter, scope.range, scope.today])) return;
    comparison.send({ type: "comparison.scopeChanged", ...scope });
  }, [comparison, scope]);

  return comparison;
};
