import { useActorRef, useSelector } from "@xstate/react";
import { useEffect } from "react";
import { messagesMachine, messagesSelectors, type MessageSource } from "../../machines/shell/messages.machine";
import { messageTypeClass } from "../../domain/shell/message";
import { sessionSelectors } from "../../machines/shell/session.machine";
import { useAppActors } from "./AppActorsContext";
import { SafeHtml } from "../components/SafeHtml";

interface Props {
  readonly source: MessageSource;
  readonly label: string;
}

/** The top message area (user and program messages, each dismissible) or the login page's system messages. */
export const MessageArea = ({ source, label }: Props) => {
  const { session } = useAppActors();
  const baseUrl = useSelector(session, sessionSelectors.apiBaseUrl);
  const token = useSelector(session, sessionSelectors.token);
  const ref = useActorRef(messagesMachine, { input: { api: { baseUrl, token }, source } });
  const messages = useSelector(ref, messagesSelectors.visibleMessages);
  const canDismiss = useSelector(ref, messagesSelectors.canDismiss);

  useEffect(() => {
    const current = ref.getSnapshot().context;
    if (current.api.baseUrl === baseUrl && current.api.token === token && sameSource(current.source, source)) return;
    ref.send({ type: "messages.sourceChanged", api: { baseUrl, token }, source });
  }, [ref, baseUrl, token, source]);

  if (messages.length === 0) return null;
  return (
    <section className="message-area" aria-label={label}>
      {messages.map((m) => (
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

const sameSource = (a: MessageSource, b: MessageSource): boolean =>
  a.kind === b.kind && (a.kind === "system" || (b.kind === "account" && a.program === b.program));

const icons: Record<string, string> = { info: "ℹ", warning: "⚠", success: "✓", check: "✓", danger: "!", wrench: "⚙", clock: "◷" };
const iconFor = (name: string): string => icons[name] ?? "ℹ";
