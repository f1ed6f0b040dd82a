/**
 * The benchmark corpus: synthetic scenes rendered from seeds, cached outside git
 * (.cache/corpus/<profile>/seed<N>.png + .json), so the same seeds always give the same images.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { BoardProfile } from '../../rules/profiles/schema.ts';
import { randomScene } from '../../fixtures/render/random-scene.ts';
import { yieldToEventLoop } from '../../fixtures/event-loop.ts';
import { renderScene, sceneToPng, type SceneTruth } from '../../fixtures/render/scene.ts';

export const CORPUS_DIR = resolve(import.meta.dirname, '..', '..', '.cache', 'corpus');

export interface CorpusItem {
  name: string;
  pngPath: string;
  truth: SceneTruth;
}

/** Render (or reuse) scenes seed 1..count of a profile. `onProgress` is told each one. */
export async function ensureCorpus(profile: BoardProfile, count: number, onProgress: (done: number, total: number, rendered: boolean) => void = () => {}): Promise<CorpusItem[]> {
  const dir = join(CORPUS_DIR, profile.id);
  mkdirSync(dir, { recursive: true });
  const items: CorpusItem[] = [];
  for (let seed = 1; seed <= count; seed++) {
    const name = `${profile.id}/seed${seed}`;
    const pngPath = join(dir, `seed${seed}.png`);
    const jsonPath = join(dir, `seed${seed}.json`);
    let rendered = false;
    if (!existsSync(pngPath) || !existsSync(jsonPath)) {
      const result = renderScene(randomScene(profile, seed), profile);
      writeFileSync(pngPath, sceneToPng(result));
      writeFileSync(jsonPath, `${JSON.stringify(result.truth)}\n`);
      rendered = true;
      // Lets the canvas library free the scene's images (it does so only when the loop turns).
      await yieldToEventLoop();
    }
    items.push({ name, pngPath, truth: JSON.parse(readFileSync(jsonPath, 'utf8')) as SceneTruth });
    onProgress(seed, count, rendered);
  }
  return items;
}
