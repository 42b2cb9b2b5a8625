import type { Effect } from "effect";
import { Ok } from "../../domain/access/auth";
import { MessageList } from "../../domain/shell/message";
import { request, type ApiContext } from "../http/http";
import type { HttpError } from "../http/httpErrors";

export const systemMessages = (ctx: ApiContext): Effect.Effect<MessageList, HttpError> =>
  request(ctx, { segments: ["system-messages"], response: MessageList, handles: ["ServerError", "NetworkError", "DecodeError", "NotFound"] });

export const userMessages = (ctx: ApiContext): Effect.Effect<MessageList, HttpError> =>
  request(ctx, { segments: ["messages"], response: MessageList });

export const programMessages = (ctx: ApiContext, program: string): Effect.Effect<MessageList, HttpError> =>
  request(ctx, { segments: ["programs", program, "messages"], response: MessageList });

export const dismissMessage = (ctx: ApiContext, id: number): Effect.Effect<Ok, HttpError> =>
  request(ctx, { method: "POST", segments: ["messages", id, "dismiss"], response: Ok });
