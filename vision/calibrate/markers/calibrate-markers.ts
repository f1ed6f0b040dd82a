/**
 * Calibration from printed ArUco markers at known places: every corner of every marker seen
 * (refined to a small fraction of a pixel on the markers' sides) is a point pair, and the
 * homography with the lens' k1 is fitted to all of them. A marker that does not agree with
 * the others (moved, or a stray print with a layout id) is left out when five or more are
 * seen; with four, the layout is refused. Markers on a plane above or below the playing
 * surface (the table) are allowed for through the camera pose.
 */
import type { BoardProfile } from '../../../rules/profiles/schema.ts';
import { applyHomography, invert3 } from '../../geometry/homography.ts';
import { distortPx } from '../../geometry/lens.ts';
import type { GrayImage } from '../../image/frame.ts';
import type { CV } from '../../opencv/load-opencv.ts';
import { cameraEstimateOf, estimatePose } from '../camera-pose.ts';
import { CALIBRATE_DEFAULTS } from '../defaults.ts';
import type { Calibration, CalibrationResult } from '../types.ts';
import { detectMarkers, type MarkerDetectOptions, type SeenMarker } from './detect-markers.ts';
import { fitHomographyLens, type BoardImagePair, type HomographyLensFit } from './fit-homography-lens.ts';
import { cellsPerSide } from './marker-cells.ts';
import { markerCornersMm, type MarkerLayout } from './marker-layout.ts';
import { refineMarkerCorners, type CornerRefineOptions } from './refine-corners.ts';

export const MARKER_CALIBRATE_DEFAULTS = {
  /** Fewest layout markers that must be seen (three: the perspective is pinned on two axes). */
  minMarkers: 3,
  /** Fit the lens' k1 when this many markers are seen and they span this share of the image diagonal. */
  lensFitMinMarkers: 3,
  lensFitMinSpan: 0.2,
  /** Pull of k1 towards 0, in pixels of residual per unit of k1: weak, the corners decide. */
  lensPriorPxPerK1: 3,
  /** Corners further off than this are down-weighted in a second fit (Huber); 0: none. */
  robustPx: 0.3,
  iterations: 50,
  /** Markers whose fit is within this rms agree with each other (corners are found to ~0.1 px). */
  agreeRmsPx: 0.6,
  /** When the others place a typical marker further off than this, the layout is wrong. */
  maxTypicalMissPx: 5,
  /** A fit that leaves a corner further off than this, or an rms above the next, is refused. */
  maxMarkerErrorPx: 3,
  maxRmsErrorPx: 1,
  detect: {} as Partial<MarkerDetectOptions>,
  /** Refine the detector's corners from the markers' straight sides (see refine-corners.ts). */
  refineOnSides: true,
  refine: {} as Partial<CornerRefineOptions>,
};

export type MarkerCalibrateOptions = typeof MARKER_CALIBRATE_DEFAULTS;

export interface MarkerCalibration {
  calibration: CalibrationResult;
  /** Layout ids seen in the image, and those the fit kept. */
  seenIds: number[];
  usedIds: number[];
  /** Ids seen that are not in the layout (another dictionary's print, a typo in the layout). */
  unknownIds: number[];
}

interface Matched {
  id: number;
  pairs: BoardImagePair[];
}

function matchLayout(seen: readonly SeenMarker[], layout: MarkerLayout): { matched: Matched[]; unknownIds: number[] } {
  const byId = new Map(layout.markers.map((m) => [m.id, m]));
  const count = new Map<number, number>();
  for (const s of seen) count.set(s.id, (count.get(s.id) ?? 0) + 1);
  const matched: Matched[] = [];
  const unknownIds: number[] = [];
  for (const s of seen) {
    const m = byId.get(s.id);
    if (!m) {
      unknownIds.push(s.id);
      continue;
    }
    // The same id seen twice: one of them is not where the layout says, and we cannot tell which.
    if (count.get(s.id)! > 1) continue;
    const board = markerCornersMm(m);
    matched.push({ id: s.id, pairs: board.map((b, k) => ({ xMm: b.xMm, yMm: b.yMm, xPx: s.cornersPx[k]!.x, yPx: s.cornersPx[k]!.y })) });
  }
  return { matched: matched.sort((a, b) => a.id - b.id), unknownIds: [...new Set(unknownIds)].sort((a, b) => a - b) };
}

