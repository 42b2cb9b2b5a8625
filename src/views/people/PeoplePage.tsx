import { useId, useMemo } from "react";
import { roles, type Invitation, type Person, type Role } from "../../domain/people/people";
import { peopleTexts } from "../../domain/people/peopleTexts";
import { formatUtcMinute } from "../../domain/report/dateFormat";
import { peopleAdminMachine, peopleAdminSelectors as sel, type PeopleAdminActorRef } from "../../machines/people/peopleAdmin.machine";
import { FormNotice, OutcomeNotice } from "../components/FormNotice";
import { LoadFailed } from "../components/LoadFailed";
import { ConfirmDialog } from "../components/Modal";
import { useSelected } from "../components/useSelected";
import { AdminScreenPage } from "../shell/AdminScreenPage";
import { MetricTable, type TableColumn } from "../table/MetricTable";
import { SubmitForm } from "../components/SubmitForm";

const t = peopleTexts;

type PersonRow = Person & Readonly<Record<string, unknown>>;
type InvitationRow = Invitation & Readonly<Record<string, unknown>>;

const rowKey = (row: { readonly id: number }): string => String(row.id);

interface RowAction {
  readonly text: string;
  /** The button's accessible name, naming the row. */
  readonly label: string;
  readonly onClick: () => void;
}

/** A row's two buttons: the plain one, then the one that takes something away. */
const RowActions = ({ disabled, plain, danger }: { readonly disabled: boolean; readonly plain: RowAction; readonly danger: RowAction }) => (
  <span className="row-actions">
    <button type="button" className="button is-small" disabled={disabled} aria-label={plain.label} onClick={plain.onClick}>
      {plain.text}
    </button>{" "}
    <button type="button" className="button is-small is-danger" disabled={disabled} aria-label={danger.label} onClick={danger.onClick}>
      {danger.text}
    </button>
  </span>
);

/** The tables' last column: each row's two buttons (disabled while the screen is busy). */
const actionsColumn = <R extends PersonRow | InvitationRow>(
  disabled: boolean,
  actionsOf: (row: R) => { readonly plain: RowAction; readonly danger: RowAction },
): TableColumn<R> => ({
  key: "actions",
  header: t.columns.actions,
  align: "end",
  sortable: false,
  cell: (row) => <RowActions disabled={disabled} {...actionsOf(row)} />,
});

/** A member's programs by name ('None' for none); an admin's are every program. */
const programsWords = (role: Role, codes: ReadonlyArray<string>, nameOf: ReadonlyMap<string, string>): string =>
  role === "admin" ? t.everyProgram : codes.length === 0 ? t.noProgram : codes.map((code) => nameOf.get(code) ?? code).join(", ");

/**
 * /admin/people (admins): everyone with an account (name, email, role, programs, last sign-in)
 * and the pending invitations (Resend, Revoke); Invite and Edit in a form, Remove after a question.
 */
export const PeoplePage = () => (
  <AdminScreenPage title={t.title} name="peopleAdmin" logic={(goHome) => peopleAdminMachine.provide({ actions: { goHome } })}>
    {(screen) => <PeopleScreen screen={screen} />}
  </AdminScreenPage>
);

/** The screen itself, given its actor. */
export const PeopleScreen = ({ screen }: { readonly screen: PeopleAdminActorRef }) => (
  <article className="report people">
    <h1 className="report-title">{t.title}</h1>
    <p>{t.intro}</p>
    <PeopleNotice screen={screen} />
    <PersonForm screen={screen} />
    <PeopleTable screen={screen} />
    <InvitationTable screen={screen} />
    <RemoveDialog screen={screen} />
  </article>
);

const PeopleNotice = ({ screen }: { readonly screen: PeopleAdminActorRef }) => <OutcomeNotice notice={useSelected(screen, sel, ["notice"]).notice} />;

