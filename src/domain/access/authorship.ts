/**
 * Who asks to change or delete a shared object of a program (a custom report, a seasonality
 * type, a campaign note): only its author or an admin may. An object stored before its
 * author was recorded has none: only an admin may.
 */
export interface Actor {
  readonly userId: number;
  readonly isAdmin: boolean;
}

/** A removal's outcome: done, no such object in the program, or refused (neither its author nor an admin). */
export type Removal = "removed" | "notFound" | "notAuthor";

/** Whether the actor may change an object whose author is `author` (null: not recorded). */
export const mayChange = (actor: Actor, author: number | null): boolean => actor.isAdmin || (author !== null && author === actor.userId);