function spanShare(matched: readonly Matched[], widthPx: number, heightPx: number): number {
  const xs = matched.flatMap((m) => m.pairs.map((p) => p.xPx));
  const ys = matched.flatMap((m) => m.pairs.map((p) => p.yPx));
  return Math.hypot(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)) / Math.hypot(widthPx, heightPx);
}

function fitMarkers(matched: readonly Matched[], widthPx: number, heightPx: number, o: MarkerCalibrateOptions): HomographyLensFit | null {
  const fitLens = matched.length >= o.lensFitMinMarkers && spanShare(matched, widthPx, heightPx) >= o.lensFitMinSpan;
  const pairs = matched.flatMap((m) => m.pairs);
  const base = { fitLens, lensPriorPxPerK1: o.lensPriorPxPerK1, iterations: o.iterations };
  const first = fitHomographyLens(pairs, widthPx, heightPx, base);
  if (!first || o.robustPx <= 0) return first;
  // A corner blurred or glared off its place pulls less (Huber weights), so one poor corner
  // does not bend the fit for all; the reported residuals stay unweighted.
  const weights = first.residualsPx.map((r) => Math.min(1, o.robustPx / Math.max(1e-9, r)));
  return fitHomographyLens(pairs, widthPx, heightPx, { ...base, weights }) ?? first;
}

/** Largest distance from where a fit puts a marker's corners to where they were seen. */
function predictionErrorPx(fit: HomographyLensFit, m: Matched): number {
  return Math.max(
    ...m.pairs.map((p) => {
      const ideal = applyHomography(fit.boardToImage, p.xMm, p.yMm);
      const q = distortPx(fit.lens, ideal.x, ideal.y);
      return Math.hypot(q.x - p.xPx, q.y - p.yPx);
    }),
  );
}

/** Largest corner error of each marker under a fit. */
function markerErrors(fit: HomographyLensFit, matched: readonly Matched[]): number[] {
  let k = 0;
  return matched.map((m) => {
    const e = Math.max(...m.pairs.map((_, i) => fit.residualsPx[k + i]!));
    k += m.pairs.length;
    return e;
  });
}

