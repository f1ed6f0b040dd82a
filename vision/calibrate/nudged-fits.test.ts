import { describe, expect, it } from 'vitest';
import { corpusScene } from '../../bench/accuracy/scene-runs.ts';
import { projectPointMm } from '../../fixtures/render/camera.ts';
import type { SceneTruth } from '../../fixtures/render/scene.ts';
import type { BoardProfile } from '../../rules/profiles/schema.ts';
import { loadOpenCv } from '../opencv/load-opencv.ts';
import { calibrate } from './calibrate.ts';
import { calibrateRect } from './calibrate-rect.ts';
import { projectSeen } from './refine-fit.ts';
import type { CalibrationResult } from './types.ts';

/**
 * Largest distance (image pixels, lens included) between where a calibration and the truth put
 * the surface's corners, the board turned by its symmetry as suits the calibration best.
 */
function cornerErrorPx(result: CalibrationResult, truth: SceneTruth, profile: BoardProfile): number {
  if (!result.found) return Infinity;
  const s = profile.surface;
  if (s.shape !== 'rect') throw new Error('rect boards only');
  const cx = (s.minXMm + s.maxXMm) / 2;
  const cy = (s.minYMm + s.maxYMm) / 2;
  const corners = [[s.minXMm, s.minYMm], [s.maxXMm, s.minYMm], [s.maxXMm, s.maxYMm], [s.minXMm, s.maxYMm]] as const;
  const order = profile.symmetryOrder ?? 1;
  return Math.min(...Array.from({ length: order }, (_, k) => {
    const a = (2 * Math.PI * k) / order;
    return Math.max(...corners.map(([x, y]) => {
      const p = projectSeen(result, cx + Math.cos(a) * (x - cx) - Math.sin(a) * (y - cy), cy + Math.sin(a) * (x - cx) + Math.cos(a) * (y - cy));
      const q = projectPointMm(truth.camera, { xMm: x, yMm: y, zMm: 0 });
      return Math.hypot(p.x - q.xPx, p.y - q.yPx);
    }));
  }));
}

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
