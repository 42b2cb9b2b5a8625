import { assign, setup, type ActorRefFrom, type SnapshotFrom } from "xstate";
import type { IngestionHealth } from "../../domain/ingestion/ingestionHealth";
import { ingestionHealth } from "../../services/dataSources/dataSources";
import type { ApiContext } from "../../services/http/http";
import type { HttpError } from "../../services/http/httpErrors";
import { adminRefusalGuards } from "../reports/adminRefusal";
import { fromApiCall } from "../runtime/fromEffect";

/**
 * The ingestion health of the data sources screen (docs/architecture.md, "Data sources"):
 * `loading`, then `shown` or `unavailable`, each loaded again after the named delay
 * `healthRefresh` for as long as the screen keeps it running (it is invoked by the
 * screen's `ready` state, so leaving the screen or the program stops it). The figures
 * shown stay while the next ones load. A 403 ends it (`refused`), which the screen takes
 * for the admin refusal.
 */

export interface HealthCall {
  readonly api: ApiContext;
  readonly program: string;
}

export interface IngestionHealthContext {
  readonly call: HealthCall;
  readonly health: IngestionHealth["data"] | null;
}

/** How long the health stays before it is loaded again. */
export const healthRefreshMs = 10_000;

const failureOf = ({ event }: { readonly event: { readonly error: unknown } }): unknown => event.error;

export const ingestionHealthMachine = setup({
  types: {
    context: {} as IngestionHealthContext,
    input: {} as HealthCall,
  },
  actors: {
    loadHealth: fromApiCall<IngestionHealth, HealthCall, HttpError>(({ program }) => ingestionHealth(program)),
  },
  delays: {
    healthRefresh: healthRefreshMs,
  },
  actions: {
    keepHealth: assign((_, answer: IngestionHealth) => ({ health: answer.data })),
  },
  guards: {
    ...adminRefusalGuards,
  },
}).createMachine({
  id: "ingestionHealth",
  context: ({ input }) => ({ call: input, health: null }),
  initial: "loading",
  states: {
    loading: {
      invoke: {
        src: "loadHealth",
        input: ({ context }) => context.call,
        onDone: { target: "shown", actions: { type: "keepHealth", params: ({ event }) => event.output } },
        onError: [{ guard: { type: "isForbidden", params: failureOf }, target: "refused" }, { target: "unavailable" }],
      },
    },
    shown: { after: { healthRefresh: "loading" } },
    /** The health could not be loaded: says so, and is tried again after the same delay. */
    unavailable: { after: { healthRefresh: "loading" } },
    refused: { type: "final" },
  },
});

type Snap = SnapshotFrom<typeof ingestionHealthMachine>;

export type HealthStatus = "loading" | "shown" | "unavailable";

/** Named selectors: the view reads the health only through these. */
export const ingestionHealthSelectors = {
  health: (s: Snap) => s.context.health,
  status: (s: Snap): HealthStatus => (s.context.health !== null ? "shown" : s.matches("unavailable") ? "unavailable" : "loading"),
} satisfies Record<string, (s: Snap) => unknown>;

export type IngestionHealthActorRef = ActorRefFrom<typeof ingestionHealthMachine>;
