import { Hono, type Context } from "hono";
import { Schema } from "effect";
import {
  Classification,
  ClassificationSave,
  ClassificationSaved,
  LoadedClassification,
  matchTypesWithValue,
  type ClassificationRule,
  type TaxonomyOne,
  type TaxonomyTwo,
} from "../../src/domain/classification/classification";
import { ClassificationPreview, ClassificationPreviewRequest, previewSampleLimit, previewWindowDays } from "../../src/domain/classification/classificationPreview";
import { planOf } from "../engine/classification";
import { previewOf } from "../engine/classificationPreview";
import { requireAdmin } from "../http/access";
import { auditByOf } from "../http/auditBy";
import { answer, refuse, refusals } from "../http/answers";
import { decodeBody, readWellFormedJson, type Reading } from "../http/requestReading";
import type { ProgramEnv } from "../http/env";
import type { ServerContext } from "../serverContext";

/** The 409 message: the edit started from one version, and someone saved another since. */
export const staleClassificationMessage = (basedOn: number, stored: number): string =>
  `Someone else saved the classification while you were editing (your edit started from version ${basedOn}, ` +
  `the saved one is now version ${stored}). Reload it to see their changes, then make yours again.`;

/** The classification editor's message for a taxonomy without a name. */
export const taxonomyNameRequired = "Taxonomy name is required";

const eventTypes: ReadonlyArray<string> = ["click", "impression"];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Whether a sent tree (before decoding) holds a taxonomy whose title is blank text. */
export const hasBlankTitle = (body: unknown): boolean => {
  const blank = (taxonomy: unknown): boolean =>
    isRecord(taxonomy) &&
    ((typeof taxonomy["title"] === "string" && taxonomy["title"].trim() === "") ||
      (Array.isArray(taxonomy["children"]) && taxonomy["children"].some(blank)));
  return isRecord(body) && Array.isArray(body["data"]) && body["data"].some(blank);
};

const duplicatesOf = (ids: ReadonlyArray<number>): ReadonlyArray<number> =>
  [...new Set(ids.filter((id, i) => ids.indexOf(id) !== i))];

/**
 * What is wrong with a decoded tree beyond its shape: ids repeated (taxonomies, rules
 * and extracts each have their own id space), rules of a valued match type without a
 * value, `event_type is` with a value other than click or impression.
 */
export const classificationProblems = (tree: Classification): ReadonlyArray<string> => {
  const taxonomies: ReadonlyArray<TaxonomyOne | TaxonomyTwo> = tree.data.flatMap((one) => [one, ...one.children]);
  const rules = taxonomies.flatMap((t) => t.rules);
  const problems: string[] = [];
  const repeated = (what: string, ids: ReadonlyArray<number>) => {
    const duplicates = duplicatesOf(ids);
    if (duplicates.length > 0) problems.push(`${what} ids must be unique (repeated: ${duplicates.join(", ")})`);
  };
  repeated("taxonomy", taxonomies.map((t) => t.id));
  repeated("rule", rules.map((r) => r.id));
  repeated("extract", taxonomies.flatMap((t) => t.extracts.map((e) => e.id)));
  for (const rule of rules) {
    if (!matchTypesWithValue.includes(rule.matchType)) continue;
    if (rule.expectedValue === null || rule.expectedValue.trim() === "") {
      problems.push(`rule ${rule.id}: a "${rule.matchType}" rule needs an expected value`);
    } else if (rule.matchType === "event_type is" && !eventTypes.includes(rule.expectedValue)) {
      problems.push(`rule ${rule.id}: "event_type is" expects click or impression`);
    }
  }
  return problems;
};

/** Rules of match types without a value carry `expectedValue: null`, whatever was sent. */
const withoutStrayValues = (tree: Classification): Classification => {
  const rule = (r: ClassificationRule): ClassificationRule =>
    matchTypesWithValue.includes(r.matchType) ? r : { ...r, expectedValue: null };
  return {
    data: tree.data.map((one) => ({
      ...one,
      rules: one.rules.map(rule),
      children: one.children.map((two) => ({ ...two, rules: two.rules.map(rule) })),
    })),
  };
};

const storedTree = Schema.parseJson(Classification);

/**
 * Reads a sent tree as a save and a dry run both do: 400 malformed_json, 400 'Taxonomy
 * name is required' for a blank title, 400 invalid_body when it does not decode with
 * `schema` or breaks `classificationProblems`.
 */
const readTree = async <A extends Classification, I>(c: Context, schema: Schema.Schema<A, I, never>): Promise<Reading<A>> => {
  const body = await readWellFormedJson(c);
  if (!body.ok) return body;
  if (hasBlankTitle(body.value)) return { ok: false, response: refuse(c, refusals.invalidBody, taxonomyNameRequired) };
  const decoded = decodeBody(c, schema, body.value);
  if (!decoded.ok) return decoded;
  const problems = classificationProblems(decoded.value);
  if (problems.length > 0) return { ok: false, response: refuse(c, refusals.invalidBody, `Invalid classification: ${problems.join("; ")}`) };
  return decoded;
};

/**
 * The classification editor's calls (admins only): GET /admin/classification answers
 * the saved tree and its version ({data: [], version: 0} when none is saved); POST saves
 * the whole tree when the version it names is still the stored one (409
 * stale_classification otherwise; a body without a version is refused 400), answers the new
 * version, then re-classifies the program's hits. POST /admin/classification/preview
 * reads a draft tree as a save does and answers its dry run over the last 30 days of the
 * program's hits (docs/engine.md, "Classification preview"), storing nothing.
 */
export const classificationRoutes = (context: ServerContext) => {
  const routes = new Hono<ProgramEnv>();
  const { stores, clock } = context;

  routes.get("/admin/classification", requireAdmin, async (c) => {
    const stored = await stores.classifications.find(c.get("program").id);
    const loaded = stored === null ? { data: [], version: 0 } : { ...Schema.decodeUnknownSync(storedTree)(stored.tree), version: stored.version };
    return answer(c, LoadedClassification, loaded);
  });

  routes.post("/admin/classification", requireAdmin, async (c) => {
    const decoded = await readTree(c, ClassificationSave);
    if (!decoded.ok) return decoded.response;
    const programId = c.get("program").id;
    const tree = Schema.encodeSync(storedTree)(withoutStrayValues({ data: decoded.value.data }));
    const at = clock();
    const outcome = await stores.classifications.save(programId, tree, at, decoded.value.version, auditByOf(c.get("user"), at));
    if (!outcome.saved) return refuse(c, refusals.staleClassification, staleClassificationMessage(decoded.value.version, outcome.version));
    return answer(c, ClassificationSaved, { ok: true as const, version: outcome.version });
  });

  routes.post("/admin/classification/preview", requireAdmin, async (c) => {
    const decoded = await readTree(c, ClassificationPreviewRequest);
    if (!decoded.ok) return decoded.response;
    const draft = withoutStrayValues({ data: decoded.value.data });
    const plan = planOf(draft);
    const rows = await stores.classifications.preview(c.get("program").id, plan, previewWindowDays, previewSampleLimit);
    const today = new Date(clock()).toISOString().slice(0, 10);
    return answer(c, ClassificationPreview, previewOf(draft, plan, rows, { today, days: previewWindowDays }));
  });

  return routes;
};
