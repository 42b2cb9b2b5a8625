// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { createActor, fromPromise, type EventObject } from "xstate";
import { afterEach, describe, expect, it } from "vitest";
import type { PasswordChange, ProfileChange } from "../../../src/domain/account/accountProfile";
import { accountProfileMachine } from "../../../src/machines/account/accountProfile.machine";
import type { ApiContext } from "../../../src/services/http/http";
import { ClientError } from "../../../src/services/http/httpErrors";
import { AccountProfileScreen } from "../../../src/views/account/AccountProfilePage";
import { alice, ok, quietSessionScopeListener, recordingSessionActor } from "../../model/fixtures";
import { settle } from "../viewSupport";

afterEach(cleanup);


const openScreen = (failures: { profile?: unknown; password?: unknown } = {}) => {
  const profiles: ProfileChange[] = [];
  const passwords: PasswordChange[] = [];
  const received: EventObject[] = [];
  const actor = createActor(
    accountProfileMachine.provide({
      actors: {
        sessionScopeListener: quietSessionScopeListener,
        changeProfile: fromPromise(async ({ input }: { input: { api: ApiContext; body: ProfileChange } }) => {
          profiles.push(input.body);
          if (failures.profile) throw failures.profile;
          return { user: { ...alice, ...input.body } };
        }),
        changePassword: fromPromise(async ({ input }: { input: { api: ApiContext; body: PasswordChange } }) => {
          passwords.push(input.body);
          if (failures.password) throw failures.password;
          return ok;
        }),
        signOutEverywhere: fromPromise(async () => ok),
      },
    }),
    { input: { session: recordingSessionActor((e) => received.push(e)) } },
  ).start();
  render(<AccountProfileScreen screen={actor} />);
  return { actor, profiles, passwords, received };
};

const section = (name: string) => screen.getByRole("region", { name });
const type = (form: HTMLElement, label: string, value: string) => fireEvent.change(within(form).getByLabelText(label), { target: { value } });

describe("AccountProfileScreen", () => {
  it("shows the account's name and email and saves a change, saying so", async () => {
    const { profiles } = openScreen();
    const profile = section("Name and email");
    expect(within(profile).getByLabelText("Name")).toHaveProperty("value", "alice");
    expect(within(profile).getByLabelText("Email")).toHaveProperty("value", "alice@example.com");
    type(profile, "Name", "Alicia");
    type(profile, "Email", "alicia@example.com");
    fireEvent.click(within(profile).getByRole("button", { name: "Save" }));
    await settle();
    expect(profiles).toEqual([{ username: "alicia", email: "alicia@example.com" }]);
    expect(within(profile).getByRole("status").textContent).toBe("Your name and email have been saved.");
    expect(within(profile).getByLabelText("Name")).toHaveProperty("value", "alicia");
  });

  it("says an email another account has, beside the email form only", async () => {
    openScreen({ profile: new ClientError({ status: 409, code: "email_taken", message: "HTTP 409", path: "/account/profile" }) });
    fireEvent.click(within(section("Name and email")).getByRole("button", { name: "Save" }));
    await settle();
    expect(within(section("Name and email")).getByRole("alert").textContent).toBe("That email is already used by another account.");
    expect(within(section("Change password")).queryByRole("alert")).toBeNull();
  });

  it("refuses two different new passwords with the reset's words and sends nothing", async () => {
    const { passwords } = openScreen();
    const form = section("Change password");
    type(form, "Current password", "old-secret");
    type(form, "New password", "n3w-secret");
    type(form, "Retype password", "other-secret");
    fireEvent.click(within(form).getByRole("button", { name: "Change password" }));
    await settle();
    expect(within(form).getByRole("alert").textContent).toBe("These passwords don't match. Please ensure both fields match.");
    expect(passwords).toEqual([]);
  });

  it("sends the keep-this-session choice as ticked, and says the change", async () => {
    const { passwords, received } = openScreen();
    const form = section("Change password");
    expect(within(form).getByLabelText("Keep me signed in on this device")).toHaveProperty("checked", true);
    type(form, "Current password", "old-secret");
    type(form, "New password", "n3w-secret");
    type(form, "Retype password", "n3w-secret");
    fireEvent.click(within(form).getByRole("button", { name: "Change password" }));
    await settle();
    expect(passwords).toEqual([{ current_password: "old-secret", password: "n3w-secret", confirm_password: "n3w-secret", keep_this_session: true }]);
    expect(within(form).getByRole("status").textContent).toBe("Your password has been changed. You have been signed out everywhere else.");
    expect(received).toEqual([]);
  });

  it("unticked, the change signs this session out too", async () => {
    const { passwords, received } = openScreen();
    const form = section("Change password");
    fireEvent.click(within(form).getByLabelText("Keep me signed in on this device"));
    type(form, "Current password", "old-secret");
    type(form, "New password", "n3w-secret");
    type(form, "Retype password", "n3w-secret");
    fireEvent.click(within(form).getByRole("button", { name: "Change password" }));
    await settle();
    expect(passwords[0]?.keep_this_session).toBe(false);
    expect(received).toEqual([{ type: "session.signOutRequested" }]);
  });

  it("says a wrong current password", async () => {
    openScreen({ password: new ClientError({ status: 400, code: "wrong_current_password", message: "HTTP 400", path: "/account/password" }) });
    const form = section("Change password");
    type(form, "Current password", "not-it");
    type(form, "New password", "n3w-secret");
    type(form, "Retype password", "n3w-secret");
    fireEvent.click(within(form).getByRole("button", { name: "Change password" }));
    await settle();
    expect(within(form).getByRole("alert").textContent).toBe("Your current password is not correct.");
  });

  it("signs out everywhere with its button", async () => {
    const { received } = openScreen();
    fireEvent.click(within(section("Sign out everywhere")).getByRole("button", { name: "Sign out everywhere" }));
    await settle();
    expect(received).toEqual([{ type: "session.signOutRequested" }]);
  });
});
