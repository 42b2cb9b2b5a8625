import { useSelector } from "@xstate/react";
import { useEffect, useId, useRef } from "react";
import type { NumberFormatOptions } from "../../domain/report/numberFormat";
import { spendCreatedMessage, spendFormTexts as t } from "../../domain/spend/spendForm";
import { spendFormSelectors as sel, type SpendFormActorRef } from "../../machines/spend/spendForm.machine";
import { SpendFields } from "./SpendFields";
import "./spend.css";

interface Props {
  readonly form: SpendFormActorRef;
  /** The program's currency and locale, for the message naming what was created. */
  readonly money?: NumberFormatOptions;
}

/**
 * The spend form: the spend fields (`SpendFields`: Taxonomy 1 to 4, Spend, Frequency,
 * Duration) and 'Create Spend'. Each broken rule's message is shown under its field and
 * the first such field takes the focus.
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

  // After a save that ends invalid, the first field with a message takes the focus.
  useEffect(() => {
    if (!saved.current) return;
    saved.current = false;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

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
      <SpendFields
        baseId={baseId}
        values={values}
        errors={errors}
        endEnabled={endEnabled}
        disabled={submitting}
        onChange={(field, value) => form.send({ type: "spend.fieldChanged", field, value })}
      />

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
