/**
 * One corpus scene: rendered from its profile and seed and written as `seed<N>.png` + `.json`
 * into the profile's folder. Shared by the corpus's own thread and its render workers, so a
 * scene comes out the same bytes whichever renders it.
 */
import { renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { BOARD_PROFILES } from '../../rules/profiles/registry.ts';
import { randomScene } from '../../fixtures/render/random-scene.ts';
import { encodePng } from '../../fixtures/png.ts';
import { renderScene } from '../../fixtures/render/scene.ts';

export function corpusScenePaths(dir: string, seed: number): { pngPath: string; jsonPath: string } {
  return { pngPath: join(dir, `seed${seed}.png`), jsonPath: join(dir, `seed${seed}.json`) };
}

export function writeCorpusScene(profileId: string, seed: number, dir: string): void {
  const profile = BOARD_PROFILES[profileId];
  if (!profile) throw new Error(`unknown profile ${profileId}`);
  const { pngPath, jsonPath } = corpusScenePaths(dir, seed);
  const result = renderScene(randomScene(profile, seed), profile);
  // Written whole or not at all: two benchmark runs may make the same corpus at once.
  writeWhole(jsonPath, `${JSON.stringify(result.truth)}\n`);
  writeWhole(pngPath, encodePng(result.rgba, result.widthPx, result.heightPx));
}

function writeWhole(path: string, data: string | Buffer): void {
  const partial = `${path}.partial-${process.pid}-${threadId}`;
  writeFileSync(partial, data);
  renameSync(partial, path);
}
