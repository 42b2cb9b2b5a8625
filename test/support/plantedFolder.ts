import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** The run's folder for planted warehouses and their copies (test/support/plantedWarehouse.ts). */
    plantedFolder: string;
  }
}

/**
 * vitest's global set-up: a folder for the run's planted warehouses, removed when the run
 * ends (the test processes are ended without a chance to clean up after themselves).
 */
export default function setup(project: TestProject): () => void {
  const folder = mkdtempSync(join(tmpdir(), "planted-warehouses-"));
  project.provide("plantedFolder", folder);
  return () => rmSync(folder, { recursive: true, force: true });
}
