import { Hono, type Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { Schema } from "effect";
import { Created } from "../../src/domain/report/configuration";
import {
  FixedCostAnswer,
  FixedCostInput,
  FixedCostList,
  FixedCostPatch,
  VariableCostInput,
  VariableCostList,
  configurationDays,
  levelValue,
  spendRowKind,
  type FixedCost,
  type Frequency,
} from "../../src/domain/spend/costs";
import { StoredKeysAnswer, StoredKeysRequest } from "../../src/domain/spend/storedKeys";
import { requireAdmin } from "../http/access";
import { auditByOf } from "../http/auditBy";
import { answer, refuse } from "../http/answers";
import { decodeBody, readBody, readWellFormedJson } from "../http/requestReading";
import { idempotencyRefusals, readIdempotencyKey, requestBodyDigest } from "../http/idempotencyKey";
import type { ProgramEnv } from "../http/env";
import type { ServerContext } from "../serverContext";
import type { FixedCostRecord, FixedCostValues, IdempotencyClaim, IdempotentRoute, KeyedCreate } from "../engine/stores";
import { configurationRefusals, readId, readRange, removeById, staleSpendMessage } from "./configurationRequests";

/** The stored values of a valid form; `originalFrequency` survives edits. */
const valuesOf = (input: FixedCostInput, originalFrequency: Frequency): FixedCostValues => ({
  taxonomy_1: input.taxonomy_1.trim(),
  taxonomy_2: levelValue(input.taxonomy_2),
  taxonomy_3: levelValue(input.taxonomy_3),
  taxonomy_4: levelValue(input.taxonomy_4),
  cost: input.cost,
  start_date: input.start_date,
  end_date: input.frequency === "single" ? null : input.end_date || null,
  frequency: input.frequency,
  original_frequency: originalFrequency,
});

/** The wire form of a stored configuration: meta and the day count added. */
const fixedCostOf = (record: FixedCostRecord): FixedCost => ({
  id: record.id,
  taxonomy_1: record.taxonomy_1,
  taxonomy_2: record.taxonomy_2,
  taxonomy_3: record.taxonomy_3,
  taxonomy_4: record.taxonomy_4,
  cost: record.cost,
  start_date: record.start_date,
  end_date: record.end_date,
  meta: { frequency: record.frequency, original_frequency: record.original_frequency },
  days: configurationDays(record.start_date, record.end_date, record.frequency),
  version: record.version,
});

/** The form fields of a stored configuration, for merging an edit into it. */
const formOf = (record: FixedCostRecord) => ({
  start_date: record.start_date,
  end_date: record.end_date,
  taxonomy_1: record.taxonomy_1,
  taxonomy_2: record.taxonomy_2,
  taxonomy_3: record.taxonomy_3,
  taxonomy_4: record.taxonomy_4,
  cost: record.cost,
  frequency: record.frequency,
});

const encodeCreated = Schema.encodeSync(Created);

/** A create's key and route: `key` null without the header (the create runs as it always did). */
interface KeyedRequest {
  readonly key: string | null;
  readonly route: IdempotentRoute;
}

/**
 * Fixed and variable spend (server/README.md, "Account and configuration calls"):
 * GET|POST /fixed-costs (also POST /fixed-costs/), GET|PATCH|DELETE /fixed-costs/{id},
 * GET|POST /variable-costs, DELETE /variable-costs/{id}. A POST to fixed-costs whose
 * body is a variable row (`date` / `cost_link`, no `start_date`) creates a variable
 * spend row: the variable batch import posts there. Every write refreshes the program's
 * cost facts. A `token` query parameter (the batch import's) is ignored: the bearer
 * token authenticates. The creates take an optional `Idempotency-Key`: a repeat of a key
 * (same user, program and route) with the same body answers the first answer and creates
 * nothing; with another body 422 idempotency_key_reused. POST /fixed-costs/stored-keys and
 * /variable-costs/stored-keys answer which of a list of keys the user already used there.
 * Spend management is the admins': every call here, reads included, is 403 with the
 * admin-only refusal for anyone else (one check in front of both paths and all below them).
 */
export const costRoutes = (context: ServerContext) => {
  const routes = new Hono<ProgramEnv>();
  const { stores, clock } = context;

  for (const spendPath of ["/fixed-costs", "/variable-costs"]) {
    routes.use(spendPath, requireAdmin);
    routes.use(`${spendPath}/*`, requireAdmin);
  }

  routes.get("/fixed-costs", async (c) => {
    const range = readRange(c);
    if (!range.ok) return range.response;
    const records = await stores.costs.fixedInRange(c.get("program").id, range.range);
    return answer(c, FixedCostList, { data: records.map(fixedCostOf) });
  });

  /**
   * Answers Created for a new record. Under a key the record, its cost facts and the key
   * with the body's digest and this answer are one transaction (see `KeyedCreate`).
   */
  const created = async (
    c: Context<ProgramEnv>,
    request: KeyedRequest,
    add: () => Promise<number>,
    addOnce: (claim: IdempotencyClaim) => Promise<KeyedCreate>,
  ): Promise<Response> => {
    if (request.key === null) return answer(c, Created, { data: { id: await add() } });
    const outcome = await addOnce({
      userId: c.get("user").id,
      route: request.route,
      key: request.key,
      bodyDigest: await requestBodyDigest(c),
      at: clock(),
      answerOf: (id) => ({ status: 200, body: JSON.stringify(encodeCreated({ data: { id } })) }),
    });
    if (outcome.outcome === "keyReused") return refuse(c, idempotencyRefusals.keyReused);
    return c.json(JSON.parse(outcome.answer.body) as object, outcome.answer.status as ContentfulStatusCode);
  };

  const createSpend = async (c: Context<ProgramEnv>): Promise<Response> => {
    const key = readIdempotencyKey(c);
    if (!key.ok) return key.response;
    const request: KeyedRequest = { key: key.value, route: "fixed-costs" };
    const body = await readWellFormedJson(c);
    if (!body.ok) return body.response;
    const programId = c.get("program").id;
    if (spendRowKind(body.value) === "variable") return createVariable(c, request, body.value);
    const input = decodeBody(c, FixedCostInput, body.value);
    if (!input.ok) return input.response;
    const values = valuesOf(input.value, input.value.frequency);
    return created(
      c,
      request,
      () => stores.costs.addFixed(programId, values, clock(), auditByOf(c.get("user"), clock())),
      (claim) => stores.costs.addFixedOnce(programId, values, claim, auditByOf(c.get("user"), claim.at)),
    );
  };

  const createVariable = async (c: Context<ProgramEnv>, request: KeyedRequest, body: unknown): Promise<Response> => {
    const input = decodeBody(c, VariableCostInput, body);
    if (!input.ok) return input.response;
    const programId = c.get("program").id;
    const values = {
      date: input.value.date,
      taxonomy_1: input.value.taxonomy_1.trim(),
      cost_link: input.value.cost_link.trim(),
      cost: input.value.cost,
    };
    return created(
      c,
      request,
      () => stores.costs.addVariable(programId, values, auditByOf(c.get("user"), clock())),
      (claim) => stores.costs.addVariableOnce(programId, values, claim, auditByOf(c.get("user"), claim.at)),
    );
  };

  /**
   * Which of the keys asked about (at most 500) this user already used for creates on the
   * route in this program, not yet expired: the batch import skips those rows.
   */
  const storedKeys = (route: IdempotentRoute) => async (c: Context<ProgramEnv>): Promise<Response> => {
    const body = await readBody(c, StoredKeysRequest);
    if (!body.ok) return body.response;
    const stored = await stores.costs.storedKeys(c.get("program").id, c.get("user").id, route, body.value.keys, clock());
    return answer(c, StoredKeysAnswer, { stored: [...stored] });
  };

  routes.post("/fixed-costs/stored-keys", storedKeys("fixed-costs"));
  routes.post("/variable-costs/stored-keys", storedKeys("variable-costs"));
  routes.post("/fixed-costs", createSpend);
  routes.post("/fixed-costs/", createSpend);

  routes.get("/fixed-costs/:id", async (c) => {
    const id = readId(c, "id", configurationRefusals.spendNotFound);
    if (!id.ok) return id.response;
    const record = await stores.costs.findFixed(c.get("program").id, id.id);
    if (!record) return refuse(c, configurationRefusals.spendNotFound);
    return answer(c, FixedCostAnswer, { data: fixedCostOf(record) });
  });

  routes.patch("/fixed-costs/:id", async (c) => {
    const id = readId(c, "id", configurationRefusals.spendNotFound);
    if (!id.ok) return id.response;
    const patch = await readBody(c, FixedCostPatch);
    if (!patch.ok) return patch.response;
    const programId = c.get("program").id;
    const stored = await stores.costs.findFixed(programId, id.id);
    if (!stored) return refuse(c, configurationRefusals.spendNotFound);
    const { version: basedOn, ...fields } = patch.value;
    const merged = decodeBody(c, FixedCostInput, { ...formOf(stored), ...fields });
    if (!merged.ok) return merged.response;
    const values = valuesOf(merged.value, stored.original_frequency);
    const updated = await stores.costs.updateFixed(programId, id.id, values, basedOn, auditByOf(c.get("user"), clock()));
    if (updated.outcome === "notFound") return refuse(c, configurationRefusals.spendNotFound);
    if (updated.outcome === "stale") return refuse(c, configurationRefusals.staleSpend, staleSpendMessage(basedOn, updated.version));
    return answer(c, FixedCostAnswer, { data: fixedCostOf({ id: id.id, ...values, version: updated.version }) });
  });

  routes.delete(
    "/fixed-costs/:id",
    removeById(configurationRefusals.spendNotFound, (c, id) => stores.costs.removeFixed(c.get("program").id, id, auditByOf(c.get("user"), clock()))),
  );

  routes.get("/variable-costs", async (c) => {
    const range = readRange(c);
    if (!range.ok) return range.response;
    return answer(c, VariableCostList, { data: await stores.costs.variableInRange(c.get("program").id, range.range) });
  });

  routes.post("/variable-costs", async (c) => {
    const key = readIdempotencyKey(c);
    if (!key.ok) return key.response;
    const body = await readWellFormedJson(c);
    if (!body.ok) return body.response;
    return createVariable(c, { key: key.value, route: "variable-costs" }, body.value);
  });

  routes.delete(
    "/variable-costs/:id",
    removeById(configurationRefusals.variableSpendNotFound, (c, id) => stores.costs.removeVariable(c.get("program").id, id, auditByOf(c.get("user"), clock()))),
  );

  return routes;
};
