import { useId } from "react";
import { dialogRows } from "../../domain/performance/columnSelection";
import { metricDefinitions, type MetricName } from "../../domain/report/metrics";
import { performanceTexts } from "../../domain/performance/performanceTexts";
import { InfoDialog } from "../components/Modal";
import "./columnSets.css";

const t = performanceTexts.columnSets;

export interface ColumnsDialogProps {
  /** The columns the table offers, in the standard order (25 on level tables, 23 on the search table). */
  readonly available: ReadonlyArray<string>;
  /** The visible columns. */
  readonly selected: ReadonlyArray<string>;
  /** Column labels; the metric catalogue's by default. */
  readonly labels?: Readonly<Record<string, string>>;
  readonly onToggle: (column: string) => void;
  readonly onReset: () => void;
  readonly onClose: () => void;
}

const catalogueLabel = (column: string): string => metricDefinitions[column as MetricName]?.label ?? column;

/**
 * The Columns dialog, 'Column Selection': a checkbox per available column, the list split into two halves drawn side
 * by side and read row by row (left[0], right[0], left[1], ...), 'Reset to Defaults' and
 * 'Close'; it opens with the first checkbox focused (the checkboxes come before the buttons, so one stray key
 * cannot reset the choice), and Escape closes it too, focus going back to the opener. It holds no state: the caller's machine owns the selection, and the caller
 * renders the dialog only while it is open. Used by the performance tables and the
 * search results.
 */
export const ColumnsDialog = ({ available, selected, labels, onToggle, onReset, onClose }: ColumnsDialogProps) => {
  const legendId = useId();
  const labelOf = (column: string) => labels?.[column] ?? catalogueLabel(column);
  const chosen = new Set(selected);
  return (
    <InfoDialog
      title={t.dialogTitle}
      close={{ label: t.close, look: "primary", onClick: onClose }}
      others={[{ label: t.resetToDefaults, onClick: onReset }]}
    >
      <fieldset className="columns-dialog" aria-labelledby={legendId}>
        <legend id={legendId} className="visually-hidden">
          {t.columns}
        </legend>
        {dialogRows(available).map(([left, right]) => (
          <div key={left} className="columns-dialog-row">
            <ColumnCheckbox column={left} label={labelOf(left)} checked={chosen.has(left)} onToggle={onToggle} />
            {right !== undefined ? <ColumnCheckbox column={right} label={labelOf(right)} checked={chosen.has(right)} onToggle={onToggle} /> : null}
          </div>
        ))}
      </fieldset>
    </InfoDialog>
  );
};

const ColumnCheckbox = ({ column, label, checked, onToggle }: { column: string; label: string; checked: boolean; onToggle: (column: string) => void }) => (
  <label className={`columns-dialog-item${checked ? " is-selected" : ""}`}>
    <input type="checkbox" checked={checked} onChange={() => onToggle(column)} />
    {label}
  </label>
);
