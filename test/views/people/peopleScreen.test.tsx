// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { createActor, fromPromise } from "xstate";
import { afterEach, describe, expect, it } from "vitest";
import type { Invitation, Person } from "../../../src/domain/people/people";
import type { AdminProgram } from "../../../src/domain/programs/programAdmin";
import { peopleAdminMachine, type IdCall, type SaveAnswer, type SaveCall } from "../../../src/machines/people/peopleAdmin.machine";
import type { PeopleScreenData } from "../../../src/services/people/people";
import { PeopleScreen } from "../../../src/views/people/PeoplePage";
import { quietSessionScopeListener, recordingSessionActor, northwindAdminProgram } from "../../model/fixtures";
import { settle } from "../viewSupport";

afterEach(cleanup);


const northwind = northwindAdminProgram;
const lumen: AdminProgram = { ...northwind, id: 2, code: "lumen", name: "Lumen" };
const admin: Person = { id: 2, name: "admin", email: "admin@example.com", role: "admin", programs: [], last_signed_in_at: Date.UTC(2025, 5, 2, 9, 5) };
const dana: Person = { id: 5, name: "dana", email: "dana@example.com", role: "member", programs: ["lumen"], last_signed_in_at: null };
const sam: Invitation = { id: 1, email: "sam@example.com", role: "member", programs: ["northwind"], expires_at: Date.UTC(2025, 5, 9, 9, 0) };

const openScreen = async () => {
  const saves: Array<SaveCall> = [];
  const removals: Array<IdCall> = [];
  const actor = createActor(
    peopleAdminMachine.provide({
      actors: {
        sessionScopeListener: quietSessionScopeListener,
        loadPeople: fromPromise(async (): Promise<PeopleScreenData> => ({ people: [admin, dana], invitations: [sam], programs: [northwind, lumen] })),
        savePerson: fromPromise(async ({ input }: { input: SaveCall }): Promise<SaveAnswer> => {
          saves.push(input);
          return { invitation: { id: 2, email: "new@example.com", role: "member", programs: ["lumen"], expires_at: Date.UTC(2025, 5, 9, 10, 0) } };
        }),
        removePerson: fromPromise(async ({ input }: { input: IdCall }) => {
          removals.push(input);
          return { ok: true as const };
        }),
      },
    }),
    { input: { session: recordingSessionActor(() => undefined) } },
  ).start();
  render(<PeopleScreen screen={actor} />);
  await settle();
  return { actor, saves, removals };
};

const rowOf = (table: string, text: string) =>
  within(screen.getByRole("table", { name: table }))
    .getAllByRole("row")
    .find((row) => row.textContent?.includes(text));

describe("PeopleScreen", () => {
  it("lists the people (role, programs, last sign-in) and the pending invitations with Resend and Revoke", async () => {
    await openScreen();
    const headers = within(screen.getByRole("table", { name: "People" })).getAllByRole("columnheader").map((h) => h.textContent);
    expect(headers).toEqual(["Name", "Email", "Role", "Programs", "Last sign-in", "Actions"]);
    expect(rowOf("People", "admin@example.com")?.textContent).toContain("Every program");
    expect(rowOf("People", "admin@example.com")?.textContent).toContain("2 Jun 2025 09:05 UTC");
    expect(rowOf("People", "dana@example.com")?.textContent).toContain("Lumen");
    expect(rowOf("People", "dana@example.com")?.textContent).toContain("Never");
    expect(rowOf("Pending invitations", "sam@example.com")?.textContent).toContain("Northwind");
    expect(rowOf("Pending invitations", "sam@example.com")?.textContent).toContain("9 Jun 2025 09:00 UTC");
    expect(screen.getByRole("button", { name: "Resend the invitation to sam@example.com" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Revoke the invitation to sam@example.com" })).toBeTruthy();
  });

  it("invites a member of the programs ticked, after showing the email's problem", async () => {
    const { saves } = await openScreen();
    fireEvent.click(screen.getByRole("button", { name: "Invite" }));
    fireEvent.click(screen.getByRole("button", { name: "Send invitation" }));
    expect(screen.getByLabelText("Email").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Enter a valid email address")).toBeTruthy();
    expect(saves).toEqual([]);
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "new@example.com" } });
    fireEvent.click(screen.getByRole("checkbox", { name: "Lumen" }));
    fireEvent.click(screen.getByRole("button", { name: "Send invitation" }));
    await settle();
    expect(saves[0]?.body).toEqual({ email: "new@example.com", role: "member", programs: ["lumen"] });
    expect(screen.getByText("An invitation was sent to new@example.com.")).toBeTruthy();
    expect(rowOf("Pending invitations", "new@example.com")).toBeTruthy();
  });

  it("an admin is offered no program checkboxes", async () => {
    await openScreen();
    fireEvent.click(screen.getByRole("button", { name: "Invite" }));
    expect(screen.getAllByRole("checkbox")).toHaveLength(2);
    fireEvent.change(screen.getByLabelText("Role"), { target: { value: "admin" } });
    expect(screen.queryAllByRole("checkbox")).toHaveLength(0);
  });

  it("asks before removing someone: Cancel changes nothing, Remove removes them", async () => {
    const { actor, removals } = await openScreen();
    fireEvent.click(screen.getByRole("button", { name: "Remove dana" }));
    expect(screen.getByRole("dialog", { name: "Remove this person?" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(actor.getSnapshot().matches({ ready: "idle" })).toBe(true);
    expect(removals).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: "Remove dana" }));
    fireEvent.click(within(screen.getByRole("dialog", { name: "Remove this person?" })).getByRole("button", { name: "Remove" }));
    await settle();
    expect(removals.map((r) => r.id)).toEqual([5]);
    expect(screen.getByText("dana was removed.")).toBeTruthy();
    expect(rowOf("People", "dana@example.com")).toBeUndefined();
  });
});
