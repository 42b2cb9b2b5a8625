import { modelSuite } from "../modelSuite";
import { messagesModel } from "./messages.model";

modelSuite(messagesModel, {
  mustInclude: [
    "loading → loadMessages resolves [two] → ready.idle",
    "loading → loadMessages rejects [server] → ready.idle",
    "ready.idle → messages.dismissed [#1] → ready.dismissing",
    "ready.dismissing → dismissMessage resolves [ok] → ready.idle",
    "ready.dismissing → dismissMessage rejects [server] → ready.idle",
    "ready.dismissing → messages.reloaded → loading",
    "ready.idle → session.scopeChanged [beta] → loading",
    "ready.dismissing → session.scopeChanged [beta] → loading",
  ],
});
