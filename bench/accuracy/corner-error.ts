import { projectPointMm } from '../../fixtures/render/camera.ts';
import type { SceneTruth } from '../../fixtures/render/scene.ts';
import type { BoardProfile } from '../../rules/profiles/schema.ts';
import { surfaceEdgePointsMm } from '../../vision/calibrate/calibrate-frame.ts';
import { projectSeen } from '../../vision/calibrate/refine-fit.ts';
import type { CalibrationResult } from '../../vision/calibrate/types.ts';

/**
 * Largest distance (image pixels, lens included) between where a calibration and the truth put
 * the surface's edge points (a rectangle's corners, six points round a circle), the board
 * turned by its symmetry as suits the calibration best; Infinity when the board was not found.
 */
export function cornerErrorPx(result: CalibrationResult, truth: SceneTruth, profile: BoardProfile): number {
  if (!result.found) return Infinity;
  const s = profile.surface;
  const cx = s.shape === 'rect' ? (s.minXMm + s.maxXMm) / 2 : s.xMm;
  const cy = s.shape === 'rect' ? (s.minYMm + s.maxYMm) / 2 : s.yMm;
  const points = surfaceEdgePointsMm(profile);
  const order = profile.symmetryOrder ?? 1;
  return Math.min(...Array.from({ length: order }, (_, k) => {
    const a = (2 * Math.PI * k) / order;
    return Math.max(...points.map(([x, y]) => {
      const p = projectSeen(result, cx + Math.cos(a) * (x - cx) - Math.sin(a) * (y - cy), cy + Math.sin(a) * (x - cx) + Math.cos(a) * (y - cy));
      const q = projectPointMm(truth.camera, { xMm: x, yMm: y, zMm: 0 });
      return Math.hypot(p.x - q.xPx, p.y - q.yPx);
    }));
  }));
}
