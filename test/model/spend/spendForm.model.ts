import { isDeepStrictEqual } from "node:util";
import { emptySpendForm, spendMessages, spendRequestBody, validateSpendForm, type SpendFormField, type SpendFormValues } from "../../../src/domain/spend/spendForm";
import { spendFormMachine, type CreateSpendInput } from "../../../src/machines/spend/spendForm.machine";
import { ClientError } from "../../../src/services/http/httpErrors";
import { defineMachineModel, invariant } from "../harness";
import { signedInApi } from "../fixtures";

/**
 * The next edit(s) a person makes, in the order the form is filled, with a wrong turn at
 * some rules: taxonomy 1; spend (or 3 decimals, then mended); start date; monthly; an
 * end before the start (then mended); taxonomy 4 without 2 and 3 (then cleared). While
 * the form shows messages (`mending`) only the good value is typed. Following what is
 * typed keeps the graph small enough for simple paths.
 */
const nextEdits = (v: SpendFormValues, mending: boolean): Record<string, { field: SpendFormField; value: string }> => {
  if (v.taxonomy_1 !== "" && v.taxonomy_1 !== "Paid Search") return {};
  if (v.taxonomy_1 === "") return { taxonomy1: { field: "taxonomy_1", value: "Paid Search" } };
  if (v.spend === "") return mending ? { spend: { field: "spend", value: "120.50" } } : { spend: { field: "spend", value: "120.50" }, spendThreeDecimals: { field: "spend", value: "1.005" } };
  if (v.spend === "1.005") return { spendMended: { field: "spend", value: "1.01" } };
  if (v.start_date === "") return { start: { field: "start_date", value: "2026-01-01" } };
  if (v.frequency === "single" && v.end_date === "") return { monthly: { field: "frequency", value: "monthly" } };
  if (v.end_date === "") return { endBeforeStart: { field: "end_date", value: "2025-12-31" } };
  if (v.end_date === "2025-12-31") return { end: { field: "end_date", value: "2026-06-30" } };
  if (v.taxonomy_4 === "" && v.frequency === "monthly") return { taxonomy4: { field: "taxonomy_4", value: "Exact" } };
  if (v.taxonomy_4 !== "") return { taxonomy4Cleared: { field: "taxonomy_4", value: "" } };
  return {};
};

/** Saving is tried (but not again right after a creation) on the empty form, on each wrong turn and on each valid form (elsewhere it teaches nothing new). */
const worthSaving = (v: SpendFormValues): boolean =>
  isDeepStrictEqual(v, emptySpendForm) || v.spend === "1.005" || v.end_date === "2025-12-31" || v.taxonomy_4 !== "" || validateSpendForm(v).ok;

const refusal = new ClientError({ status: 400, code: "invalid_body", message: "Invalid request body: cost: too large", path: "/programs/acme/fixed-costs" });

/**
 * The spend form: a few values per field,
 * enough to break and mend each kind of rule (required, dependent taxonomies, decimal
 * spend, dates in order, the end date only when not single). Every rule one by one, the
 * other failures and a single spend with a stray end date are scenario tests
 * (test/machines/spend/spendForm.test.ts).
 */
