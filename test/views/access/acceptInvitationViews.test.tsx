// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createActor, type EventObject } from "xstate";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { afterEach, describe, expect, it } from "vitest";
import type { LoginResponse } from "../../../src/domain/access/auth";
import type { InvitationAcceptance, InvitationPreview } from "../../../src/domain/people/people";
import { acceptInvitationMachine } from "../../../src/machines/access/acceptInvitation.machine";
import type { ApiContext } from "../../../src/services/http/http";
import { AcceptInvitationScreen } from "../../../src/views/access/AcceptInvitationPage";
import { controlled } from "../../machines/support";
import { acme, httpErrors, recordingSessionActor } from "../../model/fixtures";

afterEach(cleanup);

const nora: LoginResponse = { token: "tok-nora", user: { id: 9, username: "nora", email: "nora@example.org", is_admin: false }, programs: [acme] };

const open = () => {
  const received: EventObject[] = [];
  const validate = controlled<InvitationPreview, { api: ApiContext; token: string; email: string }>();
  const accept = controlled<LoginResponse, { api: ApiContext; body: InvitationAcceptance }>();
  const actor = createActor(acceptInvitationMachine.provide({ actors: { validateInvitation: validate.logic, acceptInvitation: accept.logic } }), {
    input: { session: recordingSessionActor((e) => received.push(e), { token: null }), token: "a".repeat(32), email: "nora@example.org" },
  }).start();
  render(
    <Router hook={memoryLocation({ path: "/accept-invitation/x" }).hook}>
      <AcceptInvitationScreen accept={actor} />
    </Router>,
  );
  return { validate, accept, received };
};

const fill = (password: string, confirm: string) => {
  fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Nora" } });
  fireEvent.change(screen.getByLabelText("Password"), { target: { value: password } });
  fireEvent.change(screen.getByLabelText("Retype password"), { target: { value: confirm } });
  fireEvent.click(screen.getByRole("button", { name: "Accept and sign in" }));
};

describe("the accept-invitation page", () => {
  it("checks the link, says who is invited, and signs the person in with the name and password typed", async () => {
    const t = open();
    expect(screen.getByText("Checking the invitation…")).toBeTruthy();
    await act(() => t.validate.resolve({ email: "nora@example.org", role: "member" }));
    expect(screen.getByText(/You are invited as a member with the email nora@example.org/)).toBeTruthy();
    fill("short", "short");
    expect(screen.getByRole("alert").textContent).toBe("Use at least 12 characters");
    expect(t.accept.calls).toEqual([]);
    fill("correct horse battery", "correct horse battery");
    expect(t.accept.calls.map((c) => c.body.name)).toEqual(["Nora"]);
    await act(() => t.accept.resolve(nora));
    expect(t.received).toEqual([{ type: "session.signedIn", token: "tok-nora", user: nora.user, programs: nora.programs }]);
  });

  it("says a dead link plainly, with the way to the login page", async () => {
    const t = open();
    await act(() => t.validate.reject(httpErrors.badRequest));
    expect(screen.getByRole("alert").textContent).toContain("This invitation link is wrong, expired, revoked or already used.");
    expect(screen.getByRole("link", { name: "Go to the login page" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Accept and sign in" })).toBeNull();
  });
});
