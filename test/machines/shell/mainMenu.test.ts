import { describe, expect, it } from "vitest";
import { createActor } from "xstate";
import { mainMenuMachine, mainMenuSelectors as sel, type MainMenuEvent } from "../../../src/machines/shell/mainMenu.machine";

const after = (events: ReadonlyArray<MainMenuEvent["type"]>) => {
  const actor = createActor(mainMenuMachine).start();
  for (const type of events) actor.send({ type });
  return sel.isOpen(actor.getSnapshot());
};

describe("mainMenu machine", () => {
  it.each<[string, ReadonlyArray<MainMenuEvent["type"]>, boolean]>([
    ["starts closed", [], false],
    ["its button opens it", ["menu.toggled"], true],
    ["its button closes it again", ["menu.toggled", "menu.toggled"], false],
    ["Escape closes it", ["menu.toggled", "menu.escaped"], false],
    ["following an entry closes it", ["menu.toggled", "menu.entryChosen"], false],
    ["Escape on a closed menu leaves it closed", ["menu.escaped"], false],
    ["following an entry of a closed menu (a wide screen's sidebar) leaves it closed", ["menu.entryChosen"], false],
    ["it opens again after Escape", ["menu.toggled", "menu.escaped", "menu.toggled"], true],
    ["it opens again after an entry was followed", ["menu.toggled", "menu.entryChosen", "menu.toggled"], true],
  ])("%s", (_, events, open) => {
    expect(after(events)).toBe(open);
  });
});
