import { type Effect, type Exit, Layer, ManagedRuntime, Runtime } from "effect";
import { ApiClient, ApiClientLive, fetchApiClient } from "../http/apiClient";
import { HttpFailures, HttpFailuresLive, makeHttpFailures } from "../http/httpFailures";
import { browserStore, Storage, StorageLive } from "./storage";

/**
 * The services every Effect of the application may use. The clock is Effect's own
 * `Clock` service, present in every runtime (tests swap it with `TestClock`).
 */
export type AppServices = ApiClient | HttpFailures | Storage;

/** The live layer: `fetch`, the browser's storage and one failure channel. */
export const AppLive: Layer.Layer<AppServices> = /* @__PURE__ */ Layer.mergeAll(ApiClientLive, HttpFailuresLive, StorageLive);

/** What the app asks of a runtime: run an Effect synchronously, or to its `Exit` (the signal interrupts it). */
export interface AppRuntime {
  readonly runSync: <A, E>(effect: Effect.Effect<A, E, AppServices>) => A;
  readonly runPromiseExit: <A, E>(
    effect: Effect.Effect<A, E, AppServices>,
    options?: { readonly signal?: AbortSignal },
  ) => Promise<Exit.Exit<A, E>>;
}

/** A runtime on the given layer (the live one, or a test layer that fails loudly on an unexpected call). */
export const makeAppRuntime = (layer: Layer.Layer<AppServices> = AppLive): AppRuntime => ManagedRuntime.make(layer);

let live: Runtime.Runtime<AppServices> | undefined;
const liveRuntime = (): Runtime.Runtime<AppServices> =>
  (live ??= Runtime.defaultRuntime.pipe(
    Runtime.provideService(ApiClient, fetchApiClient),
    Runtime.provideService(HttpFailures, makeHttpFailures()),
    Runtime.provideService(Storage, browserStore()),
  ));

/**
 * The one runtime every Effect of the application runs on: Effect's default runtime with
 * the live services (the ones `AppLive` makes) provided, made on first use. It is not a
 * ManagedRuntime on `AppLive` because building layers takes Effect's Layer and
 * ManagedRuntime code (about 2 KB gzipped) into the /login entry chunk, for three
 * services that need no building; tests still make their runtimes from layers.
 */
export const appRuntime: AppRuntime = {
  runSync: (effect) => Runtime.runSync(liveRuntime(), effect),
  runPromiseExit: (effect, options) => Runtime.runPromiseExit(liveRuntime(), effect, options),
};
