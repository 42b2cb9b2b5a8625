import { mainMenuMachine, mainMenuSelectors } from "../../../src/machines/shell/mainMenu.machine";
import { defineMachineModel, invariant } from "../harness";

/** The main menu's disclosure on narrow screens: the button toggles it, Escape and a chosen entry close it. */
export const mainMenuModel = defineMachineModel({
  name: "mainMenu",
  machine: mainMenuMachine,
  events: {
    "menu.toggled": [{}],
    "menu.escaped": [{}],
    "menu.entryChosen": [{}],
  },
  check: ({ after, before, action }) => {
    if (!before || action.kind !== "event") return;
    const wasOpen = mainMenuSelectors.isOpen(before);
    const isOpen = mainMenuSelectors.isOpen(after);
    if (action.event.type === "menu.toggled") invariant(isOpen === !wasOpen, "the button opens a closed menu and closes an open one");
    else invariant(!isOpen, "Escape and a chosen entry leave the menu closed");
  },
});
