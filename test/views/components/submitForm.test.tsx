// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { SubmitForm } from "../../../src/views/components/SubmitForm";

afterEach(cleanup);

describe("SubmitForm", () => {
  it("hands each submit the typed texts and ticks by name, unchecked by the browser and not sent by it", () => {
    const submitted: Array<Record<string, unknown>> = [];
    render(
      <SubmitForm
        aria-label="Profile"
        onSubmit={({ text, isChecked }) => submitted.push({ name: text("name"), email: text("email"), missing: text("nothing"), keep: isChecked("keep"), other: isChecked("nothing") })}
      >
        <input aria-label="Name" name="name" required />
        <input aria-label="Email" name="email" type="email" />
        <input aria-label="Keep" name="keep" type="checkbox" />
        <button type="submit">Save</button>
      </SubmitForm>,
    );
    const form = screen.getByRole("form", { name: "Profile" });
    expect(form.hasAttribute("novalidate")).toBe(true);
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "not an email" } });
    const event = new Event("submit", { bubbles: true, cancelable: true });
    form.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Nora" } });
    fireEvent.click(screen.getByLabelText("Keep"));
    fireEvent.submit(form);
    expect(submitted).toEqual([
      { name: "", email: "not an email", missing: "", keep: false, other: false },
      { name: "Nora", email: "not an email", missing: "", keep: true, other: false },
    ]);
  });
});
