import { SimulatedClock, createActor } from "xstate";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Ok } from "../../../src/domain/access/auth";
import type { ApiContext } from "../../../src/services/http/http";
import { recoverPasswordMachine, recoverPasswordSelectors as sel } from "../../../src/machines/access/recoverPassword.machine";
import { api, httpErrors, ok, sessionOf } from "../../model/fixtures";
import { controlled } from "../support";

const setup = () => {
  const clock = new SimulatedClock();
  const requestReset = controlled<Ok, { api: ApiContext; email: string }>();
  const redirectToLogin = vi.fn();
  const logFailure = vi.fn();
  const actor = createActor(
    recoverPasswordMachine.provide({ actors: { requestReset: requestReset.logic }, actions: { redirectToLogin, logFailure } }),
    { clock, input: { session: sessionOf() } },
  ).start();
  return { actor, clock, requestReset, redirectToLogin, logFailure };
};

afterEach(() => vi.restoreAllMocks());

describe("recoverPassword machine", () => {
  it("sends the trimmed email once, confirms, and redirects to /login after exactly 4000 ms", async () => {
    const { actor, clock, requestReset, redirectToLogin } = setup();
    actor.send({ type: "recover.submitted", email: "  alice@example.com " });
    expect(sel.isSubmitting(actor.getSnapshot())).toBe(true);
    expect(requestReset.calls).toEqual([{ api, email: "alice@example.com" }]);

    await requestReset.resolve(ok);
    expect(actor.getSnapshot().value).toBe("submitted");
    expect(sel.isSubmitted(actor.getSnapshot())).toBe(true);
    expect(sel.showsForm(actor.getSnapshot())).toBe(false);

    clock.increment(3999);
    expect(redirectToLogin).not.toHaveBeenCalled();
    expect(actor.getSnapshot().value).toBe("submitted");
    clock.increment(1);
    expect(redirectToLogin).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().status).toBe("done");
  });

  it("on a failed request logs it, keeps the form, and redirects after 5000 ms (not 4000)", async () => {
    const { actor, clock, requestReset, redirectToLogin, logFailure } = setup();
    actor.send({ type: "recover.submitted", email: "alice@example.com" });
    await requestReset.reject(httpErrors.server);
    expect(actor.getSnapshot().value).toBe("failed");
    expect(sel.showsForm(actor.getSnapshot())).toBe(true);
    expect(logFailure).toHaveBeenCalledTimes(1);

    clock.increment(4000);
    expect(redirectToLogin).not.toHaveBeenCalled();
    clock.increment(999);
    expect(redirectToLogin).not.toHaveBeenCalled();
    clock.increment(1);
    expect(redirectToLogin).toHaveBeenCalledTimes(1);
  });

  it("logs with console.warn by default (the failure is only logged)", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const requestReset = controlled<Ok, { api: ApiContext; email: string }>();
    const actor = createActor(recoverPasswordMachine.provide({ actors: { requestReset: requestReset.logic }, actions: { redirectToLogin: () => {} } }), {
      clock: new SimulatedClock(),
      input: { session: sessionOf() },
    }).start();
    actor.send({ type: "recover.submitted", email: "alice@example.com" });
    await requestReset.reject(httpErrors.network);
    expect(warn).toHaveBeenCalledWith("Password reset request failed", httpErrors.network);
  });

  it.each([["not-an-email"], [""], ["   "], ["alice@"], ["a b@example.com"]])("ignores an invalid email %j", (email) => {
    const { actor, clock, requestReset, redirectToLogin } = setup();
    actor.send({ type: "recover.submitted", email });
    expect(actor.getSnapshot().value).toBe("editing");
    expect(requestReset.calls).toEqual([]);
    clock.increment(10_000);
    expect(redirectToLogin).not.toHaveBeenCalled();
  });

  it("ignores a second submit while the first is in flight", () => {
    const { actor, requestReset } = setup();
    actor.send({ type: "recover.submitted", email: "alice@example.com" });
    actor.send({ type: "recover.submitted", email: "bob@example.com" });
    expect(requestReset.calls).toHaveLength(1);
  });
});
