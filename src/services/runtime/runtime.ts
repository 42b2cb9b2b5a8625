import { Layer, ManagedRuntime } from "effect";

/** The one runtime every Effect of the application runs on. */
export const appRuntime = ManagedRuntime.make(Layer.empty);
