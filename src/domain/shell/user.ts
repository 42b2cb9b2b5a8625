import { Schema } from "effect";

/** A person who can sign in. `is_admin` opens the admin screens and every program. */
export const User = Schema.Struct({
  id: Schema.Number,
  username: Schema.String,
  email: Schema.String,
  is_admin: Schema.Boolean,
});
export type User = typeof User.Type;
