import { useSelector } from "@xstate/react";
import type { DismissalMemory } from "../../machines/shell/dismissalMemory";
import { messagesMachine, messagesSelectors, type MessagesActorRef, type MessageSource } from "../../machines/shell/messages.machine";
import { messageCount, messageTypeClass } from "../../domain/shell/message";
import { useAppPart } from "./appChildren";
import { SafeHtml } from "../components/SafeHtml";

interface Props {
  /** The login page's system messages, or the signed-in user's and program's (the program follows the session). */
  readonly kind: MessageSource["kind"];
  readonly label: string;
  /** Where the account messages' dismissals are remembered across reloads. */
  readonly memory?: DismissalMemory;
}

/**
 * The top message area (user and program messages, each dismissible) or the login page's
 * system messages: one line per message (the whole text in its tooltip, and shown whole
 * while its dismiss button has focus; on a phone's narrow screen always whole) under an
 * 'n messages' disclosure that opens and collapses the group.
 */
export const MessageArea = ({ kind, label, memory }: Props) => {
  // The messages: a part of the app's root (given the session by it) while the area shows.
  const messages = useAppPart("messages", messagesMachine, { kind, memory });
  return messages ? <MessageAreaOf messages={messages} label={label} /> : null;
};

const MessageAreaOf = ({ messages: ref, label }: { readonly messages: MessagesActorRef; readonly label: string }) => {
  const messages = useSelector(ref, messagesSelectors.visibleMessages);
  const canDismiss = useSelector(ref, messagesSelectors.canDismiss);
  const open = useSelector(ref, messagesSelectors.isOpen);

  if (messages.length === 0) return null;
  return (
    <section className="message-area" aria-label={label}>
      <button type="button" className="message-group" aria-expanded={open} onClick={() => ref.send({ type: "messages.groupToggled" })}>
        {messageCount(messages.length)}
      </button>
      {open && messages.map((m) => (
        <div key={m.id} className={`notification ${messageTypeClass(m)}`} role="note">
          {m.meta.icon ? <span className="notification-icon" aria-hidden="true">{iconFor(m.meta.icon)}</span> : null}
          <SafeHtml html={m.message} className="notification-text" />
          {canDismiss ? (
            <button
              type="button"
              className="notification-dismiss"
              aria-label="Dismiss message"
              onClick={() => ref.send({ type: "messages.dismissed", id: m.id })}
            >
              ×
            </button>
          ) : null}
        </div>
      ))}
    </section>
  );
};

const icons: Record<string, string> = { info: "ℹ", warning: "⚠", success: "✓", check: "✓", danger: "!", wrench: "⚙", clock: "◷" };
const iconFor = (name: string): string => icons[name] ?? "ℹ";
