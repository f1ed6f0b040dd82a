import { describe, expect, it } from 'vitest';
import { cornerErrorPx } from '../../bench/accuracy/corner-error.ts';
import { corpusScene } from '../../bench/accuracy/scene-runs.ts';
import { loadOpenCv } from '../opencv/load-opencv.ts';
import { calibrateRect } from './calibrate-rect.ts';

/**
 * A small carrom board of the benchmark's corpus, out of focus (1.8 px of blur) on grained
 * wood: its thin inner lines and small circles blur away, while its four long outer baselines
 * stay. The fit within a pixel finds 58% of the board's edges and half its markings; held to
 * the usual 60% and 60%, it was refused.
 */
describe('a board whose long markings hold while its thin ones blur away', () => {
  it('finds carrom scene 15 within 1 px at its corners (refused without the rule)', async () => {
    const { cv } = await loadOpenCv();
    const { profile, gray, truth } = corpusScene('carrom-standard-74cm', 15);
    const strict = calibrateRect(cv, gray, profile, { rectMinInlierFractionMarksMostlyHold: 0.6, minMarksSeenMostlyHold: 0.6 });
    expect(strict.found).toBe(false);
    const result = calibrateRect(cv, gray, profile);
    if (!result.found) throw new Error(`not found: ${result.reason}`);
    expect(cornerErrorPx(result, truth, profile)).toBeLessThan(1);
  }, 180_000);
});
