import { Schema } from "effect";

/**
 * The connections service: a search-ads
 * platform's ad accounts, each switched on or off, behind a consent step.
 */

export const ConnectionAccount = Schema.Struct({
  accountId: Schema.String,
  account_name: Schema.String,
  active: Schema.Boolean,
});
export type ConnectionAccount = typeof ConnectionAccount.Type;

/** Until the user has granted access: where to send the browser to grant it. */
export const ConnectionRedirect = Schema.Struct({ redirect_to: Schema.String });
export type ConnectionRedirect = typeof ConnectionRedirect.Type;

export const ConnectionAccountList = Schema.Array(ConnectionAccount);
export type ConnectionAccountList = typeof ConnectionAccountList.Type;

/** The answer of listAccounts: a redirect target, or the account list. */
export const ListAccountsResponse = Schema.Union(ConnectionRedirect, ConnectionAccountList);
export type ListAccountsResponse = typeof ListAccountsResponse.Type;

/** Whether a listAccounts answer asks for the sign-in prompt. */
export const isConnectionRedirect = (answer: ListAccountsResponse): answer is ConnectionRedirect => "redirect_to" in answer;
