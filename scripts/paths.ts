/**
 * Prints a machine's generated model-based test paths as numbered steps.
 *
 *   npm run paths -- <machine> [--simple] [--max <n>]
 *
 * The paths come from the same model definitions the tests use (test/model/models).
 */
import "temporal-polyfill/global";
import { coverage, modelPaths } from "../test/model/harness";
import { machineModels } from "../test/model/machineModels";

const args = process.argv.slice(2);
const simple = args.includes("--simple");
const maxIndex = args.indexOf("--max");
const maxArg = maxIndex >= 0 ? Number(args[maxIndex + 1]) : undefined;
const name = args.find((a, i) => !a.startsWith("--") && !(maxIndex >= 0 && i === maxIndex + 1));
const available = Object.keys(machineModels).sort();

const usage = (): string =>
  `usage: npm run paths -- <machine> [--simple] [--max <n>]\navailable machines:\n${available.map((n) => `  ${n}`).join("\n")}`;

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
