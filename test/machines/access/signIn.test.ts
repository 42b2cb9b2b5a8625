import { SimulatedClock, createActor, type EventObject } from "xstate";
import { describe, expect, it } from "vitest";
import type { LoginRequest, LoginResponse, MeResponse } from "../../../src/domain/access/auth";
import { sessionMachine } from "../../../src/machines/shell/session.machine";
import { signInMachine, signInSelectors as sel, type SignInInput } from "../../../src/machines/access/signIn.machine";
import type { ApiContext } from "../../../src/services/http/http";
import { api, httpErrors, loginResponse, profile, recordingSessionActor } from "../../model/fixtures";
import { controlled } from "../support";

const recordingSession = () => {
  const received: EventObject[] = [];
  const ref = recordingSessionActor((e) => received.push(e), { token: null });
  return { ref, received };
};

const setup = (session: SignInInput["session"] = recordingSession().ref) => {
  const login = controlled<LoginResponse, { api: ApiContext; body: LoginRequest }>();
  const actor = createActor(signInMachine.provide({ actors: { login: login.logic } }), { clock: new SimulatedClock(), input: { session } }).start();
  return { actor, login };
};

const submit = { type: "signIn.submitted", username: " alice ", password: "secret" } as const;

describe("signIn machine", () => {
  it("on success tells the session it was given, with token, user and programs", async () => {
    const session = recordingSession();
    const { actor, login } = setup(session.ref);
    actor.send(submit);
    expect(sel.isSubmitting(actor.getSnapshot())).toBe(true);
    expect(login.calls).toEqual([{ api, body: { username: "alice", password: "secret" } }]);
    expect(sel.username(actor.getSnapshot())).toBe("alice");
    await login.resolve(loginResponse);
    expect(sel.isSignedIn(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().status).toBe("done");
    expect(session.received).toEqual([{ type: "session.signedIn", token: "tok-1", user: loginResponse.user, programs: loginResponse.programs }]);
  });

  it("signs the real session in, ready at once on the answer's programs (no profile call: the report's calls go out with the answer)", async () => {
    const loadProfile = controlled<MeResponse, ApiContext>();
    const session = createActor(sessionMachine.provide({ actors: { loadProfile: loadProfile.logic } }), { input: {} }).start();
    const { actor, login } = setup(session);
    actor.send(submit);
    await login.resolve(loginResponse);
    expect(session.getSnapshot().value).toEqual({ signedIn: "ready" });
    expect(session.getSnapshot().context.token).toBe("tok-1");
    expect(session.getSnapshot().context.programs).toEqual(profile.programs);
    expect(loadProfile.calls).toEqual([]);
    session.stop();
  });

  it("calls the API base URL the session has now, also after it is changed on the login page", async () => {
    const loadProfile = controlled<MeResponse, ApiContext>();
    const session = createActor(sessionMachine.provide({ actors: { loadProfile: loadProfile.logic } }), { input: {} }).start();
    const { actor, login } = setup(session);
    session.send({ type: "session.apiBaseUrlChanged", url: "https://api.example.com/v1/" });
    actor.send(submit);
    expect(login.calls).toEqual([{ api: { baseUrl: "https://api.example.com/v1", token: null }, body: { username: "alice", password: "secret" } }]);
    session.stop();
  });

  it("401 opens the failure alert (not throttled)", async () => {
    const session = recordingSession();
    const { actor, login } = setup(session.ref);
    actor.send(submit);
    await login.reject(httpErrors.wrongCredentials);
    expect(sel.hasFailed(actor.getSnapshot())).toBe(true);
    expect(sel.isThrottled(actor.getSnapshot())).toBe(false);
    expect(session.received).toEqual([]);
  });

  it("429 opens the alert as throttled", async () => {
    const { actor, login } = setup();
    actor.send(submit);
    await login.reject(httpErrors.throttled);
    expect(actor.getSnapshot().value).toEqual({ failed: "throttled" });
    expect(sel.isThrottled(actor.getSnapshot())).toBe(true);
  });

  it.each([
    ["500", httpErrors.server],
    ["network", httpErrors.network],
    ["403", httpErrors.forbidden],
    ["404", httpErrors.notFound],
    ["422", httpErrors.unprocessable],
  ])("%s goes back to editing without the alert (the global dialog speaks)", async (_l, error) => {
    const session = recordingSession();
    const { actor, login } = setup(session.ref);
    actor.send(submit);
    await login.reject(error);
    expect(actor.getSnapshot().value).toBe("editing");
    expect(sel.hasFailed(actor.getSnapshot())).toBe(false);
    expect(session.received).toEqual([]);
  });

  it("the alert closes only with signIn.alertClosed", async () => {
    const { actor, login } = setup();
    actor.send(submit);
    await login.reject(httpErrors.wrongCredentials);
    actor.send(submit);
    expect(actor.getSnapshot().value).toEqual({ failed: "wrongCredentials" });
    expect(login.calls).toHaveLength(1);
    actor.send({ type: "signIn.alertClosed" });
    expect(actor.getSnapshot().value).toBe("editing");
    actor.send(submit);
    expect(login.calls).toHaveLength(2);
  });

  it("a wrong password after throttling shows the plain alert", async () => {
    const { actor, login } = setup();
    actor.send(submit);
    await login.reject(httpErrors.throttled);
    actor.send({ type: "signIn.alertClosed" });
    actor.send(submit);
    await login.reject(httpErrors.wrongCredentials);
    expect(sel.isThrottled(actor.getSnapshot())).toBe(false);
  });

  it.each([
    ["a blank username", { username: "   ", password: "secret" }],
    ["an empty password", { username: "alice", password: "" }],
  ])("ignores %s", (_l, fields) => {
    const { actor, login } = setup();
    actor.send({ type: "signIn.submitted", ...fields });
    expect(actor.getSnapshot().value).toBe("editing");
    expect(login.calls).toEqual([]);
  });

  it("alertClosed while editing changes nothing", () => {
    const { actor } = setup();
    actor.send({ type: "signIn.alertClosed" });
    expect(actor.getSnapshot().value).toBe("editing");
  });
});
