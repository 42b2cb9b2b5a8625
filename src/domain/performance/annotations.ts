import { Schema } from "effect";
import { listAnswer } from "../report/listAnswer";
import { CalendarDate, FilledText } from "../report/configuration";

/** Campaign notes on the performance charts: date, colour, text and program. */

/** A colour written #rrggbb. */
export const NoteColour = Schema.String.pipe(
  Schema.pattern(/^#[0-9a-fA-F]{6}$/, { message: () => "Expected a colour written #rrggbb" }),
);

/** The longest note text. */
export const noteTextLimit = 500;

export const AnnotationInput = Schema.Struct({
  date: CalendarDate,
  colour: NoteColour,
  text: FilledText(noteTextLimit),
});
export type AnnotationInput = typeof AnnotationInput.Type;

/**
 * A stored note; `programcode` is the code of the program it belongs to, and `can_delete`
 * whether the person asking may delete it (its author or an admin; the server refuses the others).
 */
export const Annotation = Schema.Struct({
  id: Schema.Number,
  date: Schema.String,
  colour: Schema.String,
  text: Schema.String,
  programcode: Schema.String,
  can_delete: Schema.Boolean,
});
export type Annotation = typeof Annotation.Type;

export const AnnotationList = listAnswer(Annotation);
export type AnnotationList = typeof AnnotationList.Type;
