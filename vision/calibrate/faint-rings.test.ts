import { describe, expect, it } from 'vitest';
import { cornerErrorPx } from '../../bench/accuracy/corner-error.ts';
import { corpusScene } from '../../bench/accuracy/scene-runs.ts';
import { loadOpenCv } from '../opencv/load-opencv.ts';
import { calibrate } from './calibrate.ts';

/**
 * A 24" crokinole board of the benchmark's corpus seen small (about 0.8 px a mm) and blurred by
 * the camera's motion (7 px): its 10 ring, a line of a pixel or two, is a shallow smear that a
 * filter of its width sees on 41% of it, and every fit was refused for that ring. Looked for
 * again wider, once nothing else held, the board is found.
 */
describe('faint rings in a blurred image', () => {
  it('holds 24" crokinole scene 9 by its rings (corners within 2.5 px; not found without)', async () => {
    const { cv } = await loadOpenCv();
    const { profile, gray, truth } = corpusScene('crokinole-rec-24in', 9);
    const without = calibrate(cv, gray, profile, { faintRingWidthPx: 0 });
    expect(without.found).toBe(false);
    const result = calibrate(cv, gray, profile);
    if (!result.found) throw new Error(`not found: ${result.reason}`);
    expect(cornerErrorPx(result, truth, profile)).toBeLessThan(2.5);
  }, 180_000);
});
