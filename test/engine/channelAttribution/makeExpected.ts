/**
 * Writes expected.json: ChannelAttribution's heuristic_models and markov_model answers on the
 * journey sets of journeySets.ts. Run once by hand; CI reads the committed file and never builds
 * the package.
 *
 *   node --import tsx test/engine/channelAttribution/makeExpected.ts <ChannelAttribution checkout> [commit]
 *
 * The checkout is the package's source (github.com/DavideAltomare/ChannelAttribution); it needs
 * g++ and the Python headers (functions.cpp includes Python.h for its progress lines). The
 * package's Python build also needs Cython, which is not installed here, so driver.cpp calls the
 * package's C++ core (python/src/cypack/functions.cpp) with the arguments its Python wrapper
 * passes, and prints the answers.
 *
 * markov_model runs once per order 1, 2 and 3 (`markov`, `markov_order_2`, `markov_order_3`; the
 * transition matrix is kept for order 1 only) with nsim_start 1e6 (the default is 1e5), seed 0, nfold 10,
 * conv_par 0.05, rate_step_sim 1.5 (defaults), and max_step 1000: by default a simulated walk is
 * stopped after as many steps as the longest observed path and counted as not converting, which
 * shortens the chain's walks around loops; 1000 steps lets every walk end as the chain does.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { journeySets, pathsOf, pathSeparator } from "./journeySets";

const markovArguments = { orders: [1, 2, 3], nsim_start: 1_000_000, max_step: 1000, seed: 0, nfold: 10, conv_par: 0.05, rate_step_sim: 1.5 };

const [checkout, commit = "unknown"] = process.argv.slice(2);
if (checkout === undefined) {
  console.error("usage: makeExpected.ts <ChannelAttribution checkout> [commit]");
  process.exit(2);
}
const source = join(checkout, "python", "src", "cypack");
const version = /^version\s*=\s*(\S+)/m.exec(readFileSync(join(checkout, "python", "setup.cfg"), "utf8"))?.[1] ?? "unknown";
const work = mkdtempSync(join(tmpdir(), "channel-attribution-"));
const driver = join(work, "driver");
const pythonConfig = (...args: string[]) => execFileSync("python3-config", args, { encoding: "utf8" }).trim().split(/\s+/);
const pythonPrefix = pythonConfig("--prefix")[0] ?? "";
execFileSync(
  "g++",
  [
    "-O2",
    "-std=c++11",
    `-I${source}`,
    `-I${join(source, "armadillo-9.860.2", "include")}`,
    ...pythonConfig("--includes"),
    join(import.meta.dirname, "driver.cpp"),
    join(source, "functions.cpp"),
    "-o",
    driver,
    ...pythonConfig("--ldflags", "--embed"),
    "-pthread",
  ],
  { stdio: ["ignore", "ignore", "inherit"] },
);

const sets = journeySets.map((set) => {
  const input = pathsOf(set.journeys)
    .map((p) => [p.channels.join(pathSeparator), p.conversions, p.nulls, p.value.toFixed(2)].join("\t"))
    .join("\n");
  const run = (order: number) =>
    JSON.parse(
      execFileSync(
        driver,
        [String(markovArguments.nsim_start), String(markovArguments.max_step), String(markovArguments.seed), String(order)],
        { input, encoding: "utf8", env: { ...process.env, LD_LIBRARY_PATH: join(pythonPrefix, "lib") } },
      ),
    ) as { heuristic: object; markov: { channels: unknown; total_conversions: unknown; removal_effects: unknown } };
  const [first, second, third] = markovArguments.orders.map(run);
  const withoutMatrix = (answer: typeof first) => ({
    channels: answer?.markov.channels,
    total_conversions: answer?.markov.total_conversions,
    removal_effects: answer?.markov.removal_effects,
  });
  return {
    name: set.name,
    journeys: set.journeys.length,
    heuristic: first?.heuristic,
    markov: first?.markov,
    markov_order_2: withoutMatrix(second),
    markov_order_3: withoutMatrix(third),
  };
});

writeFileSync(
  join(import.meta.dirname, "expected.json"),
  `${JSON.stringify({ package: "ChannelAttribution", version, commit, markov_arguments: markovArguments, sets }, null, 1)}\n`,
);
