import type { OutboxMessage } from "./outbox";

/** A mail as it is sent: the subject, a plain-text body and the same in simple HTML. */
export interface ComposedMail {
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

const escapedHtml = (text: string): string =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

/** The site the link opens (its origin), named in the mail so the reader knows where it leads. */
const siteOf = (link: string): string => {
  try {
    return new URL(link).origin;
  } catch {
    return link;
  }
};

/**
 * The mail for a message: its subject says what it is (a password reset, an invitation),
 * and the body says it again, holds the link and says the link is for the recipient alone.
 */
export const composedMail = (message: OutboxMessage): ComposedMail => {
  const site = siteOf(message.link);
  const text = [
    `${message.subject}`,
    "",
    `Open this link to continue on Attribution at ${site}:`,
    "",
    message.link,
    "",
    "The link works once, for a limited time, and only for you: do not forward this mail.",
    "If you did not expect it, ignore it: nothing changes until the link is used.",
    "",
  ].join("\n");
  const html = [
    "<!doctype html>",
    `<html><body>`,
    `<p><strong>${escapedHtml(message.subject)}</strong></p>`,
    `<p>Open this link to continue on Attribution at ${escapedHtml(site)}:</p>`,
    `<p><a href="${escapedHtml(message.link)}">${escapedHtml(message.link)}</a></p>`,
    "<p>The link works once, for a limited time, and only for you: do not forward this mail.<br>",
    "If you did not expect it, ignore it: nothing changes until the link is used.</p>",
    "</body></html>",
    "",
  ].join("\n");
  return { subject: message.subject, text, html };
};
