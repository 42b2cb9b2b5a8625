import { Effect } from "effect";
import { initiatorRows, type InitiatorRow } from "../../domain/initiatorRating/initiatorRating";
import { funnelSegments, loadFunnel, type FunnelScope } from "../funnel/funnel";
import type { ApiCall } from "../http/http";
import { DecodeError, type HttpError } from "../http/httpErrors";

/**
 * The initiator rating's rows: the funnel call of the level, each row derived (upper +
 * solo against mid + lower). An answer whose rows are not initiator input (a location of
 * 1 to 4 names and the four revenues) fails as a DecodeError naming the problem.
 */
export const loadInitiatorRating = (scope: FunnelScope): Effect.Effect<ReadonlyArray<InitiatorRow>, HttpError, ApiCall> =>
  loadFunnel(scope).pipe(
    Effect.flatMap((answer) => {
      const derived = initiatorRows(answer.data);
      return derived.ok ? Effect.succeed(derived.rows) : Effect.fail(new DecodeError({ message: derived.problem, path: funnelSegments(scope).join("/") }));
    }),
  );
