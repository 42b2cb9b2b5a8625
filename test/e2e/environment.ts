import { resolve } from "node:path";

/** Where the end-to-end server listens and keeps its data (made fresh by the test command). */
export const e2ePort = Number(process.env.E2E_PORT ?? 18_090);
export const e2eDataDir = resolve(process.env.E2E_DATA_DIR ?? ".test-data/e2e");
export const outboxFile = resolve(e2eDataDir, "outbox.jsonl");
