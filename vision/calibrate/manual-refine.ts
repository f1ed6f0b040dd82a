/**
 * A manual calibration fitted closely to the board's own edges. A person's clicks are a few
 * pixels off (and a straight-line mapping has no lens); where the board was not found on its own
 * (a coarse outline that no quadrilateral matched), the clicks are the guess the automatic fit
 * starts from, with all its checks: camera, lens and all. It is kept when it passes them and the
 * clicked points lie where it puts them.
 * Boards found by their painted rings (crokinole) keep the clicks' own mapping.
 */
import type { BoardProfile } from '../../rules/profiles/schema.ts';
import type { GrayImage } from '../image/frame.ts';
import type { CV } from '../opencv/load-opencv.ts';
import { calibrateRectFromMapping, symmetricTurns, type Options } from './calibrate-rect.ts';
import { calibrateFromPoints, type ClickedPoint } from './manual.ts';
import { projectSeen } from './refine-fit.ts';
import type { Calibration } from './types.ts';

export const MANUAL_REFINE_DEFAULTS = {
  /**
   * The clicked points may lie this far (rms, px) from where the fit puts them, or three times
   * as far as from the clicks' own mapping when they agree less among themselves. Clicks 2 px
   * off lay 1.7-2.5 px from right fits; clicks 12 px off all one way, 3.7 px from a fit that
   * had stayed with them (Sling, seed 9).
   */
  maxClickOffsetPx: 3,
  /**
   * Share of the board's edges the fit must find: more than an automatic fit must (0.55), as a
   * fit started where the clicks are, not where the image's outlines are, may hold on a
   * stretch of edges alone (that fit found 64%; right ones 77-99%).
   */
  manualMinInlierFraction: 0.7,
  /**
   * A mapping from clicks alone has no lens, and each click is a pixel or two off (four clicks
   * show no residual at all): its calls count it at least this far off its edges (rms, px).
   */
  unrefinedMinRmsPx: 3,
};

export interface ManualRefineResult {
  /** Refined, or the clicks' own mapping (its rmsErrorPx at least unrefinedMinRmsPx). */
  calibration: Calibration;
  refined: boolean;
  /** Why the clicks' own mapping was kept (empty when refined). */
  reason: string;
  /** Clicked points to where the fit puts them, rms (px); NaN when there was no fit. */
  clickOffsetPx: number;
}

export function refineManual(cv: CV, gray: GrayImage, profile: BoardProfile, manual: Calibration, points: readonly ClickedPoint[], options: Partial<Options & typeof MANUAL_REFINE_DEFAULTS> = {}): ManualRefineResult {
  const o = { ...MANUAL_REFINE_DEFAULTS, ...options };
  const unrefined = { ...manual, rmsErrorPx: Math.max(manual.rmsErrorPx, o.unrefinedMinRmsPx) };
  const keep = (reason: string, clickOffsetPx = NaN): ManualRefineResult => ({ calibration: unrefined, refined: false, reason, clickOffsetPx });
  if (profile.surface.shape === 'circle' && profile.features.some((f) => f.kind === 'ring')) return keep('a ringed board keeps the mapping of the points');
  const found = calibrateRectFromMapping(cv, gray, profile, manual.boardToImage, options);
  if (!found.found) return keep(found.reason);
  const offsetOf = (c: Calibration) => {
    let ss = 0;
    for (const p of points) {
      const q = projectSeen(c, p.xMm, p.yMm);
      ss += (q.x - p.xPx) ** 2 + (q.y - p.yPx) ** 2;
    }
    return Math.sqrt(ss / Math.max(1, points.length));
  };
  // The fit turned the way the points have the board (a symmetric board's fit picks a way of its own).
  const fit = symmetricTurns(found, profile, options).reduce((a, b) => (offsetOf(b) < offsetOf(a) ? b : a));
  const offsetPx = offsetOf(fit);
  if (offsetPx > Math.max(o.maxClickOffsetPx, 3 * manual.rmsErrorPx)) return keep(`the fit to the board's edges lies ${offsetPx.toFixed(1)} px (rms) from the points`, offsetPx);
  if (fit.inlierFraction < o.manualMinInlierFraction) return keep(`the fit from the points finds ${(fit.inlierFraction * 100).toFixed(0)}% of the board's edges`, offsetPx);
  return { calibration: { ...fit, method: 'manual' }, refined: true, reason: '', clickOffsetPx: offsetPx };
}

/** Clicked points farther off any view of the board than this (rms, px) are worth checking. */
export const POINTS_DISAGREE_PX = 3;

/**
 * A person's points to a calibration for this image, and what they should know about it; an
 * error when the points cannot make one (outside the image, fewer than four, on one line).
 */
export function calibrateManually(cv: CV, gray: GrayImage, profile: BoardProfile, points: readonly ClickedPoint[]): { calibration: Calibration; warnings: string[] } | { error: string } {
  const outside = points.find((p) => p.xPx < 0 || p.yPx < 0 || p.xPx > gray.widthPx || p.yPx > gray.heightPx);
  if (outside) return { error: `point (${outside.xPx}, ${outside.yPx}) px lies outside the ${gray.widthPx}x${gray.heightPx} image` };
  const manual = calibrateFromPoints(points, gray.widthPx, gray.heightPx, profile.id);
  if (!manual.found) return { error: manual.reason };
  const warnings: string[] = [];
  if (manual.rmsErrorPx > POINTS_DISAGREE_PX) warnings.push(`the points given lie ${manual.rmsErrorPx.toFixed(1)} px (rms) off any view of the board: check them (an annotated image shows the board where they put it)`);
  const refined = refineManual(cv, gray, profile, manual, points);
  if (!refined.refined) warnings.push(`calibrated from the points alone (${refined.reason}): no lens correction, and every position as far off as the points are`);
  return { calibration: refined.calibration, warnings };
}
