import { resolve } from "node:path";
import { pinnedDayNamed, type PinnedDay } from "../support/pinnedDays";

/**
 * The browser tests run in E2E_WORKERS Playwright workers (1 unless set; the test command
 * sets 2), each against a reference server of its own, so no worker sees another's writes:
 * worker n talks to port E2E_PORT + n, with its data in the fresh folder E2E_DATA_DIR/<day>/server-n.
 * Playwright gives each worker its n as TEST_PARALLEL_INDEX (kept by a worker restarted
 * after a failure); the runner itself, which starts the servers, has none.
 *
 * The day the browser suite runs on (test/support/pinnedDays.ts), never the real one:
 * E2E_DAY names it (the test command runs the whole suite on "saturday", then the tests
 * tagged @dates again on "leap-day"). Its servers' clocks start at its instant
 * (CLOCK_START), and so do each browser context's clock (test/e2e/fixtures.ts) and the
 * test code's own `Date` in the workers; the browser runs in its time zone.
 */
export const e2eDay: PinnedDay = (() => {
  const name = process.env.E2E_DAY ?? "saturday";
  const day = pinnedDayNamed(name);
  if (!day) throw new Error(`E2E_DAY=${name} is not a pinned day (test/support/pinnedDays.ts)`);
  return day;
})();

export const e2eWorkers = Math.max(1, Number(process.env.E2E_WORKERS ?? 1));
const basePort = Number(process.env.E2E_PORT ?? 18_090);
// One folder per pinned day, so a second day's run starts from fresh databases.
const baseDataDir = resolve(process.env.E2E_DATA_DIR ?? ".test-data/e2e", e2eDay.name);

export const e2eServerPort = (server: number): number => basePort + server;
export const e2eServerDataDir = (server: number): string => resolve(baseDataDir, `server-${server}`);

const thisWorkersServer = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
/** Where this worker's server listens and keeps its data (made fresh by the test command). */
export const e2ePort = e2eServerPort(thisWorkersServer);
export const e2eDataDir = e2eServerDataDir(thisWorkersServer);
export const outboxFile = resolve(e2eDataDir, "outbox.jsonl");

/**
 * Now on the pinned day: the day's instant when this module loaded, running on at the
 * machine's pace. The test code's own dates come from here, never from `Date.now()`: the
 * worker's global clock is Playwright's too (its clock emulation reads it), so it stays the
 * machine's.
 */
const loadedAt = Date.now();
export const e2eNow = (): number => Date.parse(e2eDay.now) + (Date.now() - loadedAt);
