import { useSelector } from "@xstate/react";
import { useMemo } from "react";
import { headlineFigures } from "../../domain/performance/headlineFigures";
import { performanceTexts } from "../../domain/performance/performanceTexts";
import { comparisonSelectors, type ComparisonActorRef } from "../../machines/performance/comparison.machine";
import { performanceTableSelectors as tableSel, type PerformanceTableActorRef } from "../../machines/performance/performanceTable.machine";
import { sessionSelectors } from "../../machines/shell/session.machine";
import { useAppActors } from "../shell/AppActorsContext";
import "./headlineFigures.css";

interface Props {
  /** The page's table: its footer totals are the figures. */
  readonly table: PerformanceTableActorRef;
  /** Its comparison: the change against the comparison period while it is on. */
  readonly comparison: ComparisonActorRef;
}

/**
 * The row of headline figures above the chart: Total Cost, Attributed Sales, Attributed
 * Revenue and ROAS as the table's 'Total' row reads them, each with its change while
 * comparing. Shown once the table has rows (as its footer is).
 */
export const HeadlineFigures = ({ table, comparison }: Props) => {
  const { session } = useAppActors();
  const program = useSelector(session, sessionSelectors.program);
  const footer = useSelector(table, tableSel.footer);
  const rows = useSelector(table, tableSel.total);
  const previous = useSelector(comparison, comparisonSelectors.previousRows);
  const figures = useMemo(
    () => headlineFigures(footer, previous, { currency: program?.currency, locale: program?.locale }),
    [footer, previous, program?.currency, program?.locale],
  );
  if (rows === 0) return null;
  return (
    <section className="headline-figures" aria-label={performanceTexts.headline.region}>
      {figures.map((f) => (
        <div key={f.metric} className="headline-figure" role="group" aria-label={f.label}>
          <span className="headline-label">{f.label}</span>
          <span className="headline-value">{f.value}</span>
          {f.change ? (
            <span className={`metric-change tone-${f.change.tone}`} data-tone={f.change.tone}>
              <span className="visually-hidden">{performanceTexts.performanceTable.change} </span>
              {f.change.text}
            </span>
          ) : null}
        </div>
      ))}
    </section>
  );
};
