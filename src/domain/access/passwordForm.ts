import { z } from "../shell/formSchema";
import { texts } from "../shell/texts";

/** Set-new-password form: the two fields must be identical; no length or strength rule. */
export const newPasswordForm = z
  .object({
    password: z.string(),
    confirm_password: z.string(),
  })
  .refine((v) => v.password === v.confirm_password, {
    message: texts.reset.mismatch,
    path: ["confirm_password"],
  });
export type NewPasswordForm = z.infer<typeof newPasswordForm>;

/** The first message that the form's rules give, or null when it is valid. */
export const newPasswordError = (form: NewPasswordForm): string | null => {
  const r = newPasswordForm.safeParse(form);
  return r.success ? null : (r.error.issues[0]?.message ?? texts.reset.mismatch);
};

/**
 * Forgotten-password email: the browser's own `type=email` rule (WHATWG), repeated here
 * so the machine refuses what the browser would.
 */
const whatwgEmail =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
export const isValidEmail = (email: string): boolean => email.length <= 320 && whatwgEmail.test(email);
