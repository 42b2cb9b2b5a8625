import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailSettingsOf, openOutbox, type OpenedOutbox } from "../../../server/outbox/mailSettings";
import type { OutboxMessage } from "../../../server/outbox/outbox";
import { recordingLog, type RecordingLog } from "../../support/recordingLog";
import { startSmtpCatcher, type SmtpCatcher } from "../../support/smtpCatcher";
import { StepScheduler } from "../../support/stepScheduler";

const token = "5f0c3a9e1b7d4c2a8e6f0b1d3c5a7e9f";
const credentials = { user: "mailer", pass: "s3cret-Pa55" };
const resetFor = (to: string): OutboxMessage => ({
  to,
  subject: "Reset your password",
  link: `http://app.test/reset-password/${token}?email=${encodeURIComponent(to)}`,
  at: "2025-06-02T09:00:00.000Z",
});

/** The outbox main.ts would open for SMTP_URL, with the test's log and retry scheduler. */
const smtpOutbox = (url: string): { mail: OpenedOutbox; log: RecordingLog; scheduler: StepScheduler } => {
  const settings = mailSettingsOf({ SMTP_URL: url, MAIL_FROM: "Attribution <mail@app.test>" }, "http://app.test");
  if ("refused" in settings) throw new Error(settings.refused);
  const log = recordingLog();
  const scheduler = new StepScheduler();
  return { mail: openOutbox(settings, { dataDir: "unused", log, scheduler }), log, scheduler };
};

/** What no log line may hold: the link, its token, the full address, the mail server's credentials. */
const expectNoSecrets = (log: RecordingLog, to: string): void => {
  const text = log.text();
  for (const secret of [token, "reset-password/", to, credentials.user, credentials.pass]) expect(text).not.toContain(secret);
};

describe("mail over SMTP (a local catcher)", () => {
  let withAuth: SmtpCatcher;
  let open: SmtpCatcher;
  beforeAll(async () => {
    [withAuth, open] = await Promise.all([startSmtpCatcher(credentials), startSmtpCatcher()]);
  });
  afterAll(() => Promise.all([withAuth.close(), open.close()]));

  it.each([
    ["a mail server that asks for credentials", () => withAuth],
    ["a mail server without AUTH", () => open],
  ])("delivers a reset mail with its link from MAIL_FROM to %s", async (_, catcher) => {
    const { mail, log } = smtpOutbox(catcher().url);
    const arrived = catcher().nextMail();
    mail.outbox.send(resetFor("ada@example.org"));
    const caught = await arrived;
    expect(caught.from).toBe("mail@app.test");
    expect(caught.to).toEqual(["ada@example.org"]);
    expect(caught.subject).toBe("Reset your password");
    expect(caught.text).toContain("Reset your password");
    expect(caught.text).toContain(`http://app.test/reset-password/${token}?email=ada%40example.org`);
    await mail.idle();
    expect(log.records).toEqual([{ level: "info", message: "mail sent", fields: { toDomain: "example.org", subject: "Reset your password", attempts: 1 } }]);
    expectNoSecrets(log, "ada@example.org");
    await mail.drain(1000);
  });

  it("delivers once after two 4xx answers, on the retry delays of the injected scheduler", async () => {
    const { mail, log, scheduler } = smtpOutbox(open.url);
    const before = open.mails.length;
    open.refuseNext(451, 451);
    mail.outbox.send(resetFor("bob@example.net"));
    await mail.idle();
    expect(scheduler.waiting).toEqual([20_000]);
    scheduler.runNext();
    await mail.idle();
    expect(scheduler.waiting).toEqual([40_000]);
    expect(open.mails.length).toBe(before);
    const arrived = open.nextMail();
    scheduler.runNext();
    await mail.idle();
    expect((await arrived).to).toEqual(["bob@example.net"]);
    expect(open.mails.length).toBe(before + 1);
    expect(scheduler.waiting).toEqual([]);
    expect(log.records.map((r) => [r.message, r.fields.responseCode, r.fields.attempts])).toEqual([
      ["mail not delivered yet; trying again", 451, 1],
      ["mail not delivered yet; trying again", 451, 2],
      ["mail sent", undefined, 3],
    ]);
    expectNoSecrets(log, "bob@example.net");
    await mail.drain(1000);
  });

  it.each([
    ["a 550 for the recipient", () => open.url, () => open.refuseNext(550), 550],
    ["a 535 for wrong credentials", () => withAuth.url.replace(credentials.pass, "wrong-Pa55"), () => {}, 535],
  ])("does not retry %s, and logs it without the link", async (_, url, refuse, responseCode) => {
    const { mail, log, scheduler } = smtpOutbox(url());
    refuse();
    const before = open.mails.length + withAuth.mails.length;
    mail.outbox.send(resetFor("cy@example.com"));
    await mail.idle();
    expect(scheduler.waiting).toEqual([]);
    expect(open.mails.length + withAuth.mails.length).toBe(before);
    expect(log.records).toEqual([
      {
        level: "error",
        message: "mail refused by the mail server; not retried",
        fields: expect.objectContaining({ toDomain: "example.com", subject: "Reset your password", attempts: 1, responseCode }),
      },
    ]);
    expectNoSecrets(log, "cy@example.com");
    await mail.drain(1000);
  });
});
