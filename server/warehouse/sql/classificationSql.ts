import { NONE, ruleFields, type ClassificationRule, type RuleField } from "../../../src/domain/classification/classification";
import type { ClassificationBranch, ClassificationPlan, RuleGroup } from "../classificationPlan";
import type { Placeholders, SqlEngine } from "../statements";

/**
 * Compiles a classification plan (server/engine/classification.ts) into SQL expressions
 * over the hits table. Column names come only from the fixed list below; every rule value
 * and every title is a parameter, so names holding quotes, %, _, /, & or any other text
 * are data, never SQL. 'contains' uses strpos on lower-cased text rather than LIKE, so %
 * and _ are literal.
 *
 * The SQL is plain enough for DuckDB and ClickHouse alike but for text search: `engine`
 * picks strpos and lower on DuckDB, position and lowerUTF8 on ClickHouse (whose lower is
 * ASCII-only), the same test on any text.
 */

/** The hits column of each rule field: a fixed map, never text from a request. */
export const hitColumns: Readonly<Record<RuleField, string>> = {
  source: "source",
  medium: "medium",
  campaign: "campaign",
  content: "content",
  term: "term",
  referrer: "referrer",
  landing_url: "landing_url",
  publisher_id: "publisher_id",
  cost_link: "cost_link",
  event_type: "event_type",
};

/** Where a text is found in another (1-based, 0 when absent), and lower case, per engine. */
const textSearch: Readonly<Record<SqlEngine, { readonly position: string; readonly lower: string }>> = {
  duckdb: { position: "strpos", lower: "lower" },
  clickhouse: { position: "position", lower: "lowerUTF8" },
};

/** Whether one rule holds for a hit: a boolean SQL expression over the hits columns. */
export const ruleSql = (rule: ClassificationRule, p: Placeholders, engine: SqlEngine = "duckdb"): string => {
  const column = hitColumns[rule.field];
  const expected = (): string => p.add(rule.expectedValue ?? "");
  const { position, lower } = textSearch[engine];
  switch (rule.matchType) {
    case "contains":
      return `(${column} IS NOT NULL AND ${position}(${lower}(${column}), ${lower}(${expected()})) > 0)`;
    case "not contains":
      return `(${column} IS NULL OR ${position}(${lower}(${column}), ${lower}(${expected()})) = 0)`;
    case "exists":
      return `(${column} IS NOT NULL)`;
    case "not exists":
      return `(${column} IS NULL)`;
    case "empty":
      return `(${column} IS NULL OR ${column} = '')`;
    case "not empty":
      return `(${column} IS NOT NULL AND ${column} <> '')`;
    case "event_type is":
      return `(${lower}(event_type) = ${lower}(${expected()}))`;
  }
};

const groupSql = (group: RuleGroup, p: Placeholders, engine: SqlEngine): string =>
  `(${group.rules.map((r) => ruleSql(r, p, engine)).join(group.joinType === "and" ? " AND " : " OR ")})`;

/** Whether all of a branch's rule groups hold (regardless of the branches before it). */
export const branchCondition = (branch: ClassificationBranch, p: Placeholders, engine: SqlEngine = "duckdb"): string =>
  branch.groups.map((g) => groupSql(g, p, engine)).join(" AND ");

/** The 1-based index of the first matching branch, 0 when none matches. */
export const branchIndexSql = (plan: ClassificationPlan, p: Placeholders, engine: SqlEngine = "duckdb"): string =>
  plan.branches.length === 0
    ? "0"
    : `CASE ${plan.branches.map((b, i) => `WHEN ${branchCondition(b, p, engine)} THEN ${i + 1}`).join(" ")} ELSE 0 END`;

const byBranch = (index: string, arms: ReadonlyArray<string | null>, otherwise: string): string => {
  const whens = arms.flatMap((arm, i) => (arm === null ? [] : [`WHEN ${i + 1} THEN ${arm}`]));
  return whens.length === 0 ? otherwise : `CASE ${index} ${whens.join(" ")} ELSE ${otherwise} END`;
};

/** The code of a raw field in the extract columns (0: no extract). */
const fieldCode = (field: RuleField): number => ruleFields.indexOf(field) + 1;

/**
 * What each distinct combination of rule fields classifies to, given its branch index
 * column `index`: the two titles (parameters) and, per extract target, the code of the
 * raw field it copies (0 for none). Computed once per combination, not per hit.
 */
export const branchOutputsSql = (
  plan: ClassificationPlan,
  index: string,
  p: Placeholders,
): Readonly<Record<"taxonomy_1" | "taxonomy_2" | "tax3_field" | "tax4_field" | "costlink_field", string>> => {
  const none = p.add(NONE);
  const code = (field: RuleField | null): string | null => (field === null ? null : String(fieldCode(field)));
  return {
    taxonomy_1: byBranch(index, plan.branches.map((b) => p.add(b.taxonomy1)), none),
    taxonomy_2: byBranch(index, plan.branches.map((b) => p.add(b.taxonomy2)), none),
    tax3_field: byBranch(index, plan.branches.map((b) => code(b.tax3)), "0"),
    tax4_field: byBranch(index, plan.branches.map((b) => code(b.tax4)), "0"),
    costlink_field: byBranch(index, plan.branches.map((b) => code(b.costlink)), "0"),
  };
};

/**
 * A hit's extracted value: the non-empty raw field whose code is in `codeColumn`, else
 * `otherwise`. Only the fields the plan extracts to `target` get an arm, so the CASE
 * stays short whatever the size of the tree. `table` qualifies the hits columns.
 */
export const extractedSql = (
  plan: ClassificationPlan,
  target: "tax3" | "tax4" | "costlink",
  codeColumn: string,
  otherwise: string,
  table = "",
): string => {
  const fields = [...new Set(plan.branches.flatMap((b) => (b[target] === null ? [] : [b[target]])))];
  if (fields.length === 0) return otherwise;
  const arms = fields.map((f) => `WHEN ${fieldCode(f)} THEN coalesce(nullif(${table}${hitColumns[f]}, ''), ${otherwise})`);
  return `CASE ${codeColumn} ${arms.join(" ")} ELSE ${otherwise} END`;
};

/** The hits columns the rules read: the key of the distinct combinations classified once each. */
export const ruleColumns = (plan: ClassificationPlan): ReadonlyArray<string> => [
  ...new Set(
    plan.branches.flatMap((b) =>
      b.groups.flatMap((g) => g.rules.map((r) => (r.matchType === "event_type is" ? hitColumns.event_type : hitColumns[r.field]))),
    ),
  ),
];

/** Whether any branch extracts a cost link (only then are ingested cost links kept aside). */
export const extractsCostLinks = (plan: ClassificationPlan): boolean => plan.branches.some((b) => b.costlink !== null);
