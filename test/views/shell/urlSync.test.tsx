// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { sessionSelectors } from "../../../src/machines/shell/session.machine";
import { Toasts } from "../../../src/views/shell/Toasts";
import { UrlSync } from "../../../src/views/shell/UrlSync";
import { signedInActors, testRange, withActors } from "../viewSupport";

afterEach(cleanup);

const dates = `date_from=${testRange.from}&date_to=${testRange.to}`;

describe("UrlSync: a shared link's program", () => {
  it.each(["/performance", "/funnel", "/journeys", "/custom-reports/3"])(
    "on %s, a program the person may not see is named as refused, the link is rewritten to the program shown, the rest kept",
    async (path) => {
      const actors = await signedInActors();
      const location = memoryLocation({ path: `${path}?program=lumen&${dates}&chart=bar`, record: true });
      render(
        withActors(
          actors,
          <Router hook={location.hook} searchHook={location.searchHook}>
            <UrlSync />
            <Toasts />
          </Router>,
        ),
      );
      expect(await screen.findByText("You don't have access to that program; showing Acme")).toBeTruthy();
      expect(sessionSelectors.programCode(actors.session.getSnapshot())).toBe("acme");
      expect(location.history.at(-1)).toBe(`${path}?program=acme&${dates}&chart=bar`);
    },
  );

  it("a program the person may see is taken and nothing is said", async () => {
    const actors = await signedInActors();
    const location = memoryLocation({ path: `/funnel?program=beta&${dates}`, record: true });
    render(
      withActors(
        actors,
        <Router hook={location.hook} searchHook={location.searchHook}>
          <UrlSync />
          <Toasts />
        </Router>,
      ),
    );
    expect(sessionSelectors.programCode(actors.session.getSnapshot())).toBe("beta");
    expect(screen.queryByText(/You don't have access to that program/)).toBeNull();
    expect(location.history.at(-1)).toBe(`/funnel?program=beta&${dates}`);
  });
});
