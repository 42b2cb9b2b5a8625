import { assign, sendTo, setup, type ActorRefFrom, type AnyActorRef, type SnapshotFrom } from "xstate";
import type { Ok } from "../../domain/access/auth";
import {
  afterDelete,
  canSave,
  columnsOfSet,
  customSetId,
  defaultSetId,
  matchingSet,
  toggleColumn,
  withDefaultSet,
  type ColumnSet,
  type SaveRefusal,
} from "../../domain/performance/columnSelection";
import { columnMetricNames, type ColumnMetric, type ColumnSetInput, type ColumnSetList } from "../../domain/performance/columnSets";
import type { Created } from "../../domain/report/configuration";
import { defaultColumns } from "../../domain/report/metrics";
import * as columnSetsApi from "../../services/performance/columnSets";
import type { ApiContext } from "../../services/http/http";
import type { HttpError } from "../../services/http/httpErrors";
import { eventData } from "../runtime/eventData";
import { fromApiCall } from "../runtime/fromEffect";

/**
 * Column sets of the performance tables: the user's saved sets and favourite, the built-in default set 0 and the custom
 * selection -1.
 *
 * - Choosing a set loads its columns into the session (`session.columnsChanged`).
 * - Changing columns (the Columns dialog, 'Reset to Defaults') selects the set with the
 *   same members in any order, otherwise the custom selection.
 * - Saving is allowed only for a custom selection, with an unused name and at least one
 *   column; the new set's id is the answer's `data.id`, and it becomes the selection.
 * - Deleting the selected set falls back to set 0 (and its columns); deleting the
 *   favourite makes set 0 the favourite.
 * - The star makes a set the favourite; pressing the favourite's star again hands the
 *   favourite back to set 0.
 * - A failed save, delete or favourite only stops the loading, silently; a failed list
 *   leaves the built-in set alone.
 *
 * The favourite on start: each report page starts this machine afresh, and the session
 * holds the visible columns and the set the person chose (`chosenSetId`) for the whole
 * session. Every choice of the person (a set chosen, Default included, a column ticked,
 * 'Reset to Defaults', the fallback after a delete) tells the session the selected id with
 * the columns, so it survives moving between pages. When the list arrives and the person
 * has made no choice, the favourite set's columns are applied, without recording a choice
 * (the favourite applies again on the next page); a choice, Default included, is kept. A
 * session stored before choices were recorded holds none: its custom columns are kept.
 *
 * Column changes are accepted in every state (they only move the selection); the calls
 * run one at a time from `ready.idle`.
 */

export interface ColumnSetsInput {
  readonly api: ApiContext;
  /** Receives `session.columnsChanged` whenever the selection's columns change. */
  readonly session: AnyActorRef;
  /** The session's visible columns when the machine starts. */
  readonly columns: ReadonlyArray<string>;
  /** The set the person chose in this session (0 is Default, -1 custom), or null when they chose none. */
  readonly chosenSetId: number | null;
}

export interface ColumnSetsContext {
  readonly api: ApiContext;
  readonly session: AnyActorRef;
  /** The user's saved sets (without the built-in set 0), oldest first. */
  readonly sets: ReadonlyArray<ColumnSet>;
  readonly favouriteId: number;
  /** The chosen set: a saved set's id, 0 (built-in default) or -1 (custom). */
  readonly selectedId: number;
  /** The person's choice as the session held it on start (null: none, so the favourite applies). */
  readonly chosenSetId: number | null;
  /** The selection's columns, in order (may be empty: the session keeps its last columns then). */
  readonly columns: ReadonlyArray<string>;
  /** The name typed to save the custom selection under. */
  readonly name: string;
  /** The set being saved (its id comes with the answer). */
  readonly saving: ColumnSetInput | null;
  /** The set a delete or favourite call is about. */
  readonly pendingId: number | null;
}

export type ColumnSetsEvent =
  | { type: "columnSets.setChosen"; id: number }
  | { type: "columnSets.columnToggled"; column: string }
  | { type: "columnSets.columnsReset" }
  | { type: "columnSets.nameChanged"; name: string }
  | { type: "columnSets.saveRequested" }
  | { type: "columnSets.deleteRequested"; id: number }
  | { type: "columnSets.favouriteToggled"; id: number };

const knownColumns: ReadonlySet<string> = new Set(columnMetricNames);
const isColumnMetric = (column: string): column is ColumnMetric => knownColumns.has(column);

const isKnown = (sets: ReadonlyArray<ColumnSet>, id: number): boolean => withDefaultSet(sets).some((s) => s.id === id);

/** The favourite a star press asks for: the set, or set 0 when it already is the favourite. */
const favouriteTarget = (context: ColumnSetsContext, id: number): number => (id === context.favouriteId ? defaultSetId : id);

