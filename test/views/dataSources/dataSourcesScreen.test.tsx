// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { createActor, fromPromise } from "xstate";
import { afterEach, describe, expect, it } from "vitest";
import type { IngestionHealth } from "../../../src/domain/ingestion/ingestionHealth";
import type { CreatedWriteKey, WriteKey, WriteKeyList } from "../../../src/domain/ingestion/writeKeys";
import { dataSourcesMachine } from "../../../src/machines/dataSources/dataSources.machine";
import { ingestionHealthMachine } from "../../../src/machines/dataSources/ingestionHealth.machine";
import { DataSourcesScreen } from "../../../src/views/dataSources/DataSourcesPage";
import { acme, quietReportScopeListener, sessionOf } from "../../model/fixtures";
import { settle } from "../viewSupport";

afterEach(cleanup);


/** 2024-03-09 16:00 UTC. */
const at = 1_710_000_000_000;
const legacy: WriteKey = { id: 1, prefix: "wk_legacy0", kind: "legacy", created_at: at - 86_400_000, revoked_at: null, last_used_at: null };
const publishable: WriteKey = { id: 2, prefix: "pk_public0", kind: "publishable", created_at: at, revoked_at: null, last_used_at: at + 60_000 };
const secretKey = "sk_fresh00-the-whole-secret";
const created: CreatedWriteKey = { data: { id: 3, prefix: "sk_fresh00", kind: "secret", created_at: at, revoked_at: null, last_used_at: null, key: secretKey } };
const health: IngestionHealth = {
  data: { at, day: "2024-03-09", events: { accepted: 5, duplicates: 0 }, orders: { accepted: 1, duplicates: 0 }, custom_events: { accepted: 12, duplicates: 3 }, identifies: { accepted: 2, duplicates: 0 }, refused: [], last_event_at: null, last_order_at: null, pending: 0, lag_ms: 0 },
};

/** The screen's actor with these keys listed; a create answers a new secret key. */
const openScreen = async (keys: ReadonlyArray<WriteKey>, session = sessionOf()) => {
  const actor = createActor(
    dataSourcesMachine.provide({
      actors: {
        sessionScopeListener: quietReportScopeListener,
        loadKeys: fromPromise(async (): Promise<WriteKeyList> => ({ data: keys })),
        createKey: fromPromise(async () => created),
        healthPoller: ingestionHealthMachine.provide({ actors: { loadHealth: fromPromise(async () => health) } }),
      },
    }),
    { input: { session, pageOrigin: "https://app.example" } },
  ).start();
  render(<DataSourcesScreen screen={actor} />);
  await settle();
  return actor;
};

const rowOf = (table: string, prefix: string) =>
  within(screen.getByRole("table", { name: table }))
    .getAllByRole("row")
    .find((row) => row.textContent?.includes(prefix));

describe("DataSourcesScreen", () => {
  it("lists each kind apart with when a key was last used, and says legacy keys only send events now", async () => {
    await openScreen([publishable, legacy]);
    expect(rowOf("Publishable keys", "pk_public0")?.textContent).toContain("16:01 UTC");
    expect(rowOf("Legacy keys", "wk_legacy0")?.textContent).toContain("Not known");
    expect(within(screen.getByRole("table", { name: "Legacy keys" })).getAllByRole("columnheader").map((h) => h.textContent)).toContain("Last used");
    expect(screen.getByRole("alert").textContent).toContain("They now work as publishable keys");
  });

  it("dates a key's creation on the program's calendar (Europe/Berlin: 23:30 UTC is the next day)", async () => {
    const late: WriteKey = { ...publishable, id: 4, prefix: "pk_late000", created_at: Date.parse("2024-03-09T23:30:00Z") };
    await openScreen([late], sessionOf({ programs: [{ ...acme, time_zone: "Europe/Berlin" }] }));
    expect(rowOf("Publishable keys", "pk_late000")?.textContent).toContain("10 Mar 2024");
  });

  it("shows a new secret key once in its own box and never puts it in the order feed example", async () => {
    await openScreen([legacy]);
    fireEvent.click(screen.getByRole("button", { name: "Create secret key" }));
    await settle();
    expect(screen.getByTestId("new-write-key").textContent).toBe(secretKey);
    const order = screen.getByLabelText("Copy the order example");
    expect(order.textContent).toContain("Authorization: Bearer YOUR_SECRET_KEY");
    expect(order.textContent).not.toContain(secretKey);
    expect(screen.getByLabelText("Copy the script tag").textContent).not.toContain(secretKey);
    expect(rowOf("Secret keys", "sk_fresh00")?.textContent).toContain("Active");
  });

  it("recommends the snippet with identity on, offers the consent form, the page calls and a collect call dated by the server, and counts custom events", async () => {
    await openScreen([publishable]);
    const script = screen.getByLabelText("Copy the script tag").textContent ?? "";
    expect(script).toContain("window.tv=window.tv||function(){(tv.q=tv.q||[]).push(arguments)}");
    expect(script).toContain('data-key="YOUR_PUBLISHABLE_KEY"');
    expect(script).not.toContain("data-consent");
    expect(screen.getByLabelText("Copy the script tag with consent").textContent).toContain('data-consent="required"');
    expect(screen.getByLabelText("Copy the calls").textContent).toContain("tv('identify', 'CUSTOMER_ID');");
    expect(screen.getByLabelText("Copy the collect example").textContent).toContain(`"time":${at}`);
    expect(screen.getByText(/first-party cookie named _tv/).textContent).toContain("localStorage");
    expect(screen.getByTestId("custom-events-accepted").textContent).toBe("12 (3 sent again)");
    expect(screen.getByTestId("identifies-accepted").textContent).toBe("2");
  });
});
