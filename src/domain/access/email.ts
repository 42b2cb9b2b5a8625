/**
 * An email address as the browser's own `type=email` rule (WHATWG), repeated here
 * so a machine refuses what the browser would (the forgotten-password form, the first admin, the profile).
 */
const whatwgEmail =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
export const isValidEmail = (email: string): boolean => email.length <= 320 && whatwgEmail.test(email);
