import { Hono } from "hono";
import { Ok } from "../../src/domain/access/auth";
import { MessageList } from "../../src/domain/shell/message";
import type { User } from "../../src/domain/shell/user";
import { requireSession } from "../http/access";
import { answer, okValue, refuse, refusals } from "../http/answers";
import type { SignedInEnv } from "../http/env";
import type { ServerContext } from "../serverContext";
import type { MessageAudience } from "../engine/stores";

const largestId = 2_147_483_647;

/** A message id from the path: a whole number (possibly too large to exist), or null. */
export const parseMessageId = (raw: string): number | null => (/^\d+$/.test(raw) ? Number(raw) : null);

/**
 * Whether a user may dismiss a message: their own user messages and the messages of
 * programs they can open. System messages are shown before sign-in and are not
 * dismissible.
 */
const canDismiss = async (context: ServerContext, user: User, audience: MessageAudience): Promise<boolean> => {
  switch (audience.kind) {
    case "system":
      return false;
    case "user":
      return audience.userId === user.id;
    case "program":
      return user.is_admin || (await context.stores.programs.isMember(user.id, audience.programId));
  }
};

/** GET /system-messages (no sign-in), GET /messages, POST /messages/{id}/dismiss. */
export const messageRoutes = (context: ServerContext) => {
  const routes = new Hono<SignedInEnv>();
  const { stores } = context;

  routes.get("/system-messages", async (c) => answer(c, MessageList, { data: await stores.messages.system() }));

  routes.get("/messages", requireSession(context), async (c) =>
    answer(c, MessageList, { data: await stores.messages.forUser(c.get("user").id) }),
  );

  routes.post("/messages/:id/dismiss", requireSession(context), async (c) => {
    const id = parseMessageId(c.req.param("id"));
    if (id === null) return refuse(c, refusals.invalidId);
    const user = c.get("user");
    const audience = id <= largestId ? await stores.messages.findAudience(id) : null;
    if (!audience || !(await canDismiss(context, user, audience))) return refuse(c, refusals.messageNotFound);
    await stores.messages.dismiss(id, user.id, context.clock());
    return answer(c, Ok, okValue);
  });

  return routes;
};
