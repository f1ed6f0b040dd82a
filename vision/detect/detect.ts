/**
 * Disc detection: candidates in a rectified view of the top-face plane, each measured by a
 * rim fit in the camera image, then coloured and put into teams. Positions are footprints in
 * board millimetres.
 */
import type { BoardProfile } from '../../rules/profiles/schema.ts';
import { pieceRadiusMm } from '../../rules/profiles/schema.ts';
import { applyHomography, invert3 } from '../geometry/homography.ts';
import { distortPx } from '../geometry/lens.ts';
import type { Frame, GrayImage } from '../image/frame.ts';
import type { CV } from '../opencv/load-opencv.ts';
import { planeAtHeight } from '../calibrate/plane-at-height.ts';
import type { Calibration } from '../calibrate/types.ts';
import { findCandidates } from './candidates.ts';
import { DETECT_DEFAULTS, type DetectOptions } from './defaults.ts';
import { rectifyPlane } from './rectify.ts';
import { fitSilhouette } from './silhouette-fit.ts';
import { assignTeams, hexOf, type Rgb } from './teams.ts';
import type { DetectedDisc, DetectionResult } from './types.ts';

export interface DetectInput {
  frame: Frame;
  gray: GrayImage;
  calibration: Calibration;
  profile: BoardProfile;
  /** Number of teams in play (2 unless the match says otherwise). */
  teamCount?: number;
  /** Team colours when known, in team order. */
  teamColors?: Rgb[];
}

function extentOf(profile: BoardProfile) {
  const o = profile.outline;
  return o.shape === 'circle'
    ? { minXMm: o.xMm - o.radiusMm, minYMm: o.yMm - o.radiusMm, maxXMm: o.xMm + o.radiusMm, maxYMm: o.yMm + o.radiusMm }
    : { minXMm: o.minXMm, minYMm: o.minYMm, maxXMm: o.maxXMm, maxYMm: o.maxYMm };
}

/** Whether a disc centre is over the playing surface. */
function onSurface(profile: BoardProfile, xMm: number, yMm: number): boolean {
  const s = profile.surface;
  return s.shape === 'circle' ? Math.hypot(xMm - s.xMm, yMm - s.yMm) <= s.radiusMm : xMm >= s.minXMm && xMm <= s.maxXMm && yMm >= s.minYMm && yMm <= s.maxYMm;
}

function insideOutline(profile: BoardProfile, xMm: number, yMm: number): boolean {
  const o = profile.outline;
  return o.shape === 'circle' ? Math.hypot(xMm - o.xMm, yMm - o.yMm) <= o.radiusMm : xMm >= o.minXMm && xMm <= o.maxXMm && yMm >= o.minYMm && yMm <= o.maxYMm;
}

/**
 * An empty hole looks like a disc to an edge finder: same size, round, centred. Its outline
 * is nearer the hole's size than a disc's, and it sits on the hole's centre.
 */
function holeMatching(profile: BoardProfile, xMm: number, yMm: number, fittedRadiusMm: number, discRadiusMm: number): string | null {
  for (const f of profile.features) {
    if (f.kind !== 'hole') continue;
    const offCentre = Math.hypot(xMm - f.xMm, yMm - f.yMm);
    if (offCentre < 0.25 * f.radiusMm && Math.abs(fittedRadiusMm - f.radiusMm) < Math.abs(fittedRadiusMm - discRadiusMm)) return `hole "${f.id}"`;
  }
  return null;
}

/**
 * A disc whose centre is this near a hole's centre cannot be lying on the surface (it would
 * drop in): it lies in the hole, sunk below the surface, so its measured centre carries a
 * parallax error; its position is the hole's centre.
 */
