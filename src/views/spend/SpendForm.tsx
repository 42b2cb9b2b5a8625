import { useSelector } from "@xstate/react";
import type { NumberFormatOptions } from "../../domain/report/numberFormat";
import { spendCreatedMessage, spendFormTexts as t } from "../../domain/spend/spendForm";
import { spendFormSelectors as sel, type SpendFormActorRef } from "../../machines/spend/spendForm.machine";
import { SpendFieldsForm } from "./SpendFields";
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
  const submitting = useSelector(form, sel.isSubmitting);
  const created = useSelector(form, sel.created);
  return (
    <SpendFieldsForm
      form={form}
      sel={sel}
      className="spend-form"
      label="Spend configuration"
      disabled={submitting}
      actions={
        <>
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
        </>
      }
    />
  );
};
