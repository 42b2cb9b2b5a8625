import { useSelector } from "@xstate/react";
import { useId } from "react";
import {
  extractTargets,
  joinTypes,
  matchTypes,
  ruleFields,
  type ClassificationExtract,
  type ClassificationRule,
  type ExtractTarget,
  type MatchType,
  type RuleField,
  type TaxonomyOne,
  type TaxonomyTwo,
} from "../../domain/classification/classification";
import { takesValue, type DraftProblem, type DraftStep } from "../../domain/classification/classificationDraft";
import { classificationTexts as t } from "../../domain/classification/classificationTexts";
import { classificationEditorSelectors as sel, type ClassificationEditorActorRef } from "../../machines/classification/classificationEditor.machine";
import { AddTaxonomyForm } from "./TaxonomyList";

type Props = { readonly editor: ClassificationEditorActorRef };

const isChild = (taxonomy: TaxonomyOne | TaxonomyTwo): taxonomy is TaxonomyTwo => !("children" in taxonomy);

/**
 * The selected taxonomy: its title, join type (And / Or), rules (field, match type, and the
 * value only for contains, not contains and event_type is), extracts (field into tax3,
 * tax4 or costlink) and, for a level-1 taxonomy, its children with their own Add form.
 * Every change is one `draft.stepped` event.
 */
export const TaxonomyEditor = ({ editor }: Props) => {
  const taxonomy = useSelector(editor, sel.selected);
  const canEdit = useSelector(editor, sel.canEdit);
  const problems = useSelector(editor, sel.problems);
  const id = useId();
  if (taxonomy === null) return <div className="taxonomy-editor" />;
  const send = (step: DraftStep) => editor.send({ type: "draft.stepped", step });
  const nameProblem = problems.find((p) => p.taxonomyId === taxonomy.id && p.ruleId === null);
  return (
    <section className="taxonomy-editor" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{taxonomy.title === "" ? t.titleLabel : taxonomy.title}</h2>
      <fieldset disabled={!canEdit} className="taxonomy-fields">
        <div className="field">
          <label htmlFor={`${id}-title`}>{t.titleLabel}</label>
          <input
            id={`${id}-title`}
            className="input"
            value={taxonomy.title}
            aria-invalid={nameProblem !== undefined}
            aria-describedby={nameProblem ? `${id}-title-error` : undefined}
            onChange={(event) => send({ kind: "taxonomyRenamed", id: taxonomy.id, title: event.target.value })}
          />
          {nameProblem ? (
            <p id={`${id}-title-error`} className="field-error">
              {nameProblem.message}
            </p>
          ) : null}
        </div>
        <fieldset className="field join-type">
          <legend>{t.joinType}</legend>
          {joinTypes.map((joinType) => (
            <label key={joinType}>
              <input
                type="radio"
                name={`${id}-join`}
                checked={taxonomy.joinType === joinType}
                onChange={() => send({ kind: "joinTypeChanged", id: taxonomy.id, joinType })}
              />{" "}
              {t.joinTypes[joinType]}
            </label>
          ))}
        </fieldset>
        <Rules taxonomyId={taxonomy.id} rules={taxonomy.rules} problems={problems} send={send} />
        <Extracts taxonomyId={taxonomy.id} extracts={taxonomy.extracts} send={send} />
        <div className="taxonomy-actions">
          <button type="button" className="button is-danger" onClick={() => send({ kind: "taxonomyRemoved", id: taxonomy.id })}>
            {t.removeTaxonomy(taxonomy.title)}
          </button>
        </div>
      </fieldset>
      {isChild(taxonomy) ? null : <Children editor={editor} taxonomy={taxonomy} canEdit={canEdit} />}
    </section>
  );
};

