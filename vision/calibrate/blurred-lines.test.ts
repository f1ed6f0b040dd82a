import { describe, expect, it } from 'vitest';
import { cornerErrorPx } from '../../bench/accuracy/corner-error.ts';
import { corpusScene } from '../../bench/accuracy/scene-runs.ts';
import { loadOpenCv } from '../opencv/load-opencv.ts';
import { calibrate } from './calibrate.ts';
import { calibrateRect } from './calibrate-rect.ts';

/**
 * 12 ft table shuffleboard scenes of the benchmark's corpus taken out of focus (the board's
 * edges blurred by some 2.2 px): the 5 mm lines, 1.4 px wide in the image, are shallow dips a
 * filter of their width barely sees, so the board was "not found: its markings are not where
 * the fit puts them" although the fit was right. Looked for as wide as the blur, they are found.
 */
describe('thin lines in a blurred image', () => {
  for (const seed of [5, 24]) {
    it(`holds 12 ft table scene ${seed}'s board by its lines (corners within 2 px; not found without)`, async () => {
      const { cv } = await loadOpenCv();
      const { profile, gray, truth } = corpusScene('table-shuffleboard-12ft', seed);
      const without = calibrateRect(cv, gray, profile, { cameraBlurredLineFactor: 0 });
      expect(without.found).toBe(false);
      const result = calibrate(cv, gray, profile);
      if (!result.found) throw new Error(`scene ${seed}: not found: ${result.reason}`);
      expect(cornerErrorPx(result, truth, profile)).toBeLessThan(2);
    }, 180_000);
  }
});
