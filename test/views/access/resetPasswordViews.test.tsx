// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createActor } from "xstate";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { afterEach, describe, expect, it } from "vitest";
import type { Ok, PasswordReset } from "../../../src/domain/access/auth";
import { resetPasswordMachine } from "../../../src/machines/access/resetPassword.machine";
import type { ApiContext } from "../../../src/services/http/http";
import { ResetPasswordForm } from "../../../src/views/access/ResetPasswordPage";
import { controlled } from "../../machines/support";
import { ok, sessionOf } from "../../model/fixtures";

afterEach(cleanup);

const open = () => {
  const validate = controlled<Ok, { api: ApiContext; token: string; email: string }>();
  const reset = controlled<Ok, { api: ApiContext; body: PasswordReset }>();
  const actor = createActor(resetPasswordMachine.provide({ actors: { validateLink: validate.logic, resetPassword: reset.logic } }), {
    input: { session: sessionOf(), token: "tok-123", email: "alice@example.com" },
  }).start();
  render(
    <Router hook={memoryLocation({ path: "/reset-password/tok-123" }).hook}>
      <ResetPasswordForm reset={actor} email="alice@example.com" />
    </Router>,
  );
  return { validate, reset };
};

const submit = (password: string, confirm: string) => {
  fireEvent.change(screen.getByLabelText("New password"), { target: { value: password } });
  fireEvent.change(screen.getByLabelText("Retype password"), { target: { value: confirm } });
  fireEvent.click(screen.getByRole("button", { name: "Submit" }));
};

/** The field's problem: the text of what its aria-describedby names, and whether it is marked invalid. */
const problemOf = (label: string) => {
  const field = screen.getByLabelText(label);
  const described = field.getAttribute("aria-describedby");
  return { invalid: field.getAttribute("aria-invalid"), says: described === null ? null : (document.getElementById(described)?.textContent ?? null) };
};

describe("the set-new-password page", () => {
  it("checks the link, then says each field's own problem under it and sends only a good pair", async () => {
    const t = open();
    expect(screen.getByRole("status").textContent).toBe("Checking your link…");
    await act(() => t.validate.resolve(ok));
    expect(screen.queryByText("Checking your link…")).toBeNull();
    submit("short", "short");
    expect(problemOf("New password")).toEqual({ invalid: "true", says: "Use at least 8 characters" });
    expect(problemOf("Retype password")).toEqual({ invalid: "false", says: null });
    submit("n3w-secret", "n3w-secreT");
    expect(problemOf("New password")).toEqual({ invalid: "false", says: null });
    expect(problemOf("Retype password")).toEqual({ invalid: "true", says: "These passwords don't match. Please ensure both fields match." });
    expect(t.reset.calls).toEqual([]);
    submit("n3w-secret", "n3w-secret");
    expect(t.reset.calls).toHaveLength(1);
  });
});
