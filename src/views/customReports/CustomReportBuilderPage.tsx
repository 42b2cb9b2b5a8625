import type { ActorRefFrom } from "xstate";
import { useSelector } from "@xstate/react";
import { useEffect, useId, useState } from "react";
import { useLocation, useSearch } from "wouter";
import { mostReportRules, type OrderField, type ReportLevel, type RuleOperator } from "../../domain/customReports/customReports";
import { customReportsTexts } from "../../domain/customReports/customReportsTexts";
import { draftQueryLink, levelLabel, orderFields, reportLevels, ruleOperators, valuesOf, type DraftChange, type DraftRule } from "../../domain/customReports/reportDraft";
import { analysisReportTexts } from "../../domain/report/analysisReportTexts";
import {
  customReportBuilderMachine,
  customReportBuilderSelectors as sel,
  type CustomReportBuilderActorRef,
} from "../../machines/customReports/customReportBuilder.machine";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { useDocumentTitle } from "../components/useDocumentTitle";
import { Screen, screenQuery } from "../shell/appChildren";
import { AppShell } from "../shell/AppShell";
import { customReportPaths } from "./customReportPaths";
import { CustomReportTable } from "./CustomReportTable";
import "./customReports.css";
import { LoadFailed } from "../components/LoadFailed";
import { useSelected } from "../components/useSelected";
import { SubmitForm } from "../components/SubmitForm";

const t = customReportsTexts.builder;
const words = customReportsTexts;

const crumbs = [{ label: customReportsTexts.list.title, href: customReportPaths.list }, { label: t.crumb }];

const newFormId = (): string => crypto.randomUUID();

/**
 * /reports/preview?name&level&rules: Create Report. The form (name, level, up to 20 rules
 * of field, operator and value, added and removed) with each problem under its field, Save,
 * and the live preview of the draft's table beside it. The draft is written into the URL's
 * query as it changes (replacing the history entry), so the preview can be shared and
 * reloaded; a saved report opens its view.
 */
export const CustomReportBuilderPage = () => {
  useDocumentTitle(t.title);
  const search = useSearch();
  const [formId] = useState(newFormId);
  // The app root's screen child for this route (given the session and toasts by the root).
  return (
    <Screen name="customReportBuilder" routeKey={""} logic={customReportBuilderMachine} route={{ search, formId }} query={screenQuery(draftQueryLink, sel.draft)}>
      {(builder) => <CustomReportBuilderPageScreen builder={builder} />}
    </Screen>
  );
};

const CustomReportBuilderPageScreen = ({ builder }: { readonly builder: ActorRefFrom<typeof customReportBuilderMachine> }) => {
  useDocumentTitle(t.title);
  return (
    <AppShell>
      <article className="report custom-report-builder">
        <Breadcrumbs crumbs={crumbs} />
        <h1 className="report-title">{t.title}</h1>
        <SavedReport builder={builder} />
        <div className="custom-report-builder-panes">
          <DraftForm builder={builder} />
          <DraftPreview builder={builder} />
        </div>
      </article>
    </AppShell>
  );
};

/** Once saved, goes to the report's view. */
const SavedReport = ({ builder }: { readonly builder: CustomReportBuilderActorRef }) => {
  const savedId = useSelector(builder, sel.savedId);
  const [, navigate] = useLocation();
  useEffect(() => {
    if (savedId !== null) navigate(customReportPaths.view(savedId));
  }, [savedId, navigate]);
  return null;
};

