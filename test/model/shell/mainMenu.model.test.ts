import { modelSuite } from "../modelSuite";
import { mainMenuModel } from "./mainMenu.model";

modelSuite(mainMenuModel, {
  mustInclude: ["closed → menu.toggled → open", "open → menu.toggled → closed", "open → menu.escaped → closed", "open → menu.entryChosen → closed"],
});
