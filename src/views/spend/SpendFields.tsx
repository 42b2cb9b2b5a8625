import { useSelector } from "@xstate/react";
import { useEffect, useId, useRef, type ReactNode } from "react";
import type { AnyActorRef } from "xstate";
import { taxonomyLevels } from "../../domain/report/taxonomyLevels";
import {
  spendFieldLabels,
  spendFormTexts as t,
  spendFrequencies,
  spendFrequencyLabels,
  type SpendFormErrors,
  type SpendFormField,
  type SpendFormValues,
} from "../../domain/spend/spendForm";

const taxonomyFields = taxonomyLevels satisfies ReadonlyArray<SpendFormField>;

interface Props {
  /** Prefix of the fields' ids (a `useId` of the form). */
  readonly baseId: string;
  readonly values: SpendFormValues;
  /** The message under each field that breaks a rule. */
  readonly errors: SpendFormErrors;
  readonly endEnabled: boolean;
  /** While saving: every field waits. */
  readonly disabled: boolean;
  readonly onChange: (field: SpendFormField, value: string) => void;
}

/**
 * The fields of a spend configuration, as the performance report's spend form and the
 * fixed spend create and edit screens show them: Taxonomy 1 to 4, Spend, Frequency
 * (single, daily, monthly, yearly), Duration (start and end date; the end date is
 * disabled when the frequency is single). Each broken rule's message is under its field
 * and names it (`aria-describedby`).
 */
export const SpendFields = ({ baseId, values, errors, endEnabled, disabled, onChange }: Props) => {
  const idOf = (field: SpendFormField) => `${baseId}-${field}`;
  const errorIdOf = (field: SpendFormField) => `${baseId}-${field}-error`;
  const durationHintId = `${baseId}-duration-hint`;

  const fieldProps = (field: SpendFormField) => {
    const error = errors[field];
    return {
      id: idOf(field),
      name: field,
      value: values[field],
      "aria-invalid": error ? ("true" as const) : ("false" as const),
      "aria-describedby": error ? errorIdOf(field) : undefined,
      onChange: (e: { target: { value: string } }) => onChange(field, e.target.value),
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
    <fieldset className="spend-form-fields" disabled={disabled}>
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
  );
};

/** The events a spend form sends its actor: a field's change and the save. */
export type SpendFormEvent = { readonly type: "spend.fieldChanged"; readonly field: SpendFormField; readonly value: string } | { readonly type: "spend.saved" };

/** What a spend form reads of its actor (named selectors): the values, each broken rule's message, whether the end date is open, the last save's refusal. */
export interface SpendFieldsSelectors<S> {
  readonly values: (s: S) => SpendFormValues;
  readonly errors: (s: S) => SpendFormErrors;
  readonly isEndDateEnabled: (s: S) => boolean;
  readonly failure: (s: S) => string | null;
}

interface SpendFieldsFormProps<S> {
  /** The form's actor (the performance report's spend form, the fixed spend editor). */
  readonly form: { getSnapshot(): S; subscribe: AnyActorRef["subscribe"]; send(event: SpendFormEvent): void };
  readonly sel: SpendFieldsSelectors<S>;
  readonly className: string;
  /** The form's accessible name. */
  readonly label: string;
  /** While saving: every field waits. */
  readonly disabled: boolean;
  /** The buttons row after the failure: statuses and buttons. */
  readonly actions: ReactNode;
  /** What follows the buttons row (a confirmation). */
  readonly children?: ReactNode;
}

/**
 * A spend form: the spend fields, then the buttons row with the last refusal; a save
 * sends `spend.saved`, and after a save that ends invalid the first field with a message
 * takes the focus.
 */
export const SpendFieldsForm = <S,>({ form, sel, className, label, disabled, actions, children }: SpendFieldsFormProps<S>) => {
  const values = useSelector(form, sel.values);
  const errors = useSelector(form, sel.errors);
  const endEnabled = useSelector(form, sel.isEndDateEnabled);
  const failure = useSelector(form, sel.failure);
  const baseId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const saved = useRef(false);

  useEffect(() => {
    if (!saved.current) return;
    saved.current = false;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  return (
    <form
      ref={formRef}
      className={className}
      aria-label={label}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        saved.current = true;
        form.send({ type: "spend.saved" });
      }}
    >
      <SpendFields
        baseId={baseId}
        values={values}
        errors={errors}
        endEnabled={endEnabled}
        disabled={disabled}
        onChange={(field, value) => form.send({ type: "spend.fieldChanged", field, value })}
      />
      <div className="spend-form-actions">
        {failure ? (
          <p className="field-error spend-form-failure" role="alert">
            {failure}
          </p>
        ) : null}
        {actions}
      </div>
      {children}
    </form>
  );
};
