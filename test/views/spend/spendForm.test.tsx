// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createActor } from "xstate";
import { afterEach, describe, expect, it } from "vitest";
import { spendMessages } from "../../../src/domain/spend/spendForm";
import { spendFormMachine, type CreateSpendInput } from "../../../src/machines/spend/spendForm.machine";
import type { CreatedFixedCost } from "../../../src/services/spend/costs";
import { ClientError } from "../../../src/services/http/httpErrors";
import { SpendForm } from "../../../src/views/spend/SpendForm";
import { controlled } from "../../machines/support";
import { signedInApi } from "../../model/fixtures";

afterEach(cleanup);

const setup = () => {
  const create = controlled<CreatedFixedCost, CreateSpendInput>();
  const toasts: string[] = [];
  const actor = createActor(
    spendFormMachine.provide({
      actors: { createSpend: create.logic },
      actions: { notifyInvalid: (_, params: { text: string }) => void toasts.push(params.text) },
    }),
    { input: { api: signedInApi, program: "acme" } },
  ).start();
  render(<SpendForm form={actor} money={{ currency: "GBP", locale: "en-GB" }} />);
  const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
  const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
  const create_ = () => fireEvent.click(screen.getByRole("button", { name: "Create Spend" }));
  return { actor, create, toasts, field, type, submit: create_ };
};

describe("SpendForm", () => {
  it("has the spec's labelled fields, frequencies and button; the end date is disabled for single", () => {
    const { field, type } = setup();
    expect(screen.getByRole("form", { name: "Spend configuration" })).toBeTruthy();
    for (const label of ["Taxonomy 1", "Taxonomy 2", "Taxonomy 3", "Taxonomy 4", "Spend"]) expect(field(label).tagName).toBe("INPUT");
    const frequency = screen.getByRole("combobox", { name: "Frequency" }) as HTMLSelectElement;
    expect([...frequency.options].map((o) => [o.value, o.textContent])).toEqual([
      ["single", "Single"],
      ["daily", "Daily"],
      ["monthly", "Monthly"],
      ["yearly", "Yearly"],
    ]);
    expect(frequency.value).toBe("single");
    expect(screen.getByRole("group", { name: "Duration" })).toBeTruthy();
    expect(field("Start date").type).toBe("date");
    expect(field("End date").type).toBe("date");
    expect(field("End date").disabled).toBe(true);
    expect(screen.getByText("A single spend has no end date.")).toBeTruthy();

    fireEvent.change(frequency, { target: { value: "monthly" } });
    expect(field("End date").disabled).toBe(false);
    expect(screen.queryByText("A single spend has no end date.")).toBeNull();
    fireEvent.change(frequency, { target: { value: "single" } });
    expect(field("End date").disabled).toBe(true);
    type("Taxonomy 1", "Paid Search");
    expect(field("Taxonomy 1").value).toBe("Paid Search");
    expect(screen.getByRole("button", { name: "Create Spend" })).toBeTruthy();
  });

  it("an invalid save shows each field's message, marks the fields, focuses the first, and asks for the toast", () => {
    const { field, type, submit, toasts, create } = setup();
    fireEvent.change(screen.getByRole("combobox", { name: "Frequency" }), { target: { value: "monthly" } });
    type("Taxonomy 4", "Exact");
    type("Spend", "12.345");
    submit();
    expect(toasts).toEqual(["The spend configuration is not valid! Please check the fields."]);
    expect(create.calls).toEqual([]);
    const expectations: Array<[string, string]> = [
      ["Taxonomy 1", spendMessages.taxonomy1Required],
      ["Taxonomy 2", spendMessages.taxonomy2Required],
      ["Taxonomy 3", spendMessages.taxonomy3Required],
      ["Spend", spendMessages.spendDecimal],
      ["Start date", spendMessages.startRequired],
      ["End date", spendMessages.endRequired],
    ];
    for (const [label, message] of expectations) {
      const input = field(label);
      expect(input.getAttribute("aria-invalid")).toBe("true");
      const described = document.getElementById(input.getAttribute("aria-describedby") ?? "");
      expect(described?.textContent).toBe(message);
    }
    expect(field("Taxonomy 4").getAttribute("aria-invalid")).toBe("false");
    expect(document.activeElement).toBe(field("Taxonomy 1"));

    // Messages follow what is typed.
    type("Taxonomy 1", "Paid Search");
    expect(field("Taxonomy 1").getAttribute("aria-invalid")).toBe("false");
    expect(screen.queryByText(spendMessages.taxonomy1Required)).toBeNull();
  });

  it("a valid save sends, waits, then names what was created and empties the form", async () => {
    const { field, type, submit, create } = setup();
    type("Taxonomy 1", "Paid Search");
    type("Taxonomy 2", "Google");
    type("Spend", "1200");
    fireEvent.change(screen.getByRole("combobox", { name: "Frequency" }), { target: { value: "monthly" } });
    type("Start date", "2026-01-01");
    type("End date", "2026-06-30");
    submit();
    expect(create.calls[0]?.body).toEqual({ taxonomy_1: "Paid Search", taxonomy_2: "Google", cost: 1200, start_date: "2026-01-01", frequency: "monthly", end_date: "2026-06-30" });
    expect(screen.getByText("Creating…")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Create Spend" }) as HTMLButtonElement).disabled).toBe(true);
    expect(field("Taxonomy 1").closest("fieldset")?.disabled).toBe(true);
    await act(() => create.resolve({ data: { id: 11 } }));
    expect(screen.getByText("Created a monthly spend of £1,200.00 for Paid Search / Google from 2026-01-01 to 2026-06-30.")).toBeTruthy();
    expect(field("Taxonomy 1").value).toBe("");
    expect(field("Spend").value).toBe("");
    expect((screen.getByRole("combobox", { name: "Frequency" }) as HTMLSelectElement).value).toBe("single");
  });

  it("a refusal is shown as an alert and nothing typed is lost", async () => {
    const { field, type, submit, create } = setup();
    type("Taxonomy 1", "Paid Search");
    type("Spend", "10");
    type("Start date", "2026-01-01");
    submit();
    await act(() =>
      create.reject(new ClientError({ status: 400, code: "invalid_body", message: "Invalid request body: cost: too large", path: "/programs/acme/fixed-costs" })),
    );
    expect(screen.getByRole("alert").textContent).toBe("The spend configuration was not created: Invalid request body: cost: too large");
    expect(field("Taxonomy 1").value).toBe("Paid Search");
    expect(field("Spend").value).toBe("10");
    expect(field("Start date").value).toBe("2026-01-01");
  });
});