const Rules = ({
  taxonomyId,
  rules,
  problems,
  send,
}: {
  readonly taxonomyId: number;
  readonly rules: ReadonlyArray<ClassificationRule>;
  readonly problems: ReadonlyArray<DraftProblem>;
  readonly send: (step: DraftStep) => void;
}) => {
  const id = useId();
  return (
    <fieldset className="field classification-rules">
      <legend>{t.rules}</legend>
      <ol>
        {rules.map((rule, i) => {
          const problem = problems.find((p) => p.taxonomyId === taxonomyId && p.ruleId === rule.id);
          const n = i + 1;
          return (
            <li key={rule.id} className="classification-rule" aria-label={`${t.rule} ${n}`}>
              <label>
                {t.field}{" "}
                <select className="select" value={rule.field} onChange={(e) => send({ kind: "ruleFieldChanged", taxonomyId, ruleId: rule.id, field: e.target.value as RuleField })}>
                  {ruleFields.map((field) => (
                    <option key={field}>{field}</option>
                  ))}
                </select>
              </label>
              <label>
                {t.matchType}{" "}
                <select
                  className="select"
                  value={rule.matchType}
                  onChange={(e) => send({ kind: "ruleMatchTypeChanged", taxonomyId, ruleId: rule.id, matchType: e.target.value as MatchType })}
                >
                  {matchTypes.map((matchType) => (
                    <option key={matchType}>{matchType}</option>
                  ))}
                </select>
              </label>
              {takesValue(rule.matchType) ? (
                <label>
                  {t.value}{" "}
                  <input
                    className="input"
                    value={rule.expectedValue ?? ""}
                    aria-invalid={problem !== undefined}
                    aria-describedby={problem ? `${id}-${rule.id}-error` : undefined}
                    onChange={(e) => send({ kind: "ruleValueChanged", taxonomyId, ruleId: rule.id, expectedValue: e.target.value })}
                  />
                </label>
              ) : null}
              <button type="button" className="button is-small" onClick={() => send({ kind: "ruleRemoved", taxonomyId, ruleId: rule.id })}>
                {t.removeRule(n)}
              </button>
              {problem ? (
                <p id={`${id}-${rule.id}-error`} className="field-error">
                  {problem.message}
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
      <button type="button" className="button" onClick={() => send({ kind: "ruleAdded", taxonomyId })}>
        {t.addRule}
      </button>
    </fieldset>
  );
};

const Extracts = ({
  taxonomyId,
  extracts,
  send,
}: {
  readonly taxonomyId: number;
  readonly extracts: ReadonlyArray<ClassificationExtract>;
  readonly send: (step: DraftStep) => void;
}) => (
  <fieldset className="field classification-extracts">
    <legend>{t.extracts}</legend>
    <ol>
      {extracts.map((extract, i) => (
        <li key={extract.id} className="classification-extract" aria-label={`${t.extract} ${i + 1}`}>
          <label>
            {t.field}{" "}
            <select
              className="select"
              value={extract.field}
              onChange={(e) => send({ kind: "extractFieldChanged", taxonomyId, extractId: extract.id, field: e.target.value as RuleField })}
            >
              {ruleFields.map((field) => (
                <option key={field}>{field}</option>
              ))}
            </select>
          </label>
          <label>
            {t.mappedTo}{" "}
            <select
              className="select"
              value={extract.mappedTo}
              onChange={(e) => send({ kind: "extractTargetChanged", taxonomyId, extractId: extract.id, mappedTo: e.target.value as ExtractTarget })}
            >
              {extractTargets.map((target) => (
                <option key={target}>{target}</option>
              ))}
            </select>
          </label>
          <button type="button" className="button is-small" onClick={() => send({ kind: "extractRemoved", taxonomyId, extractId: extract.id })}>
            {t.removeExtract(i + 1)}
          </button>
        </li>
      ))}
    </ol>
    <button type="button" className="button" onClick={() => send({ kind: "extractAdded", taxonomyId })}>
      {t.addExtract}
    </button>
  </fieldset>
);

const Children = ({ editor, taxonomy, canEdit }: { readonly editor: ClassificationEditorActorRef; readonly taxonomy: TaxonomyOne; readonly canEdit: boolean }) => (
  <section className="taxonomy-children" aria-label={t.children}>
    <h3>{t.children}</h3>
    <ul>
      {taxonomy.children.map((child) => (
        <li key={child.id}>
          <button type="button" className="link-button" onClick={() => editor.send({ type: "editor.selected", id: child.id })}>
            {child.title === "" ? "…" : child.title}
          </button>
        </li>
      ))}
    </ul>
    {canEdit ? (
      <AddTaxonomyForm label={t.addChild} onAdd={(title) => editor.send({ type: "draft.stepped", step: { kind: "taxonomyAdded", parentId: taxonomy.id, title } })} />
    ) : null}
  </section>
);