function holeHolding(profile: BoardProfile, xMm: number, yMm: number, discRadiusMm: number): { xMm: number; yMm: number } | null {
  for (const f of profile.features) {
    if (f.kind !== 'hole' || f.radiusMm < discRadiusMm) continue;
    if (Math.hypot(xMm - f.xMm, yMm - f.yMm) <= f.radiusMm - discRadiusMm + 3) return { xMm: f.xMm, yMm: f.yMm };
  }
  return null;
}

/** Mean colour of the inner part of a top face. */
function topFaceColor(frame: Frame, planeToImage: readonly number[], cal: Calibration, xMm: number, yMm: number, radiusMm: number): Rgb {
  const acc = [0, 0, 0];
  let n = 0;
  for (let ring = 0; ring <= 3; ring++) {
    const rr = (radiusMm * 0.6 * ring) / 3;
    const count = ring === 0 ? 1 : 8 * ring;
    for (let k = 0; k < count; k++) {
      const a = (2 * Math.PI * k) / count;
      const p = applyHomography(planeToImage, xMm + rr * Math.cos(a), yMm + rr * Math.sin(a));
      const q = distortPx(cal.lens, p.x, p.y);
      const xi = Math.round(q.x);
      const yi = Math.round(q.y);
      if (xi < 0 || yi < 0 || xi >= frame.widthPx || yi >= frame.heightPx) continue;
      const j = (yi * frame.widthPx + xi) * 4;
      acc[0]! += frame.data[j]!;
      acc[1]! += frame.data[j + 1]!;
      acc[2]! += frame.data[j + 2]!;
      n++;
    }
  }
  return n === 0 ? [0, 0, 0] : [acc[0]! / n, acc[1]! / n, acc[2]! / n];
}

