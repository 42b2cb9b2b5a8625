import { createActor, SimulatedClock } from "xstate";
import { describe, expect, it } from "vitest";
import type { Ok } from "../../../src/domain/access/auth";
import type { Created } from "../../../src/domain/report/configuration";
import type { SeasonalityList } from "../../../src/domain/seasonality/seasonality";
import { seasonalityTexts } from "../../../src/domain/seasonality/seasonalityTexts";
import {
  seasonalityConfigurationMachine,
  seasonalityConfigurationSelectors as sel,
  type CreateTypeInput,
  type DeleteTypeInput,
  type SeasonalityLoadInput,
  type WeekWrite,
} from "../../../src/machines/seasonality/seasonalityConfiguration.machine";
import { ClientError } from "../../../src/services/http/httpErrors";
import { beta, httpErrors, quietReportScopeListener, scopeOf, sessionOf } from "../../model/fixtures";
import { created, january, noTypes, ok, openedAt, twoTypes } from "../../model/seasonality/seasonalityFixtures";
import { controlled } from "../support";

const open = (opening: { noDates?: boolean; programCode?: string } = {}) => {
  const load = controlled<SeasonalityList, SeasonalityLoadInput>();
  const create = controlled<Created, CreateTypeInput>();
  const remove = controlled<Ok, DeleteTypeInput>();
  const write = controlled<Ok, WeekWrite>();
  const session = sessionOf({ range: opening.noDates ? null : january, programCode: opening.programCode ?? "acme" });
  const actor = createActor(
    seasonalityConfigurationMachine.provide({
      actors: { sessionScopeListener: quietReportScopeListener, loadSeasonality: load.logic, createType: create.logic, deleteType: remove.logic, writeWeek: write.logic },
    }),
    { clock: new SimulatedClock(), input: { session, now: openedAt } },
  ).start();
  return { actor, load, create, remove, write, snap: () => actor.getSnapshot() };
};

const shownTag = (s: ReturnType<ReturnType<typeof open>["snap"]>, week: string) => sel.calendar(s).find((w) => w.start === week)?.type?.name ?? null;
const duplicate = new ClientError({ status: 400, code: "duplicate_name", message: "That name is already used.", path: "/programs/acme/seasonality/types" });

