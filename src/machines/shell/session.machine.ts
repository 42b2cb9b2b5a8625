import { assign, setup, type ActorRefFrom, type SnapshotFrom } from "xstate";
import type { MeResponse, Ok } from "../../domain/access/auth";
import { defaultRange, parseRange, todayAt, type DateRange } from "../../domain/report/dateRange";
import { chooseProgram, currencySymbol, type Program } from "../../domain/shell/program";
import {
  applyLink,
  currentProgram,
  defaultApiBaseUrl,
  defaultPreferences,
  intervals,
  isValidApiBaseUrl,
  namedFilters,
  type ChartType,
  type Interval,
  type NamedFilter,
  type SessionLink,
  type SessionState,
  type SortDirection,
} from "../../domain/shell/session";
import type { User } from "../../domain/shell/user";
import * as authApi from "../../services/access/auth";
import type { ApiContext } from "../../services/http/http";
import type { HttpError } from "../../services/http/httpErrors";
import { fromApiCall } from "../runtime/fromEffect";
import { httpFailureListener, type HttpFailedEvent } from "./httpFailureListener";

export type SessionEvent =
  | { type: "session.signedIn"; token: string; user: User }
  | { type: "session.signOutRequested" }
  | { type: "session.resumed" }
  | { type: "session.retried" }
  | { type: "session.programSelected"; program: string }
  | { type: "session.datesChanged"; from: string; to: string }
  | { type: "session.linkOpened"; link: SessionLink }
  | { type: "session.apiBaseUrlChanged"; url: string }
  | { type: "session.namedFilterChanged"; filter: NamedFilter }
  | { type: "session.metricsChanged"; metricOne: string; metricTwo: string }
  | { type: "session.chartTypeToggled" }
  | { type: "session.intervalChanged"; interval: Interval }
  /** `setId`: the set the person chose (0 is Default, -1 custom); none when the columns were not their choice (the favourite applied). */
  | { type: "session.columnsChanged"; columns: ReadonlyArray<string>; setId?: number }
  | { type: "session.sortChanged"; metric: string; direction: SortDirection }
  | HttpFailedEvent;

export interface SessionInput {
  readonly apiBaseUrl?: string;
}

const apiContext = (c: SessionState): ApiContext => ({ baseUrl: c.apiBaseUrl, token: c.token });

const isUnauthorizedError = (e: unknown): boolean =>
  typeof e === "object" && e !== null && (e as { _tag?: unknown })._tag === "Unauthorized";

