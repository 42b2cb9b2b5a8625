// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createActor, type EventObject } from "xstate";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { afterEach, describe, expect, it } from "vitest";
import type { LoginResponse } from "../../../src/domain/access/auth";
import type { FirstAdminRequest, SetupStatus } from "../../../src/domain/access/firstRun";
import { firstRunMachine } from "../../../src/machines/access/firstRun.machine";
import type { ApiContext } from "../../../src/services/http/http";
import { ClientError } from "../../../src/services/http/httpErrors";
import { FirstRunNotice } from "../../../src/views/access/FirstRunCheck";
import { FirstRunScreen } from "../../../src/views/access/FirstRunPage";
import { controlled } from "../../machines/support";
import { httpErrors, recordingSessionActor } from "../../model/fixtures";

afterEach(cleanup);

const admin: LoginResponse = { token: "tok-admin", user: { id: 1, username: "ada", email: "ada@example.org", is_admin: true }, programs: [] };

const open = () => {
  const received: EventObject[] = [];
  const status = controlled<SetupStatus, { api: ApiContext }>();
  const create = controlled<LoginResponse, { api: ApiContext; body: FirstAdminRequest }>();
  const firstRun = createActor(firstRunMachine.provide({ actors: { setupStatus: status.logic, createFirstAdmin: create.logic } }), {
    input: { session: recordingSessionActor((e) => received.push(e), { token: null }) },
  }).start();
  return { firstRun, status, create, received };
};

const fill = (values: { name: string; email: string; password: string; confirm: string }) => {
  fireEvent.change(screen.getByLabelText("Name"), { target: { value: values.name } });
  fireEvent.change(screen.getByLabelText("Email"), { target: { value: values.email } });
  fireEvent.change(screen.getByLabelText("Password"), { target: { value: values.password } });
  fireEvent.change(screen.getByLabelText("Retype password"), { target: { value: values.confirm } });
  fireEvent.click(screen.getByRole("button", { name: "Create administrator" }));
};

const good = { name: "Ada", email: "ada@example.org", password: "correct horse battery", confirm: "correct horse battery" };

describe("the first-run screen", () => {
  it("says it is checking, then shows the form, and sends what was typed", async () => {
    const t = open();
    render(<FirstRunScreen firstRun={t.firstRun} />);
    expect(screen.getByText("Checking this server…")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Create administrator" })).toBeNull();
    await act(() => t.status.resolve({ needed: true, exposed_demo: false }));
    expect(screen.getByRole("heading", { name: "Create the first administrator" })).toBeTruthy();
    fill(good);
    expect((screen.getByRole("button", { name: "Create administrator" }) as HTMLButtonElement).disabled).toBe(true);
    expect(t.create.calls.map((c) => c.body)).toEqual([{ name: "Ada", email: "ada@example.org", password: "correct horse battery" }]);
    await act(() => t.create.resolve(admin));
    expect(t.received).toEqual([{ type: "session.signedIn", token: "tok-admin", user: admin.user, programs: [] }]);
  });

  it("shows the form's own problem, then the server's words for a common password", async () => {
    const t = open();
    render(<FirstRunScreen firstRun={t.firstRun} />);
    await act(() => t.status.resolve({ needed: true, exposed_demo: false }));
    fill({ ...good, password: "short", confirm: "short" });
    expect(screen.getByRole("alert").textContent).toBe("Use at least 12 characters");
    expect(t.create.calls).toEqual([]);
    fill(good);
    await act(() =>
      t.create.reject(new ClientError({ status: 400, code: "password_common", message: "This password is one of the most common ones; choose another", path: "/auth/setup" })),
    );
    expect(screen.getByRole("alert").textContent).toBe("This password is one of the most common ones; choose another");
  });

  it("sends the person to sign in when the server was set up meanwhile", async () => {
    const t = open();
    render(<FirstRunScreen firstRun={t.firstRun} />);
    await act(() => t.status.resolve({ needed: true, exposed_demo: false }));
    fill(good);
    await act(() => t.create.reject(new ClientError({ status: 409, code: "setup_done", message: "done", path: "/auth/setup" })));
    expect(screen.getByText("This server already has an administrator. Sign in instead.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to the login page" }).getAttribute("href")).toBe("/login");
    expect(screen.queryByLabelText("Password")).toBeNull();
  });

  it("offers Try again when the server cannot be asked", async () => {
    const t = open();
    render(<FirstRunScreen firstRun={t.firstRun} />);
    await act(() => t.status.reject(httpErrors.network));
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(t.status.calls).toHaveLength(2);
    expect(screen.getByText("Checking this server…")).toBeTruthy();
  });
});

describe("the login page's first-run check", () => {
  const renderNotice = (firstRun: ReturnType<typeof open>["firstRun"]) => {
    const location = memoryLocation({ path: "/login", record: true });
    render(
      <Router hook={location.hook}>
        <FirstRunNotice check={firstRun} />
      </Router>,
    );
    return location;
  };

  it("warns in red that a demo reachable from other machines has demo sign-ins", async () => {
    const t = open();
    renderNotice(t.firstRun);
    expect(screen.queryByRole("alert")).toBeNull();
    await act(() => t.status.resolve({ needed: false, exposed_demo: true }));
    const warning = screen.getByRole("alert");
    expect(warning.textContent).toBe("This demo server is reachable from other machines and has demo sign-ins: anyone who can reach it can sign in.");
    expect(warning.className).toContain("is-danger");
  });

  it("says nothing for a server set up and reachable from this machine only", async () => {
    const t = open();
    const location = renderNotice(t.firstRun);
    await act(() => t.status.resolve({ needed: false, exposed_demo: false }));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(location.history).toEqual(["/login"]);
  });

  it("opens the first-run screen when the server has no account", async () => {
    const t = open();
    const location = renderNotice(t.firstRun);
    await act(() => t.status.resolve({ needed: true, exposed_demo: false }));
    expect(location.history.at(-1)).toBe("/setup");
  });
});
