import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const made: string[] = [];

/** A fresh folder under the system's temp folder, removed after the test file that made it (test/setup.ts). */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `disc-referee-${prefix}`));
  made.push(dir);
  return dir;
}

/** Removes every folder tempDir made so far. */
export function removeTempDirs(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}
