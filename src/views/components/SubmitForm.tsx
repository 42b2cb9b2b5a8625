import type { FormHTMLAttributes, ReactNode } from "react";

/** A submitted form's fields by name: a field's typed text ('' when the form has no such field), and whether a checkbox is ticked. */
export interface SubmittedFields {
  readonly text: (name: string) => string;
  readonly isChecked: (name: string) => boolean;
}

/**
 * A form the browser neither checks nor sends: the screen's machine checks what was typed
 * and makes the call. A submit (a button or Enter) hands `onSubmit` the form's fields.
 */
export const SubmitForm = ({
  onSubmit,
  children,
  ...attributes
}: Omit<FormHTMLAttributes<HTMLFormElement>, "onSubmit" | "noValidate"> & {
  readonly onSubmit: (fields: SubmittedFields) => void;
  readonly children: ReactNode;
}) => (
  <form
    {...attributes}
    noValidate
    onSubmit={(e) => {
      e.preventDefault();
      const data = new FormData(e.currentTarget);
      onSubmit({ text: (name) => String(data.get(name) ?? ""), isChecked: (name) => data.get(name) !== null });
    }}
  >
    {children}
  </form>
);