export const spendFormModel = defineMachineModel({
  name: "spendForm",
  machine: spendFormMachine,
  input: (rig) => ({ api: signedInApi, program: "acme", listener: rig.recorder("listener") }),
  events: {
    // One edit at a time (nextEdits). After a failure only a correction of taxonomy 1 is
    // typed before saving again; after a creation, the start of the next one (a path ends there).
    "spend.fieldChanged": (s): Record<string, { field: SpendFormField; value: string }> =>
      s.matches({ editing: "failed" })
        ? s.context.values.taxonomy_1 === "Paid Search"
          ? { taxonomy1Corrected: { field: "taxonomy_1", value: "Paid Social" } }
          : {}
        : s.matches({ editing: "created" })
          ? { nextOne: { field: "taxonomy_1", value: "Display" } }
          : nextEdits(s.context.values, s.matches({ editing: "invalid" })),
    "spend.saved": (s) => (!s.matches({ editing: "created" }) && worthSaving(s.context.values) ? [{}] : []),
  },
  actorOutcomes: {
    createSpend: {
      resolves: { created: { data: { id: 7 } } },
      rejects: { refused: refusal },
    },
  },
  appActions: ["notifyInvalid"],
  observe: (c) => ({
    values: c.values,
    shown: Object.keys(c.errors).sort(),
    created: c.created?.id ?? null,
    failure: c.failure !== null,
  }),
  strategies: {
    simple: { maxPaths: 150 },
  },
  check: ({ action, before, after, newCalls }) => {
    const toasts = newCalls.filter((c) => c.name === "notifyInvalid");
    const sends = newCalls.filter((c) => c.kind === "actor" && c.name === "createSpend");
    const saved = action.kind === "event" && action.event.type === "spend.saved";

    if (saved && before && !before.matches("submitting")) {
      const validation = validateSpendForm(before.context.values);
      if (validation.ok) {
        // A valid form is sent once, as the spend entry body, and no toast shows.
        invariant(after.matches("submitting"), "a valid form is sent");
        invariant(toasts.length === 0, "no toast for a valid form");
        invariant(sends.length === 1, "one request per save");
        const input = sends[0]?.payload as CreateSpendInput;
        invariant(isDeepStrictEqual(input.body, spendRequestBody(before.context.values)), "the request carries the form's body");
        invariant(input.program === "acme" && input.api === signedInApi, "the request goes to the session's program");
      } else {
        // An invalid form shows every broken rule's message and the invalid-form toast, and sends nothing.
        invariant(after.matches({ editing: "invalid" }), "an invalid form shows its messages");
        invariant(toasts.length === 1 && isDeepStrictEqual(toasts[0]?.payload, { text: spendMessages.invalidToast }), "the invalid toast shows once");
        invariant(sends.length === 0, "an invalid form is not sent");
        invariant(isDeepStrictEqual(after.context.errors, validation.errors), "the messages are those of the broken rules");
      }
    } else {
      invariant(toasts.length === 0, "the toast shows only on save");
      invariant(sends.length === 0, "requests start only on save");
    }

    // Every body sent: taxonomy 2..4 only when filled, end_date only when not single.
    for (const s of sends) {
      const body = (s.payload as CreateSpendInput).body;
      invariant(("end_date" in body) === (body.frequency !== "single"), "end_date is sent exactly when the frequency is not single");
      for (const level of ["taxonomy_2", "taxonomy_3", "taxonomy_4"] as const) {
        invariant(!(level in body) || (body[level] ?? "").trim() !== "", `${level} is sent only when filled`);
      }
    }

    if (before?.matches("submitting") && action.kind === "event") {
      invariant(isDeepStrictEqual(after.context.values, before.context.values), "nothing changes while sending");
    }
    if (after.matches({ editing: "created" }) && before?.matches("submitting")) {
      invariant(isDeepStrictEqual(after.context.values, emptySpendForm), "a created form is emptied");
      invariant(isDeepStrictEqual(after.context.created?.entry, before.context.submitted), "the message names what was created");
    }
    if (after.matches({ editing: "failed" }) && before?.matches("submitting")) {
      invariant(isDeepStrictEqual(after.context.values, before.context.values as SpendFormValues), "nothing typed is lost on a failure");
      invariant(after.context.failure !== null, "the failure is said");
    }
    // The listener (the report) hears of each creation once, and of nothing else.
    const told = newCalls.filter((c) => c.kind === "received" && c.name === "listener").map((c) => c.payload);
    const createdNow = (before?.matches("submitting") ?? false) && after.matches({ editing: "created" });
    invariant(isDeepStrictEqual(told, createdNow ? [{ type: "spend.created", id: 7 }] : []), "the listener hears spend.created once per creation, and nothing else");

    if (after.matches({ editing: "invalid" })) invariant(Object.keys(after.context.errors).length > 0, "an invalid form has messages");
    else invariant(Object.keys(after.context.errors).length === 0, "messages only while invalid");
  },
});
