// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createActor } from "xstate";
import { afterEach, describe, expect, it } from "vitest";
import type { LoginRequest, LoginResponse } from "../../../src/domain/access/auth";
import { signInMachine } from "../../../src/machines/access/signIn.machine";
import type { ApiContext } from "../../../src/services/http/http";
import { SignInFields } from "../../../src/views/access/LoginPage";
import { controlled } from "../../machines/support";
import { httpErrors, recordingSessionActor } from "../../model/fixtures";

afterEach(cleanup);

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
});
