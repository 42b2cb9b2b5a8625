/**
 * Prints a machine's generated model-based test paths as numbered steps.
 *
 *   npm run paths -- <machine> [--simple] [--max <n>]
 *   npm run paths -- <machine> --browser     drives the machine's paths in Chromium
 *
 * The paths come from the same model definitions the tests use (test/model/models).
 * With --browser, the machine's browser path suite (test/e2e/paths/<machine>.e2e.ts)
 * runs through scripts/e2e.sh: the fewest shortest paths that take every transition
 * (test/model/browserPaths.ts), each driven through the machine's browser map.
 */
import "temporal-polyfill/global";
import { spawnSync } from "node:child_process";
import { browserMaps } from "../test/e2e/paths/maps";
import { browserPaths } from "../test/model/browserPaths";
import { coverage, modelPaths } from "../test/model/harness";
import { machineModels } from "../test/model/machineModels";

const args = process.argv.slice(2);
const simple = args.includes("--simple");
const browser = args.includes("--browser");
const maxIndex = args.indexOf("--max");
const maxArg = maxIndex >= 0 ? Number(args[maxIndex + 1]) : undefined;
const name = args.find((a, i) => !a.startsWith("--") && !(maxIndex >= 0 && i === maxIndex + 1));
const available = Object.keys(machineModels).sort();

const usage = (): string =>
  `usage: npm run paths -- <machine> [--simple] [--max <n>]\n       npm run paths -- <machine> --browser\navailable machines:\n${available
    .map((n) => `  ${n}${browserMaps.some((m) => m.machine === n) ? "  (--browser)" : ""}`)
    .join("\n")}`;

if (name === undefined) {
  console.log(usage());
  process.exit(0);
}
const model = machineModels[name];
if (!model) {
  console.error(`unknown machine '${name}'\n${usage()}`);
  process.exit(1);
}
if (maxArg !== undefined && !(Number.isInteger(maxArg) && maxArg > 0)) {
  console.error("--max needs a positive whole number");
  process.exit(1);
}

if (browser) {
  if (!browserMaps.some((m) => m.machine === name)) {
    console.error(`no browser map for '${name}'; the browser path suite drives: ${browserMaps.map((m) => m.machine).join(", ")}`);
    process.exit(1);
  }
  const set = browserPaths(model);
  console.log(
    `${name}: driving ${set.driven.length} of ${set.generated.length} shortest path(s) in Chromium (${set.transitions} transitions, ${set.states} states)`,
  );
  const run = spawnSync("bash", ["scripts/e2e.sh", `test/e2e/paths/${name}.e2e.ts`], {
    stdio: "inherit",
    env: { ...process.env, E2E_WORKERS: process.env.E2E_WORKERS ?? "1" },
  });
  process.exit(run.status ?? 1);
}

const strategy = simple ? "simple" : "shortest";
const paths = modelPaths(model, { strategy, ...(maxArg !== undefined ? { maxPaths: maxArg } : {}) });
const cov = coverage(model, paths);
console.log(`${name}: ${paths.length} ${strategy} path(s); states covered ${cov.covered.length}/${cov.expected.length}`);
if (paths.dropped) console.log(`  ${paths.dropped} generated path(s) dropped as infeasible on exact replay`);
if (cov.missing.length) console.log(`  not reached: ${cov.missing.join(", ")}`);
if (cov.transient.length) console.log(`  transient (passed through, not required): ${cov.transient.join(", ")}`);
for (const p of paths) {
  console.log(`\nPath ${p.id}${model.inputs.length > 1 ? ` (input: ${p.input})` : ""}:`);
  p.steps.forEach((s, i) => console.log(`  ${String(i + 1).padStart(2)}. ${s}`));
}