/**
 * The session: who is signed in, where their calls go, which program and dates they
 * look at, and their report preferences. Its context is the fold of its events; it is
 * persisted and restored (see persistence.ts), and the URL mirrors program and dates.
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionState,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    loadProfile: fromApiCall<MeResponse, ApiContext, HttpError>(() => authApi.me(), (api) => api),
    endSession: fromApiCall<Ok, ApiContext, HttpError>(() => authApi.logout(), (api) => api),
    httpFailureListener,
  },
  actions: {
    storeCredentials: assign(({ event }) =>
      event.type === "session.signedIn" ? { token: event.token, user: event.user } : {},
    ),
    /** Everything but where calls go: the next person to sign in on this browser starts afresh. */
    forgetCredentials: assign({
      token: null,
      user: null,
      programs: [] as ReadonlyArray<Program>,
      programCode: null,
      range: null,
      preferences: defaultPreferences,
    }),
    applyProfile: assign(({ context }, profile: MeResponse) => {
      const program = chooseProgram(profile.programs, context.programCode);
      const range: DateRange | null =
        context.range ?? (program ? defaultRange(todayAt(Date.now(), program.utc_offset)) : null);
      return { user: profile.user, programs: profile.programs, programCode: program?.code ?? null, range };
    }),
    selectProgram: assign(({ event }) => (event.type === "session.programSelected" ? { programCode: event.program } : {})),
    changeDates: assign(({ event }) =>
      event.type === "session.datesChanged" ? { range: { from: event.from, to: event.to } } : {},
    ),
    openLink: assign(({ context, event }) => (event.type === "session.linkOpened" ? applyLink(context, event.link, parseRange) : {})),
    changeApiBaseUrl: assign(({ event }) =>
      event.type === "session.apiBaseUrlChanged" ? { apiBaseUrl: event.url.trim().replace(/\/+$/, "") || defaultApiBaseUrl } : {},
    ),
    changeNamedFilter: assign(({ context, event }) =>
      event.type === "session.namedFilterChanged" ? { preferences: { ...context.preferences, namedFilter: event.filter } } : {},
    ),
    changeMetrics: assign(({ context, event }) =>
      event.type === "session.metricsChanged"
        ? { preferences: { ...context.preferences, metricOne: event.metricOne, metricTwo: event.metricTwo } }
        : {},
    ),
    toggleChartType: assign(({ context }) => ({
      preferences: { ...context.preferences, chartType: (context.preferences.chartType === "area" ? "bar" : "area") as ChartType },
    })),
    changeInterval: assign(({ context, event }) =>
      event.type === "session.intervalChanged" ? { preferences: { ...context.preferences, interval: event.interval } } : {},
    ),
    changeColumns: assign(({ context, event }) =>
      event.type === "session.columnsChanged"
        ? { preferences: { ...context.preferences, columns: [...event.columns], columnSet: event.setId ?? null } }
        : {},
    ),
    changeSort: assign(({ context, event }) =>
      event.type === "session.sortChanged"
        ? { preferences: { ...context.preferences, sortMetric: event.metric, sortDirection: event.direction } }
        : {},
    ),
  },
  guards: {
    isUnauthorized: ({ event }) => event.type === "http.failed" && event.error._tag === "Unauthorized",
    isUnauthorizedError: ({ event }) => isUnauthorizedError((event as { error?: unknown }).error),
    isKnownProgram: ({ context, event }) =>
      event.type === "session.programSelected" && context.programs.some((p) => p.code === event.program),
    isValidRange: ({ event }) => event.type === "session.datesChanged" && parseRange(event.from, event.to) !== null,
    isValidApiBaseUrl: ({ event }) => event.type === "session.apiBaseUrlChanged" && isValidApiBaseUrl(event.url),
    isKnownFilter: ({ event }) => event.type === "session.namedFilterChanged" && namedFilters.includes(event.filter),
    areDistinctMetrics: ({ event }) =>
      event.type === "session.metricsChanged" && event.metricOne !== "" && event.metricTwo !== "" && event.metricOne !== event.metricTwo,
    isKnownInterval: ({ event }) => event.type === "session.intervalChanged" && intervals.includes(event.interval),
    hasColumns: ({ event }) => event.type === "session.columnsChanged" && event.columns.length > 0,
  },
}).createMachine({
  id: "session",
  context: ({ input }) => ({
    apiBaseUrl: input?.apiBaseUrl && isValidApiBaseUrl(input.apiBaseUrl) ? input.apiBaseUrl : defaultApiBaseUrl,
    token: null,
    user: null,
    programs: [],
    programCode: null,
    range: null,
    preferences: defaultPreferences,
  }),
  initial: "signedOut",
  states: {
    signedOut: {
      initial: "idle",
      states: {
        idle: {},
        /** Ended by a 401: the app goes to /logout unless it is on /login. */
        expired: {},
      },
      on: {
        "session.signedIn": { target: "signedIn", actions: "storeCredentials" },
        "session.apiBaseUrlChanged": { guard: "isValidApiBaseUrl", actions: "changeApiBaseUrl" },
      },
    },
    signedIn: {
      initial: "loadingProfile",
      invoke: { id: "httpFailures", src: "httpFailureListener" },
      on: {
        "http.failed": { guard: "isUnauthorized", target: "#session.signedOut.expired", actions: "forgetCredentials" },
        "session.signOutRequested": ".signingOut",
        "session.linkOpened": { actions: "openLink" },
      },
      states: {
        loadingProfile: {
          invoke: {
            src: "loadProfile",
            input: ({ context }) => apiContext(context),
            onDone: { target: "ready", actions: { type: "applyProfile", params: ({ event }) => event.output } },
            onError: [
              { guard: "isUnauthorizedError", target: "#session.signedOut.expired", actions: "forgetCredentials" },
              { target: "unavailable" },
            ],
          },
        },
        /** The profile could not be loaded (network or server): the app offers a retry. */
        unavailable: {
          on: { "session.retried": "loadingProfile" },
        },
        ready: {
          on: {
            "session.resumed": "loadingProfile",
            "session.programSelected": { guard: "isKnownProgram", actions: "selectProgram" },
            "session.datesChanged": { guard: "isValidRange", actions: "changeDates" },
            "session.namedFilterChanged": { guard: "isKnownFilter", actions: "changeNamedFilter" },
            "session.metricsChanged": { guard: "areDistinctMetrics", actions: "changeMetrics" },
            "session.chartTypeToggled": { actions: "toggleChartType" },
            "session.intervalChanged": { guard: "isKnownInterval", actions: "changeInterval" },
            "session.columnsChanged": { guard: "hasColumns", actions: "changeColumns" },
            "session.sortChanged": { actions: "changeSort" },
          },
        },
        signingOut: {
          // Already signing out: a second request must not restart (and re-send) the call.
          on: { "session.signOutRequested": {} },
          invoke: {
            src: "endSession",
            input: ({ context }) => apiContext(context),
            onDone: { target: "#session.signedOut.idle", actions: "forgetCredentials" },
            onError: { target: "#session.signedOut.idle", actions: "forgetCredentials" },
          },
        },
      },
    },
  },
});

type Snap = SnapshotFrom<typeof sessionMachine>;

/** Named selectors: views read the session only through these. */
export const sessionSelectors = {
  isSignedIn: (s: Snap) => s.matches("signedIn"),
  isReady: (s: Snap) => s.matches({ signedIn: "ready" }),
  isLoadingProfile: (s: Snap) => s.matches({ signedIn: "loadingProfile" }),
  isUnavailable: (s: Snap) => s.matches({ signedIn: "unavailable" }),
  isSigningOut: (s: Snap) => s.matches({ signedIn: "signingOut" }),
  isSignedOut: (s: Snap) => s.matches("signedOut"),
  hasExpired: (s: Snap) => s.matches({ signedOut: "expired" }),
  user: (s: Snap) => s.context.user,
  token: (s: Snap) => s.context.token,
  programs: (s: Snap) => s.context.programs,
  programCode: (s: Snap) => s.context.programCode,
  program: (s: Snap) => currentProgram(s.context),
  currencySymbol: (s: Snap) => currencySymbol(currentProgram(s.context)?.currency),
  range: (s: Snap) => s.context.range,
  dateFrom: (s: Snap) => s.context.range?.from ?? null,
  dateTo: (s: Snap) => s.context.range?.to ?? null,
  apiBaseUrl: (s: Snap) => s.context.apiBaseUrl,
  apiContext: (s: Snap): ApiContext => apiContext(s.context),
  preferences: (s: Snap) => s.context.preferences,
  namedFilter: (s: Snap) => s.context.preferences.namedFilter,
  /** The performance tables' visible columns (selected alone: a sort change does not re-render their readers). */
  columns: (s: Snap) => s.context.preferences.columns,
} satisfies Record<string, (s: Snap) => unknown>;

export type SessionSnapshot = Snap;
export type SessionActorRef = ActorRefFrom<typeof sessionMachine>;
