import type { Effect } from "effect";
import { Ok } from "../../domain/access/auth";
import type { ConsentReturn } from "../../domain/connections/connections";
import { ListAccountsResponse } from "../../domain/connections/connectors";
import { request, type ApiCall } from "../http/http";
import type { HttpError, HttpErrorTag } from "../http/httpErrors";

/**
 * The connections service's calls (its base URL is the API context's: the connections
 * service beside the main API). Every failure but a 401 (which signs out app-wide) is the
 * caller's: the listing is retried, a refused consent return and a failed switch are said
 * on the page.
 */
const handled: ReadonlyArray<HttpErrorTag> = ["Forbidden", "NotFound", "ClientError", "ServerError", "NetworkError", "DecodeError"];

/**
 * The user's ad accounts on the search-ads platform (GET adwords/{userId}/listAccounts),
 * with `code` and `state` when the consent page has just returned them: a redirect target
 * until access was granted, then the list.
 */
export const listAccounts = (userId: number, consent: ConsentReturn | null): Effect.Effect<ListAccountsResponse, HttpError, ApiCall> =>
  request({
    segments: ["adwords", userId, "listAccounts"],
    ...(consent === null ? {} : { query: { code: consent.code, state: consent.state } }),
    response: ListAccountsResponse,
    handles: handled,
  });

/** Switches an account's sync on (GET adwords/{userId}/enableSync/{accountId}) or off (.../disableSync/{accountId}). */
export const switchAccountSync = (userId: number, accountId: string, active: boolean): Effect.Effect<Ok, HttpError, ApiCall> =>
  request({
    segments: ["adwords", userId, active ? "enableSync" : "disableSync", accountId],
    response: Ok,
    handles: handled,
  });
