import { modelSuite } from "../modelSuite";
import { tagInputModel } from "./tagInput.model";

modelSuite(tagInputModel, {
  transient: ["tagInput.starting", "tagInput.changed"],
  mustInclude: [
    "editing.listOpen → tagInput.optionChosen [last suggestion] → noMoreLevels",
    "noMoreLevels → tagInput.lastClosed → editing.listOpen",
    "editing.listOpen → tagInput.backspaced → editing.listOpen",
    "editing.listOpen → tagInput.typed [a tag again] → editing.listOpen",
    "editing.listClosed → tagInput.typed [not offered] → editing.listOpen",
  ],
});