const DraftForm = ({ builder }: { readonly builder: CustomReportBuilderActorRef }) => {
  const { draft, shownProblems: problems, mustFix, isSaving: saving, saveFailed } = useSelected(builder, sel, ["draft", "shownProblems", "mustFix", "isSaving", "saveFailed"]);
  const nameId = useId();
  const levelId = useId();
  const edit = (change: DraftChange) => builder.send({ type: "builder.edited", change });
  return (
    <SubmitForm
      className="custom-report-form"
      aria-label={t.formLabel}
      onSubmit={() => builder.send({ type: "builder.saveRequested" })}
    >
      <div className="field">
        <label htmlFor={nameId}>{t.name}</label>
        <input
          id={nameId}
          type="text"
          value={draft.name}
          aria-invalid={problems.name !== null || undefined}
          aria-describedby={problems.name !== null ? `${nameId}-problem` : undefined}
          onChange={(e) => edit({ kind: "name", name: e.target.value })}
        />
        {problems.name !== null ? (
          <p id={`${nameId}-problem`} className="field-error">
            {problems.name}
          </p>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor={levelId}>{t.level}</label>
        <select id={levelId} value={draft.level} onChange={(e) => edit({ kind: "level", level: e.target.value as ReportLevel })}>
          {reportLevels.map((level) => (
            <option key={level} value={level}>
              {levelLabel(level)}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="custom-report-rules">
        <legend>{t.rules}</legend>
        <p className="field-help">{t.rulesHint(mostReportRules)}</p>
        {draft.rules.length === 0 ? <p className="field-help">{t.noRules}</p> : null}
        <ol className="custom-report-rule-list">
          {draft.rules.map((rule, index) => (
            <RuleFields key={index} rule={rule} index={index} problem={problems.eachRule[index] ?? null} edit={edit} />
          ))}
        </ol>
        {problems.rules !== null ? <p className="field-error">{problems.rules}</p> : null}
        <button type="button" className="button" disabled={draft.rules.length >= mostReportRules} onClick={() => edit({ kind: "ruleAdded" })}>
          {t.addRule}
        </button>
      </fieldset>
      {mustFix ? (
        <p className="field-error" role="alert">
          {t.fixFirst}
        </p>
      ) : null}
      {saveFailed ? (
        <p className="field-error" role="alert">
          {t.saveFailed}
        </p>
      ) : null}
      <p>
        <button type="submit" className="button is-primary" disabled={saving} aria-busy={saving || undefined}>
          {saving ? t.saving : t.save}
        </button>
      </p>
    </SubmitForm>
  );
};

const RuleFields = ({ rule, index, problem, edit }: { readonly rule: DraftRule; readonly index: number; readonly problem: string | null; readonly edit: (change: DraftChange) => void }) => {
  const id = useId();
  const n = index + 1;
  return (
    <li className="custom-report-rule" aria-label={t.ruleLabel(n)}>
      <div className="field">
        <label htmlFor={`${id}-field`}>{t.field}</label>
        <select id={`${id}-field`} value={rule.field} onChange={(e) => edit({ kind: "ruleField", index, field: e.target.value as OrderField })}>
          {orderFields.map((field) => (
            <option key={field} value={field}>
              {words.fields[field] ?? field}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-operator`}>{t.operator}</label>
        <select id={`${id}-operator`} value={rule.operator} onChange={(e) => edit({ kind: "ruleOperator", index, operator: e.target.value as RuleOperator })}>
          {ruleOperators.map((operator) => (
            <option key={operator} value={operator}>
              {`${operator} (${words.operators[operator] ?? operator})`}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-value`}>{t.value}</label>
        <select
          id={`${id}-value`}
          value={rule.value}
          aria-invalid={problem !== null || undefined}
          aria-describedby={problem !== null ? `${id}-problem` : undefined}
          onChange={(e) => edit({ kind: "ruleValue", index, value: e.target.value })}
        >
          {valuesOf(rule.field).map((value) => (
            <option key={value} value={value}>
              {words.values[value] ?? value}
            </option>
          ))}
        </select>
      </div>
      <button type="button" className="button is-small" aria-label={t.removeRule(n)} onClick={() => edit({ kind: "ruleRemoved", index })}>
        ✕
      </button>
      {problem !== null ? (
        <p id={`${id}-problem`} className="field-error custom-report-rule-problem">
          {problem}
        </p>
      ) : null}
    </li>
  );
};

const DraftPreview = ({ builder }: { readonly builder: CustomReportBuilderActorRef }) => {
  const { previewStatus: status, shownLevel: level, pageRows: rows, footer, sort, page, pageCount, total, perPage } = useSelected(builder, sel, ["previewStatus", "shownLevel", "pageRows", "footer", "sort", "page", "pageCount", "total", "perPage"]);
  const previewTitleId = useId();
  return (
    <section className="custom-report-preview" aria-labelledby={previewTitleId} aria-busy={status === "loading" || status === "settling" || undefined}>
      <h2 id={previewTitleId}>{t.previewTitle}</h2>
      {status === "waiting" || status === "loading" ? (
        <p className="loading" role="status">
          {analysisReportTexts.loading}
        </p>
      ) : status === "settling" ? (
        <p className="field-help" role="status">
          {t.previewWaiting}
        </p>
      ) : status === "invalid" ? (
        <p className="field-help" role="status">
          {t.previewInvalid}
        </p>
      ) : status === "failed" ? (
        <LoadFailed message={t.previewFailed} retryLabel={t.tryAgain} onRetry={() => builder.send({ type: "preview.retried" })} />
      ) : status === "empty" ? (
        <p className="analysis-report-empty" role="status">
          {customReportsTexts.view.empty}
        </p>
      ) : null}
      {status === "ready" || (status === "settling" && total > 0) ? (
        <div className={status === "settling" ? "report-card-stale" : undefined}>
          <CustomReportTable
            label={t.previewLabel}
            level={level}
            rows={rows}
            footer={footer}
            sort={sort}
            onSort={(column) => builder.send({ type: "preview.sorted", column })}
            page={page}
            pageCount={pageCount}
            total={total}
            perPage={perPage}
            onPage={(p) => builder.send({ type: "preview.paged", page: p })}
            pageLabel={customReportsTexts.view.pagination}
            emptyText={customReportsTexts.view.empty}
          />
        </div>
      ) : null}
    </section>
  );
};
