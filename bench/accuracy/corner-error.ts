import { projectPointMm } from '../../fixtures/render/camera.ts';
import type { SceneTruth } from '../../fixtures/render/scene.ts';
import type { BoardProfile } from '../../rules/profiles/schema.ts';
import { projectSeen } from '../../vision/calibrate/refine-fit.ts';
import type { CalibrationResult } from '../../vision/calibrate/types.ts';

/**
 * Largest distance (image pixels, lens included) between where a calibration and the truth put
 * a rectangular surface's corners, the board turned by its symmetry as suits the calibration
 * best; Infinity when the board was not found.
 */
export function cornerErrorPx(result: CalibrationResult, truth: SceneTruth, profile: BoardProfile): number {
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
