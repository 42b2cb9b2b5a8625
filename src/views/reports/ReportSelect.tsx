import { useId } from "react";

export interface ReportOption<T extends string> {
  readonly value: T;
  readonly label: string;
  readonly disabled?: boolean;
}

interface Props<T extends string> {
  readonly label: string;
  readonly value: T;
  readonly options: ReadonlyArray<ReportOption<T>>;
  readonly onChange: (value: T) => void;
}

/** A labelled native select of a report's controls (a metric, a mode, a sort). */
export const ReportSelect = <T extends string>({ label, value, options, onChange }: Props<T>) => {
  const id = useId();
  return (
    <div className="field-inline">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as T)}>
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
};
