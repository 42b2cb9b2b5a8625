import type { Engine } from "./engine/createEngine";
import { ingestEvents, ingestOrders } from "./engine/ingestion";
import type { NewestDay } from "./seed/demoAnalyticsSql";
import type { Warehouse } from "./warehouse/warehouse";

/** What feeding the demo's newest day stored, over all programs. */
export interface FedNewestDay {
  readonly events: number;
  readonly orders: number;
}

/**
 * Sends the demo's newest day (held back from the bulk load, `plantDemoData` with
 * `holdNewestDay`) through the validated ingest path, as a site and a shop would send it:
 * each program's hits as collected events (`ingestEvents`), its orders as fed orders
 * (`ingestOrders`), then its incremental processing run to completion. A new database's
 * start runs it after materialising the rest, so every start exercises the path
 * (docs/engine.md, "Ingestion"); a row refused means the demo and the path disagree, and
 * fails the start's step.
 */
export const feedNewestDay = async (
  warehouse: Warehouse,
  engine: Pick<Engine, "processIngested">,
  newestDay: NewestDay,
  now: number,
): Promise<FedNewestDay> => {
  const programs = await warehouse.programs.all();
  let events = 0;
  let orders = 0;
  for (const day of newestDay) {
    const program = programs.find((p) => p.id === day.programId);
    if (!program) throw new Error(`the demo's newest day names program ${day.programId}, which is not stored`);
    const fedEvents = await ingestEvents(warehouse.ingestion, program, day.events, now);
    const fedOrders = await ingestOrders(
      warehouse.ingestion,
      program,
      day.orders.map((order) => ({ ...order, currency: program.currency })),
      now,
    );
    const refusals = [...fedEvents.refusals, ...fedOrders.refusals];
    if (refusals.length > 0) {
      throw new Error(`the ingest path refused ${refusals.length} of the demo's newest rows of ${program.code}: ${JSON.stringify(refusals.slice(0, 3))}`);
    }
    events += fedEvents.accepted;
    orders += fedOrders.accepted;
    await engine.processIngested(program.id);
  }
  return { events, orders };
};
