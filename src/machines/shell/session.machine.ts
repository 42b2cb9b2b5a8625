import { assign, emit, setup, type ActorRefFrom, type SnapshotFrom } from "xstate";
import type { MeResponse, Ok } from "../../domain/access/auth";
import { defaultRange, parseRange, todayAt, type DateRange } from "../../domain/report/dateRange";
import { chooseProgram, currencySymbol, type Program } from "../../domain/shell/program";
import { programTimeZone } from "../../domain/shell/timeZone";
import {
  applyLink,
  currentProgram,
  defaultApiBaseUrl,
  defaultPreferences,
  intervals,
  isValidApiBaseUrl,
  namedFilters,
  programGone,
  refusedLinkProgram,
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
  /** `programs`: the ones the sign-in's answer lists (the session is then ready at once); without them the profile is loaded. */
  | { type: "session.signedIn"; token: string; user: User; programs?: ReadonlyArray<Program> }
  | { type: "session.signOutRequested" }
  | { type: "session.resumed" }
  | { type: "session.retried" }
  /** The person changed their own name or email (the account page): the header shows the new ones. */
  | { type: "session.userChanged"; user: User }
  /** The person's programs changed (an admin made, edited or archived one): the switcher lists these; a program gone is left. */
  | { type: "session.programsChanged"; programs: ReadonlyArray<Program> }
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

/**
 * What the session tells whoever listens (`actor.on`; the app's actors turn it into a
 * toast): a link named a program the person may not see, and `shown` is shown instead.
 */
export type SessionEmitted = { type: "session.programRefused"; shown: Program };

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
/** The programs, the one looked at (the same one if still listed, else the first) and the dates (the default range once there is a program). */
const programsScope = (context: SessionState, programs: ReadonlyArray<Program>) => {
  const program = chooseProgram(programs, context.programCode);
  const range: DateRange | null = context.range ?? (program ? defaultRange(todayAt(Date.now(), programTimeZone(program))) : null);
  return { programs, programCode: program?.code ?? null, range };
};

export const sessionMachine = setup({
  types: {
    context: {} as SessionState,
    events: {} as SessionEvent,
    input: {} as SessionInput,
    emitted: {} as SessionEmitted,
  },
  actors: {
    loadProfile: fromApiCall<MeResponse, ApiContext, HttpError>(() => authApi.me(), (api) => api),
    endSession: fromApiCall<Ok, ApiContext, HttpError>(() => authApi.logout(), (api) => api),
    httpFailureListener,
  },
  actions: {
    storeCredentials: assign((_, params: { token: string; user: User }) => ({ token: params.token, user: params.user })),
    /** Everything but where calls go: the next person to sign in on this browser starts afresh. */
    forgetCredentials: assign({
      token: null,
      user: null,
      programs: [] as ReadonlyArray<Program>,
      programCode: null,
      range: null,
      preferences: defaultPreferences,
    }),
    applyProfile: assign(({ context }, profile: MeResponse) => ({ user: profile.user, ...programsScope(context, profile.programs) })),
    changeUser: assign((_, params: { user: User }) => ({ user: params.user })),
    changePrograms: assign(({ context }, params: { programs: ReadonlyArray<Program> }) => programsScope(context, params.programs)),
    selectProgram: assign((_, params: { program: string }) => ({ programCode: params.program })),
    changeDates: assign((_, params: { from: string; to: string }) => ({ range: { from: params.from, to: params.to } })),
    openLink: assign(({ context }, params: { link: SessionLink }) => applyLink(context, params.link, parseRange)),
    /** Tells the listeners that a link's program was refused and which one is shown instead. */
    tellProgramRefused: emit((_, params: { shown: Program }) => ({ type: "session.programRefused" as const, shown: params.shown })),
    changeApiBaseUrl: assign((_, params: { url: string }) => ({
      apiBaseUrl: params.url.trim().replace(/\/+$/, "") || defaultApiBaseUrl,
    })),
    changeNamedFilter: assign(({ context }, params: { filter: NamedFilter }) => ({
      preferences: { ...context.preferences, namedFilter: params.filter },
    })),
    changeMetrics: assign(({ context }, params: { metricOne: string; metricTwo: string }) => ({
      preferences: { ...context.preferences, metricOne: params.metricOne, metricTwo: params.metricTwo },
    })),
    toggleChartType: assign(({ context }) => ({
      preferences: { ...context.preferences, chartType: (context.preferences.chartType === "area" ? "bar" : "area") as ChartType },
    })),
    changeInterval: assign(({ context }, params: { interval: Interval }) => ({
      preferences: { ...context.preferences, interval: params.interval },
    })),
    changeColumns: assign(({ context }, params: { columns: ReadonlyArray<string>; setId?: number }) => ({
      preferences: { ...context.preferences, columns: [...params.columns], columnSet: params.setId ?? null },
    })),
    changeSort: assign(({ context }, params: { metric: string; direction: SortDirection }) => ({
      preferences: { ...context.preferences, sortMetric: params.metric, sortDirection: params.direction },
    })),
  },
  guards: {
    hasPrograms: (_, params: { programs?: ReadonlyArray<Program> }) => params.programs !== undefined,
    isUnauthorized: (_, params: { error: HttpError }) => params.error._tag === "Unauthorized",
    isUnauthorizedError: (_, params: { error: unknown }) => isUnauthorizedError(params.error),
    isKnownProgram: ({ context }, params: { program: string }) => context.programs.some((p) => p.code === params.program),
    isValidRange: (_, params: { from: string; to: string }) => parseRange(params.from, params.to) !== null,
    isValidApiBaseUrl: (_, params: { url: string }) => isValidApiBaseUrl(params.url),
    isKnownFilter: (_, params: { filter: NamedFilter }) => namedFilters.includes(params.filter),
    areDistinctMetrics: (_, params: { metricOne: string; metricTwo: string }) =>
      params.metricOne !== "" && params.metricTwo !== "" && params.metricOne !== params.metricTwo,
    isKnownInterval: (_, params: { interval: Interval }) => intervals.includes(params.interval),
    hasColumns: (_, params: { columns: ReadonlyArray<string> }) => params.columns.length > 0,
    isRefusedLinkProgram: ({ context }, params: { link: SessionLink }) => refusedLinkProgram(context, params.link) !== null,
    isProgramGone: ({ context }, params: { programs: ReadonlyArray<Program> }) => programGone(context, params.programs) !== null,
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
        "session.signedIn": [
          {
            // The sign-in's answer lists the programs: ready at once, without asking /auth/me for them again.
            guard: { type: "hasPrograms", params: ({ event }) => ({ programs: event.programs }) },
            target: "signedIn.ready",
            actions: [
              { type: "storeCredentials", params: ({ event }) => ({ token: event.token, user: event.user }) },
              { type: "applyProfile", params: ({ event }) => ({ user: event.user, programs: event.programs ?? [] }) },
            ],
          },
          {
            target: "signedIn",
            actions: { type: "storeCredentials", params: ({ event }) => ({ token: event.token, user: event.user }) },
          },
        ],
        "session.apiBaseUrlChanged": {
          guard: { type: "isValidApiBaseUrl", params: ({ event }) => ({ url: event.url }) },
          actions: { type: "changeApiBaseUrl", params: ({ event }) => ({ url: event.url }) },
        },
      },
    },
    signedIn: {
      initial: "loadingProfile",
      invoke: { id: "httpFailures", src: "httpFailureListener" },
      on: {
        "http.failed": {
          guard: { type: "isUnauthorized", params: ({ event }) => ({ error: event.error }) },
          target: "#session.signedOut.expired",
          actions: "forgetCredentials",
        },
        "session.signOutRequested": ".signingOut",
        "session.linkOpened": [
          {
            guard: { type: "isRefusedLinkProgram", params: ({ event }) => ({ link: event.link }) },
            actions: [
              { type: "tellProgramRefused", params: ({ context, event }) => ({ shown: refusedLinkProgram(context, event.link) as Program }) },
              { type: "openLink", params: ({ event }) => ({ link: event.link }) },
            ],
          },
          { actions: { type: "openLink", params: ({ event }) => ({ link: event.link }) } },
        ],
      },
      states: {
        loadingProfile: {
          invoke: {
            src: "loadProfile",
            input: ({ context }) => apiContext(context),
            onDone: [
              {
                guard: { type: "isProgramGone", params: ({ event }) => ({ programs: event.output.programs }) },
                target: "ready",
                actions: [
                  { type: "tellProgramRefused", params: ({ context, event }) => ({ shown: programGone(context, event.output.programs) as Program }) },
                  { type: "applyProfile", params: ({ event }) => event.output },
                ],
              },
              { target: "ready", actions: { type: "applyProfile", params: ({ event }) => event.output } },
            ],
            onError: [
              {
                guard: { type: "isUnauthorizedError", params: ({ event }) => ({ error: event.error }) },
                target: "#session.signedOut.expired",
                actions: "forgetCredentials",
              },
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
            "session.userChanged": { actions: { type: "changeUser", params: ({ event }) => ({ user: event.user }) } },
            "session.programsChanged": { actions: { type: "changePrograms", params: ({ event }) => ({ programs: event.programs }) } },
            "session.programSelected": {
              guard: { type: "isKnownProgram", params: ({ event }) => ({ program: event.program }) },
              actions: { type: "selectProgram", params: ({ event }) => ({ program: event.program }) },
            },
            "session.datesChanged": {
              guard: { type: "isValidRange", params: ({ event }) => ({ from: event.from, to: event.to }) },
              actions: { type: "changeDates", params: ({ event }) => ({ from: event.from, to: event.to }) },
            },
            "session.namedFilterChanged": {
              guard: { type: "isKnownFilter", params: ({ event }) => ({ filter: event.filter }) },
              actions: { type: "changeNamedFilter", params: ({ event }) => ({ filter: event.filter }) },
            },
            "session.metricsChanged": {
              guard: { type: "areDistinctMetrics", params: ({ event }) => ({ metricOne: event.metricOne, metricTwo: event.metricTwo }) },
              actions: { type: "changeMetrics", params: ({ event }) => ({ metricOne: event.metricOne, metricTwo: event.metricTwo }) },
            },
            "session.chartTypeToggled": { actions: "toggleChartType" },
            "session.intervalChanged": {
              guard: { type: "isKnownInterval", params: ({ event }) => ({ interval: event.interval }) },
              actions: { type: "changeInterval", params: ({ event }) => ({ interval: event.interval }) },
            },
            "session.columnsChanged": {
              guard: { type: "hasColumns", params: ({ event }) => ({ columns: event.columns }) },
              actions: { type: "changeColumns", params: ({ event }) => ({ columns: event.columns, setId: event.setId }) },
            },
            "session.sortChanged": {
              actions: { type: "changeSort", params: ({ event }) => ({ metric: event.metric, direction: event.direction }) },
            },
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
