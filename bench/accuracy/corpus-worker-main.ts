/**
 * A corpus render worker's loop: render each seed it is sent, then answer with the seed (or
 * the error); `null` means there is no more. Gives the event loop a turn after each scene so the canvas library frees it.
 */
import { parentPort } from 'node:worker_threads';
import { yieldToEventLoop } from '../../fixtures/event-loop.ts';
import { writeCorpusScene } from './corpus-scene.ts';

export interface CorpusJob {
  profileId: string;
  seed: number;
  dir: string;
}

export type CorpusJobResult = { seed: number; ok: true } | { seed: number; ok: false; error: string };

parentPort!.on('message', (job: CorpusJob | null) => {
  // Nothing left: close the port, and the thread ends once its work is freed.
  if (job === null) return parentPort!.close();
  let reply: CorpusJobResult;
  try {
    writeCorpusScene(job.profileId, job.seed, job.dir);
    reply = { seed: job.seed, ok: true };
  } catch (e) {
    reply = { seed: job.seed, ok: false, error: (e as Error).message };
  }
  void yieldToEventLoop().then(() => parentPort!.postMessage(reply));
});
