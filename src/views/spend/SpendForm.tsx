import { useSelector } from "@xstate/react";
import { useEffect, useId, useRef } from "react";
import type { NumberFormatOptions } from "../../domain/report/numberFormat";
import {
  spendCreatedMessage,
  spendFieldLabels,
  spendFormTexts as t,
  spendFrequencies,
  spendFrequencyLabels,
  type SpendFormField,
} from "../../domain/spend/spendForm";
import { taxonomyLevels } from "../../domain/report/taxonomyLevels";
import { spendFormSelectors as sel, type SpendFormActorRef } from "../../machines/spend/spendForm.machine";
import "./spend.css";

const taxonomyFields = taxonomyLevels satisfies ReadonlyArray<SpendFormField>;

interface Props {
  readonly form: SpendFormActorRef;
  /** The program's currency and locale, for the message naming what was created. */
  readonly money?: NumberFormatOptions;
}

/**
 * The spend form: Taxonomy 1 to 4, Spend,
 * Frequency (single, daily, monthly, yearly), Duration (start and end date; the end date
 * is disabled when the frequency is single), and 'Create Spend'. Each broken rule's
 * message is shown under its field and the first such field takes the focus.
 */
export const SpendForm = ({ form, money }: Props) => {
  const values = useSelector(form, sel.values);
  const errors = useSelector(form, sel.errors);
  const endEnabled = useSelector(form, sel.isEndDateEnabled);
  const submitting = useSelector(form, sel.isSubmitting);
  const created = useSelector(form, sel.created);
  const failure = useSelector(form, sel.failure);
  const baseId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const saved = useRef(false);

  const idOf = (field: SpendFormField) => `${baseId}-${field}`;
  const errorIdOf = (field: SpendFormField) => `${baseId}-${field}-error`;
  const durationHintId = `${baseId}-duration-hint`;

  // After a save that ends invalid, the first field with a message takes the focus.
  useEffect(() => {
    if (!saved.current) return;
    saved.current = false;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  const change = (field: SpendFormField, value: string) => form.send({ type: "spend.fieldChanged", field, value });

  const fieldProps = (field: SpendFormField) => {
    const error = errors[field];
    return {
      id: idOf(field),
      name: field,
      value: values[field],
      "aria-invalid": error ? ("true" as const) : ("false" as const),
      "aria-describedby": error ? errorIdOf(field) : undefined,
      onChange: (e: { target: { value: string } }) => change(field, e.target.value),
    };
  };

  const message = (field: SpendFormField) => {
    const error = errors[field];
    return error ? (
      <p id={errorIdOf(field)} className="field-error">
        {error}
      </p>
    ) : null;
  };

  return (
    <form
      ref={formRef}
      className="spend-form"
      aria-label="Spend configuration"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        saved.current = true;
        form.send({ type: "spend.saved" });
      }}
    >
      <fieldset className="spend-form-fields" disabled={submitting}>
        <div className="spend-form-taxonomies">
          {taxonomyFields.map((field) => (
            <div className="field" key={field}>
              <label htmlFor={idOf(field)}>{spendFieldLabels[field]}</label>
              <input type="text" autoComplete="off" maxLength={200} required={field === "taxonomy_1"} {...fieldProps(field)} />
              {message(field)}
            </div>
          ))}
        </div>

        <div className="spend-form-amount">
          <div className="field">
            <label htmlFor={idOf("spend")}>{spendFieldLabels.spend}</label>
            <input type="text" inputMode="decimal" autoComplete="off" placeholder="0.00" required {...fieldProps("spend")} />
            {message("spend")}
          </div>
          <div className="field">
            <label htmlFor={idOf("frequency")}>{spendFieldLabels.frequency}</label>
            <select {...fieldProps("frequency")} required>
              {spendFrequencies.map((f) => (
                <option key={f} value={f}>
                  {spendFrequencyLabels[f]}
                </option>
              ))}
            </select>
            {message("frequency")}
          </div>
        </div>

        <fieldset className="spend-form-duration" aria-describedby={endEnabled ? undefined : durationHintId}>
          <legend>{t.duration}</legend>
          <div className="field">
            <label htmlFor={idOf("start_date")}>{spendFieldLabels.start_date}</label>
            <input type="date" required {...fieldProps("start_date")} />
            {message("start_date")}
          </div>
          <div className="field">
            <label htmlFor={idOf("end_date")}>{spendFieldLabels.end_date}</label>
            <input type="date" required={endEnabled} disabled={!endEnabled} {...fieldProps("end_date")} />
            {message("end_date")}
          </div>
          {endEnabled ? null : (
            <p id={durationHintId} className="field-help spend-form-hint">
              {t.endDisabledHint}
            </p>
          )}
        </fieldset>
      </fieldset>

      <div className="spend-form-actions">
        {failure ? (
          <p className="field-error spend-form-failure" role="alert">
            {failure}
          </p>
        ) : null}
        {created ? (
          <p className="spend-form-created" role="status">
            {spendCreatedMessage(created.entry, money)}
          </p>
        ) : null}
        {submitting ? (
          <span className="loading" role="status">
            {t.creating}
          </span>
        ) : null}
        <button type="submit" className="button is-primary" disabled={submitting}>
          {t.create}
        </button>
      </div>
    </form>
  );
};