export function calibrateFromMarkers(cv: CV, gray: GrayImage, profile: BoardProfile, layout: MarkerLayout, options: Partial<MarkerCalibrateOptions> = {}): MarkerCalibration {
  const o = { ...MARKER_CALIBRATE_DEFAULTS, ...options };
  const found = detectMarkers(cv, gray, layout.dictionary, o.detect);
  if (!found.ok) return { calibration: { found: false, reason: found.reason }, seenIds: [], usedIds: [], unknownIds: [] };
  const cells = cellsPerSide(layout.dictionary);
  const seen = o.refineOnSides ? found.markers.map((m) => ({ ...m, cornersPx: refineMarkerCorners(gray, m.cornersPx, cells, o.refine) ?? m.cornersPx })) : found.markers;
  const { matched, unknownIds } = matchLayout(seen, layout);
  const seenIds = matched.map((m) => m.id);
  const fail = (reason: string, usedIds: number[] = []): MarkerCalibration => ({ calibration: { found: false, reason }, seenIds, usedIds, unknownIds });
  const tooFew = (n: number) => {
    const stray = unknownIds.length > 0 ? ` (also seen: id ${unknownIds.join(', ')}, not in the layout)` : '';
    return `${n} of the layout's ${layout.markers.length} ${layout.dictionary} markers seen${n > 0 ? ` (id ${seenIds.join(', ')})` : ''}, at least ${o.minMarkers} are needed${stray}`;
  };
  if (matched.length < o.minMarkers) return fail(tooFew(matched.length));

  // A marker out of place (moved, or a stray print with a layout id). With five or more, the
  // one whose removal leaves the others agreeing is left out. With four, any four places fit
  // some mapping, so which one is wrong cannot be told: each marker is checked against the
  // mapping the others give (leave one out) and a layout they disagree with is refused.
  const fitOf = (ms: readonly Matched[]) => fitMarkers(ms, gray.widthPx, gray.heightPx, o);
  let kept = [...matched];
  while (kept.length >= o.minMarkers + 2) {
    const full = fitOf(kept);
    if (full && full.rmsErrorPx <= o.agreeRmsPx) break;
    const without = kept.map((_, i) => fitOf(kept.filter((__, j) => j !== i))?.rmsErrorPx ?? Infinity);
    const best = without.indexOf(Math.min(...without));
    if (!(without[best]! <= o.agreeRmsPx)) break;
    kept = kept.filter((_, i) => i !== best);
  }
  if (kept.length > o.minMarkers) {
    const misses = kept.map((_, i) => {
      const f = fitOf(kept.filter((__, j) => j !== i));
      return f ? predictionErrorPx(f, kept[i]!) : Infinity;
    });
    const typical = [...misses].sort((a, b) => a - b)[(misses.length - 1) >> 1]!;
    if (typical > o.maxTypicalMissPx) {
      return fail(`the markers do not agree with their layout (each is about ${typical.toFixed(0)} px from where the others put it): check the layout's positions and sizes`, kept.map((m) => m.id));
    }
  }
  const fit = fitOf(kept);
  if (!fit) return fail('the markers seen do not define a board mapping (all in one line?)');
  const errors = markerErrors(fit, kept);
  const worst = errors.indexOf(Math.max(...errors));
  if (errors[worst]! > o.maxMarkerErrorPx || fit.rmsErrorPx > o.maxRmsErrorPx) {
    return fail(`the markers do not agree with their layout (fit rms ${fit.rmsErrorPx.toFixed(2)} px, marker ${kept[worst]!.id} ${errors[worst]!.toFixed(1)} px off): check the layout's positions and sizes`, kept.map((m) => m.id));
  }
  const usedIds = kept.map((m) => m.id);

  const pose0 = poseOf(fit.boardToImage, gray);
  // Markers on a plane above or below the playing surface: move the mapping down to it along
  // the vertical, whose image the camera pose gives.
  let boardToImage = fit.boardToImage;
  if (layout.planeZMm !== 0) {
    const v = pose0.verticalVanishing;
    const h = [...boardToImage];
    h[2]! -= layout.planeZMm * v[0];
    h[5]! -= layout.planeZMm * v[1];
    h[8]! -= layout.planeZMm * v[2];
    boardToImage = h.map((x) => x / h[8]!);
  }
  const inv = invert3(boardToImage);
  if (!inv) return fail('degenerate board mapping', usedIds);
  const pose = layout.planeZMm !== 0 ? poseOf(boardToImage, gray) : pose0;
  const s = profile.surface;
  const mid = s.shape === 'rect' ? { x: (s.minXMm + s.maxXMm) / 2, y: (s.minYMm + s.maxYMm) / 2 } : { x: s.xMm, y: s.yMm };
  const c = applyHomography(boardToImage, mid.x, mid.y);
  const cx = applyHomography(boardToImage, mid.x + 10, mid.y);
  const cy = applyHomography(boardToImage, mid.x, mid.y + 10);
  const calibration: Calibration = {
    found: true,
    method: 'markers',
    boardToImage,
    imageToBoard: inv.map((x) => x / inv[8]!),
    lens: fit.lens,
    camera: cameraEstimateOf(pose),
    rmsErrorPx: fit.rmsErrorPx,
    // Here: the share of the layout's markers that were seen and agreed.
    inlierFraction: kept.length / layout.markers.length,
    pxPerMm: (Math.hypot(cx.x - c.x, cx.y - c.y) + Math.hypot(cy.x - c.x, cy.y - c.y)) / 20,
    widthPx: gray.widthPx,
    heightPx: gray.heightPx,
    profileId: profile.id,
  };
  return { calibration, seenIds, usedIds, unknownIds };
}

function poseOf(boardToImage: number[], gray: GrayImage) {
  return estimatePose({
    boardToImage,
    widthPx: gray.widthPx,
    heightPx: gray.heightPx,
    minTiltForFocalDeg: CALIBRATE_DEFAULTS.minTiltForFocalDeg,
    priorHorizontalFovDeg: CALIBRATE_DEFAULTS.priorHorizontalFovDeg,
  });
}