describe("seasonality configuration machine", () => {
  it("loads the program's types with all their weeks and shows the dates by Monday-based weeks", async () => {
    const { load, snap } = open();
    expect(sel.status(snap())).toBe("loading");
    expect(load.calls).toEqual([{ call: { api: { baseUrl: "/api", token: "tok-1" }, program: "acme", range: january } }]);
    await load.resolve(twoTypes);
    expect(sel.status(snap())).toBe("ready");
    expect(sel.calendar(snap()).map((w) => [w.start, w.part, w.type?.name ?? null, w.current])).toEqual([
      ["2025-12-29", true, null, false],
      ["2026-01-05", false, "Sale", false],
      ["2026-01-12", false, null, true],
      ["2026-01-19", false, "Sale", false],
      ["2026-01-26", true, null, false],
    ]);
    expect(sel.types(snap())).toEqual([
      { id: 1, name: "Sale", inDates: ["2026-01-05", "2026-01-19"], total: 3 },
      { id: 2, name: "Quiet", inDates: [], total: 0 },
    ]);
    expect(sel.hasNoTypes(snap())).toBe(false);
  });

  it("marks the week of now in the program's offset", async () => {
    // Monday 12 January 03:00 UTC is still Sunday 11 January in beta's -05:00: the week of 5 January.
    const actor = createActor(
      seasonalityConfigurationMachine.provide({ actors: { sessionScopeListener: quietReportScopeListener, loadSeasonality: controlled<SeasonalityList, SeasonalityLoadInput>().logic } }),
      { input: { session: sessionOf({ range: january, programCode: beta.code }), now: Date.parse("2026-01-12T03:00:00Z") } },
    ).start();
    expect(sel.calendar(actor.getSnapshot()).find((w) => w.current)?.start).toBe("2026-01-05");
  });

  it("says there are no types yet, and the calendar's weeks cannot be tagged", async () => {
    const { actor, load, snap } = open();
    await load.resolve(noTypes);
    expect(sel.hasNoTypes(snap())).toBe(true);
    actor.send({ type: "week.tagged", week: "2026-01-05", typeId: 1 });
    expect(sel.pendingWrites(snap())).toBe(0);
  });

  it("waits without dates and loads when the session has them; a failed load says so and 'Try again' loads again", async () => {
    const { actor, load, snap } = open({ noDates: true });
    expect(load.calls).toHaveLength(0);
    actor.send({ type: "session.scopeChanged", scope: scopeOf({ range: january }) });
    expect(load.calls).toHaveLength(1);
    await load.reject(httpErrors.server);
    expect(sel.status(snap())).toBe("failed");
    actor.send({ type: "data.retried" });
    expect(sel.status(snap())).toBe("loading");
    await load.resolve(twoTypes);
    expect(sel.status(snap())).toBe("ready");
  });

  it("tags a week at once, writes it, and keeps it once the server holds it; tagging another type replaces the tag", async () => {
    const { actor, load, write, snap } = open();
    await load.resolve(twoTypes);
    actor.send({ type: "week.opened", week: "2026-01-12" });
    expect(sel.picked(snap())?.start).toBe("2026-01-12");
    actor.send({ type: "week.tagged", week: "2026-01-12", typeId: 2 });
    expect(sel.picked(snap())).toBeNull();
    expect(shownTag(snap(), "2026-01-12")).toBe("Quiet");
    expect(sel.calendar(snap()).find((w) => w.start === "2026-01-12")?.saving).toBe(true);
    expect(write.calls).toEqual([{ call: expect.objectContaining({ program: "acme" }), week: "2026-01-12", typeId: 2 }]);
    await write.resolve(ok);
    expect(shownTag(snap(), "2026-01-12")).toBe("Quiet");
    expect(sel.pendingWrites(snap())).toBe(0);
    // Another type replaces it: one type per week.
    actor.send({ type: "week.tagged", week: "2026-01-12", typeId: 1 });
    expect(shownTag(snap(), "2026-01-12")).toBe("Sale");
    expect(sel.types(snap()).find((t) => t.id === 2)?.inDates).toEqual([]);
    await write.resolve(ok);
    expect(sel.types(snap()).find((t) => t.id === 1)?.inDates).toEqual(["2026-01-05", "2026-01-12", "2026-01-19"]);
  });

  it("a failed tag goes back to what the server holds and says which week", async () => {
    const { actor, load, write, snap } = open();
    await load.resolve(twoTypes);
    actor.send({ type: "week.tagged", week: "2026-01-05", typeId: 2 });
    expect(shownTag(snap(), "2026-01-05")).toBe("Quiet");
    await write.reject(httpErrors.network);
    expect(shownTag(snap(), "2026-01-05")).toBe("Sale");
    expect(sel.failedWeek(snap())).toBe("2026-01-05");
    actor.send({ type: "tagProblem.dismissed" });
    expect(sel.failedWeek(snap())).toBeNull();
  });

  it("writes tags one at a time in order; a later tag of a week waiting its turn replaces it; a failure keeps the later tags", async () => {
    const { actor, load, write, snap } = open();
    await load.resolve(twoTypes);
    actor.send({ type: "week.tagged", week: "2026-01-12", typeId: 1 });
    actor.send({ type: "week.untagged", week: "2026-01-19" });
    actor.send({ type: "week.tagged", week: "2026-01-19", typeId: 2 });
    expect(write.calls).toHaveLength(1);
    expect(shownTag(snap(), "2026-01-19")).toBe("Quiet");
    await write.reject(httpErrors.server);
    expect(shownTag(snap(), "2026-01-12")).toBeNull();
    expect(shownTag(snap(), "2026-01-19")).toBe("Quiet");
    expect(write.calls.map((c) => [c.week, c.typeId])).toEqual([["2026-01-12", 1], ["2026-01-19", 2]]);
    await write.resolve(ok);
    expect(shownTag(snap(), "2026-01-19")).toBe("Quiet");
    expect(sel.pendingWrites(snap())).toBe(0);
  });

  it("untags a week from its type's list; tags nothing outside the dates, twice the same or with an unknown type", async () => {
    const { actor, load, write, snap } = open();
    await load.resolve(twoTypes);
    actor.send({ type: "week.tagged", week: "2026-03-02", typeId: 2 });
    actor.send({ type: "week.tagged", week: "2026-01-05", typeId: 1 });
    actor.send({ type: "week.tagged", week: "2026-01-12", typeId: 99 });
    actor.send({ type: "week.tagged", week: "2026-01-13", typeId: 1 });
    actor.send({ type: "week.untagged", week: "2026-01-12" });
    actor.send({ type: "week.opened", week: "2026-02-02" });
    expect(write.calls).toHaveLength(0);
    expect(sel.picked(snap())).toBeNull();
    actor.send({ type: "week.untagged", week: "2026-01-19" });
    expect(shownTag(snap(), "2026-01-19")).toBeNull();
    expect(write.calls).toEqual([expect.objectContaining({ week: "2026-01-19", typeId: null })]);
  });

  it("creates a type: checks the name first, keeps the draft on a refusal, and lists the new type", async () => {
    const { actor, load, create, snap } = open();
    await load.resolve(twoTypes);
    actor.send({ type: "type.created" });
    expect(sel.createProblem(snap())).toBe(seasonalityTexts.nameMissing);
    actor.send({ type: "type.draftChanged", name: " sale " });
    expect(sel.createProblem(snap())).toBeNull();
    actor.send({ type: "type.created" });
    expect(sel.createProblem(snap())).toBe(seasonalityTexts.nameTaken("Sale"));
    expect(create.calls).toHaveLength(0);
    actor.send({ type: "type.draftChanged", name: "  Black Friday " });
    actor.send({ type: "type.created" });
    expect(sel.isCreating(snap())).toBe(true);
    expect(create.calls).toEqual([{ call: expect.objectContaining({ program: "acme" }), name: "Black Friday" }]);
    // The server refuses (another tab made it meanwhile): the draft stays, the reason shows.
    await create.reject(duplicate);
    expect(sel.draft(snap())).toBe("  Black Friday ");
    expect(sel.createProblem(snap())).toBe(seasonalityTexts.nameTaken("Black Friday"));
    actor.send({ type: "type.created" });
    await create.reject(httpErrors.network);
    expect(sel.draft(snap())).toBe("  Black Friday ");
    expect(sel.createProblem(snap())).toBe(`${seasonalityTexts.createFailed} ${seasonalityTexts.offline}`);
    actor.send({ type: "type.created" });
    await create.resolve(created);
    expect(sel.draft(snap())).toBe("");
    expect(sel.createProblem(snap())).toBeNull();
    expect(sel.types(snap()).at(-1)).toEqual({ id: 7, name: "Black Friday", inDates: [], total: 0 });
  });

  it("does not create before the types are loaded", async () => {
    const { actor, create } = open();
    actor.send({ type: "type.draftChanged", name: "Early" });
    actor.send({ type: "type.created" });
    expect(create.calls).toHaveLength(0);
  });

  it("deletes a type after asking, saying how many weeks it tags; cancel and a failure keep it", async () => {
    const { actor, load, remove, snap } = open();
    await load.resolve(twoTypes);
    actor.send({ type: "type.deleteRequested", id: 1 });
    expect(sel.removalQuestion(snap())).toEqual({ name: "Sale", weeks: 3 });
    actor.send({ type: "deletion.cancelled" });
    expect(sel.removalQuestion(snap())).toBeNull();
    expect(remove.calls).toHaveLength(0);
    actor.send({ type: "type.deleteRequested", id: 1 });
    actor.send({ type: "deletion.confirmed" });
    expect(sel.isRemoving(snap())).toBe(true);
    expect(remove.calls).toEqual([{ call: expect.objectContaining({ program: "acme" }), id: 1 }]);
    await remove.reject(httpErrors.network);
    expect(sel.removalProblem(snap())).toBe(`${seasonalityTexts.deleteFailed} ${seasonalityTexts.offline}`);
    expect(sel.types(snap()).map((t) => t.name)).toEqual(["Sale", "Quiet"]);
    actor.send({ type: "type.deleteRequested", id: 1 });
    expect(sel.removalProblem(snap())).toBeNull();
    actor.send({ type: "deletion.confirmed" });
    await remove.resolve(ok);
    expect(sel.types(snap()).map((t) => t.name)).toEqual(["Quiet"]);
    expect(shownTag(snap(), "2026-01-05")).toBeNull();
    actor.send({ type: "type.deleteRequested", id: 1 });
    expect(sel.removalQuestion(snap())).toBeNull();
  });

  it("a new program reloads; a tag under way for the old one finishes without showing on the new one", async () => {
    const { actor, load, write, snap } = open();
    await load.resolve(twoTypes);
    actor.send({ type: "week.opened", week: "2026-01-12" });
    actor.send({ type: "week.tagged", week: "2026-01-12", typeId: 1 });
    actor.send({ type: "session.scopeChanged", scope: scopeOf({ range: january, programCode: beta.code }) });
    expect(sel.status(snap())).toBe("loading");
    expect(load.calls.at(-1)?.call.program).toBe("beta");
    await load.resolve({ data: [{ id: 5, name: "Spring", weeks: [] }] });
    expect(shownTag(snap(), "2026-01-12")).toBeNull();
    expect(sel.pendingWrites(snap())).toBe(0);
    expect(write.calls[0]?.call.program).toBe("acme");
    await write.resolve(ok);
    expect(sel.types(snap())).toEqual([{ id: 5, name: "Spring", inDates: [], total: 0 }]);
  });

  it("a load landing while a tag is under way still shows the tag", async () => {
    const { actor, load, write, snap } = open();
    await load.resolve(twoTypes);
    actor.send({ type: "week.tagged", week: "2026-01-26", typeId: 2 });
    actor.send({ type: "session.scopeChanged", scope: scopeOf({ range: { from: "2026-01-15", to: "2026-02-15" } }) });
    await load.resolve(twoTypes);
    expect(shownTag(snap(), "2026-01-26")).toBe("Quiet");
    await write.resolve(ok);
    expect(shownTag(snap(), "2026-01-26")).toBe("Quiet");
  });
});
