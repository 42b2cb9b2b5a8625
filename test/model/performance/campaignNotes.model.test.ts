import { modelSuite } from "../modelSuite";
import { campaignNotesModel } from "./campaignNotes.model";

modelSuite(campaignNotesModel, {
  transient: ["campaignNotes.markers.opening", "campaignNotes.table.opening"],
  mustInclude: [
    "list.loading + markers.shown + table.closed → listNotes resolves [two] → list.ready + markers.shown + table.closed",
    "list.loading + markers.shown + table.closed → listNotes rejects [server] → list.ready + markers.shown + table.closed",
    "list.ready + markers.shown + table.closed → notes.added → list.ready + markers.shown + table.closed",
    "list.ready + markers.shown + table.closed → notes.added → list.adding + markers.shown + table.closed",
    "list.adding + markers.shown + table.closed → addNote resolves [created] → list.loading + markers.shown + table.closed",
    "list.adding + markers.shown + table.closed → addNote rejects [refused] → list.ready + markers.shown + table.closed",
    "list.adding + markers.shown + table.closed → notes.scopeChanged [february] → list.adding + markers.shown + table.closed",
    "list.ready + markers.shown + table.closed → notes.deleteAsked [first] → list.confirming + markers.shown + table.closed",
    "list.confirming + markers.shown + table.closed → notes.deleteCancelled → list.ready + markers.shown + table.closed",
    "list.confirming + markers.shown + table.closed → notes.deleteConfirmed → list.deleting + markers.shown + table.closed",
    "list.deleting + markers.shown + table.closed → deleteNote resolves [ok] → list.loading + markers.shown + table.closed",
    "list.deleting + markers.shown + table.closed → deleteNote rejects [notFound] → list.ready + markers.shown + table.closed",
    "list.ready + markers.shown + table.closed → notes.markersToggled → list.ready + markers.hidden + table.closed",
    "list.ready + markers.hidden + table.closed → notes.markersToggled → list.ready + markers.shown + table.closed",
    "list.ready + markers.shown + table.closed → notes.tableToggled → list.ready + markers.shown + table.open",
    "list.ready + markers.shown + table.open → notes.tableToggled → list.ready + markers.shown + table.closed",
    "list.loading + markers.hidden + table.open → listNotes resolves [two] → list.ready + markers.hidden + table.open",
  ],
});
