import { useMemo, useId } from "react";
import { Link } from "wouter";
import { currencyChoices, timeZoneChoices, type AdminProgram } from "../../domain/programs/programAdmin";
import { programFormFields, programFormOffers, type ProgramFormField } from "../../domain/programs/programForm";
import { programTexts } from "../../domain/programs/programTexts";
import { taxonomyLevelLabels } from "../../domain/report/taxonomyLevels";
import { attributionModels, markovOrders, modelLevels } from "../../domain/settings/programSettings";
import { programAdminMachine, programAdminSelectors as sel, type ProgramAdminActorRef } from "../../machines/programs/programAdmin.machine";
import { FormNotice, OutcomeNotice } from "../components/FormNotice";
import { ConfirmDialog } from "../components/Modal";
import { useSelected } from "../components/useSelected";
import { AdminScreenPage } from "../shell/AdminScreenPage";
import { MetricTable, type TableColumn } from "../table/MetricTable";
import { LoadFailed } from "../components/LoadFailed";
import { SubmitForm } from "../components/SubmitForm";

const t = programTexts;

type ProgramRow = AdminProgram & Readonly<Record<string, unknown>>;

const rowKey = (row: ProgramRow): string => String(row.id);

/** The Data Sources screen (write keys, snippets, health) of one program. */
const dataSourcesPathOf = (code: string): string => `/account/data-sources?program=${encodeURIComponent(code)}`;

/**
 * /admin/programs (admins): every program, archived ones too, with Create and Edit in a form,
 * Archive and Unarchive after a question, and each program's write keys and data sources.
 */
export const ProgramsPage = () => (
  <AdminScreenPage title={t.title} name="programAdmin" logic={(goHome) => programAdminMachine.provide({ actions: { goHome } })}>
    {(screen) => <ProgramsScreen screen={screen} />}
  </AdminScreenPage>
);

/** The screen itself, given its actor. */
export const ProgramsScreen = ({ screen }: { readonly screen: ProgramAdminActorRef }) => (
  <article className="report programs">
    <h1 className="report-title">{t.title}</h1>
    <p>{t.intro}</p>
    <ProgramsNotice screen={screen} />
    <ProgramForm screen={screen} />
    <ProgramTable screen={screen} />
    <ArchiveDialog screen={screen} />
  </article>
);

const ProgramsNotice = ({ screen }: { readonly screen: ProgramAdminActorRef }) => <OutcomeNotice notice={useSelected(screen, sel, ["notice"]).notice} />;

const fieldLabels: Readonly<Record<ProgramFormField, string>> = {
  name: t.form.name,
  code: t.form.code,
  currency: t.form.currency,
  time_zone: t.form.timeZone,
  attribution_model: t.form.model,
  model_level: t.form.modelLevel,
  markov_order: t.form.markovOrder,
  lookback_days: t.form.lookback,
};

/** The choices of a field shown as a list (none for the typed ones). */
const choicesOf = (field: ProgramFormField): ReadonlyArray<{ readonly value: string; readonly label: string }> | null => {
  switch (field) {
    case "currency":
      return currencyChoices().map((code) => ({ value: code, label: code }));
    case "time_zone":
      return timeZoneChoices().map((zone) => ({ value: zone, label: zone }));
    case "attribution_model":
      return attributionModels.map((model) => ({ value: model, label: t.models[model] }));
    case "model_level":
      return modelLevels.map((level) => ({ value: level, label: taxonomyLevelLabels[level] }));
    case "markov_order":
      return markovOrders.map((order) => ({ value: String(order), label: t.markovOrders[order] }));
    default:
      return null;
  }
};

