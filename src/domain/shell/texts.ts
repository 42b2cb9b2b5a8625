/**
 * The product's own words for labels, titles and messages, so that views, machines and
 * tests cannot drift from them. These are the ones every page may need from its first
 * load (sign-in, the global dialogs); the access pages' words are in
 * domain/access/accessTexts.ts and the reports' in domain/report/reportTexts.ts, so that
 * /login does not load them.
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
    /** Above the form after the server ended the session (a 401): why the person is here. */
    sessionEnded: "Your session has ended. Please sign in again.",
  },
  notFound: {
    title: "There's nothing here",
  },
  /** A shared link (any screen's `program`) to a program the person may not see: the program shown instead is named. */
  programRefused: (shown: string) => `You don't have access to that program; showing ${shown}`,
  /** The main menu: its landmark's name and, on narrow screens, the button that shows it. */
  mainMenu: { label: "Main", button: "Menu" },
  dialogs: {
    forbidden: { title: "Forbidden", text: "You don't have access to this resource", button: "Okay" },
    clientError: { title: "Whoops", text: "Somethings gone wrong", button: "Try again", footer: "If the problem persists, let us know" },
    serverError: { title: "Oh no", text: "We couldn't process that request", button: "Try again", footer: "If the problem persists, let us know" },
  },
} as const;
