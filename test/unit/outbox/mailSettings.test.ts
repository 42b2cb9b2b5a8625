import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { mailSettingsOf, openOutbox } from "../../../server/outbox/mailSettings";
import { composedMail } from "../../../server/outbox/mailText";
import { recipientDomainOf, type OutboxMessage } from "../../../server/outbox/outbox";
import { recordingLog } from "../../support/recordingLog";

const publicUrl = "https://attribution.example.com";

describe("mailSettingsOf (SMTP_URL, MAIL_FROM)", () => {
  it.each([
    ["no SMTP_URL", {}, { via: "file" }],
    ["a blank SMTP_URL", { SMTP_URL: "  " }, { via: "file" }],
    [
      "smtp with credentials and the default sender",
      { SMTP_URL: "smtp://mailer:pa%40ss@mail.example.com:587" },
      { via: "smtp", url: "smtp://mailer:pa%40ss@mail.example.com:587", from: "Attribution <no-reply@attribution.example.com>", server: "smtp://mail.example.com:587" },
    ],
    [
      "smtps and a sender of its own",
      { SMTP_URL: "smtps://mail.example.com", MAIL_FROM: " Reports <reports@example.com> " },
      { via: "smtp", url: "smtps://mail.example.com", from: "Reports <reports@example.com>", server: "smtps://mail.example.com" },
    ],
    [
      "a bare sender address",
      { SMTP_URL: "smtp://mail.example.com:25", MAIL_FROM: "reports@example.com" },
      { via: "smtp", url: "smtp://mail.example.com:25", from: "reports@example.com", server: "smtp://mail.example.com:25" },
    ],
  ])("%s", (_, env, expected) => {
    expect(mailSettingsOf(env, publicUrl)).toEqual(expected);
  });

  it.each([
    ["an http URL", { SMTP_URL: "http://mailer:hunter2@mail.example.com" }, "SMTP_URL must start with smtp:// or smtps://"],
    ["not a URL", { SMTP_URL: "hunter2@mail.example.com:587" }, "SMTP_URL is not a URL"],
    ["no host", { SMTP_URL: "smtp://mailer:hunter2@" }, "SMTP_URL"],
    ["a sender without an address", { SMTP_URL: "smtp://mailer:hunter2@mail.example.com", MAIL_FROM: "Reports" }, "MAIL_FROM is not an address"],
    ["a sender over two lines", { SMTP_URL: "smtp://mailer:hunter2@mail.example.com", MAIL_FROM: "a@example.com\r\nBcc: b@example.com" }, "MAIL_FROM"],
  ])("refuses %s, without repeating the password", (_, env, words) => {
    const settings = mailSettingsOf(env, publicUrl);
    expect(settings).toEqual({ refused: expect.stringContaining(words) });
    expect(JSON.stringify(settings)).not.toContain("hunter2");
  });
});

describe("the mail's text", () => {
  const message: OutboxMessage = {
    to: "ada@example.org",
    subject: "Reset your password",
    link: "http://app.test/reset-password/0123456789abcdef0123456789abcdef?email=ada%40example.org&x=<b>",
    at: "2025-06-02T09:00:00.000Z",
  };

  it("says what it is and holds the link, in plain text and in HTML with the link escaped", () => {
    const mail = composedMail(message);
    expect(mail.subject).toBe("Reset your password");
    expect(mail.text.split("\n")[0]).toBe("Reset your password");
    expect(mail.text).toContain("Open this link to continue on Attribution at http://app.test:");
    expect(mail.text).toContain(`\n${message.link}\n`);
    expect(mail.html).toContain(
      '<a href="http://app.test/reset-password/0123456789abcdef0123456789abcdef?email=ada%40example.org&amp;x=&lt;b&gt;">',
    );
    expect(mail.html).not.toContain("<b>");
  });

  it.each([
    ["ada@Example.ORG", "example.org"],
    ["a@b@c.example", "c.example"],
    ["nobody", "(no domain)"],
  ])("logs %s as the domain %s", (to, domain) => {
    expect(recipientDomainOf(to)).toBe(domain);
  });
});

describe("the outbox file (no SMTP_URL)", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "outbox-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("appends the message with its link to DATA_DIR/outbox.jsonl, and logs only the domain and the subject", async () => {
    const log = recordingLog();
    const opened = openOutbox({ via: "file" }, { dataDir, log });
    const link = "http://app.test/reset-password/fedcba9876543210fedcba9876543210?email=ada%40example.org";
    opened.outbox.send({ to: "ada@example.org", subject: "Reset your password", link, at: "2025-06-02T09:00:00.000Z" });
    const path = join(dataDir, "outbox.jsonl");
    expect(readFileSync(path, "utf8")).toBe(
      `${JSON.stringify({ to: "ada@example.org", subject: "Reset your password", link, at: "2025-06-02T09:00:00.000Z" })}\n`,
    );
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(opened.destination).toBe(`the outbox file ${path}`);
    expect(log.records).toEqual([
      { level: "info", message: "mail written to the outbox file", fields: { toDomain: "example.org", subject: "Reset your password" } },
    ]);
    for (const secret of ["fedcba9876543210", "reset-password/", "ada@example.org"]) expect(log.text()).not.toContain(secret);
    await opened.drain(1000);
  });
});