const ProgramForm = ({ screen }: { readonly screen: ProgramAdminActorRef }) => {
  const { form, isSaving: saving } = useSelected(screen, sel, ["form", "isSaving"]);
  const baseId = useId();
  const choices = useMemo(() => Object.fromEntries(programFormFields.map((field) => [field, choicesOf(field)])), []);
  if (form === null) return null;
  const heading = form.mode === "create" ? t.form.createHeading : t.form.editHeading(form.values.name);
  const headingId = `${baseId}-heading`;
  return (
    <section className="panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      <SubmitForm
        className="form"
        onSubmit={() => screen.send({ type: "programs.formSubmitted" })}
      >
        {programFormFields.map((field) => {
          // The code names the program's addresses: set once, at its creation.
          if (field === "code" && form.mode === "edit") return null;
          // A data-driven model's level and order only with such a model.
          if (!programFormOffers(field, form.values)) return null;
          const id = `${baseId}-${field}`;
          const problem = form.problems[field];
          const errorId = `${id}-error`;
          const hintId = field === "code" ? `${id}-hint` : undefined;
          const describedBy = [hintId, problem ? errorId : undefined].filter(Boolean).join(" ") || undefined;
          const common = {
            id,
            name: field,
            value: form.values[field],
            disabled: saving,
            "aria-invalid": problem !== undefined,
            "aria-describedby": describedBy,
            onChange: (e: { readonly currentTarget: { readonly value: string } }) =>
              screen.send({ type: "programs.fieldChanged", field, value: e.currentTarget.value }),
          };
          const options = choices[field];
          return (
            <div className="field" key={field}>
              <label htmlFor={id}>{fieldLabels[field]}</label>
              {options ? (
                <select {...common}>
                  {options.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  {...common}
                  type={field === "lookback_days" ? "number" : "text"}
                  inputMode={field === "lookback_days" ? "numeric" : undefined}
                  maxLength={field === "name" ? 100 : field === "code" ? 40 : undefined}
                  autoComplete="off"
                />
              )}
              {hintId ? (
                <p id={hintId} className="field-help">
                  {t.form.codeHint}
                </p>
              ) : null}
              {problem ? (
                <p id={errorId} className="field-error">
                  {problem}
                </p>
              ) : null}
            </div>
          );
        })}
        <FormNotice message={form.failure === null ? undefined : { text: form.failure, tone: "error" }} />
        <div className="form-actions">
          <button type="button" className="button" disabled={saving} onClick={() => screen.send({ type: "programs.formCancelled" })}>
            {t.form.cancel}
          </button>
          <button type="submit" className="button is-primary" disabled={saving} aria-busy={saving}>
            {saving ? t.form.saving : t.form.save}
          </button>
        </div>
      </SubmitForm>
    </section>
  );
};

const ProgramTable = ({ screen }: { readonly screen: ProgramAdminActorRef }) => {
  const { status, programs, isIdle: idle, form } = useSelected(screen, sel, ["status", "programs", "isIdle", "form"]);
  const columns = useMemo(
    (): ReadonlyArray<TableColumn<ProgramRow>> => [
      { key: "name", header: t.columns.name, align: "start", sortable: false, cell: (row) => row.name },
      { key: "code", header: t.columns.code, align: "start", sortable: false, cell: (row) => <code>{row.code}</code> },
      { key: "currency", header: t.columns.currency, align: "start", sortable: false, cell: (row) => row.currency },
      { key: "timeZone", header: t.columns.timeZone, align: "start", sortable: false, cell: (row) => row.time_zone },
      { key: "model", header: t.columns.model, align: "start", sortable: false, cell: (row) => t.models[row.attribution_model] },
      { key: "lookback", header: t.columns.lookback, align: "end", sortable: false, cell: (row) => t.lookbackDays(row.lookback_days) },
      { key: "status", header: t.columns.status, align: "start", sortable: false, cell: (row) => (row.archived ? t.archived : t.active) },
      {
        key: "actions",
        header: t.columns.actions,
        align: "end",
        sortable: false,
        cell: (row) => <RowActions screen={screen} program={row} disabled={!idle} />,
      },
    ],
    [screen, idle],
  );
  return (
    <>
      {form === null ? (
        <p>
          <button type="button" className="button is-primary" disabled={!idle} onClick={() => screen.send({ type: "programs.createAsked" })}>
            {t.create}
          </button>
        </p>
      ) : null}
      {status === "empty" ? (
        <p role="status">{t.empty}</p>
      ) : (
        <MetricTable<ProgramRow>
          label={t.tableLabel}
          columns={columns}
          rows={status === "ready" ? (programs as ReadonlyArray<ProgramRow>) : []}
          rowKey={rowKey}
          loading={status === "loading"}
          loadingText={t.loading}
          failure={
            status === "failed" ? (
              <LoadFailed message={t.loadFailed} retryLabel={t.retry} onRetry={() => screen.send({ type: "programs.retried" })} />
            ) : undefined
          }
        />
      )}
    </>
  );
};

const RowActions = ({ screen, program, disabled }: { readonly screen: ProgramAdminActorRef; readonly program: AdminProgram; readonly disabled: boolean }) => (
  <span className="row-actions">
    {program.archived ? null : (
      <Link href={dataSourcesPathOf(program.code)} aria-label={t.dataSourcesLabel(program.name)}>
        {t.dataSources}
      </Link>
    )}{" "}
    <button type="button" className="button is-small" disabled={disabled} aria-label={t.editLabel(program.name)} onClick={() => screen.send({ type: "programs.editAsked", code: program.code })}>
      {t.edit}
    </button>{" "}
    {program.archived ? (
      <button type="button" className="button is-small" disabled={disabled} aria-label={t.unarchiveLabel(program.name)} onClick={() => screen.send({ type: "programs.unarchiveAsked", code: program.code })}>
        {t.unarchive}
      </button>
    ) : (
      <button type="button" className="button is-small is-danger" disabled={disabled} aria-label={t.archiveLabel(program.name)} onClick={() => screen.send({ type: "programs.archiveAsked", code: program.code })}>
        {t.archive}
      </button>
    )}
  </span>
);

/** 'Archive this program?' or 'Unarchive this program?': Cancel, or go ahead. */
const ArchiveDialog = ({ screen }: { readonly screen: ProgramAdminActorRef }) => {
  const { confirming, isArchiving: busy } = useSelected(screen, sel, ["confirming", "isArchiving"]);
  if (confirming === null) return null;
  const archive = confirming.ask === "archive";
  const cancel = () => {
    if (!busy) screen.send({ type: "programs.archiveCancelled" });
  };
  const label = archive ? (busy ? t.confirm.archiving : t.confirm.archive) : busy ? t.confirm.unarchiving : t.confirm.unarchive;
  return (
    <ConfirmDialog
      title={archive ? t.confirm.archiveTitle : t.confirm.unarchiveTitle}
      tone={archive ? "danger" : "warning"}
      cancel={{ label: t.confirm.cancel, disabled: busy, onClick: cancel }}
      confirm={{ label, look: archive ? "danger" : "primary", busy, onClick: () => screen.send({ type: "programs.archiveConfirmed" }) }}
    >
      <p>{archive ? t.confirm.archiveText(confirming.program.name) : t.confirm.unarchiveText(confirming.program.name)}</p>
    </ConfirmDialog>
  );
};