export function detectDiscs(cv: CV, input: DetectInput, options: Partial<DetectOptions> = {}): DetectionResult {
  const o = { ...DETECT_DEFAULTS, ...options };
  const { profile, calibration: cal } = input;
  const piece = profile.pieces[0]!;
  const radiusMm = pieceRadiusMm(profile);
  const top = planeAtHeight(cal, piece.heightMm);
  const view = rectifyPlane(cv, input.gray, top, cal.lens, extentOf(profile), o.rectifiedPxPerMm);
  const candidates = findCandidates(cv, view, radiusMm, o);
  const rejected: DetectionResult['rejected'] = [];
  const found: Omit<DetectedDisc, 'team'>[] = [];
  for (const c of candidates) {
    if (!insideOutline(profile, c.xMm, c.yMm)) {
      rejected.push({ xMm: c.xMm, yMm: c.yMm, reason: 'outside the board' });
      continue;
    }
    let rim = fitSilhouette({ gray: input.gray, boardToImage: cal.boardToImage, topToImage: top, lens: cal.lens, xMm: c.xMm, yMm: c.yMm, radiusMm }, o);
    // The top face's rim alone is not fooled by a shadow or the side wall; where it is clear
    // all round, it measures the disc, and how far the two fits differ adds to the uncertainty.
    let disagreementMm = 0;
    if (rim && o.preferTopRim) {
      const topFit = fitSilhouette({ gray: input.gray, boardToImage: cal.boardToImage, topToImage: top, lens: cal.lens, xMm: rim.xMm, yMm: rim.yMm, radiusMm, topOnly: true }, { ...o, rimRangesMm: o.rimRangesMm.slice(-2) });
      if (topFit && topFit.coverage >= o.minTopRimCoverage) {
        disagreementMm = Math.hypot(topFit.xMm - rim.xMm, topFit.yMm - rim.yMm);
        rim = { ...topFit, coverage: Math.max(topFit.coverage, rim.coverage) };
      }
    }
    // A disc lying in a hole is sunk: measured as if on the surface, its centre appears where
    // the camera's parallax puts the hole's centre seen at the sunk disc's height. The hole's
    // rim hides part of it, so it is not measured again; it is in the hole.
    let sunkInHole = false;
    for (const h of profile.features) {
      if (!rim || h.kind !== 'hole' || !h.depthMm || h.radiusMm < radiusMm) continue;
      const seenAt = applyHomography(planeAtHeight(cal, piece.heightMm - h.depthMm), h.xMm, h.yMm);
      const topInverse = invert3(top);
      if (!topInverse) continue;
      const expected = applyHomography(topInverse, seenAt.x, seenAt.y);
      if (Math.hypot(rim.xMm - expected.x, rim.yMm - expected.y) <= o.inHoleToleranceMm) {
        rim = { ...rim, xMm: h.xMm, yMm: h.yMm };
        sunkInHole = true;
      }
    }
    // Off the playing surface a disc lies lower (in the ditch): measure it on that level.
    if (rim && profile.offSurfaceDropMm > 0 && !onSurface(profile, rim.xMm, rim.yMm)) {
      const drop = profile.offSurfaceDropMm;
      const lower = fitSilhouette({ gray: input.gray, boardToImage: planeAtHeight(cal, -drop), topToImage: planeAtHeight(cal, piece.heightMm - drop), lens: cal.lens, xMm: rim.xMm, yMm: rim.yMm, radiusMm }, o);
      if (lower && !onSurface(profile, lower.xMm, lower.yMm)) rim = lower;
    }
    if (!rim) {
      rejected.push({ xMm: c.xMm, yMm: c.yMm, reason: 'no rim' });
      continue;
    }
    if (rim.coverage < o.minRimCoverage) {
      rejected.push({ xMm: rim.xMm, yMm: rim.yMm, reason: `rim ${(rim.coverage * 100).toFixed(0)}% found` });
      continue;
    }
    if (Math.abs(rim.radiusMm - radiusMm) > o.radiusTolerance * radiusMm) {
      rejected.push({ xMm: rim.xMm, yMm: rim.yMm, reason: `radius ${rim.radiusMm.toFixed(1)} mm is not a disc's` });
      continue;
    }
    if (found.some((f) => Math.hypot(f.xMm - rim.xMm, f.yMm - rim.yMm) < o.duplicateFraction * radiusMm)) continue;
    const emptyHole = sunkInHole ? null : holeMatching(profile, rim.xMm, rim.yMm, rim.radiusMm, radiusMm);
    if (emptyHole) {
      rejected.push({ xMm: rim.xMm, yMm: rim.yMm, reason: `the edge of ${emptyHole}, not a disc` });
      continue;
    }
    const sigmaMm = rim.rmsMm / Math.sqrt(Math.max(1, rim.inliers / 2));
    const hole = holeHolding(profile, rim.xMm, rim.yMm, radiusMm);
    const rgb = topFaceColor(input.frame, top, cal, rim.xMm, rim.yMm, radiusMm);
    const topPx = applyHomography(top, rim.xMm, rim.yMm);
    const topSeen = distortPx(cal.lens, topPx.x, topPx.y);
    found.push({
      xMm: hole ? hole.xMm : rim.xMm,
      yMm: hole ? hole.yMm : rim.yMm,
      state: hole ? 'in-hole' : 'on-board',
      radiusMm: rim.radiusMm,
      uncertaintyMm: Math.max(o.uncertaintyFloorMm, 3 * sigmaMm, o.leaveOutFactor * rim.leaveOutSpreadMm, disagreementMm),
      color: hexOf(rgb),
      rgb,
      kind: piece.kind,
      confidence: Math.min(1, rim.coverage) * Math.min(1, rim.contrast / 30),
      topCentreXPx: topSeen.x,
      topCentreYPx: topSeen.y,
      rimRmsMm: rim.rmsMm,
      rimCoverage: rim.coverage,
    });
  }
  const teams = assignTeams(found.map((f) => f.rgb), input.teamCount ?? 2, input.teamColors);
  const discs: DetectedDisc[] = found.map((f, i) => ({ ...f, team: teams.labels[i] ?? null }));
  return { discs, rejected, teamColors: teams.colors, handOverBoard: false };
}
