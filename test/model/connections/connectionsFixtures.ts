import { fromCallback } from "xstate";
import type { SessionSource } from "../../../src/machines/shell/sessionScope";

/** The connections' access listener, quiet: tests send `connections.accessChanged` themselves. */
export const quietAccessListener = fromCallback<{ type: "noop" }, { readonly session: SessionSource }>(() => undefined);
