// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createActor } from "xstate";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { LoginRequest, LoginResponse } from "../../../src/domain/access/auth";
import { signInMachine } from "../../../src/machines/access/signIn.machine";
import { sessionMachine } from "../../../src/machines/shell/session.machine";
import type { ApiContext } from "../../../src/services/http/http";
import { SessionEndedNotice, SignInFields } from "../../../src/views/access/LoginPage";
import { ScreenPreloadProvider } from "../../../src/views/shell/ScreenPreloadContext";
import { controlled } from "../../machines/support";
import type { MeResponse } from "../../../src/domain/access/auth";
import { alice, httpErrors, recordingSessionActor } from "../../model/fixtures";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the sign-in form", () => {
  it("after 'Okay' on the failure alert, focus is on the password field to type again, not lost on the page", async () => {
    const login = controlled<LoginResponse, { api: ApiContext; body: LoginRequest }>();
    const signIn = createActor(signInMachine.provide({ actors: { login: login.logic } }), { input: { session: recordingSessionActor(() => undefined, { token: null }) } }).start();
    render(<SignInFields signIn={signIn} />);
    fireEvent.change(screen.getByLabelText("Username"), { target: { value: "ada" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "wrong" } });
    fireEvent.click(screen.getByRole("button", { name: "Login" }));
    await act(() => login.reject(httpErrors.unauthorized));
    const alert = screen.getByRole("alertdialog");
    fireEvent.click(screen.getByRole("button", { name: "Okay" }));
    expect(alert.isConnected).toBe(false);
    expect(document.activeElement).toBe(screen.getByLabelText("Password"));
    signIn.stop();
  });

  it("starts loading the landing screen (its screen's preload, so it draws without a fallback) after the submit's next paint, not in it", async () => {
    const frames: Array<() => void> = [];
    vi.stubGlobal("requestAnimationFrame", (f: () => void) => frames.push(f));
    const login = controlled<LoginResponse, { api: ApiContext; body: LoginRequest }>();
    const signIn = createActor(signInMachine.provide({ actors: { login: login.logic } }), { input: { session: recordingSessionActor(() => undefined, { token: null }) } }).start();
    const preloaded: string[] = [];
    const preload = async (path: string) => void preloaded.push(path);
    render(<ScreenPreloadProvider value={preload}><SignInFields signIn={signIn} /></ScreenPreloadProvider>);
    fireEvent.change(screen.getByLabelText("Username"), { target: { value: "ada" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "secret" } });
    fireEvent.click(screen.getByRole("button", { name: "Login" }));
    await new Promise((r) => setTimeout(r, 0));
    expect(preloaded).toEqual([]);
    for (const frame of frames.splice(0)) frame();
    await new Promise((r) => setTimeout(r, 0));
    expect(preloaded).toEqual(["/performance"]);
    signIn.stop();
  });

  it("says 'Your session has ended' when the server ended the session (a 401), and nothing before it", async () => {
    const loadProfile = controlled<MeResponse, ApiContext>();
    const session = createActor(sessionMachine.provide({ actors: { loadProfile: loadProfile.logic } }), { input: {} }).start();
    render(<SessionEndedNotice session={session} />);
    expect(screen.queryByRole("status")).toBeNull();
    session.send({ type: "session.signedIn", token: "tok-1", user: alice });
    await act(() => loadProfile.reject(httpErrors.unauthorized));
    expect(screen.getByRole("status").textContent).toBe("Your session has ended. Please sign in again.");
    session.stop();
  });
});
