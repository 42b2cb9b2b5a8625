import { SimulatedClock, createActor, fromCallback, type EventObject } from "xstate";
import { afterEach, describe, expect, it, vi } from "vitest";
import { emptySpendForm, spendFormTexts, spendMessages, type SpendFormErrors, type SpendFormField, type SpendFormValues } from "../../../src/domain/spend/spendForm";
import { spendFailureText, spendFormMachine, spendFormSelectors as sel, spendFormTellingToasts, type CreateSpendInput } from "../../../src/machines/spend/spendForm.machine";
import { toastsMachine, toastsSelectors } from "../../../src/machines/shell/toasts.machine";
import type { CreatedFixedCost } from "../../../src/services/spend/costs";
import { ClientError, DecodeError } from "../../../src/services/http/httpErrors";
import { httpErrors, signedInApi } from "../../model/fixtures";
import { controlled, flush } from "../support";

const validMonthly: SpendFormValues = {
  taxonomy_1: "Paid Search",
  taxonomy_2: "Google",
  taxonomy_3: "",
  taxonomy_4: "",
  spend: "120.50",
  frequency: "monthly",
  start_date: "2026-01-01",
  end_date: "2026-06-30",
};
const created = (id: number): CreatedFixedCost => ({ data: { id } });

const setup = () => {
  const create = controlled<CreatedFixedCost, CreateSpendInput>();
  const toasts: string[] = [];
  const actor = createActor(
    spendFormMachine.provide({
      actors: { createSpend: create.logic },
      actions: { notifyInvalid: (_, params: { text: string }) => void toasts.push(params.text) },
    }),
    { clock: new SimulatedClock(), input: { api: signedInApi, program: "acme" } },
  ).start();
  const snap = () => actor.getSnapshot();
  const type = (values: Partial<SpendFormValues>) => {
    for (const [field, value] of Object.entries(values)) actor.send({ type: "spend.fieldChanged", field: field as SpendFormField, value });
  };
  const save = () => actor.send({ type: "spend.saved" });
  return { actor, create, toasts, snap, type, save };
};

afterEach(() => vi.unstubAllGlobals());

