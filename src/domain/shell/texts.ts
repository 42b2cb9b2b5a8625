/**
 * The product's own words for labels, titles and messages, in one place so that views,
 * machines and tests cannot drift from them.
 */
export const texts = {
  login: {
    username: "Username",
    password: "Password",
    submit: "Login",
    failureTitle: "Whoops",
    failure: "We couldn't match the credentials given, please try again",
    failureFooter: "If the problem persists, let us know",
    forgotten: "Forgotten your password?",
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
  notFound: {
    title: "There's nothing here",
  },
  search: {
    placeholder: "Search...",
    button: "Search",
  },
  dialogs: {
    forbidden: { title: "Forbidden", text: "You don't have access to this resource", button: "Okay" },
    clientError: { title: "Whoops", text: "Somethings gone wrong", button: "Try again", footer: "If the problem persists, let us know" },
    serverError: { title: "Oh no", text: "We couldn't process that request", button: "Try again", footer: "If the problem persists, let us know" },
  },
  empty: {
    table: "There is no data to display",
    chart: "There's no data to show",
  },
  toasts: {
    spendInvalid: "The spend configuration is not valid! Please check the fields.",
    unsupportedFile: "That file format isn't supported",
  },
  titles: {
    performance: "Performance Report",
  },
} as const;