const PersonForm = ({ screen }: { readonly screen: PeopleAdminActorRef }) => {
  const { form, isSaving: saving, programs, people } = useSelected(screen, sel, ["form", "isSaving", "programs", "people"]);
  const baseId = useId();
  if (form === null) return null;
  const person = form.personId === null ? undefined : people.find((p) => p.id === form.personId);
  const heading = form.mode === "invite" ? t.form.inviteHeading : t.form.editHeading(person?.name ?? form.values.email);
  const headingId = `${baseId}-heading`;
  const emailId = `${baseId}-email`;
  const roleId = `${baseId}-role`;
  const programsHintId = `${baseId}-programs-hint`;
  const problemOf = (field: "email" | "role" | "programs") =>
    form.problems[field] ? (
      <p id={`${baseId}-${field}-error`} className="field-error">
        {form.problems[field]}
      </p>
    ) : null;
  return (
    <section className="panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      <SubmitForm
        className="form"
        onSubmit={() => screen.send({ type: "people.formSubmitted" })}
      >
        {form.mode === "invite" ? (
          <div className="field">
            <label htmlFor={emailId}>{t.form.email}</label>
            <input
              id={emailId}
              name="email"
              type="email"
              autoComplete="off"
              maxLength={320}
              value={form.values.email}
              disabled={saving}
              aria-invalid={form.problems.email !== undefined}
              aria-describedby={form.problems.email ? `${baseId}-email-error` : undefined}
              onChange={(e) => screen.send({ type: "people.emailChanged", value: e.currentTarget.value })}
            />
            {problemOf("email")}
          </div>
        ) : null}
        <div className="field">
          <label htmlFor={roleId}>{t.form.role}</label>
          <select
            id={roleId}
            name="role"
            value={form.values.role}
            disabled={saving}
            onChange={(e) => screen.send({ type: "people.roleChanged", role: e.currentTarget.value === "admin" ? "admin" : "member" })}
          >
            {roles.map((role) => (
              <option key={role} value={role}>
                {t.roles[role]}
              </option>
            ))}
          </select>
          {problemOf("role")}
        </div>
        {form.values.role === "member" ? (
          <fieldset className="field" aria-describedby={programsHintId}>
            <legend>{t.form.programs}</legend>
            <p id={programsHintId} className="field-help">
              {t.form.programsHint}
            </p>
            {programs.map((program) => (
              <label key={program.code} className="checkbox">
                <input
                  type="checkbox"
                  name="programs"
                  value={program.code}
                  checked={form.values.programs.includes(program.code)}
                  disabled={saving}
                  onChange={() => screen.send({ type: "people.programToggled", code: program.code })}
                />{" "}
                {program.name}
              </label>
            ))}
            {problemOf("programs")}
          </fieldset>
        ) : null}
        <FormNotice message={form.failure === null ? undefined : { text: form.failure, tone: "error" }} />
        <div className="form-actions">
          <button type="button" className="button" disabled={saving} onClick={() => screen.send({ type: "people.formCancelled" })}>
            {t.form.cancel}
          </button>
          <button type="submit" className="button is-primary" disabled={saving} aria-busy={saving}>
            {saving ? t.form.saving : form.mode === "invite" ? t.form.send : t.form.save}
          </button>
        </div>
      </SubmitForm>
    </section>
  );
};

