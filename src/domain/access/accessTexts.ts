/** The words of the password recovery and reset pages (the product's own, in one place). */
export const accessTexts = {
  /** The browser tab's title of each access page (the spec's page names). */
  pageTitles: {
    recover: "Forgotten Password",
    reset: "Set New Password",
    notFound: "Page Not Found",
  },
  recover: {
    email: "Email",
    submit: "Submit",
  },
  reset: {
    newPassword: "New password",
    retypePassword: "Retype password",
    submit: "Submit",
    mismatch: "These passwords don't match. Please ensure both fields match.",
    tooShort: "Use at least 8 characters",
    badLink:
      "Sorry that link seems to be wrong. Maybe it has expired or sent in error. Please contact your Success Manager or alternatively return to the login screen and start the Recover Password process again. This page will automatically redirect in 5 seconds.",
  },
} as const;
