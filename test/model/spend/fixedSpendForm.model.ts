import { isDeepStrictEqual } from "node:util";
import type { DateRange } from "../../../src/domain/report/dateRange";
import type { SessionScope } from "../../../src/domain/report/reportScope";
import type { FixedCostAnswer } from "../../../src/domain/spend/costs";
import { fixedSpendCreateKey, fixedSpendFormOf, fixedSpendUpdateOf } from "../../../src/domain/spend/fixedSpendForm";
import { validateSpendForm, type SpendFormField, type SpendFormValues } from "../../../src/domain/spend/spendForm";
import { spendListTexts } from "../../../src/domain/spend/spendList";
import {
  fixedSpendFormMachine,
  fixedSpendFormSelectors as sel,
  type CreateSpendInput,
  type FindSpendInput,
  type FixedSpendFormRoute,
  type UpdateSpendInput,
} from "../../../src/machines/spend/fixedSpendForm.machine";
import { defineMachineModel, invariant, type Rig } from "../harness";
import { httpErrors, ok, quietSessionScopeListener, recordingSessionActor, scopeOf } from "../fixtures";
import { fixedCost } from "./fixedSpendFixtures";

const january: DateRange = { from: "2026-01-01", to: "2026-01-31" };
const february: DateRange = { from: "2026-02-01", to: "2026-02-28" };
const signedOut = { token: null, programs: [], programCode: null, range: null };
/** 2026-01-31 12:00 UTC. */
const noon = Date.UTC(2026, 0, 31, 12);

const seven: FixedCostAnswer = { data: fixedCost(7) };

const inputOf = (route: FixedSpendFormRoute, signedIn = true) => (rig: Rig) => ({
  session: recordingSessionActor(() => undefined, signedIn ? {} : signedOut),
  route,
  formId: "form-1",
  toasts: rig.recorder("toasts"),
  now: () => noon,
});

/**
 * Two edits that break and mend the spend form and change the body: taxonomy 1 emptied
 * or typed again, single or daily (a single configuration is sent without an end date).
 * Every rule one by one is the spend form's own model and tests.
 */
const edits = (v: SpendFormValues): Record<string, { field: SpendFormField; value: string }> => ({
  taxonomy1: { field: "taxonomy_1", value: v.taxonomy_1 === "" ? "Display" : "" },
  frequency: { field: "frequency", value: v.frequency === "single" ? "daily" : "single" },
});

const unlessDone = (s: { readonly status: string }): ReadonlyArray<Record<string, never>> => (s.status === "done" ? [] : [{}]);

const toastOf = (text: string, kind: "info" | "error") => ({ type: "toast.shown", text, kind });

/**
 * The fixed spend create and edit screen: create (signed in, or waiting for a program),
 * edit of an id and of a route parameter that is not one; loads answered, refused (403,
 * 404) or failed; edits that break and mend the spend form's rules; saves sent once
 * (created, updated, refused or failed); removal asked, cancelled, confirmed and
 * answered; another program or other dates.
 */
