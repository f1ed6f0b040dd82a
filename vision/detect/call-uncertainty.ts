/**
 * The centre uncertainty a call may trust, given after detection: the measurement's own (rim
 * residuals, rival fits), raised to what fits finding as much of their rim have been off by, in
 * millimetres (shadows, whose length is physical) and in pixels (the image's own resolution,
 * which is 2-5 mm a pixel on a long table), and widened by the calibration's own residual seen
 * at the disc's scale (a board mapped half a pixel off moves every disc with it), and by the
 * parallax correction where the camera's height was assumed, not measured. A disc lying in a
 * hole is placed at the hole's centre: it is off it by no more than the hole lets it move.
 */
import { featuresOfKind, pieceRadiusMm, type BoardProfile } from '../../rules/profiles/schema.ts';
import { applyHomography } from '../geometry/homography.ts';
import { planeAtHeight } from '../calibrate/plane-at-height.ts';
import type { Calibration } from '../calibrate/types.ts';
import type { DetectedDisc } from './types.ts';

export interface CallUncertaintyOptions {
  /** [least rim coverage, floor in mm], the first that applies. */
  uncertaintyFloorByCoverage: readonly (readonly [number, number])[];
  /** [least rim coverage, floor in image pixels], the first that applies. */
  uncertaintyFloorByCoveragePx: readonly (readonly [number, number])[];
  /** The calibration's RMS edge residual times this, in pixels, is added (in quadrature). */
  calibrationUncertaintyFactor: number;
  /** A disc in a hole is bounded by the hole's play only when this much of its rim was found... */
  holePlayMinRimCoverage: number;
  /** ... or this much when it was seen wholly within the hole (DetectedDisc.whollyInHole). */
  holePlayWhollySeenMinRimCoverage: number;
  /** Where the calibration assumed the camera's focal length, this share of the parallax correction (see parallaxShiftMm) is added (in quadrature). */
  assumedFocalParallaxFraction: number;
}

/**
 * How far the parallax correction moved a disc: from where its top face, at the piece's height,
 * is seen, taken as lying on the board, to its footprint (mm). It is the top's height times the
 * disc's distance from below the camera over the camera's height, so a camera height off by a
 * factor moves every disc by that factor of it.
 */
export function parallaxShiftMm(calibration: Pick<Calibration, 'boardToImage' | 'imageToBoard' | 'camera'>, xMm: number, yMm: number, heightMm: number): number {
  const seen = applyHomography(planeAtHeight(calibration, heightMm), xMm, yMm);
  const flat = applyHomography(calibration.imageToBoard, seen.x, seen.y);
  return Math.hypot(flat.x - xMm, flat.y - yMm);
}

/** Whether enough of a disc's rim was found for the hole it lies in to bound it. */
function heldByHole(disc: Pick<DetectedDisc, 'rimCoverage' | 'whollyInHole'>, o: CallUncertaintyOptions): boolean {
  return disc.rimCoverage >= o.holePlayMinRimCoverage || (disc.whollyInHole === true && disc.rimCoverage >= o.holePlayWhollySeenMinRimCoverage);
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

/**
 * How far a disc lying in a hole can be from the hole's centre, where detection places it: the
 * hole's radius less the piece's (its wall holds it). Null for a disc on the board, or one in a
 * hole whose opening another disc partly covers: a disc leaning into the hole over its dark
 * floor may be all that was seen there.
 */
export function holePlayMm(
  profile: BoardProfile,
  disc: Pick<DetectedDisc, 'state' | 'xMm' | 'yMm' | 'kind'>,
  others: readonly Pick<DetectedDisc, 'xMm' | 'yMm' | 'radiusMm'>[] = [],
): number | null {
  if (disc.state !== 'in-hole') return null;
  const hole = featuresOfKind(profile, 'hole').find((h) => Math.hypot(h.xMm - disc.xMm, h.yMm - disc.yMm) < 0.5);
  if (!hole) return null;
  if (others.some((o) => o !== disc && Math.hypot(o.xMm - hole.xMm, o.yMm - hole.yMm) < hole.radiusMm + o.radiusMm)) return null;
  const play = hole.radiusMm - pieceRadiusMm(profile, disc.kind);
  return play > 0 ? play : null;
}

export function callUncertaintyMm(disc: DetectedDisc, calibration: Calibration, profile: BoardProfile, o: CallUncertaintyOptions, others: readonly DetectedDisc[] = []): number {
  const pxPerMm = localPxPerMm(calibration.boardToImage, disc.xMm, disc.yMm);
  const measured = pxPerMm > 0 ? Math.max(disc.uncertaintyMm, disc.reachMm ?? 0, floorByCoverage(o.uncertaintyFloorByCoverage, disc.rimCoverage), floorByCoverage(o.uncertaintyFloorByCoveragePx, disc.rimCoverage) / pxPerMm) : disc.uncertaintyMm;
  const calibrationMm = pxPerMm > 0 ? (o.calibrationUncertaintyFactor * calibration.rmsErrorPx) / pxPerMm : 0;
  // A camera seen almost straight down shows no perspective to measure its focal length by: its
  // height is then that of a typical webcam lens, and the parallax correction, which scales as
  // one over it, is as uncertain (webcams' focal lengths span twice the assumed one and more),
  // unless a person set the camera's height.
  const heightMm = (profile.pieces.find((p) => p.kind === disc.kind) ?? profile.pieces[0])?.heightMm ?? 0;
  const focalAssumed = !calibration.camera.focalFromPerspective && calibration.camera.givenHeightMm === undefined;
  const parallaxMm = !focalAssumed || o.assumedFocalParallaxFraction <= 0 ? 0 : o.assumedFocalParallaxFraction * parallaxShiftMm(calibration, disc.xMm, disc.yMm, heightMm);
  // (Where the hole is in the image does not matter either: the disc is in it wherever it is.)
  return Math.min(Math.hypot(measured, calibrationMm, parallaxMm), (heldByHole(disc, o) ? holePlayMm(profile, disc, others) : null) ?? Infinity);
}
