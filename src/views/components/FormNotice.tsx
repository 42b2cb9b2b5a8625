/** What a form's last outcome says: an error is announced at once (alert), a success politely (status). */
export interface Notice {
  readonly text: string;
  readonly tone: "error" | "status";
}

/** A form's notice, beside the form it belongs to (nothing when there is none). */
export const FormNotice = ({ message }: { readonly message: Notice | undefined }) =>
  message ? (
    <p className={message.tone === "error" ? "field-error" : "confirmation"} role={message.tone === "error" ? "alert" : "status"}>
      {message.text}
    </p>
  ) : null;

/** A screen's last outcome as its machine keeps it (a success or a failure, with its words), beside its form. */
export const OutcomeNotice = ({ notice }: { readonly notice: { readonly tone: "success" | "failure"; readonly text: string } | null }) => (
  <FormNotice message={notice === null ? undefined : { text: notice.text, tone: notice.tone === "failure" ? "error" : "status" }} />
);
