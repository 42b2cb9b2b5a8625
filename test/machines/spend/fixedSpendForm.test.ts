import { ClientError } from "../../../src/services/http/httpErrors";
import { SimulatedClock, createActor, type AnyActorRef, type EventObject } from "xstate";
import { describe, expect, it } from "vitest";
import type { Created } from "../../../src/domain/report/configuration";
import type { FixedCostAnswer } from "../../../src/domain/spend/costs";
import { fixedSpendCreateKey } from "../../../src/domain/spend/fixedSpendForm";
import { spendMessages, type SpendFormField } from "../../../src/domain/spend/spendForm";
import type { Ok } from "../../../src/domain/access/auth";
import {
  fixedSpendFormMachine,
  fixedSpendFormSelectors as sel,
  type CreateSpendInput,
  type FindSpendInput,
  type FixedSpendFormRoute,
  type FixedSpendFormSession,
  type UpdateSpendInput,
} from "../../../src/machines/spend/fixedSpendForm.machine";
import { httpErrors, quietSessionScopeListener, recordingSessionActor, scopeOf } from "../../model/fixtures";
import { fixedCost } from "../../model/spend/fixedSpendFixtures";
import { controlled } from "../support";

/** 2026-01-31 23:30 UTC: still the 31st in London (acme, +00:00), already 1 February in Tokyo. */
const lateOnTheLastDay = Date.UTC(2026, 0, 31, 23, 30);
const signedOut = { token: null, programs: [], programCode: null, range: null };

const answerOf = (id: number, overrides: Parameters<typeof fixedCost>[1] = {}): FixedCostAnswer => ({ data: fixedCost(id, overrides) });

const setup = (route: FixedSpendFormRoute, session: FixedSpendFormSession = recordingSessionActor(() => undefined)) => {
  const find = controlled<FixedCostAnswer, FindSpendInput>();
  const create = controlled<Created, CreateSpendInput>();
  const update = controlled<FixedCostAnswer, UpdateSpendInput>();
  const remove = controlled<Ok, FindSpendInput>();
  const toasted: EventObject[] = [];
  const toasts = recordingSessionActor((e) => toasted.push(e)) as AnyActorRef;
  let wentToList = 0;
  const actor = createActor(
    fixedSpendFormMachine.provide({
      actors: { findSpend: find.logic, createSpend: create.logic, updateSpend: update.logic, removeSpend: remove.logic, sessionScopeListener: quietSessionScopeListener },
      actions: { goToList: () => void wentToList++ },
    }),
    { clock: new SimulatedClock(), input: { session, route, formId: "form-1", toasts, now: () => lateOnTheLastDay } },
  ).start();
  const snap = () => actor.getSnapshot();
  const type = (field: SpendFormField, value: string) => actor.send({ type: "spend.fieldChanged", field, value });
  return { actor, find, create, update, remove, toasted, wentToList: () => wentToList, snap, type };
};

const editRoute = (param: string): FixedSpendFormRoute => ({ kind: "edit", param });

