import type { Warehouse } from "../warehouse/warehouse";
import type { Clock } from "../clock";
import type { Log } from "../log";
import type { RebuildWork } from "../warehouse/engineQueries";
import { attributionSettingsOf } from "./attribution";
import { parseClassification, planOf, type ClassificationPlan } from "./classification";
import type { EngineHooks } from "./engine";
import { costWork, reattributeWork, reclassifyWork } from "./facts";

export interface EngineDeps {
  readonly warehouse: Warehouse;
  readonly clock: Clock;
  readonly log: Log;
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

  const rebuild = (programId: number, step: string, work: () => Promise<RebuildWork>): Promise<void> =>
    serially(programId, async () => {
      const started = performance.now();
      await warehouse.attribution.rebuild(programId, await work());
      log.info("attribution engine", { step, programId, ms: Math.round(performance.now() - started) });
    });

  const reclassify = (programId: number): Promise<void> =>
    rebuild(programId, "reclassify", async () =>
      reclassifyWork(await planFor(programId), await settingsFor(programId), clock()),
    );

  const each = async (programIds: ReadonlyArray<number>): Promise<void> => {
    for (const programId of programIds) await reclassify(programId);
  };

  return {
    reclassify,
    reattribute: (programId) =>
      rebuild(programId, "reattribute", async () => reattributeWork(await settingsFor(programId), clock())),
    refreshCosts: (programId) => rebuild(programId, "refreshCosts", async () => costWork(clock())),
    processIngested: (programId) =>
      serially(programId, async () => {
        const started = performance.now();
        const changes = await warehouse.ingestion.process(programId, await planFor(programId), await settingsFor(programId), clock());
        if (changes) log.info("attribution engine", { step: "processIngested", programId, ...changes, ms: Math.round(performance.now() - started) });
      }),
    materialise: reclassify,
    materialiseAll: async () => each(await warehouse.attribution.programIds()),
    materialiseMissing: async () => each(await warehouse.attribution.unmaterialisedProgramIds()),
  };
};
