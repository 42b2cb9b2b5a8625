import type { AuditAction, AuditKind, AuditLine } from "./auditTrail";

/** The words of the Audit screen (/admin/audit, admins). */
export const auditTexts = {
  title: "Audit Trail",
  intro: "Who changed programs, people, roles, invitations, write keys, classification, spend and settings, and when, with each change's before and after. Newest first.",
  tableLabel: "Audit Trail",
  loading: "Loading the audit trail…",
  loadFailed: "The audit trail could not be loaded.",
  retry: "Try again",
  empty: "No change matches these filters.",
  filters: "Filters",
  person: "Person",
  program: "Program",
  kind: "Kind",
  anyone: "Anyone",
  anyProgram: "Any program",
  anyKind: "Any kind",
  days: "Days",
  anyDay: "Any day",
  allDays: "All days",
  exportFailed: "The audit trail could not be exported. Try again.",
  exportData: "Export Data",
  exportKind: "Audit trail",
  previousPage: "Previous page",
  nextPage: "Next page",
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
  columns: { when: "When", who: "Who", kind: "Kind", program: "Program", object: "Object", action: "Action", change: "Before → after" },
  kinds: {
    program: "Program",
    person: "Person",
    role: "Role",
    invitation: "Invitation",
    "write key": "Write key",
    classification: "Classification",
    spend: "Spend",
    settings: "Settings",
  } satisfies Record<AuditKind, string>,
  actions: {
    created: "Created",
    changed: "Changed",
    archived: "Archived",
    unarchived: "Unarchived",
    removed: "Removed",
    revoked: "Revoked",
    resent: "Resent",
    accepted: "Accepted",
    saved: "Saved",
  } satisfies Record<AuditAction, string>,
  noProgram: "—",
  nothing: "—",
} as const;

/** The longest short before → after a row shows (the whole states are in the export). */
export const changeSummaryLength = 160;

const parsed = (text: string | null): Readonly<Record<string, unknown>> | null => {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : { value };
  } catch {
    return { value: text };
  }
};

const shown = (value: unknown): string =>
  value === null || value === undefined ? auditTexts.nothing : Array.isArray(value) ? `[${value.map(shown).join(", ")}]` : typeof value === "object" ? JSON.stringify(value) : String(value);

const fieldsOf = (state: Readonly<Record<string, unknown>>): string =>
  Object.entries(state)
    .map(([name, value]) => `${name}: ${shown(value)}`)
    .join(", ");

const cut = (text: string): string => (text.length <= changeSummaryLength ? text : `${text.slice(0, changeSummaryLength - 1)}…`);

/**
 * A line's short before → after: the fields that differ (`name: Old → New`, joined by '; '), a
 * created object's fields after '→', a gone one's before it; at most `changeSummaryLength` characters.
 */
export const changeSummary = (line: Pick<AuditLine, "before" | "after">): string => {
  const before = parsed(line.before);
  const after = parsed(line.after);
  if (before === null && after === null) return auditTexts.nothing;
  if (before === null) return cut(`→ ${fieldsOf(after ?? {})}`);
  if (after === null) return cut(`${fieldsOf(before)} →`);
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const differing = names.filter((name) => JSON.stringify(before[name]) !== JSON.stringify(after[name]));
  if (differing.length === 0) return auditTexts.nothing;
  return cut(differing.map((name) => `${name}: ${shown(before[name])} → ${shown(after[name])}`).join("; "));
};
