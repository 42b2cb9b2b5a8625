import { accessTexts } from "../access/accessTexts";

/** The words of the signed-in person's own account page (/account/profile). */
export const accountTexts = {
  title: "My Account",
  profile: {
    heading: "Name and email",
    name: "Name",
    email: "Email",
    save: "Save",
    saved: "Your name and email have been saved.",
    nameMissing: "Enter a name",
    nameTooLong: "Use at most 200 characters",
    invalidEmail: "Enter a valid email address",
    nameTaken: "That name is already used by another account.",
    emailTaken: "That email is already used by another account.",
    failed: "Error: There was an error saving",
  },
  password: {
    heading: "Change password",
    current: "Current password",
    newPassword: accessTexts.reset.newPassword,
    retypePassword: accessTexts.reset.retypePassword,
    keepThisSession: "Keep me signed in on this device",
    submit: "Change password",
    currentMissing: "Enter your current password",
    wrongCurrent: "Your current password is not correct.",
    tooManyAttempts: "Too many attempts. Try again later.",
    changed: "Your password has been changed. You have been signed out everywhere else.",
    failed: "Error: There was an error changing your password",
  },
  everywhere: {
    heading: "Sign out everywhere",
    explanation: "End every session of your account, on every device, including this one.",
    submit: "Sign out everywhere",
    failed: "Error: There was an error signing you out",
  },
} as const;
