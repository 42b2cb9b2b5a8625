import { useSelector } from "@xstate/react";
import { useId, useMemo } from "react";
import { acceptedWorkbookTypes } from "../../domain/exports/workbookFile";
import {
  importTargetLabels,
  importTargetsOf,
  isDateTarget,
  isRequiredTarget,
  mappedCount,
  mappingOf,
  outcomeReason,
  selectedColumns,
  spendImportSteps,
  spendImportTexts as t,
  type ImportOutcome,
  type ImportRow,
  type ImportTarget,
  type OutcomeTally,
  type SpendImportKind,
} from "../../domain/spend/spendImport";
import { spendImportMachine, spendImportSelectors as sel, type SpendImportActorRef } from "../../machines/spend/spendImport.machine";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { InfoDialog } from "../components/Modal";
import { useDocumentTitle } from "../components/useDocumentTitle";
import { useSelected } from "../components/useSelected";
import { Screen } from "../shell/appChildren";
import { AppShell } from "../shell/AppShell";
import { paths } from "../shell/routePaths";
import { MetricTable, type TableColumn } from "../table/MetricTable";
import "./spendImport.css";

type Wizard = { readonly wizard: SpendImportActorRef };

/**
 * /account/costs/fixed/batch and /account/costs/variable/batch: the batch import wizard
 * (File Upload, Options, Configuration, Process). The wizard's actor owns the scope and
 * every rule; this only renders it and sends what the person does.
 */
export const SpendImportPage = ({ kind }: { readonly kind: SpendImportKind }) => (
  <AppShell>
    <SpendImportWizard key={kind} kind={kind} />
  </AppShell>
);

/** /account/costs/fixed/batch. */
export const FixedSpendImportPage = () => <SpendImportPage kind="fixed" />;
/** /account/costs/variable/batch. */
export const VariableSpendImportPage = () => <SpendImportPage kind="variable" />;


/** The wizard's actor: the app root's screen child for the kind's route. */
const SpendImportWizard = ({ kind }: { readonly kind: SpendImportKind }) => (
  <Screen name="spendImport" routeKey={kind} logic={spendImportMachine} route={{ kind }}>
    {(wizard) => <SpendImportSteps kind={kind} wizard={wizard} />}
  </Screen>
);

const SpendImportSteps = ({ kind, wizard }: Wizard & { readonly kind: SpendImportKind }) => {
  useDocumentTitle(t.title[kind]);
  const step = useSelector(wizard, sel.step);
  return (
    <article className="report spend-import">
      <Breadcrumbs crumbs={[{ label: t.breadcrumb[kind], href: kind === "fixed" ? paths.fixedSpend : paths.variableSpend }, { label: t.batchImport }]} />
      <h1 className="report-title">{t.title[kind]}</h1>
      <ol className="spend-import-steps">
        {spendImportSteps.map((name, i) => (
          <li key={name} aria-current={i === step ? "step" : undefined} className={i === step ? "is-current" : undefined}>
            {name}
          </li>
        ))}
      </ol>
      <section className="spend-import-step" aria-label={spendImportSteps[step]}>
        {step === 0 ? <FileUploadStep wizard={wizard} /> : null}
        {step === 1 ? <OptionsStep wizard={wizard} /> : null}
        {step === 2 ? <ConfigurationStep wizard={wizard} /> : null}
        {step === 3 ? <ProcessStep wizard={wizard} /> : null}
      </section>
    </article>
  );
};

// ---------------------------------------------------------------------------------------
// File Upload

const FileUploadStep = ({ wizard }: Wizard) => {
  const id = useId();
  const reading = useSelector(wizard, sel.isReading);
  const readError = useSelector(wizard, sel.readError);
  const fileName = useSelector(wizard, sel.fileName);
  const hasSheet = useSelector(wizard, sel.hasSheet);
  return (
    <>
      <div className="field">
        <label htmlFor={id}>{t.chooseFile}</label>
        <input
          id={id}
          type="file"
          accept={acceptedWorkbookTypes}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) wizard.send({ type: "import.fileChosen", file });
            e.target.value = "";
          }}
        />
      </div>
      {reading ? <p role="status">{t.reading}</p> : null}
      {readError && !hasSheet ? (
        <p role="alert" className="field-error">
          {readError}
        </p>
      ) : null}
      {hasSheet && fileName ? <p className="spend-import-file">{fileName}</p> : null}
      <div className="spend-import-actions">
        <button type="button" className="button is-primary" disabled={!hasSheet || reading} onClick={() => wizard.send({ type: "import.next" })}>
          {t.next}
        </button>
      </div>
      <ImportReportView wizard={wizard} />
    </>
  );
};