describe("fixedSpendForm: create", () => {
  it("starts with the new-form defaults in the program's today: cost 0, today to tomorrow, daily, no taxonomy", () => {
    const { snap } = setup({ kind: "create" });
    expect(snap().value).toEqual({ editing: "idle" });
    expect(sel.isCreate(snap())).toBe(true);
    expect(sel.showsForm(snap())).toBe(true);
    expect(sel.values(snap())).toEqual({
      taxonomy_1: "",
      taxonomy_2: "",
      taxonomy_3: "",
      taxonomy_4: "",
      spend: "0",
      frequency: "daily",
      start_date: "2026-01-31",
      end_date: "2026-02-01",
    });
    expect(sel.isEndDateEnabled(snap())).toBe(true);
  });

  it("today is the program's own: a program at +09:00 is already in February", () => {
    const { snap } = setup({ kind: "create" }, recordingSessionActor(() => undefined, { programs: [{ id: 3, code: "tokyo", name: "Tokyo", currency: "JPY", utc_offset: "+09:00", locale: "ja-JP" }], programCode: "tokyo" }));
    expect(sel.values(snap())).toMatchObject({ start_date: "2026-02-01", end_date: "2026-02-02" });
  });

  it("an invalid save shows the spend form's messages, sends nothing, and they follow what is typed", () => {
    const { actor, snap, create, type } = setup({ kind: "create" });
    type("spend", "1.005");
    actor.send({ type: "spend.saved" });
    expect(snap().value).toEqual({ editing: "invalid" });
    expect(sel.errors(snap())).toEqual({ taxonomy_1: spendMessages.taxonomy1Required, spend: spendMessages.spendDecimal });
    expect(create.calls).toEqual([]);
    type("taxonomy_1", "Display");
    expect(sel.errors(snap())).toEqual({ spend: spendMessages.spendDecimal });
    type("spend", "1.01");
    expect(snap().value).toEqual({ editing: "idle" });
    expect(sel.errors(snap())).toEqual({});
  });

  it("a valid save is sent once with its Idempotency-Key; saved: the toast and the list", async () => {
    const { actor, snap, create, type, toasted, wentToList } = setup({ kind: "create" });
    type("taxonomy_1", " Display ");
    type("spend", "120.5");
    actor.send({ type: "spend.saved" });
    expect(snap().value).toEqual({ saving: "creating" });
    expect(sel.isSaving(snap())).toBe(true);
    expect(sel.isBusy(snap())).toBe(true);
    actor.send({ type: "spend.saved" });
    type("spend", "999");
    expect(create.calls).toHaveLength(1);
    const body = { taxonomy_1: "Display", cost: 120.5, start_date: "2026-01-31", frequency: "daily", end_date: "2026-02-01" };
    expect(create.calls[0]).toEqual({
      api: { baseUrl: "/api", token: "tok-1" },
      program: "acme",
      body,
      idempotencyKey: fixedSpendCreateKey("form-1", body as never),
    });
    expect(sel.values(snap()).spend).toBe("120.5");
    await create.resolve({ data: { id: 41 } });
    expect(snap().value).toBe("saved");
    expect(snap().status).toBe("done");
    expect(toasted).toEqual([{ type: "toast.shown", text: "The spend configuration has been saved", kind: "info" }]);
    expect(wentToList()).toBe(1);
  });

  it("a failed create says why, keeps what was typed, and saving the same body again repeats its key", async () => {
    const { actor, snap, create, type, toasted, wentToList } = setup({ kind: "create" });
    type("taxonomy_1", "Display");
    actor.send({ type: "spend.saved" });
    await create.reject(httpErrors.network);
    expect(snap().value).toEqual({ editing: "failed" });
    expect(sel.failure(snap())).toBe("The spend configuration was not created: the server could not be reached. Please try again.");
    expect(sel.values(snap()).taxonomy_1).toBe("Display");
    actor.send({ type: "spend.saved" });
    expect(create.calls).toHaveLength(2);
    expect(create.calls[1]?.idempotencyKey).toBe(create.calls[0]?.idempotencyKey);
    expect(sel.failure(snap())).toBeNull();
    await create.reject(httpErrors.badRequest);
    type("taxonomy_1", "Email");
    actor.send({ type: "spend.saved" });
    expect(create.calls[2]?.idempotencyKey).not.toBe(create.calls[0]?.idempotencyKey);
    expect(toasted).toEqual([]);
    expect(wentToList()).toBe(0);
  });

  it("has nothing to remove", () => {
    const { actor, snap } = setup({ kind: "create" });
    actor.send({ type: "spend.removeAsked" });
    expect(snap().value).toEqual({ editing: "idle" });
  });

  it("waits for a program; what is typed survives another program, whose create goes there", () => {
    const { actor, snap, create, type } = setup({ kind: "create" }, recordingSessionActor(() => undefined, signedOut));
    expect(snap().value).toBe("waiting");
    expect(sel.showsForm(snap())).toBe(false);
    expect(sel.isLoading(snap())).toBe(true);
    actor.send({ type: "session.scopeChanged", scope: scopeOf() });
    expect(snap().value).toEqual({ editing: "idle" });
    type("taxonomy_1", "Display");
    actor.send({ type: "session.scopeChanged", scope: scopeOf({ programCode: "beta" }) });
    expect(snap().value).toEqual({ editing: "idle" });
    expect(sel.values(snap()).taxonomy_1).toBe("Display");
    actor.send({ type: "spend.saved" });
    expect(create.calls[0]?.program).toBe("beta");
  });
});

