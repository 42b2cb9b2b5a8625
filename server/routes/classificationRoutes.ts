import { Hono } from "hono";
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
import { requireAdmin } from "../http/access";
import { answer, refuse, refusals } from "../http/answers";
import { decodeBody, readJson } from "../http/requestReading";
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
 * The classification editor's calls (admins only): GET /admin/classification answers
 * the saved tree and its version ({data: [], version: 0} when none is saved); POST saves
 * the whole tree when the version it names is still the stored one (409
 * stale_classification otherwise; without a version it saves regardless), answers the new
 * version, then re-classifies the program's hits.
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
    const body = await readJson(c);
    if (!body.ok) return body.response;
    if (hasBlankTitle(body.value)) return refuse(c, refusals.invalidBody, taxonomyNameRequired);
    const decoded = decodeBody(c, ClassificationSave, body.value);
    if (!decoded.ok) return decoded.response;
    const problems = classificationProblems(decoded.value);
    if (problems.length > 0) return refuse(c, refusals.invalidBody, `Invalid classification: ${problems.join("; ")}`);
    const programId = c.get("program").id;
    const tree = Schema.encodeSync(storedTree)(withoutStrayValues({ data: decoded.value.data }));
    const outcome = await stores.classifications.save(programId, tree, clock(), decoded.value.version);
    if (!outcome.saved) return refuse(c, refusals.staleClassification, staleClassificationMessage(decoded.value.version ?? 0, outcome.version));
    return answer(c, ClassificationSaved, { ok: true as const, version: outcome.version });
  });

  return routes;
};
