import { consentReturnMachine } from "../../../src/machines/connections/consentReturn.machine";
import { ClientError } from "../../../src/services/http/httpErrors";
import { defineMachineModel, invariant } from "../harness";
import { httpErrors } from "../fixtures";

const access = { api: { baseUrl: "/connectors", token: "tok-1" }, userId: 1 };
const consent = { code: "c0de", state: "5tate" };
const stateRefusal = new ClientError({ status: 400, code: "invalid_state", message: "The connection state is unknown, expired or already used. Start the connection again.", path: "/adwords/1/listAccounts" });

/** The consent return: one redemption, settled as redeemed, consent still needed, refused (invalid_state) or failed. */
export const consentReturnModel = defineMachineModel({
  name: "consentReturn",
  machine: consentReturnMachine,
  input: () => ({ access, consent }),
  events: {},
  actorOutcomes: {
    redeemConsent: {
      resolves: { accounts: [{ accountId: "1", account_name: "One", active: true }], redirect: { redirect_to: "http://x/consent" } },
      rejects: { refused: stateRefusal, otherClientError: httpErrors.badRequest, server: httpErrors.server, network: httpErrors.network },
    },
  },
  observe: (c) => c.outcome.kind,
  check: ({ action, after, newCalls }) => {
    const redeems = newCalls.filter((x) => x.kind === "actor" && x.name === "redeemConsent");
    invariant(redeems.length === (action.kind === "init" ? 1 : 0), "redeemed once, at the start");
    for (const r of redeems) invariant(JSON.stringify(r.payload) === JSON.stringify({ access, consent }), "with the code and state given");
    if (action.kind === "actor") {
      invariant(after.status === "done", "one answer settles it");
      const kind = after.context.outcome.kind;
      const expected = action.outcome === "resolves" ? (action.label === "accounts" ? "redeemed" : "consentNeeded") : action.label === "refused" ? "refused" : "failed";
      invariant(kind === expected, `${action.label} ends ${expected}, not ${kind}`);
    }
  },
});
