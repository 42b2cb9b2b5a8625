// Node 20 has no Temporal: the polyfill stands in, as it does in browsers without one.
import "temporal-polyfill/global";
import { appendFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, expect, vi } from "vitest";
import { installClockWatch, installPinnedClock, type ClockReadProbe } from "./support/pinnedClock";

// "Today" in the tests (docs/architecture.md, "How tests get today"). TEST_NOW pins it
// for the pinned-day runs (test/support/pinnedDays.ts). TEST_CLOCK_READERS names a folder:
// the run writes there each test file whose product code read the clock (the
// date-sensitive files the pinned-day runs then take); the time itself stays the machine's.
if (process.env.TEST_NOW) installPinnedClock(process.env.TEST_NOW);
else if (process.env.TEST_CLOCK_READERS) {
  const folder = process.env.TEST_CLOCK_READERS;
  const reads = { seen: false };
  // A read counts when the product's own code makes it: the first frame past the clock is
  // in src/ or server/. A test's own stamps, fake timers and libraries' bookkeeping (a
  // renderer's scheduler, a driver) do not turn on the day. This file's setup runs before
  // each test file: reads from here on are the file's own.
  const product = [`${process.cwd()}/src/`, `${process.cwd()}/server/`];
  const clockFrame = /test\/(setup|support\/pinnedClock)\.ts/;
  // While a shared helper makes something other files of the process reuse (the model paths,
  // test/model/harness.ts), it asks whether the product read the clock meanwhile, and a file
  // that reuses what was made so counts as a reader too (`markReader`).
  const probe: ClockReadProbe = { active: false, read: false, markReader: () => (reads.seen = true) };
  (globalThis as { clockReadProbe?: ClockReadProbe }).clockReadProbe = probe;
  installClockWatch(() => {
    if (reads.seen && !probe.active) return;
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 12;
    const stack = new Error().stack ?? "";
    Error.stackTraceLimit = limit;
    const reader = stack
      .split("\n")
      .slice(1)
      .find((frame) => !clockFrame.test(frame));
    if (reader !== undefined && !reader.includes("node_modules") && product.some((folder) => reader.includes(folder))) {
      reads.seen = true;
      probe.read = true;
    }
  });
  // Fake timers started without a `now` start at the clock's time: what the product reads
  // under them turns on the day as well.
  const fakeTimers = vi.useFakeTimers.bind(vi);
  vi.useFakeTimers = (config) => {
    if (config?.now === undefined) reads.seen = true;
    return fakeTimers(config);
  };
  afterAll(() => {
    vi.useFakeTimers = fakeTimers;
    const file = expect.getState().testPath;
    if (!reads.seen || !file) return;
    mkdirSync(folder, { recursive: true });
    appendFileSync(join(folder, `${process.pid}.txt`), `${file}\n`);
  });
}

// View tests run in jsdom, which lacks <dialog>'s showModal and the popover methods.
if (typeof document !== "undefined") {
  const { installTopLayer } = await import("./views/topLayer");
  installTopLayer();
  // The view files of a worker share its process and jsdom (vitest.config.ts): each leaves the page as a fresh one
  // would be, for the next: its rendered trees unmounted, no nodes left, storage empty, the first address again.
  const { cleanup } = await import("@testing-library/react");
  const shared = globalThis as { firstAddress?: string };
  shared.firstAddress ??= window.location.href;
  const firstAddress = shared.firstAddress;
  afterAll(() => {
    cleanup();
    document.head.replaceChildren();
    document.body.replaceChildren();
    for (const { name } of [...document.body.attributes]) document.body.removeAttribute(name);
    for (const { name } of [...document.documentElement.attributes]) document.documentElement.removeAttribute(name);
    document.title = "";
    window.localStorage.clear();
    window.sessionStorage.clear();
    window.history.replaceState(null, "", firstAddress);
  });
}
