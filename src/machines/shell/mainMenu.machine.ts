import { setup, type SnapshotFrom } from "xstate";

export type MainMenuEvent =
  /** The menu's button was pressed: it opens a closed menu and closes an open one. */
  | { type: "menu.toggled" }
  /** Escape inside the menu. */
  | { type: "menu.escaped" }
  /** An entry was followed. */
  | { type: "menu.entryChosen" };

/**
 * The main menu's disclosure on narrow screens: closed (only its button shows) or open.
 * Its button toggles it; Escape or following an entry closes it. On wide screens the
 * menu is a sidebar always shown, whatever this state.
 */
export const mainMenuMachine = setup({
  types: { events: {} as MainMenuEvent },
}).createMachine({
  id: "mainMenu",
  initial: "closed",
  states: {
    closed: {
      on: { "menu.toggled": "open" },
    },
    open: {
      on: {
        "menu.toggled": "closed",
        "menu.escaped": "closed",
        "menu.entryChosen": "closed",
      },
    },
  },
});

type Snap = SnapshotFrom<typeof mainMenuMachine>;
export const mainMenuSelectors = {
  isOpen: (s: Snap) => s.matches("open"),
};
