/**
 * Manual calibration: a person clicks four or more points whose board positions are known
 * (ring crossings, corners, pegs). The mapping is fitted to them, with its error in pixels.
 */
import { applyHomography, homographyFromPairs, invert3 } from '../geometry/homography.ts';
import { noLens } from '../geometry/lens.ts';
import { cameraEstimateOf, estimatePose } from './camera-pose.ts';
import { CALIBRATE_DEFAULTS } from './defaults.ts';
import type { Calibration, CalibrationResult } from './types.ts';

export interface ClickedPoint {
  xPx: number;
  yPx: number;
  xMm: number;
  yMm: number;
}

export function calibrateFromPoints(points: readonly ClickedPoint[], widthPx: number, heightPx: number, profileId: string): CalibrationResult {
  if (points.length < 4) return { found: false, reason: `manual calibration needs at least 4 points, got ${points.length}` };
  const h = homographyFromPairs(points.map((p) => ({ from: { x: p.xMm, y: p.yMm }, to: { x: p.xPx, y: p.yPx } })));
  const inv = h ? invert3(h) : null;
  if (!h || !inv) return { found: false, reason: 'the points do not define a board mapping (three of them on one line?)' };
  let ss = 0;
  for (const p of points) {
    const q = applyHomography(h, p.xMm, p.yMm);
    ss += (q.x - p.xPx) ** 2 + (q.y - p.yPx) ** 2;
  }
  const rmsErrorPx = Math.sqrt(ss / points.length);
  const pose = estimatePose({ boardToImage: h, widthPx, heightPx, minTiltForFocalDeg: CALIBRATE_DEFAULTS.minTiltForFocalDeg, priorHorizontalFovDeg: CALIBRATE_DEFAULTS.priorHorizontalFovDeg });
  const c = applyHomography(h, 0, 0);
  const cx = applyHomography(h, 10, 0);
  const cy = applyHomography(h, 0, 10);
  const cal: Calibration = {
    found: true,
    method: 'manual',
    boardToImage: h,
    imageToBoard: inv.map((v) => v / inv[8]!),
    lens: noLens(widthPx, heightPx),
    camera: cameraEstimateOf(pose),
    rmsErrorPx,
    inlierFraction: 1,
    pxPerMm: (Math.hypot(cx.x - c.x, cx.y - c.y) + Math.hypot(cy.x - c.x, cy.y - c.y)) / 20,
    widthPx,
    heightPx,
    profileId,
  };
  return cal;
}