describe("spendForm machine", () => {
  it("starts empty, single, with the end date disabled and nothing checked", () => {
    const { snap } = setup();
    expect(snap().value).toEqual({ editing: "idle" });
    expect(sel.values(snap())).toEqual(emptySpendForm);
    expect(sel.errors(snap())).toEqual({});
    expect(sel.isEndDateEnabled(snap())).toBe(false);
    expect(sel.created(snap())).toBeNull();
    expect(sel.failure(snap())).toBeNull();
  });

  it("the end date is enabled exactly when the frequency is not single", () => {
    const { snap, type } = setup();
    for (const [frequency, enabled] of [
      ["daily", true],
      ["monthly", true],
      ["yearly", true],
      ["single", false],
    ] as const) {
      type({ frequency });
      expect(sel.isEndDateEnabled(snap())).toBe(enabled);
    }
  });

  // Every rule of the spend form as a scenario: typed values -> the messages shown on save.
  it.each([
    ["taxonomy 1 is required", { taxonomy_1: "" }, { taxonomy_1: spendMessages.taxonomy1Required }],
    ["taxonomy 1 blank counts as empty", { taxonomy_1: "   " }, { taxonomy_1: spendMessages.taxonomy1Required }],
    ["taxonomy 2 is required if taxonomy 3 is filled", { taxonomy_2: "", taxonomy_3: "Brand" }, { taxonomy_2: spendMessages.taxonomy2Required }],
    [
      "taxonomy 2 and 3 are required if taxonomy 4 is filled",
      { taxonomy_2: "", taxonomy_4: "Exact" },
      { taxonomy_2: spendMessages.taxonomy2Required, taxonomy_3: spendMessages.taxonomy3Required },
    ],
    ["taxonomy 3 is required if taxonomy 4 is filled", { taxonomy_4: "Exact" }, { taxonomy_3: spendMessages.taxonomy3Required }],
    ["spend is required", { spend: "" }, { spend: spendMessages.spendRequired }],
    ["spend must be a decimal with 2 places (3 places)", { spend: "12.345" }, { spend: spendMessages.spendDecimal }],
    ["spend must be a decimal (text)", { spend: "twelve" }, { spend: spendMessages.spendDecimal }],
    ["spend must be a decimal (negative)", { spend: "-5" }, { spend: spendMessages.spendDecimal }],
    ["frequency is required", { frequency: "" }, { frequency: spendMessages.frequencyInvalid }],
    ["frequency must be single, daily, monthly or yearly", { frequency: "weekly" }, { frequency: spendMessages.frequencyInvalid }],
    ["start date is required", { start_date: "" }, { start_date: spendMessages.startRequired }],
    ["start date must be a date", { start_date: "2026-02-30" }, { start_date: spendMessages.startInvalid }],
    ["end date is required when not single", { end_date: "" }, { end_date: spendMessages.endRequired }],
    [
      "start must be before the end (equal)",
      { start_date: "2026-03-01", end_date: "2026-03-01" },
      { start_date: spendMessages.startBeforeEnd, end_date: spendMessages.endAfterStart },
    ],
    [
      "end must be after the start",
      { start_date: "2026-03-02", end_date: "2026-03-01" },
      { start_date: spendMessages.startBeforeEnd, end_date: spendMessages.endAfterStart },
    ],
  ] satisfies Array<[string, Partial<SpendFormValues>, SpendFormErrors]>)("%s: field messages and the toast, nothing sent", (_name, patch, expected) => {
    const { snap, type, save, create, toasts } = setup();
    type({ ...validMonthly, ...patch });
    save();
    expect(snap().value).toEqual({ editing: "invalid" });
    expect(sel.isInvalid(snap())).toBe(true);
    expect(sel.errors(snap())).toEqual(expected);
    expect(toasts).toEqual(["The spend configuration is not valid! Please check the fields."]);
    expect(create.calls).toEqual([]);
    expect(sel.values(snap())).toEqual({ ...validMonthly, ...patch });
  });

  it("a single spend needs no end date, and an end date typed before is neither checked nor sent", async () => {
    const { snap, type, save, create, toasts } = setup();
    type({ ...validMonthly, end_date: "2020-01-01", frequency: "single" });
    expect(sel.isEndDateEnabled(snap())).toBe(false);
    save();
    expect(toasts).toEqual([]);
    expect(snap().value).toBe("submitting");
    expect(create.calls).toEqual([
      { api: signedInApi, program: "acme", body: { taxonomy_1: "Paid Search", taxonomy_2: "Google", cost: 120.5, start_date: "2026-01-01", frequency: "single" } },
    ]);
    await create.resolve(created(5));
  });

  it("saving the empty form shows the three required messages and the toast once per save", () => {
    const { snap, save, toasts } = setup();
    save();
    expect(sel.errors(snap())).toEqual({
      taxonomy_1: spendMessages.taxonomy1Required,
      spend: spendMessages.spendRequired,
      start_date: spendMessages.startRequired,
    });
    save();
    expect(toasts).toHaveLength(2);
    expect(snap().value).toEqual({ editing: "invalid" });
  });

  it("the toast goes through the app's toasts actor given as `toasts`, for 3 seconds", () => {
    const clock = new SimulatedClock();
    const toasts = createActor(toastsMachine, { clock }).start();
    const actor = createActor(spendFormTellingToasts, { clock, input: { api: signedInApi, program: "acme", toasts } }).start();
    actor.send({ type: "spend.saved" });
    expect(toastsSelectors.current(toasts.getSnapshot())).toMatchObject({ text: spendMessages.invalidToast, kind: "error" });
    clock.increment(2999);
    expect(toastsSelectors.current(toasts.getSnapshot())).not.toBeNull();
    clock.increment(1);
    expect(toastsSelectors.current(toasts.getSnapshot())).toBeNull();
  });

  it("while invalid, the messages follow what is typed, and the form goes back to editing when every rule holds", () => {
    const { snap, type, save } = setup();
    type({ ...validMonthly, taxonomy_1: "", spend: "x" });
    save();
    expect(Object.keys(sel.errors(snap()))).toEqual(["taxonomy_1", "spend"]);
    type({ spend: "12" });
    expect(sel.errors(snap())).toEqual({ taxonomy_1: spendMessages.taxonomy1Required });
    type({ spend: "1.234" });
    expect(sel.errors(snap())).toEqual({ taxonomy_1: spendMessages.taxonomy1Required, spend: spendMessages.spendDecimal });
    type({ spend: "12", taxonomy_1: "Display" });
    expect(snap().value).toEqual({ editing: "idle" });
    expect(sel.errors(snap())).toEqual({});
  });

  it("a valid form is sent with taxonomy 2..4 only when filled and the end date when not single; created empties the form and names it", async () => {
    const { snap, type, save, create } = setup();
    type({ ...validMonthly, taxonomy_2: "  ", taxonomy_3: "" });
    save();
    expect(sel.isSubmitting(snap())).toBe(true);
    expect(create.calls).toEqual([
      { api: signedInApi, program: "acme", body: { taxonomy_1: "Paid Search", cost: 120.5, start_date: "2026-01-01", frequency: "monthly", end_date: "2026-06-30" } },
    ]);
    // Edits and saves wait while sending.
    type({ taxonomy_1: "changed" });
    save();
    expect(create.calls).toHaveLength(1);
    expect(sel.values(snap()).taxonomy_1).toBe("Paid Search");

    await create.resolve(created(42));
    expect(snap().value).toEqual({ editing: "created" });
    expect(sel.values(snap())).toEqual(emptySpendForm);
    expect(sel.created(snap())).toEqual({
      id: 42,
      entry: { taxonomy_1: "Paid Search", cost: 120.5, start_date: "2026-01-01", frequency: "monthly", end_date: "2026-06-30" },
    });
    // Typing a new one hides the message.
    type({ taxonomy_1: "Display" });
    expect(snap().value).toEqual({ editing: "idle" });
    expect(sel.created(snap())).toBeNull();
  });

  it("its listener hears spend.created once per created spend, and nothing on an invalid save or a failure", async () => {
    const heard: EventObject[] = [];
    const listener = createActor(fromCallback<EventObject>(({ receive }) => receive((e) => void heard.push(e)))).start();
    const create = controlled<CreatedFixedCost, CreateSpendInput>();
    const actor = createActor(spendFormMachine.provide({ actors: { createSpend: create.logic } }), { input: { api: signedInApi, program: "acme", listener } }).start();
    const type = (values: Partial<SpendFormValues>) => {
      for (const [field, value] of Object.entries(values)) actor.send({ type: "spend.fieldChanged", field: field as SpendFormField, value });
    };
    actor.send({ type: "spend.saved" });
    expect(heard).toEqual([]);
    type(validMonthly);
    actor.send({ type: "spend.saved" });
    expect(heard).toEqual([]);
    await create.reject(httpErrors.server);
    expect(heard).toEqual([]);
    actor.send({ type: "spend.saved" });
    await create.resolve(created(42));
    expect(heard).toEqual([{ type: "spend.created", id: 42 }]);
    type(validMonthly);
    actor.send({ type: "spend.saved" });
    await create.resolve(created(43));
    expect(heard).toEqual([
      { type: "spend.created", id: 42 },
      { type: "spend.created", id: 43 },
    ]);
    actor.stop();
    listener.stop();
  });

  it("all four taxonomies are sent when filled", async () => {
    const { type, save, create } = setup();
    type({ ...validMonthly, taxonomy_3: "Brand", taxonomy_4: "Exact", frequency: "daily" });
    save();
    expect(create.calls[0]?.body).toEqual({
      taxonomy_1: "Paid Search",
      taxonomy_2: "Google",
      taxonomy_3: "Brand",
      taxonomy_4: "Exact",
      cost: 120.5,
      start_date: "2026-01-01",
      frequency: "daily",
      end_date: "2026-06-30",
    });
    await create.resolve(created(1));
  });

  it("a server refusal is shown with the server's reason and nothing typed is lost", async () => {
    const { snap, type, save, create } = setup();
    type(validMonthly);
    save();
    await create.reject(
      new ClientError({ status: 400, code: "invalid_body", message: "Invalid request body: taxonomy_1: Expected at most 200 characters", path: "/programs/acme/fixed-costs" }),
    );
    expect(snap().value).toEqual({ editing: "failed" });
    expect(sel.failure(snap())).toBe("The spend configuration was not created: Invalid request body: taxonomy_1: Expected at most 200 characters");
    expect(sel.values(snap())).toEqual(validMonthly);
    expect(sel.errors(snap())).toEqual({});
    // The reason stays while the person corrects; the next save clears it and sends again.
    type({ taxonomy_1: "Paid Social" });
    expect(sel.failure(snap())).not.toBeNull();
    save();
    expect(sel.failure(snap())).toBeNull();
    expect(create.calls[1]?.body.taxonomy_1).toBe("Paid Social");
    await create.resolve(created(2));
    expect(sel.created(snap())?.entry.taxonomy_1).toBe("Paid Social");
  });

  it("after a failure, an invalid save shows the messages instead of the failure", async () => {
    const { snap, type, save, create, toasts } = setup();
    type(validMonthly);
    save();
    await create.reject(httpErrors.server);
    type({ spend: "" });
    save();
    expect(snap().value).toEqual({ editing: "invalid" });
    expect(sel.failure(snap())).toBeNull();
    expect(toasts).toHaveLength(1);
  });

  it.each([
    ["a refusal (4xx) gives the server's reason", httpErrors.badRequest, "The spend configuration was not created: HTTP 400"],
    ["forbidden", httpErrors.forbidden, "The spend configuration was not created: HTTP 403"],
    ["a server error", httpErrors.server, spendFormTexts.serverFailed],
    ["the network", httpErrors.network, spendFormTexts.unreachable],
    ["an unreadable answer", new DecodeError({ message: "Expected number", path: "/x" }), spendFormTexts.unreadableAnswer],
    ["anything else", new Error("boom"), spendFormTexts.serverFailed],
  ])("failure text: %s", (_name, error, text) => {
    expect(spendFailureText(error)).toBe(text);
  });

  it("ignores a change of an unknown field", () => {
    const { snap, actor } = setup();
    actor.send({ type: "spend.fieldChanged", field: "__proto__" as SpendFormField, value: "x" });
    expect(sel.values(snap())).toEqual(emptySpendForm);
    expect(Object.getPrototypeOf(sel.values(snap()))).toBe(Object.prototype);
  });

  it("the real createSpend POSTs the body to programs/{program}/fixed-costs with the session's token", async () => {
    const calls: Array<{ url: string; method: string; body: unknown; auth: string | null }> = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push({ url, method: String(init.method), body: JSON.parse(String(init.body)), auth: new Headers(init.headers).get("Authorization") });
        return new Response(JSON.stringify({ data: { id: 9 } }), { status: 201, headers: { "Content-Type": "application/json" } });
      }),
    );
    const actor = createActor(spendFormMachine, { input: { api: signedInApi, program: "acme shop" } }).start();
    for (const [field, value] of Object.entries(validMonthly)) actor.send({ type: "spend.fieldChanged", field: field as SpendFormField, value });
    actor.send({ type: "spend.saved" });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ editing: "created" }));
    expect(calls).toEqual([
      {
        url: "/api/programs/acme%20shop/fixed-costs",
        method: "POST",
        body: { taxonomy_1: "Paid Search", taxonomy_2: "Google", cost: 120.5, start_date: "2026-01-01", frequency: "monthly", end_date: "2026-06-30" },
        auth: "Bearer tok-1",
      },
    ]);
    expect(sel.created(actor.getSnapshot())?.id).toBe(9);
  });

  it("the real createSpend shows the server's refusal", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify({ error: "invalid_body", message: "Invalid request body: cost: Spend must be a decimal with 2 places." }), { status: 400 })),
    );
    const actor = createActor(spendFormMachine, { input: { api: signedInApi, program: "acme" } }).start();
    for (const [field, value] of Object.entries(validMonthly)) actor.send({ type: "spend.fieldChanged", field: field as SpendFormField, value });
    actor.send({ type: "spend.saved" });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ editing: "failed" }));
    await flush();
    expect(sel.failure(actor.getSnapshot())).toBe("The spend configuration was not created: Invalid request body: cost: Spend must be a decimal with 2 places.");
    expect(sel.values(actor.getSnapshot())).toEqual(validMonthly);
  });
});
