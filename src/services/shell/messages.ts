import type { Effect } from "effect";
import { Ok } from "../../domain/access/auth";
import { MessageList } from "../../domain/shell/message";
import { request, type ApiCall } from "../http/http";
import type { HttpError } from "../http/httpErrors";

export const systemMessages = (): Effect.Effect<MessageList, HttpError, ApiCall> =>
  request({ segments: ["system-messages"], response: MessageList, handles: ["ServerError", "NetworkError", "DecodeError", "NotFound"] });

export const userMessages = (): Effect.Effect<MessageList, HttpError, ApiCall> =>
  request({ segments: ["messages"], response: MessageList });

export const programMessages = (program: string): Effect.Effect<MessageList, HttpError, ApiCall> =>
  request({ segments: ["programs", program, "messages"], response: MessageList });

export const dismissMessage = (id: number): Effect.Effect<Ok, HttpError, ApiCall> =>
  request({ method: "POST", segments: ["messages", id, "dismiss"], response: Ok });
