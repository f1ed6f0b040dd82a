import { describe, expect, it } from 'vitest';
import { cornerErrorPx } from '../../bench/accuracy/corner-error.ts';
import { corpusScene } from '../../bench/accuracy/scene-runs.ts';
import { loadOpenCv } from '../opencv/load-opencv.ts';
import { calibrate } from './calibrate.ts';
import { calibrateRect } from './calibrate-rect.ts';

/**
 * Sling scenes of the benchmark's corpus whose close fit settled a wall's height off, finding
 * under 80% of the board's edges (7-15 mm off at a corner; in scene 26 one long side on its
 * wall, the other where it is): fitted again from the fit moved a little each way, the board
 * is found where it is.
 */
describe('a fit of a board in a raised frame, settled off', () => {
  for (const seed of [16, 26, 35]) {
    it(`is nudged onto Sling scene ${seed}'s board (corners within 2 px; 10 px or more off without)`, async () => {
      const { cv } = await loadOpenCv();
      const { profile, gray, truth } = corpusScene('sling-standard', seed);
      const without = calibrateRect(cv, gray, profile, { nudgeBelowInliers: 0 });
      expect(without.found).toBe(true);
      expect(cornerErrorPx(without, truth, profile)).toBeGreaterThan(10);
      const result = calibrate(cv, gray, profile);
      if (!result.found) throw new Error(`scene ${seed}: not found: ${result.reason}`);
      expect(cornerErrorPx(result, truth, profile)).toBeLessThan(2);
      expect(result.inlierFraction).toBeGreaterThan(0.85);
    }, 180_000);
  }
});