export const fixedSpendFormModel = defineMachineModel({
  name: "fixedSpendForm",
  machine: fixedSpendFormMachine,
  input: {
    create: inputOf({ kind: "create" }),
    createSignedOut: inputOf({ kind: "create" }, false),
    edit: inputOf({ kind: "edit", param: "7" }),
    notAnId: inputOf({ kind: "edit", param: "seven" }),
  },
  events: {
    // A screen that has ended (saved, removed, no access) hears nothing more: the list is open.
    // Other dates and another program where they matter (a form, a load, a request under
    // way), signing out only there too, and signing in while waiting.
    "session.scopeChanged": (s): Record<string, { scope: SessionScope }> => {
      const c = s.context.scope;
      if (s.status === "done") return {};
      if (c.program === null) return { signedIn: { scope: scopeOf({ programCode: "acme", range: january }) } };
      if (!(s.matches({ editing: "idle" }) || s.matches("loading") || s.matches("saving") || s.matches("removing"))) return {};
      const [program, range] = [c.program.code, c.range ?? january];
      return {
        dates: { scope: scopeOf({ programCode: program, range: range.from === january.from ? february : january }) },
        program: { scope: scopeOf({ programCode: program === "acme" ? "beta" : "acme", range }) },
        signedOut: { scope: scopeOf(signedOut) },
      };
    },
    "spend.fieldChanged": (s) => (s.context.values === null || s.status === "done" ? {} : edits(s.context.values)),
    "spend.saved": unlessDone,
    "spend.removeAsked": unlessDone,
    "spend.removeConfirmed": unlessDone,
    "spend.removeCancelled": unlessDone,
    "spend.loadRetried": unlessDone,
  },
  actorOutcomes: {
    findSpend: { resolves: { seven }, rejects: { forbidden: httpErrors.forbidden, notFound: httpErrors.notFound, server: httpErrors.server } },
    createSpend: { resolves: { created: { data: { id: 41 } } }, rejects: { network: httpErrors.network } },
    updateSpend: { resolves: { saved: seven }, rejects: { forbidden: httpErrors.forbidden, notFound: httpErrors.notFound, server: httpErrors.server } },
    removeSpend: { resolves: { ok }, rejects: { forbidden: httpErrors.forbidden, notFound: httpErrors.notFound, server: httpErrors.server } },
  },
  appActions: ["goToList"],
  provide: () => ({ actors: { sessionScopeListener: quietSessionScopeListener } }),
  observe: (c) => ({
    program: c.scope.program?.code ?? null,
    values: c.values,
    stored: c.stored?.id ?? null,
    shown: Object.keys(c.errors).sort(),
    failure: c.failure !== null,
    pending: c.pendingScope?.program?.code ?? (c.pendingScope === null ? null : "none"),
  }),
  strategies: {
    shortest: { maxPaths: 400 },
    simple: { observe: (c) => ({ valid: c.values !== null && validateSpendForm(c.values).ok }), maxPaths: 40 },
  },
  limit: 60_000,
  check: ({ action, before, after, newCalls }) => {
    const c = after.context;
    const loading = after.matches("waiting") || after.matches("starting") || after.matches("loading");
    invariant(sel.isLoading(after) === loading, "the loading indicator is waiting or loading");
    if (c.scope.program === null) invariant(after.matches("waiting") || after.status === "done", "without a program the screen waits");
    // A save or a removal under way keeps the screen's program; another one is taken up only after a failure.
    if (c.pendingScope !== null) invariant(after.matches("saving") || after.matches("removing") || after.status === "done" || after.matches("notFound"), "a held scope only while busy");
    if (sel.showsForm(after)) invariant(c.values !== null, "a form shows values");
    if (after.matches("notFound") || after.matches("loadFailed")) invariant(!sel.showsForm(after), "not found is not a blank form");
    if (c.route.kind === "edit" && c.route.param === "seven") invariant(after.matches("notFound") || after.matches("waiting"), "a parameter that is not an id is not found");

    // A create's form starts with the defaults in the program's today.
    if (c.route.kind === "create" && c.values !== null && before?.context.values === null) {
      invariant(isDeepStrictEqual({ ...c.values }, { taxonomy_1: "", taxonomy_2: "", taxonomy_3: "", taxonomy_4: "", spend: "0", frequency: "daily", start_date: "2026-01-31", end_date: "2026-02-01" }), "the new-form defaults");
    }
    // A loaded configuration fills the form.
    if (action.kind === "actor" && action.src === "findSpend" && action.outcome === "resolves") {
      invariant(isDeepStrictEqual(c.values, fixedSpendFormOf(seven.data)), "the form shows the configuration loaded");
    }

    // Saves: one request per valid save from the form, none otherwise; an invalid save shows the rules' messages.
    const saves = newCalls.filter((x) => x.kind === "actor" && (x.name === "createSpend" || x.name === "updateSpend"));
    const savedNow = action.kind === "event" && action.event.type === "spend.saved" && before?.matches("editing") === true;
    const validation = validateSpendForm(before?.context.values ?? after.context.values ?? ({} as SpendFormValues));
    if (savedNow && validation.ok) {
      invariant(after.matches("saving") && saves.length === 1, "a valid save is sent once");
      const save = saves[0];
      if (save?.name === "createSpend") {
        const input = save.payload as CreateSpendInput;
        invariant(isDeepStrictEqual(input.body, validation.body), "a create sends the form's body");
        invariant(input.idempotencyKey === fixedSpendCreateKey("form-1", validation.body), "a create carries its key");
        invariant(input.program === c.scope.program?.code, "a create goes to the screen's program");
      } else {
        const input = save?.payload as UpdateSpendInput;
        invariant(isDeepStrictEqual(input.body, fixedSpendUpdateOf(validation.body)) && input.id === 7, "an edit sends every field of the form for its id");
      }
    } else {
      invariant(saves.length === 0, "requests start only on a valid save from the form");
      if (savedNow) invariant(after.matches({ editing: "invalid" }) && isDeepStrictEqual(c.errors, validation.ok ? {} : validation.errors), "an invalid save shows the rules' messages");
    }
    if (before?.matches("saving") && action.kind === "event") invariant(isDeepStrictEqual(c.values, before.context.values), "nothing changes while saving");

    // Removals: only on a confirmed question, once.
    const removals = newCalls.filter((x) => x.kind === "actor" && x.name === "removeSpend");
    const confirmed = action.kind === "event" && action.event.type === "spend.removeConfirmed" && before?.matches("confirming") === true;
    invariant(removals.length === (confirmed ? 1 : 0), "a removal is sent once, only when confirmed");
    if (after.matches("confirming")) invariant(c.route.kind === "edit", "only an edit asks to remove");

    // Loads: with an id, on entering loading, for the screen's program.
    const loads = newCalls.filter((x) => x.kind === "actor" && x.name === "findSpend");
    const otherProgram = before !== undefined && (before.context.scope.program?.code ?? null) !== (c.scope.program?.code ?? null);
    const enteredLoading = after.matches("loading") && (!(before?.matches("loading") ?? false) || otherProgram);
    invariant(loads.length === (enteredLoading ? 1 : 0), "one load on entering loading");
    for (const load of loads) invariant((load.payload as FindSpendInput).id === 7 && (load.payload as FindSpendInput).program === c.scope.program?.code, "a load asks for the id in the screen's program");

    // The end: a toast and the list, once; nothing before.
    const toasts = newCalls.filter((x) => x.kind === "received" && x.name === "toasts").map((x) => x.payload);
    const toList = newCalls.filter((x) => x.kind === "action" && x.name === "goToList");
    const ended = after.status === "done" && before?.status !== "done";
    const said = !ended
      ? []
      : after.matches("saved")
        ? [toastOf(spendListTexts.saved, "info")]
        : after.matches("removed")
          ? [toastOf(spendListTexts.removed, "info")]
          : [toastOf(spendListTexts.forbidden, "error")];
    invariant(isDeepStrictEqual(toasts, said), "the toast of the end, once");
    invariant(toList.length === (ended ? 1 : 0), "the list opens once, at the end");
    if (after.matches("forbidden")) invariant(before?.matches("loading") || before?.matches("saving") || before?.matches("removing"), "no access comes from an answer");
  },
});
