import { assign, sendTo, setup, type ActorRefFrom, type AnyActorRef, type SnapshotFrom } from "xstate";
import { matchingPreset, presetRange, todayAt, type DateRange, type PresetId } from "../../domain/report/dateRange";
import { rangeProblem } from "../../domain/report/dateRangeRule";

export interface DateRangePickerInput {
  /** The session actor that receives `session.datesChanged` when a range is applied. */
  readonly session: AnyActorRef;
  /**
   * The event a range applied is told as (its `from` and `to` with it): `session.datesChanged` when
   * absent; a screen with days of its own (the Audit screen's `audit.daysChosen`) gives it as `session`.
   */
  readonly appliedAs?: string;
}

interface DateRangePickerContext extends DateRangePickerInput {
  readonly from: string;
  readonly to: string;
  readonly today: string;
}

export type DateRangePickerEvent =
  | { type: "picker.opened"; range: DateRange | null; timeZone: string }
  | { type: "picker.presetChosen"; preset: PresetId }
  | { type: "picker.fromChanged"; value: string }
  | { type: "picker.toChanged"; value: string }
  | { type: "picker.applied" }
  | { type: "picker.cancelled" };

/**
 * The date range picker: closed, or open with a draft range. A preset applies at once;
 * typed dates apply only when they form a valid range (start on or before end), so a
 * bad entry never reaches the session.
 */
export const dateRangePickerMachine = setup({
  types: {
    context: {} as DateRangePickerContext,
    events: {} as DateRangePickerEvent,
    input: {} as DateRangePickerInput,
  },
  actions: {
    startDraft: assign((_, params: { range: DateRange | null; timeZone: string }) => {
      const today = todayAt(Date.now(), params.timeZone);
      const range = params.range ?? presetRange("last30", today);
      return { from: range.from, to: range.to, today };
    }),
    draftPreset: assign(({ context }, params: { preset: PresetId }) => presetRange(params.preset, context.today)),
    draftFrom: assign((_, params: { value: string }) => ({ from: params.value })),
    draftTo: assign((_, params: { value: string }) => ({ to: params.value })),
    applyDraft: sendTo(
      ({ context }) => context.session,
      ({ context }) => ({ type: context.appliedAs ?? "session.datesChanged", from: context.from, to: context.to }),
    ),
  },
  guards: {
    /** The date-range rule of both pickers (`rangeProblem`). */
    isDraftValid: ({ context }) => rangeProblem(context.from, context.to) === null,
  },
}).createMachine({
  id: "dateRangePicker",
  context: ({ input }) => ({ ...input, from: "", to: "", today: "" }),
  initial: "closed",
  states: {
    closed: {
      on: {
        "picker.opened": {
          target: "open",
          actions: { type: "startDraft", params: ({ event }) => ({ range: event.range, timeZone: event.timeZone }) },
        },
      },
    },
    open: {
      on: {
        "picker.presetChosen": {
          target: "closed",
          actions: [{ type: "draftPreset", params: ({ event }) => ({ preset: event.preset }) }, "applyDraft"],
        },
        "picker.fromChanged": { actions: { type: "draftFrom", params: ({ event }) => ({ value: event.value }) } },
        "picker.toChanged": { actions: { type: "draftTo", params: ({ event }) => ({ value: event.value }) } },
        "picker.applied": { guard: "isDraftValid", target: "closed", actions: "applyDraft" },
        "picker.cancelled": "closed",
      },
    },
  },
});

type Snap = SnapshotFrom<typeof dateRangePickerMachine>;
export const dateRangePickerSelectors = {
  isOpen: (s: Snap) => s.matches("open"),
  draftFrom: (s: Snap) => s.context.from,
  draftTo: (s: Snap) => s.context.to,
  isDraftValid: (s: Snap) => rangeProblem(s.context.from, s.context.to) === null,
  /** What is wrong with the typed dates (the message both pickers give), or null. */
  draftProblem: (s: Snap): string | null => rangeProblem(s.context.from, s.context.to),
  activePreset: (s: Snap) => (s.context.today ? matchingPreset({ from: s.context.from, to: s.context.to }, s.context.today) : null),
};
export type DateRangePickerActorRef = ActorRefFrom<typeof dateRangePickerMachine>;
