import type { AddressInfo } from "node:net";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";

/** A mail the catcher took: the envelope and the plain-text body, decoded. */
export interface CaughtMail {
  readonly from: string;
  readonly to: ReadonlyArray<string>;
  /** The whole message as it came over the wire. */
  readonly raw: string;
  /** The text/plain part, its transfer encoding undone. */
  readonly text: string;
  /** The Subject header. */
  readonly subject: string;
}

export interface SmtpCatcher {
  /** smtp://[user:password@]127.0.0.1:port, for SMTP_URL. */
  readonly url: string;
  readonly mails: ReadonlyArray<CaughtMail>;
  /** Connections opened so far (a silent catcher counts them too). */
  readonly connections: () => number;
  /** The next RCPT TO commands answered with these codes (451, 550 …), one each, before accepting again. */
  refuseNext(...codes: number[]): void;
  /** While true, a new connection never gets the greeting: the mail server that never answers. */
  silent: boolean;
  /** Resolves on the next mail taken. */
  nextMail(): Promise<CaughtMail>;
  close(): Promise<void>;
}

const decodedQuotedPrintable = (text: string): string =>
  Buffer.from(
    text.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");

/** The text/plain part of a message (alone or inside a multipart one), decoded. */
export const plainTextOf = (raw: string): string => {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  for (const part of parts) {
    const split = part.search(/\r?\n\r?\n/);
    if (split < 0) continue;
    const headers = part.slice(0, split);
    if (!/content-type:\s*text\/plain/i.test(headers)) continue;
    const body = part.slice(split).replace(/^\r?\n\r?\n/, "").replace(/\r?\n--[^\r\n]*--\s*$/, "");
    const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
    if (encoding === "quoted-printable") return decodedQuotedPrintable(body).replace(/\r\n/g, "\n");
    if (encoding === "base64") return Buffer.from(body, "base64").toString("utf8").replace(/\r\n/g, "\n");
    return body.replace(/\r\n/g, "\n");
  }
  return "";
};

/**
 * A local SMTP server for one test file, on port 0 of 127.0.0.1 (no STARTTLS, so nothing
 * needs a certificate). With `auth`, it asks for those credentials and refuses others (535).
 */
export const startSmtpCatcher = async (auth?: { readonly user: string; readonly pass: string }): Promise<SmtpCatcher> => {
  const mails: CaughtMail[] = [];
  const refusals: number[] = [];
  const waiting: Array<(mail: CaughtMail) => void> = [];
  let connections = 0;
  const state = { silent: false };
  const options: SMTPServerOptions = {
    disabledCommands: auth ? ["STARTTLS"] : ["STARTTLS", "AUTH"],
    authOptional: !auth,
    allowInsecureAuth: true,
    logger: false,
    // A silent connection is cut 50 ms after close() instead of the default 30 s.
    closeTimeout: 50,
    onConnect: (_session, callback) => {
      connections += 1;
      if (!state.silent) callback();
    },
    onAuth: (login, _session, callback) => {
      if (auth && login.username === auth.user && login.password === auth.pass) callback(null, { user: login.username });
      else callback(Object.assign(new Error("Authentication failed"), { responseCode: 535 }));
    },
    onRcptTo: (_address, _session, callback) => {
      const code = refusals.shift();
      if (code === undefined) callback();
      else callback(Object.assign(new Error(code >= 500 ? "Mailbox unavailable" : "Try again later"), { responseCode: code }));
    },
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const mail: CaughtMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          text: plainTextOf(raw),
          subject: /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? "",
        };
        mails.push(mail);
        for (const resolve of waiting.splice(0)) resolve(mail);
        callback(null, "Queued");
      });
    },
  };
  const server = new SMTPServer(options);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  const credentials = auth ? `${encodeURIComponent(auth.user)}:${encodeURIComponent(auth.pass)}@` : "";
  return {
    url: `smtp://${credentials}127.0.0.1:${port}`,
    mails,
    connections: () => connections,
    refuseNext: (...codes) => refusals.push(...codes),
    get silent() {
      return state.silent;
    },
    set silent(value: boolean) {
      state.silent = value;
    },
    nextMail: () => new Promise((resolve) => waiting.push(resolve)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
