// @vitest-environment jsdom
import { cleanup, render } from "@testing-library/react";
import { StrictMode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { toastsSelectors } from "../../../src/machines/shell/toasts.machine";
import { RouteRefusal } from "../../../src/views/shell/RouteRefusal";
import { signedInActors, withActors } from "../viewSupport";

afterEach(cleanup);

describe("RouteRefusal", () => {
  it("says its words once in the app's toasts and replaces the refused path with /", async () => {
    const actors = await signedInActors();
    const location = memoryLocation({ path: "/admin/classification", record: true });
    render(
      <StrictMode>
        {withActors(
          actors,
          <Router hook={location.hook}>
            <RouteRefusal text="You don't have access to admin resources" />
          </Router>,
        )}
      </StrictMode>,
    );
    expect(toastsSelectors.current(actors.toasts.getSnapshot())).toMatchObject({ text: "You don't have access to admin resources", kind: "error" });
    expect(actors.toasts.getSnapshot().context.queue).toHaveLength(1);
    // Replaced, not pushed: Back does not lead to the refusal again.
    expect(location.history).toEqual(["/"]);
  });
});
