/**
 * The benchmark corpus: synthetic scenes rendered from seeds, cached outside git
 * (.cache/corpus/<profile>/seed<N>.png + .json), so the same seeds always give the same images.
 * Missing scenes are rendered by a pool of worker threads (one per core by default): scenes
 * are independent, so two cores render the corpus in about half the time.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { BoardProfile } from '../../rules/profiles/schema.ts';
import type { SceneTruth } from '../../fixtures/render/scene.ts';
import { yieldToEventLoop } from '../../fixtures/event-loop.ts';
import { corpusScenePaths, writeCorpusScene } from './corpus-scene.ts';
import type { CorpusJob, CorpusJobResult } from './corpus-worker-main.ts';

export const CORPUS_DIR = resolve(import.meta.dirname, '..', '..', '.cache', 'corpus');

export const CORPUS_DEFAULTS = {
  /** Render threads: one per core, at most this many (memory: ~0.3 GB each at 1080p). */
  maxJobs: 4,
  /** Fewer missing scenes than this render on this thread (a worker takes ~2 s to start). */
  minScenesForWorkers: 8,
};

export interface CorpusItem {
  name: string;
  pngPath: string;
  truth: SceneTruth;
}

export interface CorpusOptions {
  /** Scenes rendered at once; 1 renders on this thread. Default: the cores, up to maxJobs (1 for a few scenes). */
  jobs?: number;
  /** Where the profiles' folders go (default CORPUS_DIR). */
  dir?: string;
  /** Told when a render worker could not run (its scenes are then rendered here). */
  onWarning?: (message: string) => void;
}

/** Render (or reuse) scenes seed 1..count of a profile. `onProgress` is told each one. */
export async function ensureCorpus(
  profile: BoardProfile,
  count: number,
  onProgress: (done: number, total: number, rendered: boolean) => void = () => {},
  options: CorpusOptions = {},
): Promise<CorpusItem[]> {
  const dir = join(options.dir ?? CORPUS_DIR, profile.id);
  mkdirSync(dir, { recursive: true });
  const seeds = Array.from({ length: count }, (_, i) => i + 1);
  const missing = seeds.filter((seed) => {
    const { pngPath, jsonPath } = corpusScenePaths(dir, seed);
    return !existsSync(pngPath) || !existsSync(jsonPath);
  });
  let done = count - missing.length;
  const rendered = (): void => onProgress(++done, count, true);
  const byDefault = missing.length < CORPUS_DEFAULTS.minScenesForWorkers ? 1 : Math.min(availableParallelism(), CORPUS_DEFAULTS.maxJobs);
  const jobs = Math.max(1, Math.min(options.jobs ?? byDefault, missing.length));
  // Seeds a worker could not take (it failed to start or died) are rendered here.
  const warn = options.onWarning ?? ((m: string) => console.warn(`corpus: ${m}`));
  const left = jobs > 1 ? await renderInWorkers(profile.id, dir, missing, jobs, rendered, warn) : missing;
  for (const seed of left) {
    writeCorpusScene(profile.id, seed, dir);
    rendered();
    // Lets the canvas library free the scene's images (it does so only when the loop turns).
    await yieldToEventLoop();
  }
  if (missing.length === 0) onProgress(count, count, false);
  return seeds.map((seed) => {
    const { pngPath, jsonPath } = corpusScenePaths(dir, seed);
    return { name: `${profile.id}/seed${seed}`, pngPath, truth: JSON.parse(readFileSync(jsonPath, 'utf8')) as SceneTruth };
  });
}

/**
 * Render `seeds` with `jobs` worker threads, each taking the next seed when it is done.
 * Resolves with the seeds no worker rendered because a worker could not run; rejects if a
 * scene itself fails to render.
 */
function renderInWorkers(profileId: string, dir: string, seeds: readonly number[], jobs: number, rendered: () => void, warn: (m: string) => void): Promise<number[]> {
  const queue = [...seeds];
  const lost: number[] = [];
  return new Promise((resolvePool, rejectPool) => {
    let running = 0;
    let failed: Error | null = null;
    const finishOne = (): void => {
      running--;
      if (running > 0) return;
      if (failed) rejectPool(failed);
      else resolvePool([...lost, ...queue].sort((a, b) => a - b));
    };
    for (let w = 0; w < jobs; w++) {
      let current: number | null = null;
      let worker: Worker;
      try {
        worker = new Worker(new URL('./corpus-worker.mjs', import.meta.url));
      } catch (e) {
        warn(`a render worker did not start (${(e as Error).message}); rendering on this thread`);
        continue;
      }
      running++;
      let ended = false;
      const end = (e?: unknown): void => {
        if (ended) return;
        ended = true;
        if (e instanceof Error) warn(`a render worker stopped (${e.message}); its scenes are rendered on this thread`);
        if (current !== null) lost.push(current);
        current = null;
        void worker.terminate();
        finishOne();
      };
      const next = (): void => {
        const seed = failed ? undefined : queue.shift();
        if (seed === undefined) {
          // Let it finish on its own (terminating it mid-teardown upsets the canvas library).
          worker.postMessage(null);
          return;
        }
        current = seed;
        worker.postMessage({ profileId, seed, dir } satisfies CorpusJob);
      };
      worker.on('message', (reply: CorpusJobResult) => {
        current = null;
        if (reply.ok) rendered();
        else failed ??= new Error(`corpus scene ${profileId} seed ${reply.seed}: ${reply.error}`);
        next();
      });
      worker.on('error', end);
      worker.on('exit', (code) => end(code === 0 && current === null ? undefined : new Error(`exit code ${code}`)));
      worker.on('online', next);
    }
    if (running === 0) resolvePool([...queue]);
  });
}
