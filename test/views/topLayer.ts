/**
 * jsdom has neither <dialog>'s showModal/close nor the popover methods. View tests get
 * the part the views use: showModal sets `open` and focuses the first control, close
 * gives focus back to where it was; Escape
 * on a modal dialog fires a cancelable `cancel` (ignored when `closedby="none"`) and
 * closes it unless cancelled; close fires `close`. showPopover/hidePopover fire `toggle`
 * with `newState` (jsdom never matches :popover-open, so its own stylesheet hides every
 * popover: an open one gets an inline display), and Escape light-dismisses the open
 * popovers. Loaded only where
 * there is a DOM (test/setup.ts).
 */
const focusable = "button:not([disabled]), a[href], input:not([disabled]), select:not([disabled]), textarea:not([disabled])";

const toggleEvent = (oldState: string, newState: string): Event => Object.assign(new Event("toggle"), { oldState, newState });

const openPopovers = new Set<HTMLElement>();
const focusedBefore = new WeakMap<HTMLDialogElement, Element | null>();

export const installTopLayer = (): void => {
  const dialog = HTMLDialogElement.prototype;
  if (typeof dialog.showModal !== "function") {
    Object.defineProperty(dialog, "open", {
      configurable: true,
      get(this: HTMLDialogElement) {
        return this.hasAttribute("open");
      },
      set(this: HTMLDialogElement, value: boolean) {
        this.toggleAttribute("open", value);
      },
    });
    dialog.showModal = function (this: HTMLDialogElement) {
      if (this.open) return;
      focusedBefore.set(this, document.activeElement);
      this.open = true;
      this.querySelector<HTMLElement>(focusable)?.focus();
    };
    dialog.show = function (this: HTMLDialogElement) {
      this.open = true;
    };
    dialog.close = function (this: HTMLDialogElement) {
      if (!this.open) return;
      this.open = false;
      const previous = focusedBefore.get(this);
      if (previous instanceof HTMLElement) previous.focus();
      this.dispatchEvent(new Event("close"));
    };
  }

  const element = HTMLElement.prototype;
  if (typeof element.showPopover !== "function") {
    element.showPopover = function (this: HTMLElement) {
      if (openPopovers.has(this)) return;
      openPopovers.add(this);
      this.style.setProperty("display", "block");
      this.dispatchEvent(toggleEvent("closed", "open"));
    };
    element.hidePopover = function (this: HTMLElement) {
      if (!openPopovers.delete(this)) return;
      this.style.removeProperty("display");
      this.dispatchEvent(toggleEvent("open", "closed"));
    };
    element.togglePopover = function (this: HTMLElement, force?: boolean | { force?: boolean }) {
      const show = (typeof force === "object" ? force.force : force) ?? !openPopovers.has(this);
      if (show) this.showPopover();
      else this.hidePopover();
      return show;
    };
  }

  // Once per document: a second set-up in the same document would close a dialog twice.
  const installed = Symbol.for("test.topLayer.escape");
  if (installed in document) return;
  Object.defineProperty(document, installed, { value: true });
  document.addEventListener("keydown", (e) => {
    if (e.key !== "Escape" || e.defaultPrevented) return;
    const modal = [...document.querySelectorAll<HTMLDialogElement>("dialog[open]")].pop();
    if (modal) {
      if (modal.getAttribute("closedby") === "none") return;
      if (modal.dispatchEvent(new Event("cancel", { cancelable: true }))) modal.close();
      return;
    }
    for (const popover of [...openPopovers].reverse()) popover.hidePopover();
  });
};