describe("fixedSpendForm: edit", () => {
  it("loads the route's configuration and shows it in the form", async () => {
    const { snap, find } = setup(editRoute("7"));
    expect(snap().value).toBe("loading");
    expect(sel.isLoading(snap())).toBe(true);
    expect(sel.showsForm(snap())).toBe(false);
    expect(find.calls).toEqual([{ api: { baseUrl: "/api", token: "tok-1" }, program: "acme", id: 7 }]);
    await find.resolve(answerOf(7, { taxonomy_3: "Brand", cost: 45.5 }));
    expect(snap().value).toEqual({ editing: "idle" });
    expect(sel.spendId(snap())).toBe(7);
    expect(sel.storedPath(snap())).toBe("Affiliates / Partner 07 / Brand");
    expect(sel.values(snap())).toEqual({
      taxonomy_1: "Affiliates",
      taxonomy_2: "Partner 07",
      taxonomy_3: "Brand",
      taxonomy_4: "",
      spend: "45.5",
      frequency: "daily",
      start_date: "2026-01-01",
      end_date: "2026-01-10",
    });
  });

  it.each(["abc", "0", "-1", "4.5", "99999999999", ""])("a route parameter that is not an id (%j) is not found, without a call", (param) => {
    const { snap, find } = setup(editRoute(param));
    expect(snap().value).toBe("notFound");
    expect(sel.isNotFound(snap())).toBe(true);
    expect(sel.spendId(snap())).toBeNull();
    expect(find.calls).toEqual([]);
  });

  it("an unknown id (404) is not found, not a blank form", async () => {
    const { snap, find } = setup(editRoute("404"));
    await find.reject(httpErrors.notFound);
    expect(snap().value).toBe("notFound");
    expect(sel.showsForm(snap())).toBe(false);
  });

  it("a 403 goes to the list saying 'You don't have access to this spend configuration'", async () => {
    const { snap, find, toasted, wentToList } = setup(editRoute("7"));
    await find.reject(httpErrors.forbidden);
    expect(snap().value).toBe("forbidden");
    expect(snap().status).toBe("done");
    expect(toasted).toEqual([{ type: "toast.shown", text: "You don't have access to this spend configuration", kind: "error" }]);
    expect(wentToList()).toBe(1);
  });

  it("another failed load can be tried again", async () => {
    const { actor, snap, find } = setup(editRoute("7"));
    await find.reject(httpErrors.server);
    expect(snap().value).toBe("loadFailed");
    expect(sel.hasLoadFailed(snap())).toBe(true);
    actor.send({ type: "spend.loadRetried" });
    expect(snap().value).toBe("loading");
    expect(find.calls).toHaveLength(2);
    await find.resolve(answerOf(7));
    expect(snap().value).toEqual({ editing: "idle" });
  });

  it("saving sends every field (cleared levels as '', a single one without an end date) once; saved: the toast and the list", async () => {
    const { actor, snap, find, update, type, toasted, wentToList } = setup(editRoute("7"));
    await find.resolve(answerOf(7, { version: 4 }));
    type("taxonomy_2", "");
    type("frequency", "single");
    type("spend", "12");
    actor.send({ type: "spend.saved" });
    expect(snap().value).toEqual({ saving: "updating" });
    actor.send({ type: "spend.saved" });
    expect(update.calls).toEqual([
      {
        api: { baseUrl: "/api", token: "tok-1" },
        program: "acme",
        id: 7,
        body: { taxonomy_1: "Affiliates", taxonomy_2: "", taxonomy_3: "", taxonomy_4: "", cost: 12, start_date: "2026-01-01", end_date: null, frequency: "single" },
        // The version it was loaded at: a save someone made since is refused, not overwritten.
        version: 4,
      },
    ]);
    await update.resolve(answerOf(7, { cost: 12 }));
    expect(snap().value).toBe("saved");
    expect(toasted).toEqual([{ type: "toast.shown", text: "The spend configuration has been saved", kind: "info" }]);
    expect(wentToList()).toBe(1);
  });

  it.each([
    ["403", httpErrors.forbidden, "forbidden"],
    ["404", httpErrors.notFound, "notFound"],
  ])("a save answered %s goes where a load would", async (_, error, state) => {
    const { actor, snap, find, update } = setup(editRoute("7"));
    await find.resolve(answerOf(7));
    actor.send({ type: "spend.saved" });
    await update.reject(error);
    expect(snap().value).toBe(state);
  });

  it("an edit someone else saved first (409 stale_spend) shows why under the form, keeps what was typed, and saves again on the next save", async () => {
    const { actor, snap, find, update, type, wentToList } = setup(editRoute("7"));
    await find.resolve(answerOf(7));
    type("taxonomy_1", "Email");
    actor.send({ type: "spend.saved" });
    const message = "Someone else saved this spend configuration while you were editing.";
    await update.reject(new ClientError({ status: 409, code: "stale_spend", message, path: "/programs/acme/fixed-costs/7" }));
    expect(snap().value).toEqual({ editing: "failed" });
    expect(sel.failure(snap())).toContain(message);
    expect(sel.values(snap()).taxonomy_1).toBe("Email");
    expect(wentToList()).toBe(0);
    actor.send({ type: "spend.saved" });
    expect(snap().value).toEqual({ saving: "updating" });
  });

  it("another failed save (the app's dialog says why) leaves the form as typed", async () => {
    const { actor, snap, find, update, type, wentToList } = setup(editRoute("7"));
    await find.resolve(answerOf(7));
    type("taxonomy_1", "Email");
    actor.send({ type: "spend.saved" });
    await update.reject(httpErrors.server);
    expect(snap().value).toEqual({ editing: "idle" });
    expect(sel.values(snap()).taxonomy_1).toBe("Email");
    expect(wentToList()).toBe(0);
  });

  it("remove asks first; cancelled, nothing is sent", async () => {
    const { actor, snap, find, remove } = setup(editRoute("7"));
    await find.resolve(answerOf(7));
    actor.send({ type: "spend.removeAsked" });
    expect(snap().value).toBe("confirming");
    expect(sel.isConfirming(snap())).toBe(true);
    actor.send({ type: "spend.saved" });
    expect(snap().value).toBe("confirming");
    actor.send({ type: "spend.removeCancelled" });
    expect(snap().value).toEqual({ editing: "idle" });
    expect(remove.calls).toEqual([]);
  });

  it("confirmed, it is removed once: the toast 'The spend configuration was successfully removed' and the list", async () => {
    const { actor, snap, find, remove, toasted, wentToList } = setup(editRoute("7"));
    await find.resolve(answerOf(7));
    actor.send({ type: "spend.removeAsked" });
    actor.send({ type: "spend.removeConfirmed" });
    expect(snap().value).toBe("removing");
    expect(sel.isBusy(snap())).toBe(true);
    actor.send({ type: "spend.removeConfirmed" });
    actor.send({ type: "spend.removeCancelled" });
    expect(remove.calls).toEqual([{ api: { baseUrl: "/api", token: "tok-1" }, program: "acme", id: 7 }]);
    await remove.resolve({ ok: true });
    expect(snap().value).toBe("removed");
    expect(toasted).toEqual([{ type: "toast.shown", text: "The spend configuration was successfully removed", kind: "info" }]);
    expect(wentToList()).toBe(1);
  });

  it.each([
    ["403", httpErrors.forbidden, "forbidden"],
    ["404", httpErrors.notFound, "notFound"],
    ["500", httpErrors.server, "editing"],
  ])("a removal answered %s ends in %s", async (_, error, state) => {
    const { actor, snap, find, remove } = setup(editRoute("7"));
    await find.resolve(answerOf(7));
    actor.send({ type: "spend.removeAsked" });
    actor.send({ type: "spend.removeConfirmed" });
    await remove.reject(error);
    expect(snap().matches(state as "editing")).toBe(true);
  });

  it("another program loads the id again there; other dates load nothing", async () => {
    const { actor, snap, find } = setup(editRoute("7"));
    await find.resolve(answerOf(7));
    actor.send({ type: "session.scopeChanged", scope: scopeOf({ range: { from: "2026-02-01", to: "2026-02-28" } }) });
    expect(snap().value).toEqual({ editing: "idle" });
    expect(find.calls).toHaveLength(1);
    actor.send({ type: "session.scopeChanged", scope: scopeOf({ programCode: "beta" }) });
    expect(snap().value).toBe("loading");
    expect(sel.storedPath(snap())).toBe("");
    expect(find.calls[1]).toMatchObject({ program: "beta", id: 7 });
    await find.reject(httpErrors.notFound);
    expect(snap().value).toBe("notFound");
  });

  it("a save under way is not dropped by another program, which a failure then takes up (loading the id there)", async () => {
    const { actor, snap, find, update } = setup(editRoute("7"));
    await find.resolve(answerOf(7));
    actor.send({ type: "spend.saved" });
    actor.send({ type: "session.scopeChanged", scope: scopeOf({ programCode: "beta" }) });
    expect(snap().value).toEqual({ saving: "updating" });
    expect(update.wasAborted(0)).toBe(false);
    expect(update.calls[0]?.program).toBe("acme");
    await update.reject(httpErrors.server);
    expect(snap().value).toBe("loading");
    expect(find.calls[1]).toMatchObject({ program: "beta", id: 7 });
  });

  it("a removal under way keeps its program; once removed the list opens", async () => {
    const { actor, snap, find, remove, wentToList } = setup(editRoute("7"));
    await find.resolve(answerOf(7));
    actor.send({ type: "spend.removeAsked" });
    actor.send({ type: "spend.removeConfirmed" });
    actor.send({ type: "session.scopeChanged", scope: scopeOf(signedOut) });
    expect(snap().value).toBe("removing");
    await remove.resolve({ ok: true });
    expect(snap().value).toBe("removed");
    expect(wentToList()).toBe(1);
  });
});
