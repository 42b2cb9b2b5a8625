import { z } from "../shell/formSchema";
import { accessTexts } from "./accessTexts";

/** The shortest new password accepted, in characters (code points); the server refuses shorter ones too. */
export const minimumPasswordLength = 8;

export const isLongEnoughPassword = (password: string): boolean => [...password].length >= minimumPasswordLength;

/**
 * Set-new-password form: the new password has at least 8 characters and the two fields
 * are identical; no strength rule.
 */
export const newPasswordForm = z
  .object({
    password: z.string().refine(isLongEnoughPassword, { message: accessTexts.reset.tooShort }),
    confirm_password: z.string(),
  })
  .refine((v) => v.password === v.confirm_password, {
    message: accessTexts.reset.mismatch,
    path: ["confirm_password"],
  });
export type NewPasswordForm = z.infer<typeof newPasswordForm>;

/** What keeps the form from being sent: the new password's length first, then a mismatch. */
export type NewPasswordProblem = "tooShort" | "mismatch";

export const newPasswordProblem = (form: NewPasswordForm): NewPasswordProblem | null => {
  const r = newPasswordForm.safeParse(form);
  if (r.success) return null;
  return r.error.issues.some((issue) => issue.path[0] === "password") ? "tooShort" : "mismatch";
};

const problemMessages: Record<NewPasswordProblem, string> = {
  tooShort: accessTexts.reset.tooShort,
  mismatch: accessTexts.reset.mismatch,
};

/** The message of the form's first problem, or null when it may be sent. */
export const newPasswordError = (form: NewPasswordForm): string | null => {
  const problem = newPasswordProblem(form);
  return problem === null ? null : problemMessages[problem];
};