export const columnSetsMachine = setup({
  types: {
    context: {} as ColumnSetsContext,
    events: {} as ColumnSetsEvent,
    input: {} as ColumnSetsInput,
  },
  actors: {
    listColumnSets: fromApiCall<ColumnSetList, ApiContext, HttpError>(() => columnSetsApi.listColumnSets(), (api) => api),
    createColumnSet: fromApiCall<Created, { api: ApiContext; set: ColumnSetInput }, HttpError>(({ set }) => columnSetsApi.createColumnSet(set)),
    deleteColumnSet: fromApiCall<Ok, { api: ApiContext; id: number }, HttpError>(({ id }) => columnSetsApi.deleteColumnSet(id)),
    favouriteColumnSet: fromApiCall<Ok, { api: ApiContext; id: number }, HttpError>(({ id }) => columnSetsApi.favouriteColumnSet(id)),
  },
  actions: {
    storeSets: assign(({ context }, list: ColumnSetList) => ({
      sets: list.data,
      favouriteId: list.favourite,
      selectedId: matchingSet(context.columns, list.data),
    })),
    applyFavourite: assign(({ context }) => ({
      selectedId: context.favouriteId,
      columns: [...columnsOfSet(context.favouriteId, context.sets)],
    })),
    chooseSet: assign(({ context }, params: { id: number }) =>
      ({ selectedId: params.id, columns: [...columnsOfSet(params.id, context.sets)] }),
    ),
    changeColumn: assign(({ context }, params: { column: string }) => {
      const columns = toggleColumn(context.columns, params.column);
      return { columns, selectedId: matchingSet(columns, context.sets) };
    }),
    resetColumns: assign(({ context }) => ({ columns: [...defaultColumns], selectedId: matchingSet(defaultColumns, context.sets) })),
    changeName: assign((_, params: { name: string }) => ({ name: params.name })),
    /** The person's choice: the session keeps the columns and the selected set's id. */
    tellSession: sendTo(
      ({ context }) => context.session,
      ({ context }) => ({ type: "session.columnsChanged", columns: context.columns, setId: context.selectedId }),
    ),
    /** The favourite applied on start: the session shows its columns, and records no choice. */
    tellSessionFavourite: sendTo(
      ({ context }) => context.session,
      ({ context }) => ({ type: "session.columnsChanged", columns: context.columns }),
    ),
    startSave: assign(({ context }) => {
      const [first, ...rest] = context.columns.filter(isColumnMetric);
      return first === undefined ? {} : { saving: { name: context.name.trim(), columns: [first, ...rest] } };
    }),
    /** The saved set joins the list; the selection is matched again (columns may have changed meanwhile). */
    addSavedSet: assign(({ context }, created: Created) => {
      if (!context.saving) return {};
      const sets = [...context.sets, { id: created.data.id, name: context.saving.name, columns: context.saving.columns }];
      return { sets, selectedId: matchingSet(context.columns, sets), name: "", saving: null };
    }),
    forgetSave: assign({ saving: null }),
    /** The set a delete or favourite call is about (the transition says which). */
    rememberPending: assign((_, params: { id: number }) => ({ pendingId: params.id })),
    forgetPending: assign({ pendingId: null }),
    removeDeletedSet: assign(({ context }) => {
      if (context.pendingId === null) return {};
      const next = afterDelete({ sets: context.sets, selectedId: context.selectedId, favouriteId: context.favouriteId }, context.pendingId);
      const fellBack = next.selectedId !== context.selectedId;
      return {
        sets: next.sets,
        selectedId: next.selectedId,
        favouriteId: next.favouriteId,
        columns: fellBack ? [...columnsOfSet(defaultSetId, next.sets)] : context.columns,
        pendingId: null,
      };
    }),
    makeFavourite: assign(({ context }) => (context.pendingId === null ? {} : { favouriteId: context.pendingId, pendingId: null })),
  },
  guards: {
    /** On start, the favourite applies only when the person has chosen no set (see the machine's comment). */
    shouldApplyFavourite: ({ context }, list: ColumnSetList) =>
      context.chosenSetId === null &&
      matchingSet(context.columns, list.data) !== customSetId &&
      list.favourite !== defaultSetId &&
      list.data.some((s) => s.id === list.favourite),
    isKnownSet: ({ context }, params: { id: number }) => isKnown(context.sets, params.id),
    isKnownColumn: (_, params: { column: string }) => knownColumns.has(params.column),
    canSaveSelection: ({ context }) =>
      canSave(context.selectedId, context.name, context.columns, context.sets).ok && context.columns.every(isColumnMetric),
    isDeletable: ({ context }, params: { id: number }) => params.id !== defaultSetId && context.sets.some((s) => s.id === params.id),
    canFavourite: ({ context }, params: { id: number }) =>
      isKnown(context.sets, params.id) && !(params.id === defaultSetId && context.favouriteId === defaultSetId),
    deletesSelectedSet: ({ context }) => context.pendingId === context.selectedId,
  },
}).createMachine({
  id: "columnSets",
  context: ({ input }) => ({
    api: input.api,
    session: input.session,
    sets: [],
    favouriteId: defaultSetId,
    selectedId: matchingSet(input.columns, []),
    chosenSetId: input.chosenSetId,
    columns: [...input.columns],
    name: "",
    saving: null,
    pendingId: null,
  }),
  initial: "loading",
  on: {
    "columnSets.setChosen": { guard: { type: "isKnownSet", params: eventData }, actions: [{ type: "chooseSet", params: eventData }, "tellSession"] },
    "columnSets.columnToggled": { guard: { type: "isKnownColumn", params: eventData }, actions: [{ type: "changeColumn", params: eventData }, "tellSession"] },
    "columnSets.columnsReset": { actions: ["resetColumns", "tellSession"] },
    "columnSets.nameChanged": { actions: { type: "changeName", params: eventData } },
  },
  states: {
    loading: {
      invoke: {
        src: "listColumnSets",
        input: ({ context }) => context.api,
        onDone: [
          {
            guard: { type: "shouldApplyFavourite", params: ({ event }) => event.output },
            target: "ready",
            actions: [{ type: "storeSets", params: ({ event }) => event.output }, "applyFavourite", "tellSessionFavourite"],
          },
          { target: "ready", actions: { type: "storeSets", params: ({ event }) => event.output } },
        ],
        // Only the built-in set is offered.
        onError: "ready",
      },
    },
    ready: {
      initial: "idle",
      states: {
        idle: {
          on: {
            "columnSets.saveRequested": { guard: "canSaveSelection", target: "saving", actions: "startSave" },
            "columnSets.deleteRequested": {
              guard: { type: "isDeletable", params: eventData },
              target: "deleting",
              actions: { type: "rememberPending", params: eventData },
            },
            "columnSets.favouriteToggled": {
              guard: { type: "canFavourite", params: eventData },
              target: "favouriting",
              actions: { type: "rememberPending", params: ({ context, event }) => ({ id: favouriteTarget(context, event.id) }) },
            },
          },
        },
        saving: {
          invoke: {
            src: "createColumnSet",
            input: ({ context }) => ({ api: context.api, set: context.saving as ColumnSetInput }),
            onDone: { target: "idle", actions: { type: "addSavedSet", params: ({ event }) => event.output } },
            onError: { target: "idle", actions: "forgetSave" },
          },
        },
        deleting: {
          invoke: {
            src: "deleteColumnSet",
            input: ({ context }) => ({ api: context.api, id: context.pendingId ?? -1 }),
            onDone: [
              { guard: "deletesSelectedSet", target: "idle", actions: ["removeDeletedSet", "tellSession"] },
              { target: "idle", actions: "removeDeletedSet" },
            ],
            onError: { target: "idle", actions: "forgetPending" },
          },
        },
        favouriting: {
          invoke: {
            src: "favouriteColumnSet",
            input: ({ context }) => ({ api: context.api, id: context.pendingId ?? defaultSetId }),
            onDone: { target: "idle", actions: "makeFavourite" },
            onError: { target: "idle", actions: "forgetPending" },
          },
        },
      },
    },
  },
});

