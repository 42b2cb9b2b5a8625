import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { BackgroundWork } from "../../server/http/backgroundWork";
import { mailSettingsOf, openOutbox, type OpenedOutbox } from "../../server/outbox/mailSettings";
import { openDuckDbWarehouse } from "../../server/warehouse/duckdb/duckdbWarehouse";
import type { Warehouse } from "../../server/warehouse/warehouse";
import { recordingLog } from "../support/recordingLog";
import { startSmtpCatcher, type SmtpCatcher } from "../support/smtpCatcher";
import { StepScheduler } from "../support/stepScheduler";

/**
 * The server built as main.ts builds it with SMTP_URL set: the reset mail goes to the
 * catcher over SMTP, and the request's answer never waits for the mail server. It opens
 * DuckDB by name on an empty database (the mail does not depend on the engine, so this
 * file is not run again on ClickHouse).
 */
describe("POST /api/auth/password/request-reset with SMTP_URL", () => {
  const credentials = { user: "mailer", pass: "s3cret-Pa55" };
  const ada = { name: "Ada", email: "ada@example.org", password: "correct horse battery" };
  const log = recordingLog();
  const background = new BackgroundWork(log);
  let catcher: SmtpCatcher;
  let warehouse: Warehouse;
  let mail: OpenedOutbox;
  const scheduler = new StepScheduler();
  let app: ReturnType<typeof createApp>;
  const post = async (path: string, json: unknown): Promise<Response> =>
    app.request(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(json) });

  beforeAll(async () => {
    catcher = await startSmtpCatcher(credentials);
    const clock = () => Date.UTC(2025, 5, 2, 9, 0, 0);
    warehouse = await openDuckDbWarehouse({ path: ":memory:", clock });
    const settings = mailSettingsOf({ SMTP_URL: catcher.url, MAIL_FROM: "Attribution <mail@app.test>" }, "http://app.test");
    if ("refused" in settings) throw new Error(settings.refused);
    mail = openOutbox(settings, { dataDir: "unused", log, scheduler });
    app = createApp({ warehouse, outbox: mail.outbox, clock, log, background, publicUrl: "http://app.test", passwordCost: { N: 1024, r: 8, p: 1 } });
    expect((await post("/api/auth/setup", ada)).status).toBe(200);
  });
  afterAll(async () => {
    // The mail still held gets its bounded time (the scheduler's one timer now), then its attempt is aborted.
    const drained = mail.drain(100);
    expect(scheduler.waiting).toEqual([100]);
    scheduler.runNext();
    await drained;
    await Promise.all([catcher.close(), warehouse.close()]);
  });

  it("sends the reset mail over SMTP, and its link opens the reset", async () => {
    const arrived = catcher.nextMail();
    expect((await post("/api/auth/password/request-reset", { email: "Ada@Example.org" })).status).toBe(200);
    const caught = await arrived;
    expect(caught.from).toBe("mail@app.test");
    expect(caught.to).toEqual(["ada@example.org"]);
    expect(caught.subject).toBe("Reset your password");
    const link = /http:\/\/app\.test\/reset-password\/([0-9a-f]{32})\?email=ada%40example\.org/.exec(caught.text);
    expect(link, caught.text).not.toBeNull();
    const token = link?.[1] ?? "";
    expect((await post("/api/auth/password/validate", { token, email: "ada@example.org" })).status).toBe(200);
    await mail.idle();
    const text = log.text();
    for (const secret of [token, "reset-password/", "ada@example.org", credentials.user, credentials.pass]) expect(text).not.toContain(secret);
    expect(log.messages()).toContain("mail sent");
  });

  it("answers at once while the mail server never answers", async () => {
    catcher.silent = true;
    const connectionsBefore = catcher.connections();
    const answer = await post("/api/auth/password/request-reset", { email: "ada@example.org" });
    expect(answer.status).toBe(200);
    await background.settled();
    // The mail is under way on a connection the mail server never greets: the answer did not wait for it.
    await expect.poll(() => catcher.connections()).toBe(connectionsBefore + 1);
    expect(catcher.mails).toHaveLength(1);
    expect(mail.held()).toBe(1);
  });
});
