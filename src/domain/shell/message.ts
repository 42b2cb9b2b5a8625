import { Schema } from "effect";
import { listAnswer } from "../report/listAnswer";

/** A message for the top message area or the login page. `message` is HTML from the server. */
export const MessageMeta = Schema.Struct({
  icon: Schema.optional(Schema.String),
  type: Schema.optional(Schema.String),
});

export const Message = Schema.Struct({
  id: Schema.Number,
  message: Schema.String,
  meta: MessageMeta,
});
export type Message = typeof Message.Type;

export const MessageList = listAnswer(Message);
export type MessageList = typeof MessageList.Type;

/** The message type used for styling; the default is `is-info`. */
export const messageType = (m: Message): string => m.meta.type ?? "is-info";

const allowedTypes = new Set(["is-info", "is-success", "is-warning", "is-danger"]);
/** A CSS-safe type class: only the known values, anything else falls back to is-info. */
export const messageTypeClass = (m: Message): string => {
  const t = messageType(m);
  return allowedTypes.has(t) ? t : "is-info";
};

/** Groups of more than this many messages start collapsed into their 'n messages' line. */
export const openGroupAtMost = 2;

/** Whether a group of `count` messages starts collapsed. */
export const startsCollapsed = (count: number): boolean => count > openGroupAtMost;

/** The group's disclosure: '1 message', '5 messages'. */
export const messageCount = (count: number): string => `${count} message${count === 1 ? "" : "s"}`;
