import { assign, setup, type ActorRefFrom } from "xstate";
import type { ConsentReturn } from "../../domain/connections/connections";
import { isConnectionRedirect, type ConnectionAccountList, type ListAccountsResponse } from "../../domain/connections/connectors";
import type { HttpError } from "../../services/http/httpErrors";
import { listAccounts } from "../../services/connections/connectors";
import { fromApiCall } from "../runtime/fromEffect";
import type { ConnectionAccess } from "./connectionAccess";

/**
 * The consent page's return to /account/connections/google-ads with `code` and `state`:
 * the pair is redeemed once, by listing the accounts with it. It ends as
 * - `redeemed` with the accounts (the grant is now recorded),
 * - `refused` with the service's own words, when the state is unknown, another user's,
 *   expired or already used (400 `invalid_state`): nothing is listed,
 * - `consentNeeded` with a redirect target, should the service still ask for consent,
 * - `failed` for any other failure (the state may or may not be used up: the page offers
 *   Try again, which lists without it).
 * It makes one call and never retries it: a state is good for one redemption.
 */

export interface ConsentReturnInput {
  readonly access: ConnectionAccess;
  readonly consent: ConsentReturn;
}

/** How the return ended: its final state's output, for the account switcher. */
export type ConsentOutcome =
  | { readonly kind: "redeemed"; readonly accounts: ConnectionAccountList }
  | { readonly kind: "refused"; readonly message: string }
  | { readonly kind: "consentNeeded"; readonly redirectTo: string }
  | { readonly kind: "failed" };

interface ConsentReturnContext extends ConsentReturnInput {
  readonly outcome: ConsentOutcome;
}

/** The refusal of a used, unknown, expired or other user's state. */
const isStateRefusal = (error: HttpError): boolean => error._tag === "ClientError" && error.code === "invalid_state";

const outcomeOfAnswer = (answer: ListAccountsResponse): ConsentOutcome =>
  isConnectionRedirect(answer) ? { kind: "consentNeeded", redirectTo: answer.redirect_to } : { kind: "redeemed", accounts: answer };

export const consentReturnMachine = setup({
  types: {
    context: {} as ConsentReturnContext,
    input: {} as ConsentReturnInput,
    output: {} as ConsentOutcome,
  },
  actors: {
    redeemConsent: fromApiCall<ListAccountsResponse, ConsentReturnInput, HttpError>(
      ({ access, consent }) => listAccounts(access.userId, consent),
      (input) => input.access.api,
    ),
  },
  actions: {
    storeAnswer: assign((_, answer: ListAccountsResponse) => ({ outcome: outcomeOfAnswer(answer) })),
    storeRefusal: assign((_, error: HttpError) => ({ outcome: { kind: "refused", message: error.message } as ConsentOutcome })),
  },
  guards: {
    isStateRefusal: (_, error: HttpError) => isStateRefusal(error),
  },
}).createMachine({
  id: "consentReturn",
  context: ({ input }) => ({ ...input, outcome: { kind: "failed" } }),
  initial: "redeeming",
  states: {
    redeeming: {
      invoke: {
        src: "redeemConsent",
        input: ({ context }) => ({ access: context.access, consent: context.consent }),
        onDone: { target: "settled", actions: { type: "storeAnswer", params: ({ event }) => event.output } },
        onError: [
          {
            guard: { type: "isStateRefusal", params: ({ event }) => event.error as HttpError },
            target: "settled",
            actions: { type: "storeRefusal", params: ({ event }) => event.error as HttpError },
          },
          { target: "settled" },
        ],
      },
    },
    settled: { type: "final" },
  },
  output: ({ context }) => context.outcome,
});

export type ConsentReturnActorRef = ActorRefFrom<typeof consentReturnMachine>;
