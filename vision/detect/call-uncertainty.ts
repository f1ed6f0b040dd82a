/**
 * The centre uncertainty a call may trust, given after detection: the measurement's own (rim
 * residuals, rival fits), raised to what fits finding as much of their rim have been off by, in
 * millimetres (shadows, whose length is physical) and in pixels (the image's own resolution,
 * which is 2-5 mm a pixel on a long table), and widened by the calibration's own residual seen
 * at the disc's scale (a board mapped half a pixel off moves every disc with it).
 */
import { applyHomography } from '../geometry/homography.ts';
import type { Calibration } from '../calibrate/types.ts';
import type { DetectedDisc } from './types.ts';

export interface CallUncertaintyOptions {
  /** [least rim coverage, floor in mm], the first that applies. */
  uncertaintyFloorByCoverage: readonly (readonly [number, number])[];
  /** [least rim coverage, floor in image pixels], the first that applies. */
  uncertaintyFloorByCoveragePx: readonly (readonly [number, number])[];
  /** The calibration's RMS edge residual times this, in pixels, is added (in quadrature). */
  calibrationUncertaintyFactor: number;
}

/** The first floor whose least coverage the fit reached (0 when none applies). */
export function floorByCoverage(table: readonly (readonly [number, number])[], coverage: number): number {
  return table.find(([least]) => coverage >= least)?.[1] ?? 0;
}

/** Ideal image pixels per board millimetre at a board point (square root of the mapping's area scale). */
export function localPxPerMm(boardToImage: readonly number[], xMm: number, yMm: number): number {
  const p = applyHomography(boardToImage, xMm, yMm);
  const px = applyHomography(boardToImage, xMm + 1, yMm);
  const py = applyHomography(boardToImage, xMm, yMm + 1);
  const area = Math.abs((px.x - p.x) * (py.y - p.y) - (px.y - p.y) * (py.x - p.x));
  return Math.sqrt(area);
}

export function callUncertaintyMm(disc: DetectedDisc, calibration: Calibration, o: CallUncertaintyOptions): number {
  const pxPerMm = localPxPerMm(calibration.boardToImage, disc.xMm, disc.yMm);
  if (!(pxPerMm > 0)) return disc.uncertaintyMm;
  const measured = Math.max(disc.uncertaintyMm, disc.reachMm ?? 0, floorByCoverage(o.uncertaintyFloorByCoverage, disc.rimCoverage), floorByCoverage(o.uncertaintyFloorByCoveragePx, disc.rimCoverage) / pxPerMm);
  const calibrationMm = (o.calibrationUncertaintyFactor * calibration.rmsErrorPx) / pxPerMm;
  return Math.hypot(measured, calibrationMm);
}