// ---------------------------------------------------------------------------------------
// Options

const OptionsStep = ({ wizard }: Wizard) => {
  const sheetId = useId();
  const skipId = useId();
  const headerId = useId();
  const sheetNames = useSelector(wizard, sel.sheetNames);
  const choice = useSelector(wizard, sel.choice);
  const rowCount = useSelector(wizard, sel.rowCount);
  const readError = useSelector(wizard, sel.readError);
  return (
    <>
      <div className="spend-import-options">
        {sheetNames.length > 1 ? (
          <div className="field">
            <label htmlFor={sheetId}>{t.sheet}</label>
            <select id={sheetId} value={choice.sheetIndex} onChange={(e) => wizard.send({ type: "import.sheetChosen", sheet: Number(e.target.value) })}>
              {sheetNames.map((name, i) => (
                <option key={`${i}-${name}`} value={i}>
                  {name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div className="field">
          <label htmlFor={skipId}>{t.skipRows}</label>
          <input id={skipId} type="number" min={0} step={1} value={choice.skip} onChange={(e) => wizard.send({ type: "import.skipChanged", skip: Number(e.target.value) })} />
        </div>
        <div className="field-inline">
          <input id={headerId} type="checkbox" checked={choice.headerRow} onChange={(e) => wizard.send({ type: "import.headerRowChanged", headerRow: e.target.checked })} />
          <label htmlFor={headerId}>{t.headerRow}</label>
        </div>
      </div>
      {readError ? (
        <p role="alert" className="field-error">
          {readError}
        </p>
      ) : rowCount === 0 ? (
        <p role="alert" className="field-error">
          {t.noRows}
        </p>
      ) : null}
      <div className="spend-import-actions">
        <button type="button" className="button" onClick={() => wizard.send({ type: "import.back" })}>
          {t.back}
        </button>
        <button type="button" className="button is-primary" disabled={rowCount === 0} onClick={() => wizard.send({ type: "import.next" })}>
          {t.next}
        </button>
      </div>
    </>
  );
};

// ---------------------------------------------------------------------------------------
// Configuration

const ConfigurationStep = ({ wizard }: Wizard) => {
  const { kind, mapping, mappingSource: source, columns, isColumnsModalOpen: modalOpen } = useSelected(wizard, sel, ["kind", "mapping", "mappingSource", "columns", "isColumnsModalOpen"]);
  const count = mappedCount(mapping);
  return (
    <>
      <p className="spend-import-note" role="note">
        {source === "remembered" ? t.remembered : t.mappedFromHeaders(count)}
      </p>
      <div className="spend-import-targets">
        {importTargetsOf(kind).map((target) => (
          <TargetField key={target} wizard={wizard} target={target} />
        ))}
      </div>
      <div className="spend-import-actions">
        <button type="button" className="button" onClick={() => wizard.send({ type: "import.columnsShown" })}>
          {t.selectedColumns(count)}
        </button>
      </div>
      {modalOpen ? (
        <InfoDialog
          title={t.selectedColumns(count)}
          close={{ label: t.close, onClick: () => wizard.send({ type: "import.columnsClosed" }) }}
        >
          <ul className="spend-import-selected">
            {selectedColumns(mapping, columns).map(({ column, targets }) => (
              <li key={column.name}>
                <strong>{column.header}</strong>: {targets.map((target) => importTargetLabels[target]).join(", ")}
              </li>
            ))}
          </ul>
        </InfoDialog>
      ) : null}
      <PreviewTable wizard={wizard} />
      <DryRun wizard={wizard} />
      <div className="spend-import-actions">
        <button type="button" className="button" onClick={() => wizard.send({ type: "import.back" })}>
          {t.back}
        </button>
        <button type="button" className="button is-primary" onClick={() => wizard.send({ type: "import.started" })}>
          {t.startImport}
        </button>
      </div>
    </>
  );
};

const TargetField = ({ wizard, target }: Wizard & { readonly target: ImportTarget }) => {
  const id = useId();
  const kind = useSelector(wizard, sel.kind);
  const mapping = useSelector(wizard, sel.mapping);
  const columns = useSelector(wizard, sel.columns);
  const errors = useSelector(wizard, sel.shownErrors);
  const m = mappingOf(mapping, target);
  const error = errors?.[target];
  const required = isRequiredTarget(kind, target);
  const label = `${importTargetLabels[target]}${required ? " *" : ""}`;
  const mode = (value: "dynamic" | "static") => () => wizard.send({ type: "import.modeChanged", target, mode: value });
  return (
    <fieldset className="spend-import-target" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{label}</legend>
      <div className="spend-import-modes" role="radiogroup" aria-label={`${importTargetLabels[target]} source`}>
        <label>
          <input type="radio" name={`${id}-mode`} checked={m.mode === "dynamic"} onChange={mode("dynamic")} /> {t.dynamic}
        </label>
        <label>
          <input type="radio" name={`${id}-mode`} checked={m.mode === "static"} onChange={mode("static")} /> {t.static}
        </label>
      </div>
      {m.mode === "dynamic" ? (
        <select
          aria-label={`${importTargetLabels[target]} ${t.column.toLowerCase()}`}
          aria-invalid={error ? true : undefined}
          value={m.column ?? ""}
          onChange={(e) => wizard.send({ type: "import.columnChosen", target, column: e.target.value === "" ? null : e.target.value })}
        >
          <option value="">{t.noColumn}</option>
          {columns.map((c) => (
            <option key={c.name} value={c.name}>
              {c.header}
            </option>
          ))}
        </select>
      ) : (
        <input
          aria-label={`${importTargetLabels[target]} ${t.value.toLowerCase()}`}
          aria-invalid={error ? true : undefined}
          type={isDateTarget(target) ? "date" : target === "cost" ? "number" : "text"}
          {...(target === "cost" ? { step: "0.01", min: "0" } : {})}
          required={required}
          value={m.value}
          onChange={(e) => wizard.send({ type: "import.valueChanged", target, value: e.target.value })}
        />
      )}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
};

type PreviewLine = { readonly line: number; readonly row: ImportRow } & Readonly<Record<string, unknown>>;

const PreviewTable = ({ wizard }: Wizard) => {
  const kind = useSelector(wizard, sel.kind);
  const preview = useSelector(wizard, sel.preview);
  const rows = useMemo(() => preview.map((row): PreviewLine => ({ line: row.line, row })), [preview]);
  const columns = useMemo(
    (): ReadonlyArray<TableColumn<PreviewLine>> => [
      { key: "line", header: t.line, align: "start" },
      ...importTargetsOf(kind).map(
        (target): TableColumn<PreviewLine> => ({
          key: target,
          header: importTargetLabels[target],
          align: target === "cost" ? "end" : "start",
          cell: (r) => {
            const why = r.row.check.kind === "invalid" ? r.row.check.errors[target] : undefined;
            const value = r.row.values[target] ?? "";
            return why ? (
              <span className="spend-import-invalid" title={why}>
                {value}
                <span className="spend-import-why">{why}</span>
              </span>
            ) : (
              value
            );
          },
        }),
      ),
      { key: "check", header: t.outcome, align: "start", cell: (r) => (r.row.check.kind === "ready" ? "" : r.row.check.kind === "zero_cost" ? t.outcomes.zero_cost : t.outcomes.error) },
    ],
    [kind],
  );
  return (
    <section className="spend-import-preview">
      <h2>{t.preview(preview.length)}</h2>
      <MetricTable<PreviewLine> label={t.preview(preview.length)} columns={columns} rows={rows} rowKey={(r) => String(r.line)} />
    </section>
  );
};

const DryRun = ({ wizard }: Wizard) => {
  const counts = useSelector(wizard, sel.dryRun);
  const checking = useSelector(wizard, sel.isCheckingStored);
  const unknown = useSelector(wizard, sel.storedUnknown);
  return (
    <section className="spend-import-dry-run" aria-live="polite">
      <h2>{t.dryRun}</h2>
      {checking ? <p role="status">{t.checkingStored}</p> : null}
      {counts ? (
        <ul>
          <li>{t.counts.created(counts.created)}</li>
          <li>{t.counts.stored(counts.stored)}</li>
          <li>{t.counts.refused(counts.refused)}</li>
          <li>{t.counts.zero(counts.zero)}</li>
        </ul>
      ) : null}
      {unknown ? <p>{t.storedUnknown}</p> : null}
    </section>
  );
};

// ---------------------------------------------------------------------------------------
// Process and the outcome

const Tally = ({ tally }: { readonly tally: OutcomeTally }) => (
  <ul className="spend-import-tally">
    <li>
      {t.tally.success}: <span data-outcome="success">{tally.success}</span>
    </li>
    <li>
      {t.tally.error}: <span data-outcome="error">{tally.error}</span>
    </li>
    <li>
      {t.tally.zero_cost}: <span data-outcome="zero_cost">{tally.zero_cost}</span>
    </li>
    <li>
      {t.tally.stored}: <span data-outcome="stored">{tally.stored}</span>
    </li>
  </ul>
);

const ProgressBar = ({ value, max }: { readonly value: number; readonly max: number }) => (
  <div className="spend-import-progress" role="progressbar" aria-label={t.progress} aria-valuemin={0} aria-valuemax={max} aria-valuenow={value}>
    <progress value={value} max={Math.max(1, max)} aria-hidden="true" />
    <span>
      {value} / {max}
    </span>
  </div>
);

const ProcessStep = ({ wizard }: Wizard) => {
  const processed = useSelector(wizard, sel.processed);
  const total = useSelector(wizard, sel.total);
  const tally = useSelector(wizard, sel.tally);
  return (
    <>
      <ProgressBar value={processed} max={total} />
      <Tally tally={tally} />
    </>
  );
};

type OutcomeLine = { readonly line: number; readonly outcome: ImportOutcome; readonly reason: string; readonly row: ImportRow } & Readonly<Record<string, unknown>>;

const ImportReportView = ({ wizard }: Wizard) => {
  const report = useSelector(wizard, sel.report);
  const tally = useSelector(wizard, sel.reportTally);
  const message = useSelector(wizard, sel.finishedMessage);
  const kind = useSelector(wizard, sel.kind);
  const lines = useMemo(
    () =>
      report === null
        ? []
        : report.rows.map((row, i): OutcomeLine => {
            const outcome = report.outcomes[i] ?? "error";
            const reason = outcomeReason(row, outcome, report.failures[i]);
            return { line: row.line, outcome, reason, row };
          }),
    [report],
  );
  const columns = useMemo(
    (): ReadonlyArray<TableColumn<OutcomeLine>> => [
      { key: "line", header: t.line, align: "start" },
      { key: "outcome", header: t.outcome, align: "start", cell: (r) => t.outcomes[r.outcome] },
      ...importTargetsOf(kind).map((target): TableColumn<OutcomeLine> => ({ key: target, header: importTargetLabels[target], align: "start", cell: (r) => r.row.values[target] ?? "" })),
      { key: "reason", header: t.reason, align: "start" },
    ],
    [kind],
  );
  if (report === null || tally === null || message === null) return null;
  return (
    <section className="spend-import-report">
      <p role="status" className="spend-import-finished">
        {message}
      </p>
      <ProgressBar value={report.total} max={report.total} />
      <Tally tally={tally} />
      <h2>{t.outcomeTitle}</h2>
      <div className="spend-import-actions">
        <button type="button" className="button" onClick={() => wizard.send({ type: "import.outcomeDownloaded" })}>
          {t.downloadOutcome}
        </button>
      </div>
      <MetricTable<OutcomeLine> label={t.outcomeTitle} columns={columns} rows={lines} rowKey={(r) => String(r.line)} />
    </section>
  );
};
