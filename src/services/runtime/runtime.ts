import { Layer, ManagedRuntime } from "effect";
import { ApiClientLive } from "../http/apiClient";
import { type HttpFailures, HttpFailuresLive } from "../http/httpFailures";
import { type ApiClient } from "../http/apiClient";
import { type Storage, StorageLive } from "./storage";

/**
 * The services every Effect of the application may use. The clock is Effect's own
 * `Clock` service, present in every runtime (tests swap it with `TestClock`).
 */
export type AppServices = ApiClient | HttpFailures | Storage;

/** The live layer: `fetch`, the browser's storage and one failure channel. */
export const AppLive: Layer.Layer<AppServices> = Layer.mergeAll(ApiClientLive, HttpFailuresLive, StorageLive);

export type AppRuntime = ManagedRuntime.ManagedRuntime<AppServices, never>;

/** A runtime on the given layer (the live one, or a test layer that fails loudly on an unexpected call). */
export const makeAppRuntime = (layer: Layer.Layer<AppServices> = AppLive): AppRuntime => ManagedRuntime.make(layer);

/** The one runtime every Effect of the application runs on. */
export const appRuntime: AppRuntime = makeAppRuntime();
