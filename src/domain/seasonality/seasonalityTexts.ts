/**
 * The seasonality configuration screen's own words, kept with the feature so that the
 * entry chunk does not carry them.
 */
export const seasonalityTexts = {
  title: "Seasonality",
  intro:
    "Name the seasons of your trade (a sale, a holiday) and tag the weeks they fall in. Diminishing returns shows each type as a data segment, and the weeks without a tag as Untagged.",
  types: "Seasonality types",
  noTypes: "No seasonality types yet. Create one below, then tag the weeks it covers.",
  newType: "New seasonality type",
  name: "Name",
  create: "Create type",
  creating: "Creating…",
  nameMissing: "Give the type a name.",
  nameTooLong: (limit: number) => `A name holds at most ${limit} characters.`,
  nameTaken: (name: string) => `There is already a seasonality type named "${name}". Choose another name.`,
  createFailed: "The type could not be created.",
  offline: "The server could not be reached. Check your connection and try again.",
  typeColumn: "Type",
  weeksInDates: "Weeks in these dates",
  weeksTagged: "Weeks tagged",
  taggedWeeks: "Tagged weeks in these dates",
  noWeeksInDates: "None in these dates",
  delete: (name: string) => `Delete ${name}`,
  deleteTitle: "Delete seasonality type?",
  deleteQuestion: (name: string, weeks: number) =>
    weeks === 0
      ? `Delete "${name}"? It tags no weeks.`
      : `Delete "${name}"? It tags ${weeks === 1 ? "1 week" : `${weeks} weeks`}, which will be untagged.`,
  deleteConfirm: "Delete",
  deleteCancel: "Cancel",
  deleting: "Deleting…",
  deleteFailed: "The type could not be deleted.",
  calendar: "Weeks in these dates",
  calendarHint: "Weeks start on Monday. Choose a week to tag it with a type, or to untag it.",
  calendarNoTypes: "Create a seasonality type to tag weeks.",
  untagged: "Untagged",
  thisWeek: "this week",
  partWeek: "part of the week is outside these dates",
  saving: "saving",
  weekOf: (date: string) => `Week of ${date}`,
  weekButton: (date: string, type: string | null, notes: ReadonlyArray<string>) =>
    [`Week of ${date}: ${type ?? "Untagged"}`, ...notes].join(", "),
  pickerTitle: (date: string) => `Tag the week of ${date}`,
  pickerHint: "One type per week: choosing another replaces the week's tag.",
  untag: "Untag this week",
  untagWeek: (date: string, type: string) => `Untag the week of ${date} (${type})`,
  close: "Close",
  tagFailed: (date: string) => `The week of ${date} could not be saved and is shown as it was.`,
  dismiss: "Dismiss",
} as const;
