import { Schema } from "effect";

/**
 * Every error the reference API answers: a stable machine-readable `error` code and a
 * human `message` that says what went wrong.
 */
export const ApiError = Schema.Struct({
  error: Schema.String,
  message: Schema.String,
});
export type ApiError = typeof ApiError.Type;
