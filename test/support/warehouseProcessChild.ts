import { parquetWrite } from "../../server/warehouse/clickhouse/shardedWarehouse";
import type { Warehouse } from "../../server/warehouse/warehouse";
import { openFreshWarehouse } from "../warehouseUnderTest";
import type { FilesArgument, ShardAnswer, ShardCall } from "./warehouseProcess";

/** The shard process of warehouseProcess.ts: a fresh warehouse of the engine under test, answering calls until closed. */
const isFiles = (arg: unknown): arg is FilesArgument => typeof arg === "object" && arg !== null && "parquetFiles" in arg;

/** Resolves once the answer is handed to the channel. */
const reply = (answer: ShardAnswer): Promise<void> =>
  new Promise((done) => {
    if (!process.send) done();
    else process.send(answer, undefined, {}, () => done());
  });

const serve = (warehouse: Warehouse): void => {
  process.on("message", (message: ShardCall) => {
    void (async () => {
      try {
        if (message.family === "" && message.method === "close") {
          await warehouse.close();
          await reply({ id: message.id, ok: true, value: null });
          process.disconnect();
          return;
        }
        const family = (warehouse as unknown as Record<string, Record<string, (...args: Array<unknown>) => Promise<unknown>>>)[message.family];
        const method = family?.[message.method];
        if (!family || typeof method !== "function") throw new Error(`no such call: ${message.family}.${message.method}`);
        const args = message.args.map((arg) => (isFiles(arg) ? parquetWrite({ files: arg.parquetFiles }) : arg));
        await reply({ id: message.id, ok: true, value: await method.apply(family, args) });
      } catch (error) {
        await reply({ id: message.id, ok: false, message: error instanceof Error ? error.message : String(error) });
      }
    })();
  });
};

// A parent that went away (a test run stopped) takes its shards with it.
process.on("disconnect", () => process.exit());

openFreshWarehouse(Date.now).then(
  (warehouse) => {
    serve(warehouse);
    process.send?.({ ready: true });
  },
  (error: unknown) => {
    process.send?.({ failed: error instanceof Error ? error.message : String(error) });
    process.exitCode = 1;
    process.disconnect();
  },
);