type Snap = SnapshotFrom<typeof columnSetsMachine>;

// Derived lists are cached per context (contexts are immutable), so views re-render only on change.
const setsCache = new WeakMap<ReadonlyArray<ColumnSet>, ReadonlyArray<ColumnSet>>();
const allSets = (s: Snap): ReadonlyArray<ColumnSet> => {
  const cached = setsCache.get(s.context.sets);
  if (cached) return cached;
  const sets = withDefaultSet(s.context.sets);
  setsCache.set(s.context.sets, sets);
  return sets;
};
const refusalsCache = new WeakMap<object, ReadonlyArray<SaveRefusal>>();
const saveRefusals = (s: Snap): ReadonlyArray<SaveRefusal> => {
  const cached = refusalsCache.get(s.context);
  if (cached) return cached;
  const result = canSave(s.context.selectedId, s.context.name, s.context.columns, s.context.sets);
  const reasons = result.ok ? [] : result.reasons;
  refusalsCache.set(s.context, reasons);
  return reasons;
};

export const columnSetsSelectors = {
  isLoading: (s: Snap) => s.matches("loading"),
  /** A save, delete or favourite call is running. */
  isBusy: (s: Snap) => s.matches({ ready: "saving" }) || s.matches({ ready: "deleting" }) || s.matches({ ready: "favouriting" }),
  isSaving: (s: Snap) => s.matches({ ready: "saving" }),
  /** The built-in set 0 followed by the user's saved sets. */
  sets: allSets,
  selectedId: (s: Snap) => s.context.selectedId,
  isCustom: (s: Snap) => s.context.selectedId === customSetId,
  favouriteId: (s: Snap) => s.context.favouriteId,
  columns: (s: Snap) => s.context.columns,
  name: (s: Snap) => s.context.name,
  /** Why the selection cannot be saved now (empty when it can): the `canSaveSelection` guard's own rule. */
  saveRefusals,
  canSave: (s: Snap) => s.matches({ ready: "idle" }) && saveRefusals(s).length === 0,
  /** The set a delete or favourite call is about, while it runs. */
  pendingId: (s: Snap) => s.context.pendingId,
} satisfies Record<string, (s: Snap) => unknown>;

export type ColumnSetsActorRef = ActorRefFrom<typeof columnSetsMachine>;
