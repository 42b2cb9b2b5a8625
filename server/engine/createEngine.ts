import type { Warehouse } from "../warehouse/warehouse";
import type { Clock } from "../clock";
import type { Log } from "../log";
import type { AttributionSettings, RebuildWork } from "../warehouse/engineQueries";
import { isDataDriven } from "../../src/domain/settings/programSettings";
import { attributionSettingsOf } from "./attribution";
import { parseClassification, planOf, type ClassificationPlan } from "./classification";
import type { EngineHooks, ModelFitOutcome } from "./engine";
import { costWork, reattributeWork, reclassifyWork } from "./facts";
import { defaultFitEveryMs, fittedWeights, fittingWindowDays, sameWeights } from "./modelFitting";

export interface EngineDeps {
  readonly warehouse: Warehouse;
  readonly clock: Clock;
  readonly log: Log;
  /** New data is fitted into a program's data-driven model at most this often (default 15 minutes). */
  readonly fitEveryMs?: number;
}

/** The engine's hooks plus what the server runs at start and after loading data. */
export interface Engine extends EngineHooks {
  /** Classifies, attributes and writes every fact of one program (the same as `reclassify`). */
  materialise(programId: number): Promise<void>;
  /** `materialise` for every program (after a demo-data load or an import). */
  materialiseAll(): Promise<void>;
  /** `materialise` for the programs never materialised (a server start over an existing database). */
  materialiseMissing(): Promise<void>;
}

/**
 * The attribution engine of the reference server (docs/engine.md): classification, journeys
 * and credits, daily facts. Each program's rebuilds run one after another (a second
 * change waits for the first), each in one warehouse transaction, so reports never see
 * half-rebuilt facts.
 *
 * A program without a saved classification keeps the taxonomy its hits were ingested
 * with; a saved document that does not decode is logged and likewise leaves hits as they
 * are.
 */
export const createEngine = (deps: EngineDeps): Engine => {
  const { warehouse, clock, log } = deps;
  const running = new Map<number, Promise<void>>();

  const serially = (programId: number, work: () => Promise<void>): Promise<void> => {
    const previous = running.get(programId) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(work);
    running.set(programId, next);
    void next.finally(() => {
      if (running.get(programId) === next) running.delete(programId);
    }).catch(() => undefined);
    return next;
  };

  const planFor = async (programId: number): Promise<ClassificationPlan | null> => {
    const saved = await warehouse.attribution.classificationOf(programId);
    if (saved === null) return null;
    const tree = parseClassification(saved);
    if (!tree) {
      log.warn("the saved classification does not decode; hits keep their taxonomy", { programId });
      return null;
    }
    return planOf(tree);
  };

  const settingsFor = async (programId: number) => attributionSettingsOf(await warehouse.attribution.settingsOf(programId));

  const rebuildNow = async (programId: number, step: string, work: RebuildWork): Promise<void> => {
    const started = performance.now();
    await warehouse.attribution.rebuild(programId, work);
    log.info("attribution engine", { step, programId, ms: Math.round(performance.now() - started) });
  };

  const fitEveryMs = deps.fitEveryMs ?? defaultFitEveryMs;
  const lastFit = new Map<number, number>();

  /**
   * A program with a data-driven model: its weights fitted again from its journeys as they now are and, when
   * they changed, its credits re-attributed with them (the journeys do not depend on the weights, so a second
   * fit would find the same ones).
   */
  const fitAndFollow = async (programId: number, settings: AttributionSettings): Promise<ModelFitOutcome | null> => {
    if (!isDataDriven(settings.model)) return null;
    const started = performance.now();
    const fittedAt = clock();
    lastFit.set(programId, fittedAt);
    const paths = await warehouse.attribution.fittingPaths(programId, fittingWindowDays, settings.modelLevel);
    const fitted = fittedWeights(settings.model, paths, settings.markovOrder);
    const changed = !sameWeights(await warehouse.attribution.modelWeights(programId), fitted);
    log.info("attribution engine", { step: "fitModel", programId, changed, ms: Math.round(performance.now() - started) });
    // the new weights and the credits they give are written in one transaction
    if (changed) await rebuildNow(programId, "reattribute", { ...reattributeWork(settings, clock()), modelWeights: fitted });
    return { settings, weights: fitted.weights, fittedAt };
  };

  /** A rebuild that rewrites journeys, followed by the fit of a data-driven model. */
  const attributeThenFit = (programId: number, step: string, work: (settings: AttributionSettings) => Promise<RebuildWork>): Promise<void> =>
    serially(programId, async () => {
      const settings = await settingsFor(programId);
      await rebuildNow(programId, step, await work(settings));
      await fitAndFollow(programId, settings);
    });

  const reclassify = (programId: number): Promise<void> =>
    attributeThenFit(programId, "reclassify", async (settings) => reclassifyWork(await planFor(programId), settings, clock()));

  const each = async (programIds: ReadonlyArray<number>): Promise<void> => {
    for (const programId of programIds) await reclassify(programId);
  };

  return {
    reclassify,
    reattribute: (programId) => attributeThenFit(programId, "reattribute", async (settings) => reattributeWork(settings, clock())),
    refreshCosts: (programId) => serially(programId, () => rebuildNow(programId, "refreshCosts", costWork(clock()))),
    processIngested: (programId) =>
      serially(programId, async () => {
        const started = performance.now();
        const settings = await settingsFor(programId);
        const changes = await warehouse.ingestion.process(programId, await planFor(programId), settings, clock());
        if (changes) log.info("attribution engine", { step: "processIngested", programId, ...changes, ms: Math.round(performance.now() - started) });
        const fitted = lastFit.get(programId);
        if (changes && (fitted === undefined || clock() - fitted >= fitEveryMs)) await fitAndFollow(programId, settings);
      }),
    fitModel: (programId) => {
      let outcome: ModelFitOutcome | null = null;
      return serially(programId, async () => {
        outcome = await fitAndFollow(programId, await settingsFor(programId));
      }).then(() => outcome);
    },
    materialise: reclassify,
    materialiseAll: async () => each(await warehouse.attribution.programIds()),
    materialiseMissing: async () => each(await warehouse.attribution.unmaterialisedProgramIds()),
  };
};
