import { modelSuite } from "../modelSuite";
import { messagesModel } from "./messages.model";

modelSuite(messagesModel, {
  transient: ["messages.ready.group.deciding"],
  mustInclude: [
    "ready.(dismissal.idle + group.open) → messages.groupToggled [toggle] → ready.(dismissal.idle + group.collapsed)",
    "ready.(dismissal.idle + group.collapsed) → messages.dismissed [#1] → ready.(dismissal.dismissing + group.collapsed)",
    "loading → loadMessages resolves [two] → ready.(dismissal.idle + group.open)",
    "loading → loadMessages rejects [server] → ready.(dismissal.idle + group.open)",
    "ready.(dismissal.idle + group.open) → messages.dismissed [#1] → ready.(dismissal.dismissing + group.open)",
    "ready.(dismissal.dismissing + group.open) → dismissMessage resolves [ok] → ready.(dismissal.idle + group.open)",
    "ready.(dismissal.dismissing + group.open) → dismissMessage rejects [server] → ready.(dismissal.idle + group.open)",
    "ready.(dismissal.dismissing + group.open) → messages.reloaded → loading",
    "ready.(dismissal.idle + group.open) → session.scopeChanged [beta] → loading",
    "ready.(dismissal.dismissing + group.open) → session.scopeChanged [beta] → loading",
  ],
});
