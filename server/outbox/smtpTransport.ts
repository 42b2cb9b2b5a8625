import nodemailer from "nodemailer";
import { composedMail } from "./mailText";
import type { MailTransport } from "./mailQueue";

/**
 * How long one attempt may wait on the mail server: to connect, for its greeting, and for
 * any answer once connected. A slow or silent server fails the attempt (a transient
 * failure, retried by the queue) instead of holding the queue.
 */
export const smtpTimeouts = {
  connectionTimeout: 30_000,
  greetingTimeout: 30_000,
  socketTimeout: 60_000,
} as const;

export interface SmtpTransportSettings {
  /** SMTP_URL: smtp://user:password@host:587 (STARTTLS when offered) or smtps://…:465 (TLS from the start). */
  readonly url: string;
  /** MAIL_FROM: the sender, `Name <address>` or an address. */
  readonly from: string;
}

/**
 * Sends each mail over SMTP with nodemailer, one connection per mail: from MAIL_FROM, the
 * plain-text body and its simple HTML twin (mailText.ts). nodemailer never logs here, and
 * it may not read files or URLs into a mail.
 */
export const smtpTransport = (settings: SmtpTransportSettings): MailTransport => {
  const transporter = nodemailer.createTransport({
    url: settings.url,
    ...smtpTimeouts,
    logger: false,
    debug: false,
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return {
    deliver: async (message, signal) => {
      const mail = composedMail(message);
      await transporter.sendMail({ from: settings.from, to: message.to, subject: mail.subject, text: mail.text, html: mail.html, signal });
    },
    close: () => transporter.close(),
  };
};
