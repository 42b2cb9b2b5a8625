import { noteTextLimit, type Annotation, type AnnotationInput } from "./annotations";
import { isCalendarDate } from "../report/configuration";

/**
 * Adding and deleting campaign notes (a note has a date, a colour and a text). The form's rules are those the server applies to an
 * AnnotationInput, checked before sending so a person sees what is wrong at once. Pure.
 */

/** The add-a-note form as typed. */
export interface NoteDraft {
  readonly date: string;
  readonly colour: string;
  readonly text: string;
}

/** The colour a new note starts with. */
export const defaultNoteColour = "#f5a623";

export const campaignNoteTexts = {
  /** The table's caption and region. */
  notesTable: "Campaign notes",
  /** The chart's button that opens and closes it. */
  tableToggle: "Notes table",
  date: "Date",
  colour: "Colour",
  text: "Note",
  add: "Add note",
  adding: "Adding the note…",
  delete: (note: Pick<Annotation, "date" | "text">) => `Delete the note of ${note.date}: ${note.text}`,
  /** The question before a note is deleted. */
  confirmTitle: "Are you sure?",
  confirmText: (note: Pick<Annotation, "date" | "text">) => `The note of ${note.date} ('${note.text}') will be deleted for everyone who sees this program.`,
  cancel: "Cancel",
  confirmDelete: "Delete note",
  none: "No campaign notes in these dates.",
  badDate: "Enter the note's date as YYYY-MM-DD.",
  badColour: "Choose a colour written #rrggbb.",
  noText: "Write the note's text.",
  longText: `A note holds at most ${noteTextLimit} characters.`,
  addRefused: "The note could not be added.",
  deleteRefused: "The note could not be deleted.",
  offline: "The server could not be reached. Check your connection and try again.",
} as const;

const colourPattern = /^#[0-9a-fA-F]{6}$/;

export type NoteDraftCheck = { readonly ok: true; readonly input: AnnotationInput } | { readonly ok: false; readonly problem: string };

/**
 * The draft as the note to send (text trimmed, colour lower-cased), or the first rule it
 * breaks: a calendar date, a #rrggbb colour, a text that is not blank and at most 500
 * characters.
 */
export const checkNoteDraft = (draft: NoteDraft): NoteDraftCheck => {
  const date = draft.date.trim();
  const colour = draft.colour.trim();
  const text = draft.text.trim();
  if (!isCalendarDate(date)) return { ok: false, problem: campaignNoteTexts.badDate };
  if (!colourPattern.test(colour)) return { ok: false, problem: campaignNoteTexts.badColour };
  if (text === "") return { ok: false, problem: campaignNoteTexts.noText };
  if (text.length > noteTextLimit) return { ok: false, problem: campaignNoteTexts.longText };
  return { ok: true, input: { date, colour: colour.toLowerCase(), text } };
};

/** What a failed call is known by (an HTTP error of the services layer, or anything thrown). */
export interface FailureLike {
  readonly _tag?: unknown;
  readonly message?: unknown;
}

/**
 * The inline message when the server refuses a note or cannot be reached: the server's
 * own reason when it gives one (a 4xx), a connection hint for a network failure, else
 * the plain message.
 */
export const noteRefusal = (action: "add" | "delete", error: unknown): string => {
  const lead = action === "add" ? campaignNoteTexts.addRefused : campaignNoteTexts.deleteRefused;
  const e = (typeof error === "object" && error !== null ? error : {}) as FailureLike;
  if (e._tag === "NetworkError") return `${lead} ${campaignNoteTexts.offline}`;
  if ((e._tag === "ClientError" || e._tag === "NotFound") && typeof e.message === "string" && e.message !== "" && !/^HTTP \d+$/.test(e.message)) {
    return `${lead} ${e.message}`;
  }
  return lead;
};
