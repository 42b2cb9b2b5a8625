// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useRef, useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ConfirmDialog, InfoDialog, Modal } from "../../../src/views/components/Modal";
import { Popover } from "../../../src/views/components/Popover";

afterEach(cleanup);

const Opener = ({ onDismiss }: { readonly onDismiss?: () => void }) => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open ? (
        <Modal
          title="Whoops"
          onDismiss={onDismiss ? () => (onDismiss(), setOpen(false)) : undefined}
          actions={[{ label: "Okay", onClick: () => setOpen(false) }]}
        >
          <p>Something went wrong</p>
        </Modal>
      ) : null}
    </>
  );
};

describe("Modal", () => {
  it("without onDismiss is an alert that Escape and a cancel request leave open; its button closes it and focus returns", () => {
    render(<Opener />);
    const opener = screen.getByRole("button", { name: "Open" });
    opener.focus();
    fireEvent.click(opener);
    const alert = screen.getByRole("alertdialog", { name: "Whoops" });
    expect(alert.tagName).toBe("DIALOG");
    expect(alert.getAttribute("closedby")).toBe("none");
    expect(alert.getAttribute("aria-describedby")).not.toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Okay" }));

    fireEvent.keyDown(document.activeElement as Element, { key: "Escape" });
    expect(alert.dispatchEvent(new Event("cancel", { cancelable: true }))).toBe(false);
    expect(screen.getByRole("alertdialog", { name: "Whoops" })).toBe(alert);

    fireEvent.click(screen.getByRole("button", { name: "Okay" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it("with onDismiss is a dialog that Escape closes, focus back on its opener", () => {
    const dismissed = vi.fn();
    render(<Opener onDismiss={dismissed} />);
    const opener = screen.getByRole("button", { name: "Open" });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole("dialog", { name: "Whoops" });
    expect(screen.queryByRole("alertdialog")).toBeNull();
    fireEvent.keyDown(dialog, { key: "Escape" });
    expect(dismissed).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});

describe("the shared dialogs", () => {
  it("ConfirmDialog: Cancel first with focus on it, Escape cancels, a busy answer waits and says so", () => {
    const cancel = vi.fn();
    const confirm = vi.fn();
    const { rerender } = render(
      <ConfirmDialog title="Are you sure?" cancel={{ label: "Cancel", onClick: cancel }} confirm={{ label: "Remove", look: "danger", onClick: confirm }}>
        <p>Gone for good</p>
      </ConfirmDialog>,
    );
    const dialog = screen.getByRole("dialog", { name: "Are you sure?" });
    expect(dialog.className).toBe("modal modal-danger");
    const buttons = screen.getAllByRole("button");
    expect(buttons.map((b) => [b.textContent, b.className])).toEqual([
      ["Cancel", "button"],
      ["Remove", "button is-danger"],
    ]);
    expect(document.activeElement).toBe(buttons[0]);
    fireEvent.click(buttons[1] as HTMLElement);
    expect(confirm).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(dialog, { key: "Escape" });
    expect(cancel).toHaveBeenCalledTimes(1);

    rerender(
      <ConfirmDialog title="Are you sure?" tone="warning" cancel={{ label: "Cancel", disabled: true, onClick: cancel }} confirm={{ label: "Removing...", look: "primary", busy: true, onClick: confirm }}>
        <p>Gone for good</p>
      </ConfirmDialog>,
    );
    expect(screen.getByRole("dialog").className).toBe("modal modal-warning");
    const [waiting, busy] = screen.getAllByRole("button") as [HTMLButtonElement, HTMLButtonElement];
    expect(waiting.disabled).toBe(true);
    expect(waiting.getAttribute("aria-busy")).toBeNull();
    expect(busy.disabled).toBe(true);
    expect(busy.getAttribute("aria-busy")).toBe("true");
    expect(busy.className).toBe("button is-primary");
  });

  it("InfoDialog: the other buttons, then the closing one; Escape closes it as its button does", () => {
    const close = vi.fn();
    const reset = vi.fn();
    render(
      <InfoDialog title="Column Selection" close={{ label: "Close", look: "primary", onClick: close }} others={[{ label: "Reset to Defaults", onClick: reset }]}>
        <p>Columns</p>
      </InfoDialog>,
    );
    const dialog = screen.getByRole("dialog", { name: "Column Selection" });
    expect(dialog.className).toBe("modal modal-info");
    expect(screen.getAllByRole("button").map((b) => b.textContent)).toEqual(["Reset to Defaults", "Close"]);
    fireEvent.click(screen.getByRole("button", { name: "Reset to Defaults" }));
    expect(reset).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(dialog, { key: "Escape" });
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(close).toHaveBeenCalledTimes(2);
  });
});

const Dropdown = ({ onDismiss }: { readonly onDismiss: () => void }) => {
  const [open, setOpen] = useState(false);
  const anchor = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button ref={anchor} type="button" popoverTarget="panel" aria-expanded={open} onClick={(e) => (e.preventDefault(), setOpen(!open))}>
        Choose
      </button>
      {open ? (
        <Popover id="panel" anchor={anchor} onDismiss={() => (onDismiss(), setOpen(false))} role="group" aria-label="Choices">
          <button type="button">First</button>
        </Popover>
      ) : null}
    </>
  );
};

describe("Popover", () => {
  it("is a popover while mounted; Escape dismisses it and focus inside goes back to its button", () => {
    const dismissed = vi.fn();
    render(<Dropdown onDismiss={dismissed} />);
    fireEvent.click(screen.getByRole("button", { name: "Choose" }));
    const panel = screen.getByRole("group", { name: "Choices" });
    expect(panel.getAttribute("popover")).toBe("auto");
    screen.getByRole("button", { name: "First" }).focus();
    fireEvent.keyDown(document.activeElement as Element, { key: "Escape" });
    expect(dismissed).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("group", { name: "Choices" })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Choose" }));
  });

  it("closed by its own button does not report a dismissal", () => {
    const dismissed = vi.fn();
    render(<Dropdown onDismiss={dismissed} />);
    const toggle = screen.getByRole("button", { name: "Choose" });
    fireEvent.click(toggle);
    fireEvent.click(toggle);
    expect(screen.queryByRole("group", { name: "Choices" })).toBeNull();
    expect(dismissed).not.toHaveBeenCalled();
  });
});
