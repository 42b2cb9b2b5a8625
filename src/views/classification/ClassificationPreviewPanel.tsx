import type { PreviewLevelOne, PreviewLevelTwo, PreviewRule, PreviewSampleHit } from "../../domain/classification/classificationPreview";
import { ruleOfTree, taxonomyPathOf } from "../../domain/classification/classificationDraft";
import { classificationTexts as t } from "../../domain/classification/classificationTexts";
import { formatNumber, formatPercent } from "../../domain/report/numberFormat";
import { classificationEditorSelectors as sel, type ClassificationEditorActorRef } from "../../machines/classification/classificationEditor.machine";
import { useSelected } from "../components/useSelected";
import { MetricTable, type MetricTableRow, type TableColumn } from "../table/MetricTable";

type Props = { readonly editor: ClassificationEditorActorRef };

const whole = (value: number | null): string => formatNumber(value, 0);

const countColumn = (key: string, header: string): TableColumn => ({
  key,
  header,
  value: (row) => (typeof row[key] === "number" ? row[key] : null),
  format: whole,
});

const figureColumns: ReadonlyArray<TableColumn> = [
  countColumn("hitsBefore", `${t.hits} · ${t.before}`),
  countColumn("hitsAfter", `${t.hits} · ${t.after}`),
  countColumn("ordersBefore", `${t.orders} · ${t.before}`),
  countColumn("ordersAfter", `${t.orders} · ${t.after}`),
];

const figuresOf = (row: PreviewLevelOne | PreviewLevelTwo) => ({
  hitsBefore: row.before.hits,
  hitsAfter: row.after.hits,
  ordersBefore: row.before.orders,
  ordersAfter: row.after.orders,
});

const levelOneColumns: ReadonlyArray<TableColumn> = [{ key: "taxonomy1", header: t.levelOne }, ...figureColumns];
const levelTwoColumns: ReadonlyArray<TableColumn> = [{ key: "taxonomy1", header: t.levelOne }, { key: "taxonomy2", header: t.levelTwo }, ...figureColumns];

/**
 * The preview before save: how the draft classifies the program's last 30 days of hits
 * beside how they are classified now (hits and orders per level-1 and level-2 taxonomy,
 * the unclassified share), up to 20 sample hits per taxonomy that gains hits with the rules
 * that matched them, the hits each rule matches, and the warning on a rule that can never
 * match. The last answer stays while the next one is made.
 */
export const ClassificationPreviewPanel = ({ editor }: Props) => {
  const { preview, draft, isPreviewUpdating: updating, hasPreviewFailed: failed, isPreviewBlocked: blocked } = useSelected(editor, sel, ["preview", "draft", "isPreviewUpdating", "hasPreviewFailed", "isPreviewBlocked"]);
  return (
    <section className="classification-preview" aria-labelledby="classification-preview-title" aria-busy={updating}>
      <h2 id="classification-preview-title">{t.preview}</h2>
      <p className="classification-preview-status" role="status">
        {updating ? t.previewUpdating : failed ? t.previewFailed : blocked ? t.previewBlocked : ""}
      </p>
      {preview === null ? null : (
        <>
          <p>{t.previewRange(preview.from, preview.to)}</p>
          <dl className="classification-unclassified">
            <dt>{t.unclassified}</dt>
            <dd>
              {t.before}: <span data-testid="unclassified-before">{formatPercent(preview.unclassified.before * 100, 1)}</span> · {t.after}:{" "}
              <span data-testid="unclassified-after">{formatPercent(preview.unclassified.after * 100, 1)}</span>
            </dd>
          </dl>
          <MetricTable
            label={t.levelOne}
            columns={levelOneColumns}
            rows={preview.levelOne.map((row): MetricTableRow => ({ taxonomy1: row.taxonomy1, ...figuresOf(row) }))}
            rowKey={(row) => String(row["taxonomy1"])}
          />
          <MetricTable
            label={t.levelTwo}
            columns={levelTwoColumns}
            rows={preview.levelTwo.map((row): MetricTableRow => ({ taxonomy1: row.taxonomy1, taxonomy2: row.taxonomy2, ...figuresOf(row) }))}
            rowKey={(row) => `${String(row["taxonomy1"])}\u001f${String(row["taxonomy2"])}`}
          />
          {preview.changes.map((change) => (
            <section key={`${change.after.taxonomy1}\u001f${change.after.taxonomy2}`} className="classification-change" aria-label={`${t.samples}: ${change.after.taxonomy1} / ${change.after.taxonomy2}`}>
              <h3>
                {change.after.taxonomy1} / {change.after.taxonomy2}: +{whole(change.hits)} {t.hits.toLowerCase()}
              </h3>
              <MetricTable
                label={`${t.samples}: ${change.after.taxonomy1} / ${change.after.taxonomy2}`}
                columns={sampleColumns}
                rows={change.samples.map((sample) => sampleRow(sample, (id) => ruleOfTree(draft, id) ?? String(id)))}
                rowKey={(row) => String(row["hitId"])}
              />
            </section>
          ))}
          <MetricTable
            label={t.ruleMatches}
            columns={ruleColumns}
            rows={preview.rules.map((rule) => ruleRow(rule, ruleOfTree(draft, rule.ruleId) ?? String(rule.ruleId), rule.shadowedBy.map((id) => taxonomyPathOf(draft, id) ?? String(id))))}
            rowKey={(row) => String(row["ruleId"])}
          />
        </>
      )}
    </section>
  );
};

const sampleColumns: ReadonlyArray<TableColumn> = [
  { key: "date", header: "Date" },
  { key: "source", header: "source" },
  { key: "medium", header: "medium" },
  { key: "campaign", header: "campaign" },
  { key: "before", header: t.before },
  { key: "matchedBy", header: t.matchedBy },
];

const sampleRow = (sample: PreviewSampleHit, ruleName: (id: number) => string): MetricTableRow => ({
  hitId: sample.hitId,
  date: sample.date,
  source: sample.fields.source ?? "",
  medium: sample.fields.medium ?? "",
  campaign: sample.fields.campaign ?? "",
  before: `${sample.before.taxonomy1} / ${sample.before.taxonomy2}`,
  matchedBy: sample.ruleIds.map(ruleName).join("; "),
});

const ruleColumns: ReadonlyArray<TableColumn> = [
  { key: "rule", header: t.rule },
  countColumn("matches", t.hits),
  countColumn("classifies", t.after),
  {
    key: "warning",
    header: t.warning,
    cell: (row) =>
      row["warning"] ? (
        <span className="classification-warning" role="note">
          {String(row["warning"])}
        </span>
      ) : null,
  },
];

const ruleRow = (rule: PreviewRule, name: string, shadowedBy: ReadonlyArray<string>): MetricTableRow => ({
  ruleId: rule.ruleId,
  rule: name,
  matches: rule.matches,
  classifies: rule.classifies,
  warning: rule.shadowed ? `${t.neverMatches} (${shadowedBy.join(", ")})` : "",
});
