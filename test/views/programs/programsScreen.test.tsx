// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { createActor, fromPromise } from "xstate";
import { afterEach, describe, expect, it } from "vitest";
import type { AdminProgram, AdminProgramAnswer, AdminProgramList } from "../../../src/domain/programs/programAdmin";
import type { ProgramList } from "../../../src/domain/shell/program";
import { programAdminMachine, type SaveCall } from "../../../src/machines/programs/programAdmin.machine";
import { ProgramsScreen } from "../../../src/views/programs/ProgramsPage";
import { quietSessionScopeListener, recordingSessionActor, northwindAdminProgram } from "../../model/fixtures";
import { settle } from "../viewSupport";

afterEach(cleanup);


const northwind = northwindAdminProgram;
const lumen: AdminProgram = { ...northwind, id: 2, code: "lumen", name: "Lumen", currency: "EUR", time_zone: "Europe/Berlin", lookback_days: 30, archived: true };

const openScreen = async (programs: ReadonlyArray<AdminProgram>) => {
  const saves: Array<SaveCall> = [];
  const actor = createActor(
    programAdminMachine.provide({
      actors: {
        sessionScopeListener: quietSessionScopeListener,
        loadPrograms: fromPromise(async (): Promise<AdminProgramList> => ({ data: programs })),
        saveProgram: fromPromise(async ({ input }: { input: SaveCall }): Promise<AdminProgramAnswer> => {
          saves.push(input);
          return { data: { ...northwind, id: 3, code: "acme-eu", name: "Acme Europe" } };
        }),
        loadMenuPrograms: fromPromise(async (): Promise<ProgramList> => ({ data: [] })),
      },
    }),
    { input: { session: recordingSessionActor(() => undefined) } },
  ).start();
  render(<ProgramsScreen screen={actor} />);
  await settle();
  return { actor, saves };
};

const rowOf = (name: string) =>
  within(screen.getByRole("table", { name: "Programs" }))
    .getAllByRole("row")
    .find((row) => row.textContent?.includes(name));

describe("ProgramsScreen", () => {
  it("lists each program with its fields and status, linking an active one to its write keys and data sources", async () => {
    await openScreen([northwind, lumen]);
    const headers = within(screen.getByRole("table", { name: "Programs" })).getAllByRole("columnheader").map((h) => h.textContent);
    expect(headers).toEqual(["Name", "Code", "Currency", "Time zone", "Attribution model", "Lookback", "Status", "Actions"]);
    expect(rowOf("Northwind")?.textContent).toContain("Position based");
    expect(rowOf("Northwind")?.textContent).toContain("1 day");
    expect(rowOf("Lumen")?.textContent).toContain("Archived");
    const link = screen.getByRole("link", { name: "Write keys and data sources of Northwind" });
    expect(link.getAttribute("href")).toBe("/account/data-sources?program=northwind");
    expect(screen.queryByRole("link", { name: "Write keys and data sources of Lumen" })).toBeNull();
    expect(screen.getByRole("button", { name: "Unarchive Lumen" })).toBeTruthy();
  });

  it("says there are no programs yet, and creates the first after showing each field's problem", async () => {
    const { saves } = await openScreen([]);
    expect(screen.getByRole("status").textContent).toBe("There are no programs yet. Create the first one.");
    fireEvent.click(screen.getByRole("button", { name: "Create program" }));
    const models = within(screen.getByLabelText("Attribution model")).getAllByRole("option");
    expect(models.map((option) => option.textContent)).toEqual(["Linear", "Position based", "Time decay", "Markov", "Shapley"]);
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(screen.getByLabelText("Name").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Enter the program's name")).toBeTruthy();
    expect(saves).toEqual([]);
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Acme Europe" } });
    fireEvent.change(screen.getByLabelText("Code"), { target: { value: "acme-eu" } });
    fireEvent.change(screen.getByLabelText("Time zone"), { target: { value: "Europe/Berlin" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await settle();
    expect(saves[0]?.body).toMatchObject({ name: "Acme Europe", code: "acme-eu", currency: "EUR", time_zone: "Europe/Berlin" });
    expect(screen.getByText("Acme Europe was created.")).toBeTruthy();
    expect(rowOf("Acme Europe")).toBeTruthy();
  });

  it("offers a data-driven model's level with markov and shapley, and the Markov order with markov only", async () => {
    const { saves } = await openScreen([]);
    fireEvent.click(screen.getByRole("button", { name: "Create program" }));
    expect(screen.queryByLabelText("Model fitted at")).toBeNull();
    expect(screen.queryByLabelText("Markov order")).toBeNull();
    fireEvent.change(screen.getByLabelText("Attribution model"), { target: { value: "shapley" } });
    expect(within(screen.getByLabelText("Model fitted at")).getAllByRole("option").map((o) => o.textContent)).toEqual(["Taxonomy 1", "Taxonomy 2"]);
    expect(screen.queryByLabelText("Markov order")).toBeNull();
    fireEvent.change(screen.getByLabelText("Attribution model"), { target: { value: "markov" } });
    fireEvent.change(screen.getByLabelText("Model fitted at"), { target: { value: "taxonomy_2" } });
    fireEvent.change(screen.getByLabelText("Markov order"), { target: { value: "3" } });
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Acme Europe" } });
    fireEvent.change(screen.getByLabelText("Code"), { target: { value: "acme-eu" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await settle();
    expect(saves[0]?.body).toMatchObject({ attribution_model: "markov", model_level: "taxonomy_2", markov_order: 3 });
  });

  it("asks before archiving, and Cancel changes nothing", async () => {
    const { actor } = await openScreen([northwind]);
    fireEvent.click(screen.getByRole("button", { name: "Archive Northwind" }));
    expect(screen.getByRole("dialog", { name: "Archive this program?" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(actor.getSnapshot().matches({ ready: "idle" })).toBe(true);
  });
});