const PeopleTable = ({ screen }: { readonly screen: PeopleAdminActorRef }) => {
  const { status, people, programs, isIdle: idle, form } = useSelected(screen, sel, ["status", "people", "programs", "isIdle", "form"]);
  const nameOf = useMemo(() => new Map(programs.map((program) => [program.code, program.name])), [programs]);
  const columns = useMemo(
    (): ReadonlyArray<TableColumn<PersonRow>> => [
      { key: "name", header: t.columns.name, align: "start", sortable: false, cell: (row) => row.name },
      { key: "email", header: t.columns.email, align: "start", sortable: false, cell: (row) => row.email },
      { key: "role", header: t.columns.role, align: "start", sortable: false, cell: (row) => t.roles[row.role] },
      { key: "programs", header: t.columns.programs, align: "start", sortable: false, cell: (row) => programsWords(row.role, row.programs, nameOf) },
      {
        key: "lastSignIn",
        header: t.columns.lastSignIn,
        align: "start",
        sortable: false,
        cell: (row) => (row.last_signed_in_at === null ? t.neverSignedIn : formatUtcMinute(row.last_signed_in_at)),
      },
      actionsColumn<PersonRow>(!idle, (row) => ({
        plain: { text: t.edit, label: t.editLabel(row.name), onClick: () => screen.send({ type: "people.editAsked", id: row.id }) },
        danger: { text: t.remove, label: t.removeLabel(row.name), onClick: () => screen.send({ type: "people.removeAsked", id: row.id }) },
      })),
    ],
    [screen, idle, nameOf],
  );
  return (
    <>
      {form === null ? (
        <p>
          <button type="button" className="button is-primary" disabled={!idle} onClick={() => screen.send({ type: "people.inviteAsked" })}>
            {t.invite}
          </button>
        </p>
      ) : null}
      {status === "empty" ? (
        <p role="status">{t.empty}</p>
      ) : (
        <MetricTable<PersonRow>
          label={t.tableLabel}
          columns={columns}
          rows={status === "ready" ? (people as ReadonlyArray<PersonRow>) : []}
          rowKey={rowKey}
          loading={status === "loading"}
          loadingText={t.loading}
          failure={status === "failed" ? <LoadFailed message={t.loadFailed} retryLabel={t.retry} onRetry={() => screen.send({ type: "people.retried" })} /> : undefined}
        />
      )}
    </>
  );
};

const InvitationTable = ({ screen }: { readonly screen: PeopleAdminActorRef }) => {
  const { status, invitations, programs, isIdle: idle } = useSelected(screen, sel, ["status", "invitations", "programs", "isIdle"]);
  const nameOf = useMemo(() => new Map(programs.map((program) => [program.code, program.name])), [programs]);
  const headingId = useId();
  const columns = useMemo(
    (): ReadonlyArray<TableColumn<InvitationRow>> => [
      { key: "email", header: t.columns.email, align: "start", sortable: false, cell: (row) => row.email },
      { key: "role", header: t.columns.role, align: "start", sortable: false, cell: (row) => t.roles[row.role] },
      { key: "programs", header: t.columns.programs, align: "start", sortable: false, cell: (row) => programsWords(row.role, row.programs, nameOf) },
      { key: "expires", header: t.columns.expires, align: "start", sortable: false, cell: (row) => formatUtcMinute(row.expires_at) },
      actionsColumn<InvitationRow>(!idle, (row) => ({
        plain: { text: t.resend, label: t.resendLabel(row.email), onClick: () => screen.send({ type: "people.resendAsked", id: row.id }) },
        danger: { text: t.revoke, label: t.revokeLabel(row.email), onClick: () => screen.send({ type: "people.revokeAsked", id: row.id }) },
      })),
    ],
    [screen, idle, nameOf],
  );
  if (status !== "ready" && status !== "empty") return null;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{t.invitationsTitle}</h2>
      {invitations.length === 0 ? (
        <p>{t.noInvitations}</p>
      ) : (
        <MetricTable<InvitationRow> label={t.invitationsLabel} columns={columns} rows={invitations as ReadonlyArray<InvitationRow>} rowKey={rowKey} />
      )}
    </section>
  );
};

/** 'Remove this person?': Cancel, or go ahead. */
const RemoveDialog = ({ screen }: { readonly screen: PeopleAdminActorRef }) => {
  const { confirming, isRemoving: busy } = useSelected(screen, sel, ["confirming", "isRemoving"]);
  if (confirming === null) return null;
  const cancel = () => {
    if (!busy) screen.send({ type: "people.removeCancelled" });
  };
  return (
    <ConfirmDialog
      title={t.confirm.removeTitle}
      tone="danger"
      cancel={{ label: t.confirm.cancel, disabled: busy, onClick: cancel }}
      confirm={{ label: busy ? t.confirm.removing : t.confirm.remove, look: "danger", busy, onClick: () => screen.send({ type: "people.removeConfirmed" }) }}
    >
      <p>{t.confirm.removeText(confirming.name)}</p>
    </ConfirmDialog>
  );
};
