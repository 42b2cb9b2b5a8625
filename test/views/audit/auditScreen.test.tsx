// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { createActor, fromPromise } from "xstate";
import { afterEach, describe, expect, it } from "vitest";
import type { AuditExport, AuditLine } from "../../../src/domain/audit/auditTrail";
import { auditTrailMachine, type AuditCall, type AuditExportCall } from "../../../src/machines/audit/auditTrail.machine";
import type { AuditScreenData } from "../../../src/services/audit/auditTrail";
import { AuditScreen } from "../../../src/views/audit/AuditPage";
import { quietSessionScopeListener, recordingSessionActor, northwindAdminProgram } from "../../model/fixtures";
import { settle } from "../viewSupport";

afterEach(cleanup);


const northwind = northwindAdminProgram;
const archived: AuditLine = {
  id: 2,
  at: Date.UTC(2025, 5, 2, 9, 5),
  user_id: 2,
  user_name: "admin",
  kind: "program",
  program: "northwind",
  object: "northwind",
  action: "archived",
  before: '{"name":"Northwind","archived":false}',
  after: '{"name":"Northwind","archived":true}',
};
const invited: AuditLine = { ...archived, id: 1, kind: "invitation", program: null, object: "4", action: "created", before: null, after: '{"email":"sam@example.com"}' };

const openScreen = async (lines: ReadonlyArray<AuditLine>) => {
  const calls: Array<AuditCall> = [];
  const exports: Array<AuditExportCall> = [];
  const actor = createActor(
    auditTrailMachine.provide({
      actors: {
        sessionScopeListener: quietSessionScopeListener,
        loadAudit: fromPromise(async ({ input }: { input: AuditCall }): Promise<AuditScreenData> => {
          calls.push(input);
          const shown = input.filter.kind === null ? lines : lines.filter((line) => line.kind === input.filter.kind);
          return {
            trail: { data: shown, page: 1, pages: 1, total: shown.length },
            people: [{ id: 2, name: "admin", email: "admin@example.com", role: "admin", programs: [], last_signed_in_at: null }],
            programs: [northwind],
          };
        }),
        exportAudit: fromPromise(async ({ input }: { input: AuditExportCall }): Promise<AuditExport> => {
          exports.push(input);
          return { data: lines, total: lines.length };
        }),
      },
    }),
    { input: { session: recordingSessionActor(() => undefined) } },
  ).start();
  render(<AuditScreen screen={actor} />);
  await settle();
  return { actor, calls, exports };
};

const rowOf = (text: string) =>
  within(screen.getByRole("table", { name: "Audit Trail" }))
    .getAllByRole("row")
    .find((row) => row.textContent?.includes(text));

describe("AuditScreen", () => {
  it("lists the trail: when, who, kind, program, object, action and a short before → after", async () => {
    await openScreen([archived, invited]);
    const headers = within(screen.getByRole("table", { name: "Audit Trail" })).getAllByRole("columnheader").map((h) => h.textContent);
    expect(headers).toEqual(["When", "Who", "Kind", "Program", "Object", "Action", "Before → after"]);
    const row = rowOf("Archived");
    expect(row?.textContent).toContain("2 Jun 2025 09:05 UTC");
    expect(row?.textContent).toContain("archived: false → true");
    expect(rowOf("Invitation")?.textContent).toContain("→ email: sam@example.com");
  });

  it("filters by kind: the trail loads again with it", async () => {
    const { calls } = await openScreen([archived, invited]);
    fireEvent.change(screen.getByLabelText("Kind"), { target: { value: "invitation" } });
    await settle();
    expect(calls.at(-1)?.filter).toEqual({ person: null, program: null, kind: "invitation", from: null, to: null });
    expect(rowOf("Archived")).toBeUndefined();
    expect(rowOf("Invitation")).toBeTruthy();
  });

  it("says an empty trail, and offers no export", async () => {
    await openScreen([]);
    expect(screen.getByRole("status").textContent).toBe("No change matches these filters.");
    expect((screen.getByRole("button", { name: "Export Data" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("opens the Export Data dialog with every line the filters keep", async () => {
    const { exports } = await openScreen([archived]);
    fireEvent.click(screen.getByRole("button", { name: "Export Data" }));
    await settle();
    expect(exports).toHaveLength(1);
    expect(screen.getByRole("dialog")).toBeTruthy();
  });

  it("filters by days with the date range picker, and All days clears them", async () => {
    const { calls } = await openScreen([archived, invited]);
    fireEvent.click(screen.getByRole("button", { name: "Days: any day" }));
    fireEvent.change(screen.getByLabelText("From"), { target: { value: "2025-06-01" } });
    fireEvent.change(screen.getByLabelText("To"), { target: { value: "2025-06-03" } });
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    await settle();
    expect(calls.at(-1)?.filter).toEqual({ person: null, program: null, kind: null, from: "2025-06-01", to: "2025-06-03" });
    expect(screen.getByRole("button", { name: "Days: 1 Jun 2025 – 3 Jun 2025" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "All days" }));
    await settle();
    expect(calls.at(-1)?.filter).toEqual({ person: null, program: null, kind: null, from: null, to: null });
    expect(screen.queryByRole("button", { name: "All days" })).toBeNull();
  });
});
