import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BOARD_PROFILES } from '../../rules/profiles/registry.ts';
import { ensureCorpus } from './corpus.ts';

const profile = BOARD_PROFILES['sling-standard']!;
const root = mkdtempSync(join(tmpdir(), 'corpus-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('ensureCorpus', () => {
  it('renders the same scenes with worker threads as on its own thread, then reuses them', async () => {
    const progress: [number, boolean][] = [];
    const warnings: string[] = [];
    const inWorkers = await ensureCorpus(profile, 3, (done, _total, rendered) => progress.push([done, rendered]), { jobs: 2, dir: join(root, 'workers'), onWarning: (m) => warnings.push(m) });
    expect(warnings).toEqual([]);
    const here = await ensureCorpus(profile, 3, undefined, { jobs: 1, dir: join(root, 'here') });
    expect(inWorkers.map((s) => s.name)).toEqual([`${profile.id}/seed1`, `${profile.id}/seed2`, `${profile.id}/seed3`]);
    expect(progress).toEqual([
      [1, true],
      [2, true],
      [3, true],
    ]);
    for (const [i, item] of inWorkers.entries()) {
      expect(readFileSync(item.pngPath).equals(readFileSync(here[i]!.pngPath))).toBe(true);
      expect(item.truth).toEqual(here[i]!.truth);
    }
    const again: boolean[] = [];
    await ensureCorpus(profile, 3, (_d, _t, rendered) => again.push(rendered), { jobs: 2, dir: join(root, 'workers') });
    expect(again).toEqual([false]);
  }, 120_000);
});
