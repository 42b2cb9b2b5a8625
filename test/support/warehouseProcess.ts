import { fork, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { Warehouse } from "../../server/warehouse/warehouse";

/** A Warehouse method call sent to a shard process. */
export interface ShardCall {
  readonly id: number;
  readonly family: string;
  readonly method: string;
  readonly args: ReadonlyArray<unknown>;
}

/** A shard process's answer to a call: its value, or the message of what went wrong. */
export type ShardAnswer =
  | { readonly id: number; readonly ok: true; readonly value: unknown }
  | { readonly id: number; readonly ok: false; readonly message: string };

/** An argument that is a shard's demo files (`parquetWrite`), sent as its files. */
export interface FilesArgument {
  readonly parquetFiles: ReadonlyArray<{ readonly table: string; readonly file: string }>;
}

const childFile = fileURLToPath(new URL("./warehouseProcessChild.ts", import.meta.url));

/** Plain values cross as they are (structured clone); a demo load's `parquetWrite` crosses as its files; other functions cannot. */
const sendable = (arg: unknown): unknown => {
  if (typeof arg !== "function") return arg;
  const files = (arg as { files?: FilesArgument["parquetFiles"] }).files;
  if (files === undefined) throw new Error("a function cannot cross to a shard process");
  return { parquetFiles: files } satisfies FilesArgument;
};

/**
 * A warehouse in a process of its own (the engine under test, WAREHOUSE, in a fresh folder), answering
 * Warehouse calls over IPC: one embedded ClickHouse per process is all chdb allows, so two shards are two
 * processes. Every method of every family is forwarded as a call; arguments and answers cross by structured
 * clone (`serialization: 'advanced'`: Maps, Dates and nested records as they are).
 */
export const openWarehouseProcess = (): Promise<Warehouse> =>
  new Promise((resolve, reject) => {
    const child: ChildProcess = fork(childFile, [], {
      execArgv: ["--import", "tsx"],
      serialization: "advanced",
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
    let next = 1;
    let exited = false;

    const call = (family: string, method: string, args: ReadonlyArray<unknown>): Promise<unknown> =>
      new Promise((done, fail) => {
        if (exited) {
          fail(new Error("the shard process has exited"));
          return;
        }
        const id = next++;
        pending.set(id, { resolve: done, reject: fail });
        child.send({ id, family, method, args: args.map(sendable) } satisfies ShardCall);
      });

    child.on("message", (message: ShardAnswer | { readonly ready: true } | { readonly failed: string }) => {
      if ("ready" in message) {
        resolve(warehouseOf(call));
        return;
      }
      if ("failed" in message) {
        reject(new Error(message.failed));
        return;
      }
      const waiting = pending.get(message.id);
      if (!waiting) return;
      pending.delete(message.id);
      if (message.ok) waiting.resolve(message.value);
      else waiting.reject(new Error(message.message));
    });
    child.on("exit", (code) => {
      exited = true;
      for (const waiting of pending.values()) waiting.reject(new Error(`the shard process exited (${code})`));
      pending.clear();
      reject(new Error(`the shard process exited before it was ready (${code})`));
    });
  });

/** Every `warehouse.family.method(...)` as a call; `close` closes the warehouse, then the process ends. */
const warehouseOf = (call: (family: string, method: string, args: ReadonlyArray<unknown>) => Promise<unknown>): Warehouse =>
  new Proxy({} as Warehouse, {
    get: (_, family: string) =>
      family === "close"
        ? () => call("", "close", []).then(() => undefined)
        : new Proxy({}, { get: (__, method: string) => (...args: Array<unknown>) => call(family, method, args) }),
  });
