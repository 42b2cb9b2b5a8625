import { modelSuite } from "../modelSuite";
import { columnSetsModel } from "./columnSets.model";

modelSuite(columnSetsModel, {
  mustInclude: [
    "loading → listColumnSets resolves [costFavourite] → ready.idle",
    "loading → listColumnSets rejects [server] → ready.idle",
    "ready.idle → columnSets.saveRequested → ready.saving",
    "ready.saving → createColumnSet resolves [id3] → ready.idle",
    "ready.saving → createColumnSet rejects [badRequest] → ready.idle",
    "ready.idle → columnSets.deleteRequested [#1] → ready.deleting",
    "ready.deleting → deleteColumnSet resolves [ok] → ready.idle",
    "ready.deleting → deleteColumnSet rejects [notFound] → ready.idle",
    "ready.idle → columnSets.favouriteToggled [#2] → ready.favouriting",
    "ready.favouriting → favouriteColumnSet resolves [ok] → ready.idle",
    "ready.favouriting → favouriteColumnSet rejects [server] → ready.idle",
  ],
});
